package dev.rbmsuite.kernels;

/**
 * The chain state of the tempering kernels, deep tempering (Alg. 2) and parallel tempering: the
 * positions plus the parity c that chooses which adjacent pairs a step may swap (c = 0 on the first
 * step, flipped by every step; docs/methods.md section 3.4). The parity is part of the chain's value:
 * checkpoints save it and resumed runs restore it.
 */
public final class TemperedState extends ChainState {
    private int parity;

    /**
     * @param chains N
     * @param sizes n_l of each layer (replica)
     * @param visible per layer, N x n_l row-major binary values (taken, not copied)
     * @param parity c, 0 or 1
     */
    public TemperedState(int chains, int[] sizes, double[][] visible, int parity) {
        super(chains, sizes, visible);
        setParity(parity);
    }

    /**
     * @param positions positions to copy
     * @param parity c, 0 or 1
     */
    public TemperedState(ChainState positions, int parity) {
        super(positions);
        setParity(parity);
    }

    /** @return the parity c of the next step */
    public int parity() {
        return parity;
    }

    /** @param c the new parity (0 or 1), for example when restoring a checkpoint */
    public void setParity(int c) {
        if (c != 0 && c != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + c);
        }
        parity = c;
    }

    @Override
    public TemperedState copy() {
        return new TemperedState(this, parity);
    }

    @Override
    protected boolean sameValues(ChainState other) {
        return parity == ((TemperedState) other).parity;
    }

    /**
     * @param state a state given to a tempering kernel
     * @param kernel the kernel's name, for the message
     * @return the state as a tempered state
     * @throws IllegalArgumentException if it is not one (it was not made by the kernel's init)
     */
    static TemperedState require(ChainState state, String kernel) {
        if (state instanceof TemperedState t) {
            return t;
        }
        throw new IllegalArgumentException("kernel " + kernel + " needs a TemperedState (made by its init), got a "
                + state.getClass().getSimpleName());
    }
}
