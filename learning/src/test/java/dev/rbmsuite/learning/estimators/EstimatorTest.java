package dev.rbmsuite.learning.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The closed set of negative-phase estimators: command-line names, lookup and creation. */
class EstimatorTest {

    @Test
    void estimatorsAreTyped() {
        assertThat(Estimator.of("smci2")).isSameAs(Estimator.SMCI2);
        assertThat(Estimator.of("smci2").create()).isInstanceOf(SemiSecondOrderSmci.class);
        assertThat(Estimator.MC.create()).isInstanceOf(MonteCarloEstimator.class);
        assertThat(Estimator.MC.cliName()).isEqualTo("mc");
        assertThatThrownBy(() -> Estimator.of("smci1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown estimator \"smci1\" (expected smci2 or mc)");
    }

    @Test
    void namesRoundTripAndEveryEstimatorCreatesAFreshInstanceOfItsName() {
        Set<String> names = new HashSet<>();
        for (Estimator e : Estimator.values()) {
            assertThat(names.add(e.cliName())).as("distinct name %s", e.cliName()).isTrue();
            assertThat(Estimator.of(e.cliName())).isSameAs(e);
            MomentEstimator a = e.create();
            assertThat(a.name()).isEqualTo(e.cliName());
            assertThat(e.create()).isNotSameAs(a);
            assertThat(MomentEstimator.named(e.cliName())).isInstanceOf(a.getClass());
        }
    }
}
