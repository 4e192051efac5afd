package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The factory contract's defaults and its parameter readers. */
class KernelFactoryTest {
    @Test
    void intParametersFallBackAndNameTheBadValue() {
        Map<String, String> p = Map.of("k", "12", "bad", "1.5", "empty", "");
        assertThat(KernelFactory.intParameter(p, "k", 3)).isEqualTo(12);
        assertThat(KernelFactory.intParameter(Map.of("k", "+5"), "k", 3)).isEqualTo(5);
        // decimal as written, the same rule as the command line's integer options (docs/contract.md)
        for (String bad : new String[] {" 12", "12 ", "0x10", "1_000", "\u0661\u0662", "5L"}) {
            assertThatThrownBy(() -> KernelFactory.intParameter(Map.of("k", bad), "k", 3)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("parameter k: '" + bad + "' is not an integer");
        }
        assertThat(KernelFactory.intParameter(p, "absent", 3)).isEqualTo(3);
        assertThat(KernelFactory.intParameter(Map.of("k", "-4"), "k", 3)).isEqualTo(-4);
        assertThatThrownBy(() -> KernelFactory.intParameter(p, "bad", 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter bad: '1.5' is not an integer");
        assertThatThrownBy(() -> KernelFactory.intParameter(p, "empty", 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter empty: '' is not an integer");
        assertThatThrownBy(() -> KernelFactory.intParameter(Map.of("k", "99999999999"), "k", 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'99999999999' is not an integer");
    }

    @Test
    void doubleParametersMustBeFiniteNumbers() {
        assertThat(KernelFactory.doubleParameter(Map.of("b", "0.25"), "b", 0.1)).isEqualTo(0.25);
        assertThat(KernelFactory.doubleParameter(Map.of("b", ".5"), "b", 0.1)).isEqualTo(0.5);
        assertThat(KernelFactory.doubleParameter(Map.of("b", "1e-3"), "b", 0.1)).isEqualTo(1e-3);
        assertThat(KernelFactory.doubleParameter(Map.of(), "b", 0.1)).isEqualTo(0.1);
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "1e400", "x", "", " 0.25", "0.25 ",
            "0.1d", "2f", "0x1p-3", "1,5"}) {
            assertThatThrownBy(() -> KernelFactory.doubleParameter(Map.of("b", bad), "b", 0.1))
                    .as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("parameter b: '" + bad + "' is not a finite number");
        }
    }

    @Test
    void aFactoryWithoutParametersListsNone() {
        KernelFactory f = new KernelFactory() {
            @Override
            public String name() {
                return "mine";
            }

            @Override
            public String description() {
                return "a test kernel";
            }

            @Override
            public boolean usesUpperLayers() {
                return false;
            }

            @Override
            public TransitionKernel create(RbmStack stack, Map<String, String> params) {
                return new BlockedGibbs(stack.bottom());
            }
        };
        assertThat(f.parameters()).isEmpty();
    }
}
