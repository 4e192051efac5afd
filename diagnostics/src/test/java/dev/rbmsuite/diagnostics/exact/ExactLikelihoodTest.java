package dev.rbmsuite.diagnostics.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.BruteForce;
import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** ln P(v) and the mean log-likelihood against plain loops written here. */
class ExactLikelihoodTest {
    private static final Rbm RBM = Rbm.gaussian(5, 3, 1.0, Rng.seeded(21));
    /** Three data points, row-major 3 x 5. */
    private static final double[] DATA = {1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1};

    /** lv(v) = b.v + sum_j ln(1 + exp(zeta_j(v))). */
    private static double lv(double[] v, int off) {
        double s = 0;
        for (int i = 0; i < 5; i++) {
            s += v[off + i] * RBM.visibleBiasArray()[i];
        }
        for (int j = 0; j < 3; j++) {
            double z = RBM.hiddenBiasArray()[j];
            for (int i = 0; i < 5; i++) {
                z += v[off + i] * RBM.weightsArray()[i * 3 + j];
            }
            s += Math.log1p(Math.exp(z));
        }
        return s;
    }

    private static double logZ() {
        double s = 0;
        double[] v = new double[5];
        for (int x = 0; x < 32; x++) {
            for (int i = 0; i < 5; i++) {
                v[i] = x >> i & 1;
            }
            s += Math.exp(lv(v, 0));
        }
        return Math.log(s);
    }

    @Test
    void logProbabilitiesAreLvMinusLogZAndSumToOne() {
        double logZ = logZ();
        double[] out = new double[3];
        ExactLikelihood.logProb(RBM, logZ, DATA, 3, out);
        for (int r = 0; r < 3; r++) {
            assertThat(out[r]).isCloseTo(lv(DATA, 5 * r) - logZ, within(1e-12));
        }
        double[] all = new double[32 * 5];
        for (int x = 0; x < 32; x++) {
            for (int i = 0; i < 5; i++) {
                all[5 * x + i] = x >> i & 1;
            }
        }
        double[] lp = new double[32];
        ExactLikelihood.logProb(RBM, ExactLogZ.logZ(RBM), all, 32, lp);
        double total = 0;
        for (double x : lp) {
            total += Math.exp(x);
        }
        assertThat(total).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void meanLogLikelihoodIsTheRowMeanOnArraysAndOnNd4jMatrices() {
        double logZ = logZ();
        double mean = (lv(DATA, 0) + lv(DATA, 5) + lv(DATA, 10)) / 3 - logZ;
        assertThat(ExactLikelihood.logLikelihood(RBM, logZ, DATA, 3)).isCloseTo(mean, within(1e-12));
        Nd.init();
        assertThat(ExactLikelihood.logLikelihood(RBM, Nd.matrix(DATA, 3, 5))).isCloseTo(mean, within(1e-12));
        assertThat(ExactLikelihood.logProb(RBM, logZ, Nd.matrix(DATA, 3, 5)).getDouble(1))
                .isCloseTo(lv(DATA, 5) - logZ, within(1e-12));
    }

    @Test
    void logProbAndLikelihoodMatchBruteForce() {
        Rbm rbm = BruteForce.random(7, 4, 1.0, 1.0, Rng.seeded(22));
        double[] ref = BruteForce.visibleDistribution(rbm);
        double logZ = ExactLogZ.logZ(rbm);
        int rows = 1 << 7;
        double[] states = StateIndex.allStates(7);
        double[] lp = new double[rows];
        ExactLikelihood.logProb(rbm, logZ, states, rows, lp);
        double mean = 0;
        for (int x = 0; x < rows; x++) {
            assertThat(lp[x]).isCloseTo(Math.log(ref[x]), within(1e-12));
            mean += Math.log(ref[x]) / rows;
        }
        assertThat(ExactLikelihood.logLikelihood(rbm, logZ, states, rows)).isCloseTo(mean, within(1e-12));
    }
}
