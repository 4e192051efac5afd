package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The float64 limits: the scale is the sum of |parameters|, and models beyond the limit are refused in one line. */
class FloatLimitsTest {
    @Test
    void scaleIsTheSumOfAbsoluteParameters() {
        Rbm r = Rbm.of(2, 1, new double[] {1, -2}, new double[] {-3, 4}, new double[] {-5});
        assertThat(FloatLimits.scale(r)).isEqualTo(15.0);
        assertThat(FloatLimits.logProbabilityError(r)).isEqualTo(2.0 * 5 * 0x1p-53 * 15);
        assertThat(FloatLimits.requireEvaluable(r, "m")).isSameAs(r);
    }

    @Test
    void modelsBeyondTheLimitAreRefused() {
        Rbm big = Rbm.of(2, 1, new double[] {1e308, -1e308}, new double[] {0, 0}, new double[] {0});
        assertThat(FloatLimits.scale(big)).isInfinite();
        assertThatThrownBy(() -> FloatLimits.requireEvaluable(big, "m/layer0")).isInstanceOf(InputException.class)
                .hasMessageStartingWith("m/layer0: parameters too large for float64");
        Rbm justOver = Rbm.of(1, 1, new double[] {6e299}, new double[] {6e299}, new double[] {0});
        assertThatThrownBy(() -> FloatLimits.requireEvaluable(RbmStack.of(justOver), "m"))
                .hasMessageStartingWith("m layer 0: ");
        Rbm under = Rbm.of(1, 1, new double[] {4e299}, new double[] {4e299}, new double[] {0});
        assertThat(FloatLimits.requireEvaluable(under, "m")).isSameAs(under);
    }
}
