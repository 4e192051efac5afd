package dev.rbmsuite.datasets.synthetic;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import java.util.List;

/**
 * An equal-weight mixture of K product-Bernoulli distributions over {0,1}^n,
 * {@code P(v) = (1/K) sum_z prod_i Bern(v_i | p_{z,i})}: the common form of the paper's islands
 * (Eq. P_islands, K = 2) and pentagon (Eq. P_pentagon, K = 5) data sets (section 5.1).
 *
 * <p>Sampling is ancestral: the component z is drawn uniformly, then each v_i independently. The
 * component index is kept as the row's label so that plots can colour the clusters.
 */
public final class BernoulliMixture {
    private final int components;
    private final int n;
    private final double[] p; // components x n, row-major

    /**
     * @param components K, the number of components (each of weight 1/K)
     * @param n number of binary variables
     * @param probabilities {@code p[z*n + i] = P(v_i = 1 | z)} (copied), each in [0, 1]
     */
    public BernoulliMixture(int components, int n, double[] probabilities) {
        if (components < 1 || n < 1 || probabilities.length != (long) components * n) {
            throw new IllegalArgumentException("a mixture needs K >= 1, n >= 1 and K*n probabilities, got K="
                    + components + ", n=" + n + ", " + probabilities.length + " probabilities");
        }
        for (double x : probabilities) {
            if (!(x >= 0 && x <= 1)) {
                throw new IllegalArgumentException("component probability " + x + " is not in [0, 1]");
            }
        }
        this.components = components;
        this.n = n;
        this.p = probabilities.clone();
    }

    /**
     * Checks the shape of a data set drawn from a mixture, shared by the islands and pentagon records
     * (section 5.1): n &gt;= 1 variables, size &gt;= 1 points, and at most {@code maxValues} values in
     * all. Messages name the parameter.
     *
     * @param n number of binary variables
     * @param size N_d, the number of data points
     * @param maxValues the largest size x n allowed
     * @throws IllegalArgumentException naming the first parameter that fails
     */
    static void checkShape(int n, int size, long maxValues) {
        if (n < 1) {
            throw new IllegalArgumentException("parameter n=" + n + ": must be a positive integer");
        }
        if (size < 1) {
            throw new IllegalArgumentException("parameter size=" + size + ": must be a positive integer");
        }
        if ((long) size * n > maxValues) {
            throw new IllegalArgumentException("parameter size=" + size + ": too large (size x n exceeds " + maxValues + ")");
        }
    }

    /** @return K, the number of components */
    public int components() {
        return components;
    }

    /** @return n, the number of binary variables */
    public int dimension() {
        return n;
    }

    /**
     * @param z component index in [0, K)
     * @param i variable index in [0, n)
     * @return P(v_i = 1 | z)
     */
    public double probability(int z, int i) {
        return p[z * n + i];
    }

    /** @return the exact per-variable means E[v_i] = (1/K) sum_z p_{z,i} */
    public double[] mean() {
        double[] mean = new double[n];
        for (int z = 0; z < components; z++) {
            for (int i = 0; i < n; i++) {
                mean[i] += p[z * n + i];
            }
        }
        for (int i = 0; i < n; i++) {
            mean[i] /= components;
        }
        return mean;
    }

    /**
     * Draws i.i.d. points. Draws per row, in order: one {@code nextInt(K)} for the component, then n
     * uniforms; the result therefore depends only on the stream's state.
     *
     * @param name the data set's name
     * @param size N, the number of points
     * @param classNames a name per component (the labels are component indices)
     * @param rng random stream
     * @return the data set, labelled with each point's component
     */
    public BinaryDataset sample(String name, int size, List<String> classNames, Rng rng) {
        double[] data = new double[size * n];
        int[] labels = new int[size];
        double[] u = new double[n];
        for (int r = 0; r < size; r++) {
            int z = rng.nextInt(components);
            labels[r] = z;
            rng.fillUniform(u, 0, n);
            for (int i = 0; i < n; i++) {
                data[r * n + i] = u[i] < p[z * n + i] ? 1.0 : 0.0;
            }
        }
        return BinaryDataset.of(name, data, size, n, labels, classNames);
    }
}
