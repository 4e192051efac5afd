package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;

/**
 * Common frame of the two swap-based kernels on an RBM stack theta_0, ..., theta_L, deep tempering
 * (Alg. 2) and the proposed round trip (Alg. 3): the stack, one {@link SwapKernel} S_{l,l+1}
 * (Alg. 1, Eq. swap_prob) per adjacent pair l = 0..L-1, and the uniform start of every layer's chains
 * (docs/methods.md section 3.4). The transition itself ({@link #advance}) and the state type are
 * each subclass's own.
 */
abstract class SwapLadderKernel implements TransitionKernel {
    /** theta_0 (the training RBM) .. theta_L. */
    final RbmStack stack;
    /** swaps[l] = S_{l,l+1} between theta_l and theta_{l+1}, l = 0..L-1. */
    final SwapKernel[] swaps;

    /** @param stack theta_0 (the training RBM) .. theta_L */
    SwapLadderKernel(RbmStack stack) {
        this.stack = stack;
        int levels = stack.upperLayers();
        this.swaps = new SwapKernel[levels];
        for (int l = 0; l < levels; l++) {
            swaps[l] = new SwapKernel(stack.layer(l), stack.layer(l + 1));
        }
    }

    /** @return the stack */
    public final RbmStack stack() {
        return stack;
    }

    /** Every layer's chains start uniform on {0,1}^{n_l}, one buffer per layer. */
    @Override
    public final ChainState init(int chains, Rng rng) {
        return init(ChainState.uniform(chains, stack.visibleSizes(), rng));
    }

    @Override
    public final ChainState init(ChainState positions) {
        Stacks.check(stack, positions);
        return wrap(positions);
    }

    /**
     * @param positions positions of the stack's shape
     * @return this kernel's state holding copies of them
     */
    abstract ChainState wrap(ChainState positions);
}
