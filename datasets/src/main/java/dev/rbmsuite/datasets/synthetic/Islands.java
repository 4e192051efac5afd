package dev.rbmsuite.datasets.synthetic;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import java.util.List;

/**
 * The islands data set (paper section 5.1, Eq. P_islands): a two-component mixture of product
 * Bernoulli distributions, {@code P(v | a) = (1/2) sum_{z in {-1,+1}} prod_i Bern(v_i | 1/2 + a z)}.
 * The parameter a in [0, 1/2] sets the separation of the two modes; the paper uses a = 0.4, n = 25,
 * N_d = 100 (Table 1). Row labels are the component: 0 for z = -1, 1 for z = +1.
 *
 * @param a separation, in [0, 1/2]
 * @param n number of binary variables, at least 1
 * @param size N_d, the number of data points, at least 1
 */
public record Islands(double a, int n, int size) {
    /** The paper's separation a = 0.4. */
    public static final double DEFAULT_A = 0.4;
    /** The paper's dimension n = 25. */
    public static final int DEFAULT_N = 25;
    /** The paper's data size N_d = 100. */
    public static final int DEFAULT_SIZE = 100;
    /** The largest number of values (size x units) a generated batch may hold. */
    public static final long MAX_VALUES = 1L << 27;
    /** Name of the data set (and of the registry entry). */
    public static final String NAME = "islands";

    /** Checks the parameters; messages name the parameter. */
    public Islands {
        if (!(a >= 0 && a <= 0.5)) {
            throw new IllegalArgumentException("parameter a=" + a + ": must be in [0, 0.5]");
        }
        BernoulliMixture.checkShape(n, size, MAX_VALUES);
    }

    /** @return the paper's setting: a = 0.4, n = 25, N_d = 100 */
    public static Islands paper() {
        return new Islands(DEFAULT_A, DEFAULT_N, DEFAULT_SIZE);
    }

    /** @return the mixture of Eq. P_islands: component 0 is z = -1, component 1 is z = +1 */
    public BernoulliMixture mixture() {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            p[i] = 0.5 - a;
            p[n + i] = 0.5 + a;
        }
        return new BernoulliMixture(2, n, p);
    }

    /**
     * @param rng random stream (all draws of the data set come from it)
     * @return N_d i.i.d. points of Eq. P_islands, labelled with their component
     */
    public BinaryDataset generate(Rng rng) {
        return mixture().sample(NAME, size, List.of("z=-1", "z=+1"), rng);
    }
}
