package dev.rbmsuite.experiments.sampling;

/**
 * The work of one transition of each kernel on the bottom (training) RBM, for comparisons per
 * unit of compute rather than per transition (the paper compares per transition). Deep tempering
 * makes one blocked Gibbs sweep of every layer per step plus, on every other step (the parity
 * that includes the pair (0, 1), docs/methods.md 3.4), a swap at level 0 that redraws h_0 and
 * then v_0: 1.5 conditional sweeps of the bottom layer per transition on average. The round trip
 * draws h_0 on the way up and v_0 on the way down once per transition (Alg. 3), as BGS does: 1.
 */
public final class KernelCost {
    private KernelCost() {
    }

    /**
     * @param kernel "bgs", "dt" or "roundtrip"
     * @return conditional sweeps of the bottom layer per transition, on average
     */
    public static double bottomSweeps(String kernel) {
        return kernel.equals("dt") ? 1.5 : 1.0;
    }
}
