package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Every conditional, energy and free energy of {@link Rbm} against brute-force enumeration. */
class RbmTest {
    private static final double TOL = 1e-12;

    @ParameterizedTest(name = "n={0}, m={1}, std={2}")
    @CsvSource({"3, 5, 1.0", "5, 3, 1.5", "4, 9, 0.7", "9, 4, 0.7", "1, 1, 2.0"})
    void conditionalMeansMatchEnumeration(int n, int m, double std) {
        Rbm r = BruteForce.random(n, m, std, 11 * n + m);
        double[] allV = new double[(1 << n) * n];
        for (int s = 0; s < 1 << n; s++) {
            System.arraycopy(BruteForce.bits(s, n), 0, allV, s * n, n);
        }
        double[] ph = new double[(1 << n) * m];
        r.hiddenMeans(allV, 1 << n, ph);
        for (int s = 0; s < 1 << n; s++) {
            double[] exact = BruteForce.hiddenMarginals(r, BruteForce.bits(s, n));
            for (int j = 0; j < m; j++) {
                assertThat(ph[s * m + j]).as("P(h_%d=1|v=%d)", j, s).isCloseTo(exact[j], within(TOL));
            }
        }
        double[] allH = new double[(1 << m) * m];
        for (int s = 0; s < 1 << m; s++) {
            System.arraycopy(BruteForce.bits(s, m), 0, allH, s * m, m);
        }
        double[] pv = new double[(1 << m) * n];
        r.visibleMeans(allH, 1 << m, pv);
        for (int s = 0; s < 1 << m; s++) {
            double[] exact = BruteForce.visibleMarginals(r, BruteForce.bits(s, m));
            for (int i = 0; i < n; i++) {
                assertThat(pv[s * n + i]).as("P(v_%d=1|h=%d)", i, s).isCloseTo(exact[i], within(TOL));
            }
        }
    }

    @ParameterizedTest(name = "n={0}, m={1}")
    @CsvSource({"3, 5", "5, 3", "6, 6", "2, 7"})
    void energyAndFreeEnergiesMatchEnumeration(int n, int m) {
        Rbm r = BruteForce.random(n, m, 1.3, 7 * n + m);
        double[] lv = new double[1];
        for (int s = 0; s < 1 << n; s++) {
            double[] v = BruteForce.bits(s, n);
            r.logMarginalVisible(v, 1, lv);
            assertThat(lv[0]).isCloseTo(BruteForce.logMarginalVisible(r, v), within(TOL));
            for (int t = 0; t < 1 << m; t++) {
                double[] h = BruteForce.bits(t, m);
                double[] e = new double[1];
                r.energy(v, h, 1, e);
                assertThat(e[0]).isCloseTo(BruteForce.energy(r, v, h), within(TOL));
            }
        }
        double[] lh = new double[1];
        for (int t = 0; t < 1 << m; t++) {
            double[] h = BruteForce.bits(t, m);
            r.logMarginalHidden(h, 1, lh);
            assertThat(lh[0]).isCloseTo(BruteForce.logMarginalHidden(r, h), within(TOL));
        }
    }

    @Test
    void visibleMarginalFromFreeEnergySumsToOne() {
        Rbm r = BruteForce.random(3, 5, 1.0, 5);
        double logZ = BruteForce.logZ(r);
        double total = 0;
        double[] lv = new double[1];
        for (int s = 0; s < 8; s++) {
            r.logMarginalVisible(BruteForce.bits(s, 3), 1, lv);
            total += Math.exp(lv[0] - logZ);
        }
        assertThat(total).isCloseTo(1.0, within(TOL));
        // the hidden side gives the same partition function
        double[] lhs = new double[32];
        double[] allH = new double[32 * 5];
        for (int t = 0; t < 32; t++) {
            System.arraycopy(BruteForce.bits(t, 5), 0, allH, t * 5, 5);
        }
        r.logMarginalHidden(allH, 32, lhs);
        assertThat(Numerics.logSumExp(lhs, 0, 32)).isCloseTo(logZ, within(TOL));
    }

