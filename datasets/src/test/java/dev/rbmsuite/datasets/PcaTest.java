package dev.rbmsuite.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.synthetic.Pentagon;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

class PcaTest {

    /** Sample covariance with divisor N-1, computed independently (two passes, no shortcuts). */
    private static double[][] covariance(double[] x, int rows, int n) {
        double[] mean = new double[n];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                mean[i] += x[r * n + i] / rows;
            }
        }
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int r = 0; r < rows; r++) {
                    s += (x[r * n + i] - mean[i]) * (x[r * n + j] - mean[j]);
                }
                c[i][j] = s / (rows - 1);
            }
        }
        return c;
    }

    private static double[] times(double[][] c, double[] u) {
        double[] out = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            for (int j = 0; j < u.length; j++) {
                out[i] += c[i][j] * u[j];
            }
        }
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void componentsAreOrthonormalEigenvectorsOfTheCovarianceInDecreasingOrder() {
        BinaryDataset data = new Pentagon(3.0, 12, 400).generate(Rng.seeded(5));
        int n = data.dimension();
        double[] x = data.toArray();
        double[][] c = covariance(x, data.size(), n);
        Pca pca = Pca.fit(data);

        double trace = 0;
        double sum = 0;
        for (int k = 0; k < n; k++) {
            double[] u = pca.component(k);
            for (int l = 0; l < n; l++) {
                assertThat(dot(u, pca.component(l))).isCloseTo(k == l ? 1.0 : 0.0, within(1e-12));
            }
            double lambda = pca.explainedVariance(k);
            double[] cu = times(c, u);
            for (int i = 0; i < n; i++) {
                assertThat(cu[i]).isCloseTo(lambda * u[i], within(1e-12));
            }
            if (k > 0) {
                assertThat(lambda).isLessThanOrEqualTo(pca.explainedVariance(k - 1));
            }
            trace += c[k][k];
            sum += lambda;
        }
        assertThat(sum).isCloseTo(trace, within(1e-12));

        // the top eigenvalue, by brute force: power iteration on the independently computed covariance
        double[] v = new double[n];
        Arrays.fill(v, 1.0);
        double rayleigh = 0;
        for (int it = 0; it < 5000; it++) {
            double[] w = times(c, v);
            double norm = Math.sqrt(dot(w, w));
            for (int i = 0; i < n; i++) {
                v[i] = w[i] / norm;
            }
            rayleigh = dot(v, times(c, v));
        }
        assertThat(pca.explainedVariance(0)).isCloseTo(rayleigh, within(1e-10));
    }

    @Test
    void projectionOfTheDataHasTheExplainedVariancesAndUncorrelatedCoordinates() {
        BinaryDataset data = new Pentagon(6.0, 25, 300).generate(Rng.seeded(11));
        Pca pca = Pca.fit(data);
        INDArray plane = pca.projectPlane(data.matrix());
        assertThat(plane.shape()).containsExactly(300L, 2L);
        double[] p = Nd.toArray(plane);
        double[][] c = covariance(p, 300, 2);
        assertThat(c[0][0]).isCloseTo(pca.explainedVariance(0), within(1e-12));
        assertThat(c[1][1]).isCloseTo(pca.explainedVariance(1), within(1e-12));
        assertThat(c[0][1]).isCloseTo(0.0, within(1e-12));
        double m0 = 0;
        for (int r = 0; r < 300; r++) {
            m0 += p[2 * r];
        }
        assertThat(m0 / 300).isCloseTo(0.0, within(1e-12)); // centred
    }

    @Test
    void smallExampleWithKnownComponentsAndSignConvention() {
        // rows (1,1,0), (0,0,0), (1,1,1), (0,0,1): C = (1/3) [[1,1,0],[1,1,0],[0,0,1]]
        // eigenpairs 2/3 with (1,1,0)/sqrt2, 1/3 with (0,0,1), 0 with (1,-1,0)/sqrt2
        double[] x = {1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1};
        Pca pca = Pca.fit(BinaryDataset.of("toy", x, 4, 3, null, null));
        double s = Math.sqrt(0.5);
        assertThat(pca.explainedVariance(0)).isCloseTo(2.0 / 3, within(1e-14));
        assertThat(pca.explainedVariance(1)).isCloseTo(1.0 / 3, within(1e-14));
        assertThat(pca.explainedVariance(2)).isCloseTo(0.0, within(1e-14));
        assertThat(pca.component(0)).containsExactly(new double[] {s, s, 0}, within(1e-14));
        assertThat(pca.component(1)).containsExactly(new double[] {0, 0, 1}, within(1e-14));
        assertThat(pca.component(2)).containsExactly(new double[] {s, -s, 0}, within(1e-14));
        assertThat(Nd.toArray(pca.mean())).containsExactly(new double[] {0.5, 0.5, 0.5}, within(1e-15));
        INDArray one = pca.projectPlane(Nd.vector(new double[] {1, 1, 0}));
        assertThat(Nd.toArray(one)).containsExactly(new double[] {s, -0.5}, within(1e-14));
    }

    @Test
    void signConventionMakesTheLargestLoadingPositiveAndFittingIsDeterministic() {
        BinaryDataset data = new Pentagon(6.0, 25, 100).generate(Rng.seeded(3));
        Pca a = Pca.fit(data);
        Pca b = Pca.fit(data);
        assertThat(Nd.toArray(a.components())).containsExactly(Nd.toArray(b.components()));
        for (int k = 0; k < data.dimension(); k++) {
            double[] u = a.component(k);
            int arg = 0;
            for (int i = 1; i < u.length; i++) {
                if (Math.abs(u[i]) > Math.abs(u[arg]) + 1e-9) {
                    arg = i;
                }
            }
            assertThat(u[arg]).isPositive();
        }
    }
}
