package dev.rbmsuite.diagnostics.spectral;

import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Draws of the visible field {@code eta(h) = b + W h} for {@code h ~ P(h | v)} at one fixed visible
 * state v, the first half of a BGS transition (Appendix B), without drawing the m hidden units one by
 * one.
 *
 * <p>Given v the hidden units are independent, so the hidden layer is split into groups of up to
 * {@value #GROUP} units, and each group's pattern (one of 256) is drawn from its exact joint law
 * {@code prod_j p_j^{h_j} (1 - p_j)^{1 - h_j}} by Walker's alias method: one uniform per group
 * instead of one per unit. The group's contribution to the field, {@code sum_{j in group} W_ij h_j},
 * is read from a table built once per state. The drawn h has exactly the law P(h | v) (up to the
 * rounding of the pattern probabilities, about 1e-16 relative), so the estimators built on it keep
 * their distribution; the paper's N2 = 2^15 draws per state then cost 13 uniforms and 13 table
 * rows each (m = 100) instead of 100 uniforms and a field computation.
 *
 * <p>Not thread-safe: one instance per state and thread.
 */
final class GroupedFieldDraws {
    /** Hidden units per group (256 patterns). */
    static final int GROUP = 8;
    private static final VectorSpecies<Double> S = Lanes.SPECIES;

    private final int n;
    private final int stride;        // n padded to whole vectors
    private final int groups;
    private final int[] shift;       // per group: 53 - units, the bits of a uniform left after the cell
    private final long[] cells;      // groups x 256: (acceptance threshold << 8) | alias pattern
    private final double[] fields;   // groups x 256 x stride: sum of the W columns of the set units, zero padded
    private final double[] bias;
    private final double[] uniforms;
    private final double[] row;
    private final int[] offsets;     // per group: the table row of the current draw (manyVectors)

    /**
     * Builds the alias and field tables for state v.
     *
     * @param rbm the model
     * @param v the visible state (n values, 0 or 1)
     * @param block the largest number of draws asked for at once
     */
    GroupedFieldDraws(Rbm rbm, double[] v, int block) {
        this.n = rbm.numVisible();
        this.stride = ((n + S.length() - 1) / S.length()) * S.length();
        int m = rbm.numHidden();
        this.groups = (m + GROUP - 1) / GROUP;
        this.shift = new int[groups];
        this.cells = new long[groups << GROUP];
        this.fields = new double[(groups << GROUP) * stride];
        this.bias = new double[stride];
        System.arraycopy(rbm.visibleBiasArray(), 0, bias, 0, n);
        this.row = new double[stride];
        this.offsets = new int[groups];
        this.uniforms = new double[block * groups];
        double[] zeta = new double[m];
        rbm.hiddenField(v, 1, zeta);
        double[] prob = new double[1 << GROUP];
        for (int g = 0; g < groups; g++) {
            int first = g * GROUP;
            int units = Math.min(GROUP, m - first);
            int patterns = 1 << units;
            shift[g] = 53 - units;
            int base = g << GROUP;
            // pattern probabilities and field contributions by doubling over the group's units
            prob[0] = 1.0;
            for (int u = 0; u < units; u++) {
                int j = first + u;
                double on = Numerics.sigmoid(zeta[j]);
                double off = Numerics.sigmoid(-zeta[j]);
                int len = 1 << u;
                for (int x = 0; x < len; x++) {
                    prob[x + len] = prob[x] * on;
                    prob[x] *= off;
                    int src = (base + x) * stride;
                    int dst = (base + x + len) * stride;
                    for (int i = 0; i < n; i++) {
                        fields[dst + i] = fields[src + i] + rbm.weight(i, j);
                    }
                }
            }
            buildAlias(prob, patterns, base, shift[g]);
        }
    }

    /**
     * Vose's alias method over prob[0..k), normalised by its sum, into {@link #cells} at base. A draw
     * takes the 53-bit integer U of a uniform: its top bits pick the cell, and the cell keeps its own
     * pattern when the remaining {@code bits} bits are below {@code ceil(accept 2^bits)} (the same
     * decision as comparing the uniform's fraction within the cell with accept), else takes the alias.
     */
    private void buildAlias(double[] prob, int k, int base, int bits) {
        double[] accept = new double[k];
        int[] alias = new int[k];
        double total = 0;
        for (int x = 0; x < k; x++) {
            total += prob[x];
        }
        double[] q = new double[k];
        int[] small = new int[k];
        int[] large = new int[k];
        int ns = 0;
        int nl = 0;
        for (int x = 0; x < k; x++) {
            q[x] = prob[x] * k / total;
            if (q[x] < 1.0) {
                small[ns++] = x;
            } else {
                large[nl++] = x;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            accept[s] = q[s];
            alias[s] = l;
            q[l] = (q[l] + q[s]) - 1.0;
            if (q[l] < 1.0) {
                small[ns++] = l;
            } else {
                large[nl++] = l;
            }
        }
        // what is left has q = 1 up to rounding: always accept itself
        while (nl > 0) {
            int l = large[--nl];
            accept[l] = 1.0;
            alias[l] = l;
        }
        while (ns > 0) {
            int s = small[--ns];
            accept[s] = 1.0;
            alias[s] = s;
        }
        double scale = Math.scalb(1.0, bits);
        for (int x = 0; x < k; x++) {
            long threshold = (long) Math.ceil(accept[x] * scale);
            cells[base + x] = (threshold << 8) | alias[x];
        }
    }

    /**
     * The probability with which {@link #draw} picks a pattern, read back from the alias table:
     * {@code (keep[x] + sum over cells y aliased to x of (1 - keep[y])) / size} (for tests).
     *
     * @param g group
     * @param x pattern (bit u is the group's unit u)
     * @return its drawing probability
     */
    double patternProbability(int g, int x) {
        int base = g << GROUP;
        int k = 1 << (53 - shift[g]);
        double scale = Math.scalb(1.0, shift[g]);
        double p = 0;
        for (int y = 0; y < k; y++) {
            double keep = (cells[base + y] >>> 8) / scale;
            if (y == x) {
                p += keep;
            }
            if ((int) (cells[base + y] & 0xFF) == x) {
                p += 1.0 - keep;
            }
        }
        return p / k;
    }

    /**
     * @param g group
     * @param x pattern
     * @return its field contribution to visible unit i: sum of W_ij over the set units j (for tests)
     */
    double patternField(int g, int x, int i) {
        return fields[((g << GROUP) + x) * stride + i];
    }

    /** @return uniforms used per draw (the number of groups) */
    int uniformsPerDraw() {
        return groups;
    }

    /**
     * Draws {@code rows} independent fields eta(h), h ~ P(h | v), into {@code out} (rows x n),
     * using exactly rows x {@link #uniformsPerDraw()} uniforms of {@code rng}.
     *
     * @param rows number of draws, at most the block size
     * @param out fields, rows x n (overwritten)
     * @param rng random stream
     */
    void draw(int rows, double[] out, Rng rng) {
        rng.fillUniform(uniforms, 0, rows * groups);
        int vectors = stride / S.length();
        for (int r = 0; r < rows; r++) {
            int o = r * n;
            // whole vectors are stored straight into out (their padding lands on the next row, written
            // after this one) except where they would pass the last row
            boolean direct = o + stride <= rows * n;
            double[] dst = direct ? out : row;
            int d = direct ? o : 0;
            if (vectors == 1) {
                oneVector(r * groups, dst, d);
            } else if (vectors == 2) {
                twoVectors(r * groups, dst, d);
            } else {
                manyVectors(r * groups, dst, d);
            }
            if (!direct) {
                System.arraycopy(row, 0, out, o, n);
            }
        }
    }

    /** One draw's field when it fits one vector (accumulated in a register). */
    private void oneVector(int u, double[] dst, int d) {
        DoubleVector acc = DoubleVector.fromArray(S, bias, 0);
        for (int g = 0; g < groups; g++) {
            acc = DoubleVector.fromArray(S, fields, pattern(g, uniforms[u + g]) * stride).add(acc);
        }
        acc.intoArray(dst, d);
    }

    /** One draw's field when it takes two vectors (n = 9..16 with 8 lanes). */
    private void twoVectors(int u, double[] dst, int d) {
        int lanes = S.length();
        DoubleVector acc0 = DoubleVector.fromArray(S, bias, 0);
        DoubleVector acc1 = DoubleVector.fromArray(S, bias, lanes);
        for (int g = 0; g < groups; g++) {
            int src = pattern(g, uniforms[u + g]) * stride;
            acc0 = DoubleVector.fromArray(S, fields, src).add(acc0);
            acc1 = DoubleVector.fromArray(S, fields, src + lanes).add(acc1);
        }
        acc0.intoArray(dst, d);
        acc1.intoArray(dst, d + lanes);
    }

    /**
     * One draw's field when it takes three or more vectors (n &gt; 16 at 8 lanes, n &gt; 4 at 2 lanes):
     * the table rows are looked up once, then blocks of up to four vectors are accumulated in
     * registers. Each field is bias + the group rows in group order, as in the other variants.
     */
    private void manyVectors(int u, double[] dst, int d) {
        int lanes = S.length();
        int[] rows = offsets;
        for (int g = 0; g < groups; g++) {
            rows[g] = pattern(g, uniforms[u + g]) * stride;
        }
        int j = 0;
        for (; j + 4 * lanes <= stride; j += 4 * lanes) {
            DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
            DoubleVector a1 = DoubleVector.fromArray(S, bias, j + lanes);
            DoubleVector a2 = DoubleVector.fromArray(S, bias, j + 2 * lanes);
            DoubleVector a3 = DoubleVector.fromArray(S, bias, j + 3 * lanes);
            for (int g = 0; g < groups; g++) {
                int src = rows[g] + j;
                a0 = DoubleVector.fromArray(S, fields, src).add(a0);
                a1 = DoubleVector.fromArray(S, fields, src + lanes).add(a1);
                a2 = DoubleVector.fromArray(S, fields, src + 2 * lanes).add(a2);
                a3 = DoubleVector.fromArray(S, fields, src + 3 * lanes).add(a3);
            }
            a0.intoArray(dst, d + j);
            a1.intoArray(dst, d + j + lanes);
            a2.intoArray(dst, d + j + 2 * lanes);
            a3.intoArray(dst, d + j + 3 * lanes);
        }
        for (; j < stride; j += lanes) {
            DoubleVector a0 = DoubleVector.fromArray(S, bias, j);
            for (int g = 0; g < groups; g++) {
                a0 = DoubleVector.fromArray(S, fields, rows[g] + j).add(a0);
            }
            a0.intoArray(dst, d + j);
        }
    }

    /**
     * @return the table row (group base + pattern) that uniform u selects in group g (Walker's alias
     *     method); package-private for the plain scalar reference of {@link #draw} in the tests
     */
    int pattern(int g, double u) {
        long bits = (long) (u * 0x1p53);   // exact: u is a multiple of 2^-53
        int sh = shift[g];
        int cell = (int) (bits >>> sh);
        long entry = cells[(g << GROUP) + cell];
        int other = (int) (entry & 0xFF);
        // branch-free (the choice is unpredictable): keep the cell when the rest is below the threshold
        int keep = (int) (((bits & ((1L << sh) - 1)) - (entry >>> 8)) >>> 63);
        return (g << GROUP) + other + keep * (cell - other);
    }
}
