package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The opt-in BLAS arithmetic: its products and fields agree with the fixed-order kernels to rounding
 * (they are the same sums in another order), its scope restores the arithmetic before it, and the
 * default never changes.
 */
class ArithmeticTest {
    /** Relative agreement of two orders of the same sums of a few hundred terms of size about 1. */
    private static final double TOLERANCE = 1e-12;

    private static double[] random(int len, Rng rng, boolean binary) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = binary ? (rng.nextDouble() < 0.5 ? 1.0 : 0.0) : rng.nextDouble() * 2 - 1;
        }
        return x;
    }

    private static void assertClose(double[] got, double[] want, String what) {
        assertThat(got).as(what).hasSameSizeAs(want);
        double scale = 0;
        for (double w : want) {
            scale = Math.max(scale, Math.abs(w));
        }
        for (int k = 0; k < want.length; k++) {
            assertThat(Math.abs(got[k] - want[k])).as("%s at %d: %s against %s", what, k, got[k], want[k])
                    .isLessThanOrEqualTo(TOLERANCE * Math.max(1.0, scale));
        }
    }

    @Test
    void theDefaultIsTheFixedOrderAndAScopeRestoresTheArithmeticBeforeIt() {
        assertThat(Arithmetic.current()).isEqualTo(Arithmetic.FIXED_ORDER);
        try (Arithmetic.Scope s = Arithmetic.use(Arithmetic.BLAS)) {
            assertThat(Arithmetic.current()).isEqualTo(Arithmetic.BLAS);
            try (Arithmetic.Scope inner = Arithmetic.use(Arithmetic.FIXED_ORDER)) {
                assertThat(Arithmetic.current()).isEqualTo(Arithmetic.FIXED_ORDER);
            }
            assertThat(Arithmetic.current()).isEqualTo(Arithmetic.BLAS);
        }
        assertThat(Arithmetic.current()).isEqualTo(Arithmetic.FIXED_ORDER);
    }

    @Test
    void valuesParseAndOthersAreRefusedNamingTheChoices() {
        assertThat(Arithmetic.parse("blas")).isEqualTo(Arithmetic.BLAS);
        assertThat(Arithmetic.parse("fixed-order")).isEqualTo(Arithmetic.FIXED_ORDER);
        assertThatThrownBy(() -> Arithmetic.parse("mkl")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'mkl' is not one of fixed-order, blas");
        // the thread count and the kernels, which both move the bits of the BLAS path
        assertThat(Arithmetic.BLAS.describe()).matches("OpenBLAS 0\\.3\\.19 dgemm through JavaCPP \\(OPENBLAS_NUM_THREADS="
                + "[^,]+, OPENBLAS_CORETYPE(=\\w+| unset: kernels chosen by OpenBLAS)\\)");
    }

    @Test
    void blasProductsAgreeWithTheFixedOrderKernelsToRounding() {
        Rng rng = Rng.seeded(39);
        int[][] shapes = {{100, 784, 500}, {37, 25, 100}, {1, 7, 9}, {130, 65, 33}, {0, 4, 4}};
        Products p = new Products();
        for (int[] z : shapes) {
            int rows = z[0];
            int n = z[1];
            int m = z[2];
            double[] a = random(rows * n, rng, true);
            double[] b = random(rows * m, rng, false);
            double[] start = random(n * m, rng, false);
            double[] want = start.clone();
            p.accumulate(a, b, rows, n, m, want);
            double[] got = start.clone();
            try (Arithmetic.Scope s = Arithmetic.use(Arithmetic.BLAS)) {
                p.accumulate(a, b, rows, n, m, got);
            }
            assertClose(got, want, rows + "x" + n + "x" + m);
            if (rows == 100) { // the BLAS ran: its order differs from the fixed one somewhere in 392,000 sums
                assertThat(Arrays.equals(got, want)).as("the same bits as the fixed order").isFalse();
            }
            if (rows > 0) { // the mean under the BLAS: zero, the BLAS's sum, then * (1 / rows), in these bits
                double[] mean = start.clone();
                double[] meanWanted = new double[n * m];
                try (Arithmetic.Scope s = Arithmetic.use(Arithmetic.BLAS)) {
                    p.mean(a, b, rows, n, m, mean);
                    p.accumulate(a, b, rows, n, m, meanWanted);
                }
                for (int k = 0; k < meanWanted.length; k++) {
                    meanWanted[k] *= 1.0 / rows;
                }
                assertThat(Arrays.equals(mean, meanWanted)).as("mean %dx%dx%d", rows, n, m).isTrue();
            }
        }
    }

    @Test
    void blasFieldsMeansAndDrawsAgreeWithTheFixedOrderKernels() {
        Rng rng = Rng.seeded(40);
        for (int[] z : new int[][] {{784, 500, 100}, {25, 100, 100}, {13, 7, 3}}) {
            int n = z[0];
            int m = z[1];
            int rows = z[2];
            Rbm rbm = Rbm.gaussian(n, m, 0.1, rng.fork(n));
            for (boolean binary : new boolean[] {true, false}) {
                double[] v = random(rows * n, rng, binary);
                double[] h = random(rows * m, rng, binary);
                double[] zeta = new double[rows * m];
                double[] eta = new double[rows * n];
                double[] means = new double[rows * m];
                rbm.hiddenField(v, rows, zeta);
                rbm.visibleField(h, rows, eta);
                rbm.hiddenMeans(v, rows, means);
                double[] zetaBlas = new double[rows * m];
                double[] etaBlas = new double[rows * n];
                double[] meansBlas = new double[rows * m];
                try (Arithmetic.Scope s = Arithmetic.use(Arithmetic.BLAS)) {
                    rbm.hiddenField(v, rows, zetaBlas);
                    rbm.visibleField(h, rows, etaBlas);
                    rbm.hiddenMeans(v, rows, meansBlas);
                }
                String what = n + "x" + m + " rows " + rows + (binary ? " binary" : " dense");
                assertClose(zetaBlas, zeta, "hidden field " + what);
                assertClose(etaBlas, eta, "visible field " + what);
                assertClose(meansBlas, means, "hidden means " + what);
            }
        }
    }
}
