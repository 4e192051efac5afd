package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BandPolygonTest {

    @Test
    void upperForwardThenLowerBackward() {
        BandPolygon p = BandPolygon.of(new double[] {1, 2, 3}, new double[] {10, 20, 30}, new double[] {11, 22, 33});
        assertThat(p.size()).isEqualTo(6);
        assertThat(p.x()).containsExactly(1, 2, 3, 3, 2, 1);
        assertThat(p.y()).containsExactly(11, 22, 33, 30, 20, 10);
    }

    @Test
    void shoelaceAreaEqualsTrapezoidIntegralOfTheBandWidth() {
        // an outline that walks once around the band without crossing has |shoelace area| = integral of
        // (upper - lower) dx; a wrongly ordered outline (lower forward, or both forward) does not
        int n = 50;
        double[] x = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.pow(1.07, i);
            lo[i] = Math.sin(0.3 * i);
            hi[i] = lo[i] + 0.2 + 0.1 * Math.cos(0.7 * i) * Math.cos(0.7 * i);
        }
        BandPolygon p = BandPolygon.of(x, lo, hi);
        double[] px = p.x();
        double[] py = p.y();
        double twice = 0;
        for (int i = 0; i < px.length; i++) {
            int j = (i + 1) % px.length;
            twice += px[i] * py[j] - px[j] * py[i];
        }
        double trapezoid = 0;
        for (int i = 0; i + 1 < n; i++) {
            trapezoid += (x[i + 1] - x[i]) * ((hi[i] - lo[i]) + (hi[i + 1] - lo[i + 1])) / 2;
        }
        assertThat(Math.abs(twice) / 2).isCloseTo(trapezoid, within(1e-9 * trapezoid));
    }

    @Test
    void rejectsMismatchedInput() {
        assertThatThrownBy(() -> BandPolygon.of(new double[0], new double[0], new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> BandPolygon.of(new double[2], new double[1], new double[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower 1");
    }
}
