package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Nd;
import java.util.Arrays;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The state of N batched chains over a sequence of visible layers: for an RBM stack, one visible
 * state per layer (V = (v_0, ..., v_L), paper section 3); for parallel tempering, one replica per
 * temperature; for BGS, a single layer. Also holds the deep-tempering parity c, which flips every
 * step and persists across updates.
 *
 * <p>Layer l is stored as a row-major {@code double[]} of N x n_l binary values (chain r, unit i at
 * {@code r*n_l + i}); there are no per-chain objects. Kernels mutate the buffers in place in
 * {@link TransitionKernel#advance}; {@link TransitionKernel#step} works on a copy.
 */
public final class ChainState {
    private final int chains;
    private final int[] sizes;
    private final double[][] visible;
    private int parity;

    /**
     * @param chains N
     * @param sizes n_l of each layer
     * @param visible per layer, N x n_l row-major binary values (taken, not copied)
     * @param parity the deep-tempering parity c (0 or 1)
     */
    public ChainState(int chains, int[] sizes, double[][] visible, int parity) {
        if (sizes.length != visible.length) {
            throw new IllegalArgumentException(sizes.length + " sizes but " + visible.length + " layers");
        }
        for (int l = 0; l < sizes.length; l++) {
            if (visible[l].length != (long) chains * sizes[l]) {
                throw new IllegalArgumentException("layer " + l + " holds " + visible[l].length + " values, expected "
                        + chains + " chains x " + sizes[l]);
            }
        }
        if (parity != 0 && parity != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + parity);
        }
        this.chains = chains;
        this.sizes = sizes.clone();
        this.visible = visible;
        this.parity = parity;
    }

    /** @return N, the number of chains */
    public int chains() {
        return chains;
    }

    /** @return the number of layers (L+1 for a stack, the number of temperatures for PT) */
    public int layers() {
        return sizes.length;
    }

    /** @param l layer @return n_l */
    public int size(int l) {
        return sizes[l];
    }

    /** @return the deep-tempering parity c */
    public int parity() {
        return parity;
    }

    /** @param c the new parity (0 or 1) */
    public void setParity(int c) {
        if (c != 0 && c != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + c);
        }
        parity = c;
    }

    /**
     * The live buffer of layer l for hot paths (kernels, estimators): N x n_l row-major, binary.
     * Writing to it changes the state.
     *
     * @param l layer
     * @return the buffer itself
     */
    public double[] buffer(int l) {
        return visible[l];
    }

    /**
     * @param l layer
     * @return a copy of layer l as a float64 ND4J matrix (N x n_l)
     */
    public INDArray visible(int l) {
        return Nd.matrix(visible[l], chains, sizes[l]);
    }

    /** @return a deep copy */
    public ChainState copy() {
        double[][] v = new double[visible.length][];
        for (int l = 0; l < v.length; l++) {
            v[l] = visible[l].clone();
        }
        return new ChainState(chains, sizes, v, parity);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChainState)) {
            return false;
        }
        ChainState s = (ChainState) o;
        return chains == s.chains && parity == s.parity && Arrays.equals(sizes, s.sizes)
                && Arrays.deepEquals(visible, s.visible);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(visible) * 31 + parity;
    }
}
