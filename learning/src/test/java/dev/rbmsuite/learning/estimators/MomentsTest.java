package dev.rbmsuite.learning.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Products;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

class MomentsTest {
    /** The plain sample means, one row at a time in order, as the specification of setSampleMeans. */
    private static double[][] reference(double[] v, double[] h, int rows, int n, int m) {
        double[] ev = new double[n];
        double[] eh = new double[m];
        double[] evh = new double[n * m];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                ev[i] += v[r * n + i];
            }
            for (int k = 0; k < m; k++) {
                eh[k] += h[r * m + k];
            }
            for (int i = 0; i < n; i++) {
                if (v[r * n + i] == 1.0) {
                    for (int k = 0; k < m; k++) {
                        evh[i * m + k] += h[r * m + k];
                    }
                }
            }
        }
        for (double[] x : new double[][] {ev, eh, evh}) {
            for (int k = 0; k < x.length; k++) {
                x[k] *= 1.0 / rows;
            }
        }
        return new double[][] {ev, eh, evh};
    }

    /** Binary rows: the register-blocked sums equal the row-by-row sums to the last bit, for every shape edge. */
    @Test
    void binarySampleMeansAreBitIdenticalToRowByRowSums() {
        Rng rng = Rng.seeded(71);
        int[][] shapes = {{65, 100}, {13, 100}, {100, 50}, {50, 25}, {25, 12}, {3, 7}, {10, 100}, {1, 17}, {6, 16}};
        for (int[] shape : shapes) {
            int n = shape[0];
            int m = shape[1];
            int rows = 178;
            double[] v = new double[rows * n];
            double[] h = new double[rows * m];
            for (int k = 0; k < v.length; k++) {
                v[k] = rng.nextDouble() < 0.4 ? 1.0 : 0.0;
            }
            for (int k = 0; k < h.length; k++) {
                h[k] = rng.nextDouble();
            }
            Moments got = new Moments(n, m);
            got.setSampleMeans(v, h, rows);
            double[][] want = reference(v, h, rows, n, m);
            assertThat(got.visible()).as("E[v] %dx%d", n, m).isEqualTo(want[0]);
            assertThat(got.hidden()).as("E[h] %dx%d", n, m).isEqualTo(want[1]);
            assertThat(got.pair()).as("E[vh] %dx%d", n, m).isEqualTo(want[2]);
        }
    }

    /**
     * Above {@code Products.MIN_WORK} the blocked kernel computes E[v h^T]: still the row-by-row sums
     * to the last bit, for binary and for probability rows, and with an infinite h (the loop's path).
     */
    @Test
    void largeSampleMeansThroughTheKernelAreBitIdenticalToRowByRowSums() {
        Rng rng = Rng.seeded(72);
        int n = 97;
        int m = 203;
        int rows = 220;
        assertThat((long) rows * n * m).isGreaterThanOrEqualTo(Products.MIN_WORK);
        for (int kind = 0; kind < 3; kind++) {
            double[] v = new double[rows * n];
            double[] h = new double[rows * m];
            for (int k = 0; k < v.length; k++) {
                v[k] = rng.nextDouble() < 0.3 ? 1.0 : 0.0;
            }
            for (int k = 0; k < h.length; k++) {
                h[k] = kind == 1 ? (rng.nextDouble() < 0.5 ? 1.0 : 0.0) : rng.nextDouble();
            }
            if (kind == 2) {
                h[5] = Double.POSITIVE_INFINITY;
            }
            Moments got = new Moments(n, m);
            got.setSampleMeans(v, h, rows);
            double[][] want = reference(v, h, rows, n, m);
            assertThat(got.pair()).as("E[vh], kind %d", kind).isEqualTo(want[2]);
            assertThat(got.visible()).isEqualTo(want[0]);
            assertThat(got.hidden()).isEqualTo(want[1]);
        }
    }

    /** Non-binary visible values (probabilities) weight the hidden rows. */
    @Test
    void nonBinaryVisibleValuesWeightTheRows() {
        double[] v = {0.5, 1.0, 0.25, 0.0};
        double[] h = {2.0, 4.0};
        Moments got = new Moments(2, 1);
        got.setSampleMeans(v, h, 2);
        assertThat(got.pair()).containsExactly((0.5 * 2 + 0.25 * 4) / 2, (1.0 * 2 + 0.0 * 4) / 2);
    }
}
