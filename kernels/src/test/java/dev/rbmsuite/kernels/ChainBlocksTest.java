package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Chains advanced in blocks with chain-block views of the stream end in exactly the states of one
 * batch, for every built-in kernel that claims it, at block sizes that divide the batch, that do not,
 * of one chain and of more than the batch.
 */
class ChainBlocksTest {
    /** Widths above one vector (padded fields, several table groups) and a partial last group. */
    private static final RbmStack STACK = RbmStack.gaussian(9, new int[] {13, 7, 5}, 1.0, Rng.seeded(77));
    private static final int CHAINS = 37;
    private static final int STEPS = 7;

    @Test
    void blocksGiveTheBitsOfOneBatchForEveryKernelThatClaimsIt() {
        for (String name : Kernels.NAMES) {
            TransitionKernel kernel = Kernels.create(name, STACK);
            ChainState start = kernel.init(CHAINS, Rng.seeded(5)).positions();
            ChainState whole = kernel.init(start);
            Rng root = Rng.seeded(11);
            StepInfo total = kernel.zeroInfo();
            for (int s = 0; s < STEPS; s++) {
                total = total.plus(kernel.advance(root.fork(s), whole));
            }
            assertThat(whole.buffer(0)).as("%s moved", name).isNotEqualTo(start.buffer(0));
            for (int block : new int[] {1, 5, 16, 37, 100}) {
                for (boolean split : new boolean[] {false, true}) {
                    ChainBlocks blocks = split ? ChainBlocks.split(kernel, kernel.init(start), block)
                            : ChainBlocks.of(kernel, CHAINS, block, (first, n) -> kernel.init(slice(start, first, n)));
                    String what = name + ", blocks of " + block + (split ? " (split)" : "");
                    assertThat(blocks.blocks()).as(what).isEqualTo(kernel.chainBlocks() ? (CHAINS + block - 1) / block : 1);
                    assertThat(blocks.chains()).isEqualTo(CHAINS);
                    StepInfo sum = kernel.zeroInfo();
                    for (int s = 0; s < STEPS; s++) {
                        sum = sum.plus(blocks.advance(root.fork(s)));
                    }
                    for (int l = 0; l < start.layers(); l++) {
                        double[] got = blocks.layer(l, new double[CHAINS * start.size(l)]);
                        assertThat(Arrays.equals(got, whole.buffer(l))).as("%s, layer %d", what, l).isTrue();
                    }
                    assertThat(sum.swapAttempts()).as("%s: swap attempts", what).isEqualTo(total.swapAttempts());
                    assertThat(sum.swapAccepts()).as("%s: swap accepts", what).isEqualTo(total.swapAccepts());
                }
            }
        }
    }

    @Test
    void theBuiltInSwapKernelsAndGibbsClaimBlocksAndTemperingDoesNot() {
        assertThat(Kernels.create("bgs", STACK).chainBlocks()).isTrue();
        assertThat(Kernels.create("dt", STACK).chainBlocks()).isTrue();
        assertThat(Kernels.create("roundtrip", STACK).chainBlocks()).isTrue();
        // its replica swaps draw straight from the stream
        assertThat(Kernels.create("pt", STACK).chainBlocks()).isFalse();
    }

    @Test
    void rejectsBadSizesAndBlockStatesOfTheWrongSize() {
        TransitionKernel kernel = Kernels.create("bgs", STACK);
        ChainState start = kernel.init(4, Rng.seeded(1));
        assertThatThrownBy(() -> ChainBlocks.of(kernel, 0, 2, (f, n) -> start)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChainBlocks.of(kernel, 4, 0, (f, n) -> start)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChainBlocks.of(kernel, 8, 3, (f, n) -> start))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 chains");
    }

    private static ChainState slice(ChainState s, int first, int n) {
        double[][] layers = new double[s.layers()][];
        for (int l = 0; l < layers.length; l++) {
            int w = s.size(l);
            layers[l] = Arrays.copyOfRange(s.buffer(l), first * w, (first + n) * w);
        }
        return new ChainState(n, s.sizes(), layers);
    }
}
