package dev.rbmsuite.experiments.sampling;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.util.Arrays;

/**
 * Which cluster of a labelled training set a visible state belongs to: the label (class or
 * mixture component) of its nearest training point in Hamming distance. Used to count moves
 * between clusters (figure 8) and the occupancy of clusters over the steps (figure 9).
 *
 * <p>For counting moves, {@link #follow} adds hysteresis: a chain changes cluster only when the
 * nearest training point of the new cluster is at least {@link #margin()} bits closer than the
 * nearest one of any other cluster, so a state hovering on the boundary between two clusters is
 * not counted as crossing back and forth at every step.
 */
public final class Clusters {
    /** The default hysteresis margin in bits. */
    public static final int DEFAULT_MARGIN = 2;

    private final int n;
    private final int words;
    private final long[] points;
    private final int[] labels;
    private final int count;
    private final int margin;

    private Clusters(BinaryDataset data, int margin) {
        this.n = data.dimension();
        this.words = (n + 63) / 64;
        this.points = new long[data.size() * words];
        this.labels = data.labels().clone();
        this.margin = margin;
        int k = 0;
        for (int r = 0; r < data.size(); r++) {
            pack(data.row(r), 0, n, points, r * words);
            k = Math.max(k, labels[r] + 1);
        }
        this.count = k;
    }

    /**
     * @param data a training set
     * @param margin the hysteresis margin in bits
     * @return its clusters, or null if the data set has no labels
     */
    public static Clusters of(BinaryDataset data, int margin) {
        return data.hasLabels() ? new Clusters(data, margin) : null;
    }

    /** @return the number of clusters */
    public int count() {
        return count;
    }

    /** @return the hysteresis margin in bits */
    public int margin() {
        return margin;
    }

    /**
     * @param v states, row-major
     * @param off the first unit of the state
     * @return the label of the nearest training point (ties: the lower label)
     */
    public int nearest(double[] v, int off) {
        int[] d = distances(v, off);
        int best = 0;
        for (int k = 1; k < count; k++) {
            if (d[k] < d[best]) {
                best = k;
            }
        }
        return best;
    }

    /**
     * The cluster of a chain after one more state, with hysteresis.
     *
     * @param v states, row-major
     * @param off the first unit of the state
     * @param current the chain's cluster so far, or -1 at its start
     * @return the nearest cluster if it wins by at least the margin (or at the start), else {@code current}
     */
    public int follow(double[] v, int off, int current) {
        int[] d = distances(v, off);
        int best = nearest(v, off);
        if (current < 0) {
            return best;
        }
        for (int k = 0; k < count; k++) {
            if (k != best && d[k] < d[best] + margin) {
                return current;
            }
        }
        return best;
    }

    /**
     * The model's probability of each cluster, every state labelled by {@link #nearest}, estimated
     * from exact i.i.d. draws of the enumerated marginal (labelling all 2^25 states against every
     * training point would cost more than the whole figure; 10^5 draws give a standard error below
     * 0.002).
     *
     * @param p the exact visible marginal (n &lt;= 25)
     * @param draws the number of exact draws
     * @param rng the stream of the draws
     * @return P(cluster k) for each k
     */
    public double[] modelMass(VisibleDistribution p, int draws, Rng rng) {
        double[] mass = new double[count];
        long[] bits = new long[1];
        for (int x : p.sampleIndices(draws, rng)) {
            bits[0] = x;
            mass[nearestPacked(bits)] += 1.0 / draws;
        }
        return mass;
    }

    private int nearestPacked(long[] bits) {
        int[] d = packedDistances(bits);
        int best = 0;
        for (int k = 1; k < count; k++) {
            if (d[k] < d[best]) {
                best = k;
            }
        }
        return best;
    }

    private int[] distances(double[] v, int off) {
        long[] bits = new long[words];
        pack(v, off, n, bits, 0);
        return packedDistances(bits);
    }

    /** @return for each cluster, the smallest Hamming distance from the packed state to its training points */
    private int[] packedDistances(long[] bits) {
        int[] d = new int[count];
        Arrays.fill(d, Integer.MAX_VALUE);
        for (int r = 0; r < labels.length; r++) {
            int h = 0;
            for (int w = 0; w < words; w++) {
                h += Long.bitCount(bits[w] ^ points[r * words + w]);
            }
            if (h < d[labels[r]]) {
                d[labels[r]] = h;
            }
        }
        return d;
    }

    /** Unit i of the state goes to bit i (mod 64) of word i / 64, the enumeration order of StateIndex. */
    private static void pack(double[] v, int off, int n, long[] out, int at) {
        for (int i = 0; i < n; i++) {
            if (v[off + i] != 0) {
                out[at + i / 64] |= 1L << (i % 64);
            }
        }
    }
}
