package dev.rbmsuite.diagnostics.samples;

/**
 * The squared maximum mean discrepancy between two sets of binary states under the kernel
 * k(x, y) = exp(-H(x, y) / n), H the Hamming distance and n the number of units: the "exponentiated
 * average Hamming" kernel with which Grathwohl, Swersky, Hashemi, Duvenaud &amp; Maddison ("Oops I
 * took a gradient: scalable sampling for discrete distributions", ICML 2021) and Zhang, Liu &amp; Liu
 * ("A Langevin-like sampler for discrete distributions", ICML 2022) compare a sampler's chains with
 * long block-Gibbs chains on an RBM of 784 x 500 units. As in their code, the biased V-statistic
 * <pre>
 *   MMD^2(X, Y) = mean_{a,b} k(x_a, x_b) + mean_{a,b} k(y_a, y_b) - 2 mean_{a,b} k(x_a, y_b),
 * </pre>
 * diagonal pairs included, which is never negative (it is the squared distance of the two empirical
 * mean embeddings) and is zero only for equal empirical distributions.
 *
 * <p>The kernel depends on the pair only through the integer H in [0, n], so each of the three means
 * is a histogram of Hamming distances (words of 64 units XORed and counted) summed against the table
 * exp(-h / n) in the order h = 0..n: the result is the same double whatever the order of the pairs and
 * on every CPU ({@link StrictMath#exp}). A {@link Sample} packs a set of states once; a reference set's
 * own mean is computed once ({@link Sample#selfMean()}) and reused for every comparison with it.
 */
public final class HammingMmd {
    private final int n;
    private final int words;
    private final double[] kernel;

    private HammingMmd(int n) {
        this.n = n;
        this.words = (n + 63) >>> 6;
        this.kernel = new double[n + 1];
        for (int h = 0; h <= n; h++) {
            kernel[h] = StrictMath.exp(-(double) h / n);
        }
    }

    /**
     * @param n units per state
     * @return the discrepancy for states of n units
     * @throws IllegalArgumentException if n &lt; 1
     */
    public static HammingMmd of(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        return new HammingMmd(n);
    }

    /** @return the units per state */
    public int units() {
        return n;
    }

    /**
     * @param h a Hamming distance in [0, n]
     * @return the kernel exp(-h / n)
     */
    public double kernel(int h) {
        return kernel[h];
    }

    /**
     * Packs a set of states.
     *
     * @param rows states, row-major, each value 0 or 1 (anything other than 0 counts as 1)
     * @param count the number of states (rows)
     * @return the packed set
     * @throws IllegalArgumentException if rows holds fewer than count x n values or count &lt; 1
     */
    public Sample pack(double[] rows, int count) {
        if (count < 1 || rows.length < (long) count * n) {
            throw new IllegalArgumentException(count + " states of " + n + " units need " + (long) count * n
                    + " values, got " + rows.length);
        }
        long[] bits = new long[count * words];
        for (int r = 0; r < count; r++) {
            for (int i = 0; i < n; i++) {
                if (rows[r * n + i] != 0) {
                    bits[r * words + (i >>> 6)] |= 1L << (i & 63);
                }
            }
        }
        return new Sample(bits, count);
    }

    /**
     * @param x one set
     * @param y the other set (a reference: its own mean is computed once and kept)
     * @return MMD^2(x, y) as above, at least 0
     */
    public double squared(Sample x, Sample y) {
        double mixed = mean(x, y);
        double value = x.selfMean() + y.selfMean() - 2 * mixed;
        // the three means are computed exactly from integer counts; a negative value is rounding of a
        // zero discrepancy (equal empirical distributions)
        return Math.max(0, value);
    }

    /** @return the mean kernel value over all pairs (a in x, b in y) */
    private double mean(Sample x, Sample y) {
        long[] hist = new long[n + 1];
        for (int a = 0; a < x.count; a++) {
            for (int b = 0; b < y.count; b++) {
                hist[distance(x.bits, a, y.bits, b)]++;
            }
        }
        return weighted(hist, (double) x.count * y.count);
    }

    private int distance(long[] p, int a, long[] q, int b) {
        int d = 0;
        int pa = a * words;
        int qb = b * words;
        for (int w = 0; w < words; w++) {
            d += Long.bitCount(p[pa + w] ^ q[qb + w]);
        }
        return d;
    }

    private double weighted(long[] hist, double pairs) {
        double s = 0;
        for (int h = 0; h <= n; h++) {
            s += hist[h] * kernel[h];
        }
        return s / pairs;
    }

    /** A packed set of states of this discrepancy's width. */
    public final class Sample {
        private final long[] bits;
        private final int count;
        private double self = Double.NaN;

        private Sample(long[] bits, int count) {
            this.bits = bits;
            this.count = count;
        }

        /** @return the number of states */
        public int count() {
            return count;
        }

        /**
         * @return the mean kernel value over all ordered pairs of this set, the diagonal (k = 1) included;
         *     computed on first use and kept (a histogram over the pairs a &lt; b, counted twice, plus the
         *     diagonal)
         */
        public synchronized double selfMean() {
            if (Double.isNaN(self)) {
                long[] hist = new long[n + 1];
                for (int a = 0; a < count; a++) {
                    for (int b = a + 1; b < count; b++) {
                        hist[distance(bits, a, bits, b)] += 2;
                    }
                }
                hist[0] += count;
                self = weighted(hist, (double) count * count);
            }
            return self;
        }
    }
}
