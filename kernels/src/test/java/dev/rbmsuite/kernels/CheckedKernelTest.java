package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link CheckedKernel}, which wraps a class-path plug-in's kernel: states that are not binary, of another
 * width or of other chains are refused naming the kernel; a sound plug-in runs as it would unwrapped. The
 * built-in kernels and kernels registered in code are not wrapped (the plug-ins through the command line
 * are in experiments' HostileRoundFourTest).
 */
class CheckedKernelTest {
    /** A plug-in (outside BuiltinKernels) whose states hold {@code value} in {@code extra} + n units. */
    private static KernelFactory plugin(double value, int extra, boolean moveToHalf) {
        return new KernelFactory() {
            @Override
            public String name() {
                return "odd";
            }

            @Override
            public String description() {
                return "a test plug-in";
            }

            @Override
            public boolean usesUpperLayers() {
                return false;
            }

            @Override
            public TransitionKernel create(RbmStack stack, Map<String, String> params) {
                int n = stack.bottom().numVisible() + extra;
                return new TransitionKernel() {
                    @Override
                    public String name() {
                        return "odd";
                    }

                    @Override
                    public ChainState init(int chains, Rng rng) {
                        double[] v = new double[chains * n];
                        Arrays.fill(v, value);
                        return new ChainState(chains, new int[] {n}, new double[][] {v});
                    }

                    @Override
                    public ChainState init(ChainState positions) {
                        return positions.copy();
                    }

                    @Override
                    public StepInfo advance(Rng rng, ChainState state) {
                        if (moveToHalf) {
                            state.buffer(0)[state.buffer(0).length - 1] = Double.NaN;
                        }
                        return StepInfo.NONE;
                    }
                };
            }
        };
    }

    private static final RbmStack STACK = RbmStack.of(Rbm.gaussian(4, 3, 0.5, Rng.seeded(1)));

    @Test
    void statesThatAreNotBinaryOrOfAnotherWidthAreRefusedNamingTheKernel() {
        TransitionKernel half = checked(plugin(0.5, 0, false));
        assertThatThrownBy(() -> half.init(3, Rng.seeded(2))).isInstanceOf(InputException.class)
                .hasMessageContainingAll("kernel plug-in", "kernel 'odd'", "init", "0.5", "0 or 1 only");
        TransitionKernel wide = checked(plugin(0, 3, false));
        assertThatThrownBy(() -> wide.init(3, Rng.seeded(2))).isInstanceOf(InputException.class)
                .hasMessageContainingAll("7 unit(s) in layer 0", "the model has 4");
        TransitionKernel nan = checked(plugin(1, 0, true));
        ChainState s = nan.init(3, Rng.seeded(2));
        assertThatThrownBy(() -> nan.advance(Rng.seeded(3), s)).isInstanceOf(InputException.class)
                .hasMessageContainingAll("advance", "NaN", "chain 2, unit 3");
        TransitionKernel sound = checked(plugin(1, 0, false));
        ChainState t = sound.init(3, Rng.seeded(2));
        assertThat(sound.advance(Rng.seeded(3), t)).isSameAs(StepInfo.NONE);
        assertThat(sound.step(Rng.seeded(3), t).state()).isEqualTo(t);
    }

    private static TransitionKernel checked(KernelFactory f) {
        return new CheckedKernel(f.create(STACK, Map.of()), f, STACK);
    }

    @Test
    void theBuiltInKernelsAndKernelsOfTheCodeAreNotWrapped() {
        KernelFactory own = plugin(0.5, 0, false);
        assertThat(KernelRegistry.isPlugIn(own)).isFalse();
        assertThat(KernelRegistry.create(own, STACK, Map.of())).isNotInstanceOf(CheckedKernel.class);
        for (String k : new String[] {"bgs", "pt"}) {
            assertThat(KernelRegistry.create(KernelRegistry.installed().factory(k), STACK, Map.of()))
                    .isNotInstanceOf(CheckedKernel.class);
        }
    }
}
