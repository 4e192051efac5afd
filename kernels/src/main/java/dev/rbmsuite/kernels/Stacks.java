package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import java.util.Arrays;

/** Package-private shape checks shared by the stack kernels. */
final class Stacks {
    private Stacks() {
    }

    /**
     * @param stack the kernel's stack
     * @param state the chains
     * @throws IllegalArgumentException unless the state has one layer per RBM with n_l units each
     */
    static void check(RbmStack stack, ChainState state) {
        int[] want = stack.visibleSizes();
        int[] got = state.sizes();
        if (!Arrays.equals(want, got)) {
            throw new IllegalArgumentException("the state's layer sizes " + Arrays.toString(got)
                    + " do not match the stack's visible sizes " + Arrays.toString(want));
        }
    }
}