    @Test
    void fieldsAcceptRealValuedInputsAndOddSizes() {
        // sizes around the vector width and its multiples exercise padding and group tables
        for (int[] nm : new int[][] {{13, 21}, {8, 16}, {17, 9}, {25, 100}, {33, 7}}) {
            int n = nm[0];
            int m = nm[1];
            Rbm r = BruteForce.random(n, m, 0.8, n * 1000L + m);
            Rng rng = Rng.seeded(3);
            int rows = 7;
            double[] v = new double[rows * n];
            for (int k = 0; k < v.length; k++) {
                v[k] = k % 3 == 0 ? rng.nextDouble() : (rng.nextBernoulli(0.5) ? 1 : 0);
            }
            for (int k = 0; k < n; k++) {
                v[k] = rng.nextBernoulli(0.5) ? 1 : 0; // row 0 binary, the others mixed
            }
            double[] zeta = new double[rows * m];
            r.hiddenField(v, rows, zeta);
            for (int row = 0; row < rows; row++) {
                for (int j = 0; j < m; j++) {
                    double expect = r.hiddenBias(j);
                    for (int i = 0; i < n; i++) {
                        expect += v[row * n + i] * r.weight(i, j);
                    }
                    assertThat(zeta[row * m + j]).isCloseTo(expect, within(1e-12));
                }
            }
            double[] h = new double[rows * m];
            for (int k = 0; k < h.length; k++) {
                h[k] = k % 2 == 0 ? 1 : 0;
            }
            double[] eta = new double[rows * n];
            r.visibleField(h, rows, eta);
            for (int row = 0; row < rows; row++) {
                for (int i = 0; i < n; i++) {
                    double expect = r.visibleBias(i);
                    for (int j = 0; j < m; j++) {
                        expect += h[row * m + j] * r.weight(i, j);
                    }
                    assertThat(eta[row * n + i]).isCloseTo(expect, within(1e-12));
                }
            }
        }
    }

    @Test
    void transposeExchangesTheLayers() {
        Rbm r = BruteForce.random(4, 6, 1.0, 9);
        Rbm t = r.transpose();
        assertThat(t.numVisible()).isEqualTo(6);
        assertThat(t.numHidden()).isEqualTo(4);
        double[] a = new double[1];
        double[] b = new double[1];
        for (int s = 0; s < 64; s++) {
            double[] h = BruteForce.bits(s, 6);
            r.logMarginalHidden(h, 1, a);
            t.logMarginalVisible(h, 1, b);
            assertThat(a[0]).isEqualTo(b[0]);
        }
    }

    @Test
    void ndArrayApiAgreesWithBufferApi() {
        Rbm r = BruteForce.random(3, 5, 1.0, 21);
        INDArray v = Nd4j.create(new double[][] {{1, 0, 1}, {0, 1, 1}});
        assertThat(v.dataType()).isEqualTo(DataType.DOUBLE);
        INDArray f = r.freeEnergyVisible(v);
        assertThat(f.dataType()).isEqualTo(DataType.DOUBLE);
        for (int row = 0; row < 2; row++) {
            double[] vr = {v.getDouble(row, 0), v.getDouble(row, 1), v.getDouble(row, 2)};
            assertThat(f.getDouble(row)).isCloseTo(-BruteForce.logMarginalVisible(r, vr), within(TOL));
        }
        INDArray means = r.hiddenMeans(v.getRow(0));
        double[] exact = BruteForce.hiddenMarginals(r, new double[] {1, 0, 1});
        for (int j = 0; j < 5; j++) {
            assertThat(means.getDouble(0, j)).isCloseTo(exact[j], within(TOL));
        }
        INDArray h = Nd4j.create(new double[][] {{1, 0, 1, 1, 0}, {0, 0, 0, 1, 1}});
        INDArray e = r.energy(v, h);
        assertThat(e.getDouble(1)).isCloseTo(BruteForce.energy(r, new double[] {0, 1, 1}, new double[] {0, 0, 0, 1, 1}), within(TOL));
        assertThat(r.freeEnergyHidden(h).getDouble(0))
                .isCloseTo(-BruteForce.logMarginalHidden(r, new double[] {1, 0, 1, 1, 0}), within(TOL));
        assertThat(r.weights().shape()).containsExactly(3L, 5L);
        assertThat(Rbm.of(r.weights(), r.visibleBias(), r.hiddenBias())).isEqualTo(r);
    }

