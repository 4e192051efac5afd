package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Rng;
import java.util.Arrays;

/**
 * A large batch of chains of one kernel advanced in blocks that stay in the processor's cache, with
 * exactly the results of one batch: block {@code b} holds chains {@code [first_b, first_b + B_b)} in
 * a state of its own and is advanced with {@code rng.chainBlock(first_b, N)} (see
 * {@link TransitionKernel#chainBlocks()} and {@link Rng#segment}). Why: a step of DT or the round trip
 * on 10,000 chains streams every per-chain buffer (fields of up to 160 doubles per chain and slot)
 * through memory once per operation; in blocks of {@value #BLOCK} chains the same step costs about 12
 * % (DT) and 26 % (round trip) less per chain on the development machine, and figure 9 runs 10,000
 * chains per start. Kernels that do not claim {@link TransitionKernel#chainBlocks()} run as one
 * block.
 */
public final class ChainBlocks {
    /** Chains per block: measured best among 250, 500, 1,000 and 10,000 for the figure 9 stacks. */
    public static final int BLOCK = 500;

    private final TransitionKernel kernel;
    private final ChainState[] states;
    private final int[] first;
    private final int chains;

    private ChainBlocks(TransitionKernel kernel, ChainState[] states, int[] first, int chains) {
        this.kernel = kernel;
        this.states = states;
        this.first = first;
        this.chains = chains;
    }

    /**
     * @param kernel the kernel
     * @param chains N, positive
     * @param block chains per block, positive (the last block takes the rest)
     * @param start makes the state of each block
     * @return the blocks; one block where the kernel does not claim {@link TransitionKernel#chainBlocks()}
     */
    public static ChainBlocks of(TransitionKernel kernel, int chains, int block, Start start) {
        if (chains <= 0 || block <= 0) {
            throw new IllegalArgumentException("chains and block must be positive: " + chains + ", " + block);
        }
        int size = kernel.chainBlocks() ? block : chains;
        int count = (chains + size - 1) / size;
        ChainState[] states = new ChainState[count];
        int[] first = new int[count];
        for (int b = 0; b < count; b++) {
            first[b] = b * size;
            int n = Math.min(size, chains - first[b]);
            states[b] = start.of(first[b], n);
            if (states[b].chains() != n) {
                throw new IllegalArgumentException("a block state of " + n + " chains was asked for, got "
                        + states[b].chains());
            }
        }
        return new ChainBlocks(kernel, states, first, chains);
    }

    /**
     * Blocks of a state that the kernel's {@code init} has just made (its extras, such as DT's
     * parity, at their start): each block starts from a copy of its chains' positions.
     *
     * @param kernel the kernel that made {@code whole}
     * @param whole the batch's start; used as the only block where there is one
     * @param block chains per block, positive
     * @return the blocks
     */
    public static ChainBlocks split(TransitionKernel kernel, ChainState whole, int block) {
        int chains = whole.chains();
        return of(kernel, chains, block, (first, n) -> n == chains ? whole : kernel.init(rows(whole, first, n)));
    }

    private static ChainState rows(ChainState s, int first, int n) {
        double[][] layers = new double[s.layers()][];
        for (int l = 0; l < layers.length; l++) {
            int w = s.size(l);
            layers[l] = Arrays.copyOfRange(s.buffer(l), first * w, (first + n) * w);
        }
        return new ChainState(n, s.sizes(), layers);
    }

    /**
     * One transition of every chain: the whole batch's stream {@code rng}, as in
     * {@link TransitionKernel#advance}.
     *
     * @param rng this transition's own stream
     * @return the kernel's info where there is one block; else the sum ({@link StepInfo#plus}) of the
     *     blocks' infos, which keeps the totals (swap counts, origin counts) but not per-chain detail
     */
    public StepInfo advance(Rng rng) {
        if (states.length == 1) {
            return kernel.advance(rng, states[0]);
        }
        StepInfo sum = kernel.zeroInfo();
        for (int b = 0; b < states.length; b++) {
            sum = sum.plus(kernel.advance(rng.chainBlock(first[b], chains), states[b]));
        }
        return sum;
    }

    /**
     * @param layer a layer of the states
     * @param out receives N x n_layer values, chain after chain (at least that long)
     * @return {@code out}
     */
    public double[] layer(int layer, double[] out) {
        int n = states[0].size(layer);
        for (int b = 0; b < states.length; b++) {
            System.arraycopy(states[b].buffer(layer), 0, out, first[b] * n, states[b].chains() * n);
        }
        return out;
    }

    /** Makes the start of one block. */
    @FunctionalInterface
    public interface Start {
        /**
         * @param first the block's first chain in the whole batch
         * @param chains the block's number of chains
         * @return a state of the kernel's type for those chains: its chain i starts where chain
         *     {@code first + i} of the whole batch would
         */
        ChainState of(int first, int chains);
    }

    /** @return N */
    public int chains() {
        return chains;
    }

    /** @return the number of blocks */
    public int blocks() {
        return states.length;
    }
}
