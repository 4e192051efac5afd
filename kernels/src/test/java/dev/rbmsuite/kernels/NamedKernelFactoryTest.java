package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.RbmStack;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedKernelFactoryTest {
    /** A factory of two parameters, one with a fixed default and one whose default depends on the model. */
    static final class Two extends NamedKernelFactory {
        Two() {
            super("two", true, "a factory of the tests",
                    Parameter.modelDependent("flips", "proposals per transition", "n, the number of visible units"),
                    Parameter.fixed("step", "the step", 0.25));
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void theConstructorsDataAreTheFactorysDescription() {
        Two f = new Two();
        assertThat(f.name()).isEqualTo("two");
        assertThat(f.description()).isEqualTo("a factory of the tests");
        assertThat(f.usesUpperLayers()).isTrue();
        assertThat(f.bottomSweeps(Map.of())).isEqualTo(1.0);
    }

    @Test
    void parametersKeepTheirOrderAndStateTheirDefaultsButOnlyFixedDefaultsAreRecorded() {
        Two f = new Two();
        assertThat(f.parameters().keySet()).containsExactly("flips", "step");
        assertThat(f.parameters()).containsEntry("flips", "proposals per transition (default n, the number of visible units)")
                .containsEntry("step", "the step (default 0.25)");
        assertThat(f.defaults()).isEqualTo(Map.of("step", "0.25"));
    }

    @Test
    void aFactoryWithoutParametersHasNone() {
        BuiltinKernels.Bgs bgs = new BuiltinKernels.Bgs();
        assertThat(bgs.parameters()).isEmpty();
        assertThat(bgs.defaults()).isEmpty();
    }
}