    @Test
    void shapeMismatchesAreNamed() {
        INDArray w = Nd4j.zeros(DataType.DOUBLE, 3, 5);
        assertThatThrownBy(() -> Rbm.of(w, Nd4j.zeros(DataType.DOUBLE, 4), Nd4j.zeros(DataType.DOUBLE, 5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("visible bias b").hasMessageContaining("n = 3");
        assertThatThrownBy(() -> Rbm.of(w, Nd4j.zeros(DataType.DOUBLE, 3), Nd4j.zeros(DataType.DOUBLE, 6)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hidden bias c").hasMessageContaining("m = 5");
        assertThatThrownBy(() -> Rbm.of(2, 2, new double[3], new double[2], new double[2]))
                .hasMessageContaining("W has 3 values");
        assertThatThrownBy(() -> r3x5().hiddenField(Nd4j.zeros(DataType.DOUBLE, 2, 4)))
                .hasMessageContaining("3 columns");
        assertThatThrownBy(() -> Rbm.of(1, 1, new double[] {Double.NaN}, new double[1], new double[1]))
                .hasMessageContaining("non-finite");
    }

    private static Rbm r3x5() {
        return BruteForce.random(3, 5, 1.0, 1);
    }

    @Test
    void weightsOfMagnitudeFiftyStayFinite() {
        int n = 4;
        int m = 6;
        double[] w = new double[n * m];
        for (int k = 0; k < w.length; k++) {
            w[k] = (k % 2 == 0 ? 50 : -50);
        }
        double[] b = {50, -50, 50, -50};
        double[] c = {-50, 50, -50, 50, 50, -50};
        Rbm r = Rbm.of(n, m, w, b, c);
        double[] allV = new double[(1 << n) * n];
        for (int s = 0; s < 1 << n; s++) {
            System.arraycopy(BruteForce.bits(s, n), 0, allV, s * n, n);
        }
        double[] lv = new double[1 << n];
        r.logMarginalVisible(allV, 1 << n, lv);
        double[] ph = new double[(1 << n) * m];
        r.hiddenMeans(allV, 1 << n, ph);
        for (double x : lv) {
            assertThat(x).isFinite();
        }
        for (double p : ph) {
            assertThat(p).isBetween(0.0, 1.0);
        }
        double logZ = Numerics.logSumExp(lv, 0, lv.length);
        assertThat(logZ).isFinite().isCloseTo(BruteForce.logZ(r), within(1e-9));
        double total = 0;
        for (double x : lv) {
            total += Math.exp(x - logZ);
        }
        assertThat(total).isCloseTo(1.0, within(1e-12));
        double[] lh = new double[1 << m];
        double[] allH = new double[(1 << m) * m];
        for (int s = 0; s < 1 << m; s++) {
            System.arraycopy(BruteForce.bits(s, m), 0, allH, s * m, m);
        }
        r.logMarginalHidden(allH, 1 << m, lh);
        for (double x : lh) {
            assertThat(x).isFinite();
        }
        double[] e = new double[1];
        r.energy(allV, allH, 1, e);
        assertThat(e[0]).isFinite();
    }

    @Test
    void xavierHasTheGlorotVarianceAndZeroBiases() {
        int n = 40;
        int m = 60;
        Rbm r = Rbm.xavier(n, m, Rng.seeded(4));
        double[] w = r.weightsArray();
        double s2 = 0;
        for (double x : w) {
            s2 += x * x;
        }
        double var = s2 / w.length;
        double expected = 2.0 / (n + m);
        // the sample variance of 2400 normals has relative SD sqrt(2/2400) ~ 2.9%; allow 6 SD
        assertThat(var).isCloseTo(expected, within(expected * 6 * Math.sqrt(2.0 / w.length)));
        assertThat(r.visibleBiasArray()).containsOnly(0.0);
        assertThat(r.hiddenBiasArray()).containsOnly(0.0);
    }

    /**
     * Inputs that are not exactly 0 or 1 must take the dense path with their own value, in every
     * position (full groups and the partial last group), even where the value is too small to move a
     * sum with other terms: with zero biases and one nonzero input the field is exactly W_ij x.
     */
    @Test
    void fieldsOfNonBinaryInputsUseTheirValueInEveryPosition() {
        int n = 25;
        int m = 9;
        Rng rng = Rng.seeded(31);
        double[] w = new double[n * m];
        for (int k = 0; k < w.length; k++) {
            w[k] = rng.nextGaussian();
        }
        Rbm rbm = Rbm.of(n, m, w, new double[n], new double[m]);
        double[] tricky = {0.5, 2.0, -1.0, 1e-300, Double.MIN_VALUE, 1.0 - 0x1p-53, 1.0 + 0x1p-52, 0.25};
        double[] out = new double[m];
        for (double value : tricky) {
            for (int i = 0; i < n; i++) {
                double[] v = new double[n];
                v[i] = value;
                rbm.hiddenField(v, 1, out);
                for (int j = 0; j < m; j++) {
                    assertThat(out[j]).as("x_%d = %s, unit %d", i, value, j).isEqualTo(w[i * m + j] * value);
                }
            }
        }
        double[] zeroRow = new double[n];
        zeroRow[3] = -0.0;
        rbm.hiddenField(zeroRow, 1, out);
        for (int j = 0; j < m; j++) {
            assertThat(out[j]).isCloseTo(0.0, within(0.0));
        }
        double[] nan = new double[n];
        nan[7] = Double.NaN;
        rbm.hiddenField(nan, 1, out);
        assertThat(out[0]).isNaN();
    }

    /** Outputs are written whole vectors at a time; nothing past the last row may change. */
    @Test
    void outputsLongerThanTheRowsKeepTheirTail() {
        for (int m : new int[] {2, 9, 100}) {
            Rbm rbm = Rbm.gaussian(5, m, 1.0, Rng.seeded(m));
            int rows = 3;
            double[] v = new double[rows * 5];
            for (int k = 0; k < v.length; k++) {
                v[k] = (k * 7) % 3 == 0 ? 1.0 : 0.0;
            }
            double[] exact = new double[rows * m];
            rbm.hiddenField(v, rows, exact);
            double[] out = new double[rows * m + 20];
            Arrays.fill(out, 42.0);
            rbm.hiddenField(v, rows, out);
            assertThat(Arrays.copyOf(out, rows * m)).containsExactly(exact);
            for (int k = rows * m; k < out.length; k++) {
                assertThat(out[k]).isEqualTo(42.0);
            }
            double[] draws = new double[rows * m + 20];
            Arrays.fill(draws, 42.0);
            rbm.sampleHidden(v, rows, draws, Rng.seeded(1), new double[rows * m]);
            for (int k = rows * m; k < draws.length; k++) {
                assertThat(draws[k]).isEqualTo(42.0);
            }
        }
    }

    /**
     * A training update's chains' hidden draws and its rows' hidden means in one call: the draws, means
     * and the stream's position of the two calls, at MNIST size (one blocked pass) and the paper's; the
     * outputs' tails past their rows unchanged.
     */
    @Test
    void drawsAndMeansTogetherAreTheTwoCalls() {
        for (int[] size : new int[][] {{784, 500}, {25, 100}}) {
            int n = size[0];
            int m = size[1];
            Rbm rbm = Rbm.gaussian(n, m, 0.05, Rng.seeded(n));
            Rng r = Rng.seeded(m);
            double[] v = new double[20 * n];
            double[] x = new double[30 * n];
            for (double[] a : new double[][] {v, x}) {
                for (int k = 0; k < a.length; k++) {
                    a[k] = r.nextDouble() < 0.3 ? 1.0 : 0.0;
                }
            }
            double[] draws = new double[20 * m + 5];
            double[] means = new double[30 * m + 5];
            Arrays.fill(draws, 42.0);
            Arrays.fill(means, 42.0);
            Rng together = Rng.seeded(9);
            rbm.sampleHiddenAndMeans(v, 20, draws, together, new double[20 * m], x, 30, means);
            double[] draws2 = new double[20 * m];
            double[] means2 = new double[30 * m];
            Rng apart = Rng.seeded(9);
            rbm.sampleHidden(v, 20, draws2, apart, new double[20 * m]);
            rbm.hiddenMeans(x, 30, means2);
            assertThat(Arrays.copyOf(draws, 20 * m)).containsExactly(draws2);
            assertThat(Arrays.copyOf(means, 30 * m)).containsExactly(means2);
            assertThat(together.nextLong()).isEqualTo(apart.nextLong());
            assertThat(Arrays.copyOfRange(draws, 20 * m, draws.length)).containsOnly(42.0);
            assertThat(Arrays.copyOfRange(means, 30 * m, means.length)).containsOnly(42.0);
        }
    }

    @Test
    void fromFlatIsTheRbmOfTheSlicesInNewAndInSpentArrays() {
        for (int[] size : new int[][] {{784, 500}, {500, 784}, {25, 100}, {13, 37}, {1, 1}}) {
            int n = size[0];
            int m = size[1];
            int at = 7;
            double[] params = flat(n, m, at, Rng.seeded(n + m));
            double[] w = Arrays.copyOfRange(params, at, at + n * m);
            double[] b = Arrays.copyOfRange(params, at + n * m, at + n * m + n);
            double[] c = Arrays.copyOfRange(params, at + n * m + n, at + n * m + n + m);
            Rbm reference = Rbm.of(n, m, w, b, c);
            Rbm spent = Rbm.fromFlat(n, m, flat(n, m, at, Rng.seeded(3)), at, null);
            sameConditionals(spent, spent); // its kernels used, as an update's are, before its arrays are taken
            Rbm built = Rbm.fromFlat(n, m, params, at, null);
            Rbm recycled = Rbm.fromFlat(n, m, params, at, spent);
            assertThat(built).isEqualTo(reference);
            assertThat(recycled).isEqualTo(reference);
            assertThat(recycled.transpose()).isEqualTo(reference.transpose());
            sameConditionals(built, reference);
            sameConditionals(recycled, reference);
            // a spent RBM of other sizes is not taken
            assertThat(Rbm.fromFlat(n, m, params, at, Rbm.gaussian(n + 1, m, 0.1, Rng.seeded(1)))).isEqualTo(reference);
        }
    }

    @Test
    void theRowPaddedLayoutIsInvisibleAndATransposeOwnsItsArrays() {
        // 13 x 37: rows of W and of W^T padded at every vector width but 1 lane
        int n = 13;
        int m = 37;
        double[] params = flat(n, m, 0, Rng.seeded(8));
        double[] w = Arrays.copyOf(params, n * m);
        Rbm spent = Rbm.fromFlat(n, m, params, 0, null);
        assertThat(spent.weightsArray()).containsExactly(w);
        assertThat(spent.weights().ravel().toDoubleVector()).containsExactly(w);
        Rbm t = spent.transpose();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                assertThat(spent.weight(i, j)).isEqualTo(w[i * m + j]);
                assertThat(t.weight(j, i)).isEqualTo(w[i * m + j]);
            }
        }
        Rbm reference = Rbm.of(m, n, t.weightsArray(), t.visibleBiasArray(), t.hiddenBiasArray());
        // the next update's RBM built in spent's arrays leaves the transpose as it was
        Rbm next = Rbm.fromFlat(n, m, flat(n, m, 0, Rng.seeded(9)), 0, spent);
        assertThat(next.weight(0, 0)).isNotEqualTo(w[0]);
        assertThat(t).isEqualTo(reference);
        sameConditionals(t, reference);
        assertThat(t.transpose().weightsArray()).containsExactly(w);
    }

    @Test
    void fromFlatNamesWhatDoesNotFit() {
        double[] params = flat(4, 3, 0, Rng.seeded(1));
        assertThatThrownBy(() -> Rbm.fromFlat(4, 3, params, 6, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot hold an RBM of n=4, m=3");
        double[] nan = params.clone();
        nan[5] = Double.NaN;
        assertThatThrownBy(() -> Rbm.fromFlat(4, 3, nan, 0, null)).hasMessageContaining("W contains a non-finite");
        double[] inf = params.clone();
        inf[4 * 3 + 4 + 2] = Double.POSITIVE_INFINITY;
        assertThatThrownBy(() -> Rbm.fromFlat(4, 3, inf, 0, Rbm.fromFlat(4, 3, params, 0, null)))
                .hasMessageContaining("c contains a non-finite");
    }

    /** Random parameters of an n x m RBM from {@code at}, between values that are not the RBM's. */
    private static double[] flat(int n, int m, int at, Rng rng) {
        double[] p = new double[at + n * m + n + m + 5];
        for (int k = 0; k < p.length; k++) {
            p[k] = 0.1 * rng.nextGaussian();
        }
        return p;
    }

    /** Fields and draws of binary and real rows, one row and a batch, the same bits on both RBMs. */
    private static void sameConditionals(Rbm a, Rbm b) {
        int n = a.numVisible();
        int m = a.numHidden();
        Rng r = Rng.seeded(5);
        for (int rows : new int[] {1, 40}) {
            double[] v = new double[rows * n];
            double[] h = new double[rows * m];
            for (int k = 0; k < v.length; k++) {
                v[k] = k % 7 == 0 ? r.nextDouble() : (r.nextDouble() < 0.4 ? 1.0 : 0.0);
            }
            for (int k = 0; k < h.length; k++) {
                h[k] = r.nextDouble() < 0.4 ? 1.0 : 0.0;
            }
            double[][] outA = {new double[rows * m], new double[rows * n], new double[rows * m], new double[rows * n]};
            double[][] outB = {new double[rows * m], new double[rows * n], new double[rows * m], new double[rows * n]};
            for (Object[] side : new Object[][] {{a, outA}, {b, outB}}) {
                Rbm rbm = (Rbm) side[0];
                double[][] out = (double[][]) side[1];
                rbm.hiddenField(v, rows, out[0]);
                rbm.visibleField(h, rows, out[1]);
                rbm.sampleHidden(v, rows, out[2], Rng.seeded(rows), new double[rows * m]);
                rbm.sampleVisible(h, rows, out[3], Rng.seeded(rows), new double[rows * n]);
            }
            for (int k = 0; k < outA.length; k++) {
                assertThat(outA[k]).containsExactly(outB[k]);
            }
        }
    }
}
