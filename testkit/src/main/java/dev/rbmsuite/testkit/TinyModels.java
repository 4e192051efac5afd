package dev.rbmsuite.testkit;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;

/**
 * Tiny models with distinct layer sizes and parameters of moderate size (std 1), on which the suite's
 * kernels are proven exactly (their joint state spaces fit {@link ExactMatrix}); fixed seeds.
 */
public final class TinyModels {
    private TinyModels() {
    }

    /** @return the stack 3-4-3-2 (n_0 = 3; hidden 4, 3, 2; L = 2; joint visible space 3+4+3 = 10 bits) */
    public static RbmStack stack3432() {
        return RbmStack.gaussian(3, new int[] {4, 3, 2}, 1.0, Rng.seeded(3432));
    }

    /** @return the stack 3-4-2 (L = 1; joint space 3+4 = 7 bits) */
    public static RbmStack stack342() {
        return RbmStack.gaussian(3, new int[] {4, 2}, 1.0, Rng.seeded(342));
    }

    /** @return the stack 2-3-2-2-3 (L = 3; joint space 2+3+2+2 = 9 bits) */
    public static RbmStack stack23223() {
        return RbmStack.gaussian(2, new int[] {3, 2, 2, 3}, 1.0, Rng.seeded(23223));
    }

    /** @return an RBM 3x4 with std-1.5 parameters for parallel tempering */
    public static Rbm ptRbm() {
        return Rbm.gaussian(3, 4, 1.5, Rng.seeded(34));
    }

    /** @return the ladder 1 &gt; 0.55 &gt; 0.3 (two pairs: one per parity) */
    public static double[] ptBetas() {
        return new double[] {1.0, 0.55, 0.3};
    }

    /** @return an RBM 5x4 for BGS (32 visible states) */
    public static Rbm bgsRbm() {
        return Rbm.gaussian(5, 4, 1.0, Rng.seeded(54));
    }
}
