package dev.rbmsuite.kernels.exact;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * A probability vector over the joint configurations of a list of binary variables, variable 0 in
 * the lowest bits: index = sum_k x_k &lt;&lt; offset_k with offset_k = sum_{j&lt;k} sizes_j. The
 * operations are the exact counterparts of the kernels' random steps, applied by enumeration:
 * replacing one variable by a conditional draw (the layout may change size), a Metropolis swap
 * of two equally sized variables, and custom steps given by their row functions. Immutable: every
 * operation returns a new distribution. The public test kit (rbm-testkit) composes these operations
 * into exact transition matrices of new kernels.
 */
public final class Joint {
    /** Largest number of bits of any intermediate joint space. */
    public static final int MAX_BITS = 18;

    final int[] sizes;
    final double[] p;

    Joint(int[] sizes, double[] p) {
        this.sizes = sizes;
        this.p = p;
    }

    /** @return the variables' sizes in bits (a copy) */
    public int[] sizes() {
        return sizes.clone();
    }

    /** @return the probabilities over the joint index (a copy) */
    public double[] probabilities() {
        return p.clone();
    }

    /**
     * @param sizes variables' sizes in bits
     * @return the total number of bits
     */
    public static int bits(int[] sizes) {
        int s = 0;
        for (int x : sizes) {
            s += x;
        }
        return s;
    }

    /**
     * @param sizes variables' sizes in bits
     * @param state a joint index
     * @return the point mass at that index
     */
    public static Joint delta(int[] sizes, int state) {
        double[] p = new double[1 << bits(sizes)];
        p[state] = 1.0;
        return new Joint(sizes.clone(), p);
    }

    private int offset(int k) {
        int o = 0;
        for (int j = 0; j < k; j++) {
            o += sizes[j];
        }
        return o;
    }

    /**
     * Replaces variable k (value x) by a draw y ~ cond[x][y] of {@code newSize} bits.
     *
     * @param k variable
     * @param newSize bits of the new variable
     * @param cond row-stochastic table, 2^{sizes[k]} x 2^{newSize}
     * @return the new distribution
     */
    public Joint replace(int k, int newSize, double[][] cond) {
        int off = offset(k);
        int old = sizes[k];
        int[] ns = sizes.clone();
        ns[k] = newSize;
        int nb = bits(ns);
        if (nb > MAX_BITS) {
            throw new IllegalArgumentException("an intermediate joint space of " + nb + " bits is too large");
        }
        double[] q = new double[1 << nb];
        int lowMask = (1 << off) - 1;
        int oldMask = (1 << old) - 1;
        int ny = 1 << newSize;
        for (int i = 0; i < p.length; i++) {
            double pi = p[i];
            if (pi == 0.0) {
                continue;
            }
            int x = (i >>> off) & oldMask;
            int base = (i & lowMask) | ((i >>> (off + old)) << (off + newSize));
            double[] row = cond[x];
            for (int y = 0; y < ny; y++) {
                q[base | (y << off)] += pi * row[y];
            }
        }
        return new Joint(ns, q);
    }

    /**
     * A Metropolis swap of variables k1 and k2 (equal sizes): with probability acc[x1][x2] the two
     * values are exchanged, else both stay (Eq. swap_kernel).
     *
     * @param k1 first variable (value x1)
     * @param k2 second variable (value x2)
     * @param acc acceptance probabilities, indexed [x1][x2]
     * @return the new distribution
     */
    public Joint swap(int k1, int k2, double[][] acc) {
        if (sizes[k1] != sizes[k2]) {
            throw new IllegalArgumentException("swap of variables of sizes " + sizes[k1] + " and " + sizes[k2]);
        }
        int o1 = offset(k1);
        int o2 = offset(k2);
        int mask = (1 << sizes[k1]) - 1;
        double[] q = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            double pi = p[i];
            if (pi == 0.0) {
                continue;
            }
            int x1 = (i >>> o1) & mask;
            int x2 = (i >>> o2) & mask;
            double a = acc[x1][x2];
            int j = i & ~(mask << o1) & ~(mask << o2) | (x2 << o1) | (x1 << o2);
            q[j] += pi * a;
            q[i] += pi * (1 - a);
        }
        return new Joint(sizes.clone(), q);
    }

    /**
     * Replaces variable k (value x) by a draw y ~ row(x), a custom step given by its row function.
     *
     * @param k variable
     * @param newSize bits of the new variable
     * @param row for each value x of variable k, the probabilities of the 2^{newSize} new values
     * @return the new distribution
     */
    public Joint replace(int k, int newSize, IntFunction<double[]> row) {
        int n = 1 << sizes[k];
        double[][] cond = new double[n][];
        for (int x = 0; x < n; x++) {
            cond[x] = checkRow(row.apply(x), 1 << newSize, "value " + x + " of variable " + k);
        }
        return replace(k, newSize, cond);
    }

    /**
     * A custom step on the whole joint configuration: moves from joint index i to j with probability
     * row(i)[j] (the layout stays).
     *
     * @param row for each joint index, the probabilities of the next joint indices
     * @return the new distribution
     */
    public Joint transform(IntFunction<double[]> row) {
        double[] q = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            if (p[i] == 0.0) {
                continue;
            }
            double[] r = checkRow(row.apply(i), p.length, "joint index " + i);
            for (int j = 0; j < q.length; j++) {
                q[j] += p[i] * r[j];
            }
        }
        return new Joint(sizes.clone(), q);
    }

    private static double[] checkRow(double[] r, int length, String where) {
        if (r == null || r.length != length) {
            throw new IllegalArgumentException("the row of " + where + " must have " + length + " entries");
        }
        double sum = 0;
        for (double x : r) {
            if (!(x >= 0)) {
                throw new IllegalArgumentException("the row of " + where + " holds " + x);
            }
            sum += x;
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException("the row of " + where + " sums to " + sum + ", not 1");
        }
        return r;
    }

    boolean sameLayout(int[] other) {
        return Arrays.equals(sizes, other);
    }
}
