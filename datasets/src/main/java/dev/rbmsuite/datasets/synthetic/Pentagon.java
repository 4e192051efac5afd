package dev.rbmsuite.datasets.synthetic;

import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import java.util.ArrayList;
import java.util.List;

/**
 * The pentagon data set (paper section 5.1, Eq. P_pentagon): a five-component mixture of product Bernoulli
 * distributions, {@code P(v | kappa) = (1/5) sum_{z=1..5} prod_i Bern(v_i | sig(kappa rho_{z,i}))} with
 * {@code rho_{z,i} = cos(2 pi (chi_i - z) / 5)} and {@code chi_i = floor(5 i / n)} for 1-based i
 * (docs/methods.md section 7.2). kappa >= 0 sets the separation; the paper uses kappa = 6, n = 25, N_d = 100
 * (Table 1). Row labels are z - 1 (0..4).
 *
 * @param kappa separation, finite and non-negative
 * @param n number of binary variables, at least 1
 * @param size N_d, the number of data points, at least 1
 */
public record Pentagon(double kappa, int n, int size) {
    /** The paper's separation kappa = 6. */
    public static final double DEFAULT_KAPPA = 6.0;
    /** The paper's dimension n = 25. */
    public static final int DEFAULT_N = 25;
    /** The paper's data size N_d = 100. */
    public static final int DEFAULT_SIZE = 100;
    /** The largest number of values (size x units) a generated batch may hold. */
    public static final long MAX_VALUES = 1L << 27;
    /** Name of the data set (and of the registry entry). */
    public static final String NAME = "pentagon";
    /** Number of mixture components. */
    public static final int COMPONENTS = 5;

    /** Checks the parameters; messages name the parameter. */
    public Pentagon {
        if (!(kappa >= 0 && Double.isFinite(kappa))) {
            throw new IllegalArgumentException("parameter kappa=" + kappa + ": must be a finite number >= 0");
        }
        BernoulliMixture.checkShape(n, size, MAX_VALUES);
    }

    /** @return the paper's setting: kappa = 6, n = 25, N_d = 100 */
    public static Pentagon paper() {
        return new Pentagon(DEFAULT_KAPPA, DEFAULT_N, DEFAULT_SIZE);
    }

    /**
     * @param i 1-based variable index in [1, n]
     * @return chi_i = floor(5 i / n), the angular position of variable i (docs/methods.md section 7.2)
     */
    public int chi(int i) {
        if (i < 1 || i > n) {
            throw new IndexOutOfBoundsException("chi_i needs 1 <= i <= n = " + n + ", got " + i);
        }
        return (int) ((5L * i) / n);
    }

    /** @return the mixture of Eq. P_pentagon: component index z - 1 for z = 1..5 */
    public BernoulliMixture mixture() {
        double[] p = new double[COMPONENTS * n];
        for (int z = 1; z <= COMPONENTS; z++) {
            for (int i = 1; i <= n; i++) {
                double rho = StrictMath.cos(2 * Math.PI / COMPONENTS * (chi(i) - z));
                p[(z - 1) * n + (i - 1)] = Numerics.sigmoid(kappa * rho);
            }
        }
        return new BernoulliMixture(COMPONENTS, n, p);
    }

    /**
     * @param rng random stream (all draws of the data set come from it)
     * @return N_d i.i.d. points of Eq. P_pentagon, labelled with z - 1
     */
    public BinaryDataset generate(Rng rng) {
        List<String> names = new ArrayList<>();
        for (int z = 1; z <= COMPONENTS; z++) {
            names.add("z=" + z);
        }
        return mixture().sample(NAME, size, names, rng);
    }
}
