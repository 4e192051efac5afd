package dev.rbmsuite.learning.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Semi-second-order SMCI (paper Appendix A, corrected as in docs/methods.md section 0) against brute-force
 * enumeration on tiny RBMs (n=4, m=3).
 */
class SemiSecondOrderSmciTest {
    static final int N = 4;
    static final int M = 3;

    /** An RBM with W, b, c ~ N(0, std^2), clipped to [-clip, clip], some weights set to +-clip. */
    static Rbm model(long seed, double std, double clip) {
        Rng rng = Rng.seeded(seed);
        double[] w = new double[N * M];
        double[] b = new double[N];
        double[] c = new double[M];
        for (int k = 0; k < w.length; k++) {
            w[k] = Math.max(-clip, Math.min(clip, std * rng.nextGaussian()));
        }
        for (int k = 0; k < N; k++) {
            b[k] = Math.max(-clip, Math.min(clip, std * rng.nextGaussian()));
        }
        for (int k = 0; k < M; k++) {
            c[k] = Math.max(-clip, Math.min(clip, std * rng.nextGaussian()));
        }
        if (clip >= 10 && clip <= 1000) {
            w[0] = clip;
            w[5] = -clip;
        }
        return Rbm.of(N, M, w, b, c);
    }

    static Stream<Arguments> models() {
        return Stream.of(
                Arguments.of("unit weights", model(1, 1.0, 1e9), false),
                Arguments.of("unit weights, stable form", model(2, 1.0, 1e9), true),
                Arguments.of("weights up to 50 (fast path)", model(3, 25.0, 50.0), false),
                Arguments.of("weights up to 50, stable form", model(4, 25.0, 50.0), true),
                Arguments.of("weights up to 200 (stable fallback)", model(5, 80.0, 200.0), false),
                Arguments.of("small weights", model(6, 0.01, 1e9), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void perSampleEstimatorsEqualTheirConditionalExpectations(String label, Rbm rbm, boolean stable) {
        SemiSecondOrderSmci est = new SemiSecondOrderSmci(stable);
        Moments out = new Moments(N, M);
        double worst = 0;
        for (int a = 0; a < (1 << N); a++) {
            double[] v = BruteForce.bits(a, N);
            for (int c = 0; c < (1 << M); c++) {
                double[] h = BruteForce.bits(c, M);
                est.estimate(rbm, v, h, 1, out);
                for (int i = 0; i < N; i++) {
                    double want = BruteForce.visibleConditional(rbm, v, i, -1);
                    assertThat(out.visible()[i]).as("M^(v)_%d at v=%d", i, a).isCloseTo(want, within(1e-12));
                }
                for (int j = 0; j < M; j++) {
                    double want = BruteForce.hiddenConditional(rbm, h, j, -1);
                    assertThat(out.hidden()[j]).as("M^(h)_%d at h=%d", j, c).isCloseTo(want, within(1e-12));
                }
                for (int i = 0; i < N; i++) {
                    for (int j = 0; j < M; j++) {
                        double cv = BruteForce.visibleConditional(rbm, v, i, j);
                        double ch = BruteForce.hiddenConditional(rbm, h, j, i);
                        double gotV = est.lastVisibleCorrelation()[i * M + j];
                        double gotH = est.lastHiddenCorrelation()[i * M + j];
                        assertThat(gotV).as("C^(v)_%d%d at v=%d", i, j, a).isCloseTo(cv, within(1e-12));
                        assertThat(gotH).as("C^(h)_%d%d at h=%d", i, j, c).isCloseTo(ch, within(1e-12));
                        assertThat(out.pair()[i * M + j]).isCloseTo((cv + ch) / 2, within(1e-12));
                        assertThat(Double.isFinite(gotV) && Double.isFinite(gotH)).isTrue();
                        worst = Math.max(worst, Math.abs(gotV - cv));
                    }
                }
            }
        }
        assertThat(worst).isLessThan(1e-12);
    }

    @Test
    void fastPathMatchesStableFormOnBatches() {
        Rbm rbm = model(11, 3.0, 50.0);
        Rng rng = Rng.seeded(5);
        int rows = 37;
        double[] v = new double[rows * N];
        double[] h = new double[rows * M];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        for (int k = 0; k < h.length; k++) {
            h[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        Moments fast = new Moments(N, M);
        Moments stable = new Moments(N, M);
        new SemiSecondOrderSmci().estimate(rbm, v, h, rows, fast);
        new SemiSecondOrderSmci(true).estimate(rbm, v, h, rows, stable);
        double[] e = fast.meanAbsoluteErrors(stable);
        assertThat(e[0]).isLessThan(1e-13);
        assertThat(e[1]).isLessThan(1e-13);
        assertThat(e[2]).isLessThan(1e-13);
    }

    @Test
    void widerLayersWithLargeFieldsStayFiniteAndAgreeWithStableForm() {
        // n=7, m=130 (padding and product flushing at |W| = 50 exercised), biases up to 300.
        int n = 7;
        int m = 130;
        Rng rng = Rng.seeded(9);
        double[] w = new double[n * m];
        double[] b = new double[n];
        double[] c = new double[m];
        for (int k = 0; k < w.length; k++) {
            w[k] = rng.nextBernoulli(0.5) ? 50.0 : -50.0 * rng.nextDouble();
        }
        for (int k = 0; k < n; k++) {
            b[k] = 300 * (2 * rng.nextDouble() - 1);
        }
        for (int k = 0; k < m; k++) {
            c[k] = 300 * (2 * rng.nextDouble() - 1);
        }
        double[] e = errorsAgainstStableForm(Rbm.of(n, m, w, b, c), 5, rng);
        assertThat(e[0]).isLessThan(1e-10);
        assertThat(e[1]).isLessThan(1e-10);
        assertThat(e[2]).isLessThan(1e-10);
    }

    /**
     * Small weights (one product per unit) with biases beyond +-100 on some units: the units are
     * taken in groups of four plus a remainder, each unit's e^{-phi} either from e^{-b} times the
     * product or, for |b| &gt; 100, through the product's logarithm; all agree with the stable form.
     */
    @Test
    void groupedUnitsWithLargeBiasesAgreeWithStableForm() {
        Rng rng = Rng.seeded(23);
        for (int[] shape : new int[][] {{9, 30}, {30, 9}, {5, 70}, {70, 5}}) {
            int n = shape[0];
            int m = shape[1];
            double[] w = new double[n * m];
            double[] b = new double[n];
            double[] c = new double[m];
            for (int k = 0; k < w.length; k++) {
                w[k] = 2 * rng.nextDouble() - 1;
            }
            for (int k = 0; k < n; k++) {
                b[k] = k % 3 == 0 ? 250 * (2 * rng.nextDouble() - 1) : rng.nextDouble() - 0.5;
            }
            for (int k = 0; k < m; k++) {
                c[k] = k % 4 == 1 ? 250 * (2 * rng.nextDouble() - 1) : rng.nextDouble() - 0.5;
            }
            double[] e = errorsAgainstStableForm(Rbm.of(n, m, w, b, c), 11, rng);
            assertThat(e[0]).as("E[v] %dx%d", n, m).isLessThan(1e-13);
            assertThat(e[1]).as("E[h] %dx%d", n, m).isLessThan(1e-13);
            assertThat(e[2]).as("E[vh] %dx%d", n, m).isLessThan(1e-13);
        }
    }

    /**
     * A narrow visible layer (n = 10, m = 100, as GenRBM) takes the hidden-side path vectorised over
     * the hidden units; it agrees with the stable form, also with |W| up to 50 and |c| up to 100.
     */
    @Test
    void narrowVisibleLayerPathAgreesWithStableForm() {
        int n = 10;
        int m = 100;
        for (double scale : new double[] {1.0, 50.0}) {
            Rng rng = Rng.seeded(21);
            double[] w = new double[n * m];
            double[] b = new double[n];
            double[] c = new double[m];
            for (int k = 0; k < w.length; k++) {
                w[k] = Math.max(-scale, Math.min(scale, scale * rng.nextGaussian()));
            }
            w[3] = scale;
            w[17] = -scale;
            for (int k = 0; k < n; k++) {
                b[k] = scale * rng.nextGaussian();
            }
            for (int k = 0; k < m; k++) {
                c[k] = Math.min(100.0, Math.max(-100.0, 2 * scale * rng.nextGaussian()));
            }
            Rbm rbm = Rbm.of(n, m, w, b, c);
            int rows = 23;
            double[] v = new double[rows * n];
            double[] h = new double[rows * m];
            for (int k = 0; k < v.length; k++) {
                v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
            }
            for (int k = 0; k < h.length; k++) {
                h[k] = rng.nextBernoulli(0.3) ? 1 : 0;
            }
            Moments fast = new Moments(n, m);
            Moments stable = new Moments(n, m);
            SemiSecondOrderSmci est = new SemiSecondOrderSmci();
            est.estimate(rbm, v, h, rows, fast);
            SemiSecondOrderSmci ref = new SemiSecondOrderSmci(true);
            ref.estimate(rbm, v, h, rows, stable);
            double worst = 0;
            for (int k = 0; k < n * m; k++) {
                worst = Math.max(worst, Math.abs(est.lastHiddenCorrelation()[k] - ref.lastHiddenCorrelation()[k]));
            }
            for (int k = 0; k < m; k++) {
                worst = Math.max(worst, Math.abs(fast.hidden()[k] - stable.hidden()[k]));
            }
            assertThat(worst).as("scale %s", scale).isLessThan(1e-12);
            double[] e = fast.meanAbsoluteErrors(stable);
            assertThat(e[0]).isLessThan(1e-13);
            assertThat(e[2]).isLessThan(1e-13);
        }
    }

    /**
     * Averaged over exact samples (v ~ P(v), h ~ P(h|v)) the estimators converge to the exact moments:
     * each per-sample estimator is unbiased (checked exactly by enumeration of P(v,h)), and the sample
     * mean of N draws lies within 6 exact standard errors. The printed (uncorrected) C formulas are
     * biased by far more than that bound, so this test would fail on them.
     */
    @Test
    void averagesOverExactSamplesConvergeToExactMoments() {
        Rbm rbm = model(21, 1.5, 1e9);
        BruteForce.JointMoments j = BruteForce.moments(rbm);
        Moments exact = Moments.of(N, M, j.visible(), j.hidden(), j.joint());
        double lz = BruteForce.logZ(rbm);
        // Exact mean and variance of each per-sample estimator under P(v,h).
        SemiSecondOrderSmci est = new SemiSecondOrderSmci();
        Moments one = new Moments(N, M);
        int k = N + M + N * M;
        double[] mean = new double[k];
        double[] second = new double[k];
        double[] printedMean = new double[N * M];
        for (int a = 0; a < (1 << N); a++) {
            double[] v = BruteForce.bits(a, N);
            for (int c = 0; c < (1 << M); c++) {
                double[] h = BruteForce.bits(c, M);
                double p = Math.exp(BruteForce.negEnergy(rbm, v, h) - lz);
                est.estimate(rbm, v, h, 1, one);
                double[] f = concat(one);
                for (int q = 0; q < k; q++) {
                    mean[q] += p * f[q];
                    second[q] += p * f[q] * f[q];
                }
                double[] pv = printedVisible(rbm, v);
                double[] ph = printedHidden(rbm, h);
                for (int q = 0; q < N * M; q++) {
                    printedMean[q] += p * 0.5 * (pv[q] + ph[q]);
                }
            }
        }
        double[] want = concat(exact);
        for (int q = 0; q < k; q++) {
            assertThat(mean[q]).as("unbiasedness of estimator %d", q).isCloseTo(want[q], within(1e-12));
        }
        int samples = 4000;
        Rng rng = Rng.seeded(77);
        double[] v = BruteForce.sampleVisible(rbm, samples, rng.fork(1));
        double[] h = new double[samples * M];
        rbm.sampleHidden(v, samples, h, rng.fork(2), new double[samples * M]);
        Moments avg = new Moments(N, M);
        est.estimate(rbm, v, h, samples, avg);
        double[] got = concat(avg);
        double worstPrintedGap = 0;
        for (int q = 0; q < k; q++) {
            double se = Math.sqrt(Math.max(second[q] - mean[q] * mean[q], 0) / samples);
            assertThat(got[q]).as("estimator %d over %d exact samples", q, samples)
                    .isCloseTo(want[q], within(6 * se + 1e-12));
            if (q >= N + M) {
                worstPrintedGap = Math.max(worstPrintedGap, Math.abs(printedMean[q - N - M] - want[q]) / (6 * se + 1e-12));
            }
        }
        assertThat(worstPrintedGap).as("printed formula's bias in units of the 6-sigma bound").isGreaterThan(1.0);
    }

    /** The printed C^(v) (with phi_i) and C^(h) (with psi_j) differ from the conditional expectations. */
    @Test
    void printedFormulasWouldFailThePerSampleCheck() {
        Rbm rbm = model(1, 1.0, 1e9);
        double worstV = 0;
        double worstH = 0;
        for (int a = 0; a < (1 << N); a++) {
            double[] v = BruteForce.bits(a, N);
            double[] pv = printedVisible(rbm, v);
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < M; j++) {
                    worstV = Math.max(worstV, Math.abs(pv[i * M + j] - BruteForce.visibleConditional(rbm, v, i, j)));
                }
            }
        }
        for (int c = 0; c < (1 << M); c++) {
            double[] h = BruteForce.bits(c, M);
            double[] ph = printedHidden(rbm, h);
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < M; j++) {
                    worstH = Math.max(worstH, Math.abs(ph[i * M + j] - BruteForce.hiddenConditional(rbm, h, j, i)));
                }
            }
        }
        assertThat(worstV).isGreaterThan(0.01);
        assertThat(worstH).isGreaterThan(0.01);
    }

    /** The paper's printed C^(v): sig(logit(sig(zeta_{j,i}) sig(phi_i)) + W_ij), i.e. phi_i instead of phi_{i,j}. */
    static double[] printedVisible(Rbm r, double[] v) {
        double[] out = new double[N * M];
        for (int i = 0; i < N; i++) {
            double phi = r.visibleBias(i);
            double[] a = new double[M];
            for (int j = 0; j < M; j++) {
                double z = r.hiddenBias(j);
                for (int k = 0; k < N; k++) {
                    z += r.weight(k, j) * v[k];
                }
                a[j] = z - r.weight(i, j) * v[i];
                phi += Numerics.softplus(a[j] + r.weight(i, j)) - Numerics.softplus(a[j]);
            }
            for (int j = 0; j < M; j++) {
                out[i * M + j] = Numerics.sigmoid(a[j] + phi + r.weight(i, j) - Numerics.logSumExp0(a[j], phi));
            }
        }
        return out;
    }

    /** The paper's printed C^(h): psi_j instead of psi_{j,i}. */
    static double[] printedHidden(Rbm r, double[] h) {
        double[] out = new double[N * M];
        for (int j = 0; j < M; j++) {
            double psi = r.hiddenBias(j);
            double[] e = new double[N];
            for (int i = 0; i < N; i++) {
                double z = r.visibleBias(i);
                for (int k = 0; k < M; k++) {
                    z += r.weight(i, k) * h[k];
                }
                e[i] = z - r.weight(i, j) * h[j];
                psi += Numerics.softplus(e[i] + r.weight(i, j)) - Numerics.softplus(e[i]);
            }
            for (int i = 0; i < N; i++) {
                out[i * M + j] = Numerics.sigmoid(e[i] + psi + r.weight(i, j) - Numerics.logSumExp0(e[i], psi));
            }
        }
        return out;
    }

    static double[] concat(Moments x) {
        double[] out = new double[N + M + N * M];
        System.arraycopy(x.visible(), 0, out, 0, N);
        System.arraycopy(x.hidden(), 0, out, N, M);
        System.arraycopy(x.pair(), 0, out, N + M, N * M);
        return out;
    }

    static org.assertj.core.data.Offset<Double> within(double tol) {
        return org.assertj.core.data.Offset.offset(tol);
    }

    /**
     * The default estimate and the stable per-term form on the same random binary (v, h) rows; checks
     * that every default moment lies in [0, 1].
     *
     * @return the mean absolute differences of E[v], E[h] and E[vh]
     */
    private static double[] errorsAgainstStableForm(Rbm rbm, int rows, Rng rng) {
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double[] v = new double[rows * n];
        double[] h = new double[rows * m];
        for (int k = 0; k < v.length; k++) {
            v[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        for (int k = 0; k < h.length; k++) {
            h[k] = rng.nextBernoulli(0.5) ? 1 : 0;
        }
        Moments fast = new Moments(n, m);
        Moments stable = new Moments(n, m);
        new SemiSecondOrderSmci().estimate(rbm, v, h, rows, fast);
        new SemiSecondOrderSmci(true).estimate(rbm, v, h, rows, stable);
        for (double[] x : new double[][] {fast.visible(), fast.hidden(), fast.pair()}) {
            for (double y : x) {
                assertThat(y).isBetween(0.0, 1.0);
            }
        }
        return fast.meanAbsoluteErrors(stable);
    }
}
