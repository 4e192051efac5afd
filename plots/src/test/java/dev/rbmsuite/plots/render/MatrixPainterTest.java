package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MatrixPainterTest {

    @Test
    void tickStepKeepsLabelsApart() {
        assertThat(MatrixPainter.niceStep(25, 30, 20)).isEqualTo(1);
        assertThat(MatrixPainter.niceStep(25, 30, 45)).isEqualTo(2);
        assertThat(MatrixPainter.niceStep(25, 10, 45)).isEqualTo(5);
        assertThat(MatrixPainter.niceStep(100, 4, 45)).isEqualTo(20);
        for (int n : new int[] {7, 25, 100, 999}) {
            for (double cell : new double[] {0.5, 3, 17}) {
                int step = MatrixPainter.niceStep(n, cell, 40);
                assertThat(step * cell >= 40 || step >= n).isTrue();
            }
        }
    }

    @Test
    void ticksAreOneBasedAndInRange() {
        assertThat(MatrixPainter.ticks(25, 5)).containsExactly(1, 5, 10, 15, 20, 25);
        assertThat(MatrixPainter.ticks(9, 2)).containsExactly(1, 3, 5, 7, 9);
        assertThat(MatrixPainter.ticks(3, 1)).containsExactly(1, 2, 3);
        assertThat(MatrixPainter.ticks(100, 20)).containsExactly(1, 20, 40, 60, 80, 100);
    }
}
