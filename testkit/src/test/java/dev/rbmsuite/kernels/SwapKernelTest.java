package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.testkit.ExactMatrix;
import dev.rbmsuite.testkit.KernelChecks;
import dev.rbmsuite.testkit.TinyModels;
import java.util.Arrays;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The swap kernel (Alg. 1, Eq. swap_prob) and the visible-space swap (Eq. swap_kernel_vis): the
 * log ratio against brute-force marginals, the acceptance frequency against min(1, r), the
 * visible-space swap against its exact matrix, no drift, and sure acceptance between an RBM and its
 * transpose.
 */
class SwapKernelTest {
    private final RbmStack stack = TinyModels.stack3432();

    /** A TransitionKernel view of K̄_{l,l+1} on a stack state (the other layers are untouched). */
    static TransitionKernel visibleSwap(RbmStack stack, int l) {
        SwapKernel sk = new SwapKernel(stack.layer(l), stack.layer(l + 1));
        return new TransitionKernel() {
            @Override
            public String name() {
                return "swap" + l;
            }

            @Override
            public ChainState init(int chains, Rng rng) {
                return ChainState.uniform(chains, stack.visibleSizes(), rng);
            }

            @Override
            public ChainState init(ChainState positions) {
                return positions.positions();
            }

            @Override
            public StepInfo advance(Rng rng, ChainState state) {
                long[] attempts = new long[stack.upperLayers()];
                long[] accepts = new long[stack.upperLayers()];
                attempts[l] = state.chains();
                accepts[l] = sk.visibleSwap(sk.newPair(state.chains()), state.buffer(l), state.buffer(l + 1),
                        state.chains(), rng);
                return new AcceptanceInfo(attempts, accepts);
            }
        };
    }

    /** Brute force: ln sum over the other layer of e^{-E}, for x in the visible (side=0) or hidden (side=1) layer. */
    static double bruteLogMarginal(Rbm rbm, int x, boolean hiddenSide) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        int others = hiddenSide ? 1 << n : 1 << m;
        double[] t = new double[others];
        for (int o = 0; o < others; o++) {
            int v = hiddenSide ? o : x;
            int h = hiddenSide ? x : o;
            double s = 0;
            for (int i = 0; i < n; i++) {
                if ((v >> i & 1) == 1) {
                    s += rbm.visibleBias(i);
                }
            }
            for (int j = 0; j < m; j++) {
                if ((h >> j & 1) == 1) {
                    s += rbm.hiddenBias(j);
                    for (int i = 0; i < n; i++) {
                        if ((v >> i & 1) == 1) {
                            s += rbm.weight(i, j);
                        }
                    }
                }
            }
            t[o] = s;
        }
        return Numerics.logSumExp(t, 0, others);
    }

    @Test
    void logRatioIsEqSwapProbFromBruteForceMarginals() {
        SwapKernel sk = new SwapKernel(stack.layer(0), stack.layer(1));
        int k = sk.width();
        int pairs = 1 << (2 * k);
        SwapKernel.Slot h = sk.newSlot(pairs);
        SwapKernel.Slot v = sk.newSlot(pairs);
        for (int r = 0; r < pairs; r++) {
            for (int i = 0; i < k; i++) {
                h.states()[r * k + i] = (r >> i) & 1;
                v.states()[r * k + i] = (r >> (k + i)) & 1;
            }
        }
        sk.evaluate(h, pairs);
        sk.evaluate(v, pairs);
        for (int r = 0; r < pairs; r++) {
            int x = r & ((1 << k) - 1);
            int y = r >> k;
            double want = bruteLogMarginal(stack.layer(0), y, true) + bruteLogMarginal(stack.layer(1), x, false)
                    - bruteLogMarginal(stack.layer(0), x, true) - bruteLogMarginal(stack.layer(1), y, false);
            assertThat(SwapKernel.logRatio(h, v, r)).isCloseTo(want, Offset.offset(1e-12));
        }
    }

    @Test
    void acceptanceFrequencyIsMinOneR() {
        SwapKernel sk = new SwapKernel(stack.layer(1), stack.layer(2));
        int k = sk.width();
        int chains = 40_000;
        for (int[] pair : new int[][] {{0, 7}, {5, 2}, {3, 3}, {6, 1}}) {
            double[] h = new double[chains * k];
            double[] v = new double[chains * k];
            for (int r = 0; r < chains; r++) {
                for (int i = 0; i < k; i++) {
                    h[r * k + i] = (pair[0] >> i) & 1;
                    v[r * k + i] = (pair[1] >> i) & 1;
                }
            }
            double logR = bruteLogMarginal(stack.layer(1), pair[1], true) + bruteLogMarginal(stack.layer(2), pair[0], false)
                    - bruteLogMarginal(stack.layer(1), pair[0], true) - bruteLogMarginal(stack.layer(2), pair[1], false);
            double a = Math.min(1, Math.exp(logR));
            double[] h0 = h.clone();
            int accepted = sk.swap(h, v, chains, Rng.seeded(pair[0] * 8L + pair[1]));
            double sd = Math.sqrt(chains * a * (1 - a));
            assertThat((double) accepted).isCloseTo(chains * a, Offset.offset(6 * sd + 1e-9));
            int swapped = 0;
            for (int r = 0; r < chains; r++) {
                boolean moved = !Arrays.equals(h, r * k, r * k + k, h0, r * k, r * k + k);
                if (moved || pair[0] == pair[1]) {
                    assertThat(Arrays.copyOfRange(v, r * k, r * k + k)).isEqualTo(Arrays.copyOfRange(h0, r * k, r * k + k));
                }
                swapped += moved ? 1 : 0;
            }
            if (pair[0] != pair[1]) {
                assertThat(swapped).isEqualTo(accepted);
            }
        }
    }

    @Test
    void visibleSwapMatchesTheExactMatrix() {
        for (int l = 0; l < 2; l++) {
            double[][] t = ExactTransitionMatrices.swapVisible(stack, l);
            KernelChecks.assertStepMatchesMatrix(visibleSwap(stack, l), t, stack.visibleSizes(), 0,
                    new int[] {0, 1023, 0x2d6}, 100_000, Rng.seeded(20 + l));
        }
    }

    @Test
    void visibleSwapDoesNotDrift() {
        KernelChecks.assertNoDrift(visibleSwap(stack, 1), ExactTransitionMatrices.target(stack), stack.visibleSizes(),
                100_000, Rng.seeded(22));
    }

    @Test
    void swapsBetweenAnRbmAndItsTransposeAreAlwaysAccepted() {
        Rbm r0 = Rbm.gaussian(3, 4, 2.0, Rng.seeded(5));
        RbmStack mirrored = RbmStack.of(r0, r0.transpose());
        ChainState s = ChainState.uniform(1000, mirrored.visibleSizes(), Rng.seeded(6));
        StepInfo info = visibleSwap(mirrored, 0).advance(Rng.seeded(7), s);
        assertThat(info.swapAccepts()[0]).isEqualTo(1000);
    }
}
