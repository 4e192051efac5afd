package dev.rbmsuite.datasets.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.uci.UciReader;
import dev.rbmsuite.datasets.uci.UciSource;
import dev.rbmsuite.datasets.uci.UciTable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RankHotTest {

    @Test
    void quantileMatchesNumpyLinearInterpolation() {
        // reference values from numpy 2.4: np.quantile(x, p) for the default method 'linear'
        double[] x = {0.1, 0.7, 0.3, 0.3, 0.9, 1.1, 0.2};
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        double[] p = {0, 0.1, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.7, 0.9, 1};
        double[] numpy = {0.1, 0.16000000000000003, 0.25, 0.3, 0.3, 0.7, 0.7399999999999998, 0.9800000000000001, 1.1};
        for (int k = 0; k < p.length; k++) {
            assertThat(RankHot.quantile(sorted, p[k])).as("p=%s", p[k]).isEqualTo(numpy[k]);
        }
        assertThat(RankHot.quantile(new double[] {4.2}, 0.3)).isEqualTo(4.2);
    }

    @Test
    void irisCutPointsAndBinCountsMatchNumpy() {
        // np.quantile(iris[:, f], r/6), r = 1..5, and np.bincount(np.searchsorted(t, x, side='right'))
        double[][] numpyCuts = {
            {5.0, 5.4, 5.8, 6.3, 6.7},
            {2.7, 2.9, 3.0, 3.2, 3.4},
            {1.5, 2.6333333333333306, 4.35, 4.9, 5.5166666666666675},
            {0.2, 0.8666666666666657, 1.3, 1.6, 2.0},
        };
        int[][] numpyCounts = {
            {22, 24, 27, 26, 23, 28},
            {24, 23, 10, 38, 19, 36},
            {23, 27, 25, 24, 26, 25},
            {6, 44, 15, 33, 23, 29},
        };
        RankHotEncoding enc = RankHot.encode(UciReader.load(UciSource.IRIS), 6);
        for (int f = 0; f < 4; f++) {
            assertThat(enc.cutPoints(f)).containsExactly(numpyCuts[f]);
            assertThat(enc.binCounts(f)).containsExactly(numpyCounts[f]);
        }
        // wine proline (feature 13) and seeds asymmetry coefficient (feature 6), also from numpy
        assertThat(RankHot.encode(UciReader.load(UciSource.WINE), 6).cutPoints(12))
                .containsExactly(450.0, 560.0, 673.5, 835.0, 1087.5);
        assertThat(RankHot.encode(UciReader.load(UciSource.SEEDS), 6).cutPoints(5))
                .containsExactly(2.1988333333333334, 2.9239999999999995, 3.599, 4.327999999999999, 5.184166666666667);
    }

    @ParameterizedTest
    @EnumSource(UciSource.class)
    void exactlyKMinusOneMonotoneTieConsistentBitsPerFeature(UciSource source) {
        UciTable table = UciReader.load(source);
        for (int k : new int[] {2, 3, 6, 11}) {
            RankHotEncoding enc = RankHot.encode(table, k);
            BinaryDataset d = enc.data();
            int bits = k - 1;
            assertThat(d.dimension()).isEqualTo(table.features() * bits);
            assertThat(d.size()).isEqualTo(table.rows());
            assertThat(d.labels()).containsExactly(table.labels());
            assertThat(d.classNames()).isEqualTo(table.classNames());
            for (int f = 0; f < table.features(); f++) {
                double[] x = table.column(f);
                int[] counts = new int[k];
                for (int a = 0; a < x.length; a++) {
                    double[] ca = code(d, a, f, bits);
                    for (int r = 1; r < bits; r++) {
                        assertThat(ca[r]).isLessThanOrEqualTo(ca[r - 1]); // thermometer form
                    }
                    counts[(int) sum(ca)]++;
                    for (int b = 0; b < x.length; b++) {
                        if (x[a] <= x[b]) {
                            double[] cb = code(d, b, f, bits);
                            for (int r = 0; r < bits; r++) {
                                assertThat(ca[r]).isLessThanOrEqualTo(cb[r]); // monotone in the value
                            }
                            if (x[a] == x[b]) {
                                assertThat(ca).containsExactly(cb); // ties get equal codes
                            }
                        }
                    }
                }
                assertThat(enc.binCounts(f)).containsExactly(counts);
                assertEachColumnSplitsNearItsQuantile(d, x, f, bits, k);
            }
        }
    }

    /**
     * Bit r (1-based) is 1[x >= t_r] with t_r the r/K quantile: the zeros are the values below the cut, so
     * their number is at most (N-1) r/K + 1, and together with the ties at the smallest value coded 1 at least
     * (N-1) r/K. This only uses the raw values and the bits, not the implementation's cut points.
     */
    private static void assertEachColumnSplitsNearItsQuantile(BinaryDataset d, double[] x, int f, int bits, int k) {
        int n = x.length;
        for (int r = 1; r <= bits; r++) {
            int col = f * bits + r - 1;
            int zeros = 0;
            double smallestOne = Double.POSITIVE_INFINITY;
            double largestZero = Double.NEGATIVE_INFINITY;
            for (int a = 0; a < n; a++) {
                if (d.get(a, col) == 0.0) {
                    zeros++;
                    largestZero = Math.max(largestZero, x[a]);
                } else {
                    smallestOne = Math.min(smallestOne, x[a]);
                }
            }
            assertThat(largestZero).isLessThan(smallestOne); // a threshold split
            int atOrBelow = 0;
            for (double v : x) {
                if (v <= smallestOne) {
                    atOrBelow++;
                }
            }
            double h = (n - 1) * (double) r / k;
            assertThat((double) zeros).isLessThanOrEqualTo(h + 1);
            assertThat((double) atOrBelow).isGreaterThanOrEqualTo(h);
            // fraction of ones = 1 - zeros/N, near 1 - r/K within what the ties at the cut allow
            int tiesAtCut = atOrBelow - zeros;
            double ones = 1.0 - zeros / (double) n;
            assertThat(Math.abs(ones - (1.0 - (double) r / k))).isLessThanOrEqualTo((tiesAtCut + 1.0) / n);
        }
    }

    private static double[] code(BinaryDataset d, int row, int f, int bits) {
        double[] c = new double[bits];
        for (int r = 0; r < bits; r++) {
            c[r] = d.get(row, f * bits + r);
        }
        return c;
    }

    private static double sum(double[] c) {
        double s = 0;
        for (double v : c) {
            s += v;
        }
        return s;
    }

    @Test
    void heavyTiesKeepDuplicateColumnsRatherThanDroppingThem() {
        double[] x = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2};
        RankHotEncoding enc = RankHot.encode("ties", x, 10, 1, 6, null, null, List.of("x"));
        BinaryDataset d = enc.data();
        assertThat(d.dimension()).isEqualTo(5);
        double[] cuts = enc.cutPoints(0);
        assertThat(cuts[0]).isEqualTo(cuts[1]); // t_1 = t_2 = 0 ...
        for (int row = 0; row < 10; row++) {
            assertThat(d.get(row, 0)).isEqualTo(d.get(row, 1)); // ... so columns 1 and 2 are identical
        }
        for (int row = 0; row < 8; row++) {
            assertThat(d.row(row)).containsExactly(d.row(0)); // all zeros tie
        }
        assertThat(sum(d.row(0))).isEqualTo(sum(d.row(7)));
        int[] counts = enc.binCounts(0);
        assertThat(Arrays.stream(counts).sum()).isEqualTo(10);
    }

    @Test
    void paperDimensionsAndSummary() {
        assertThat(RankHot.encode(UciReader.load(UciSource.IRIS), RankHot.DEFAULT_BINS).data().dimension()).isEqualTo(20);
        assertThat(RankHot.encode(UciReader.load(UciSource.WINE), RankHot.DEFAULT_BINS).data().dimension()).isEqualTo(65);
        RankHotEncoding seeds = RankHot.encode(UciReader.load(UciSource.SEEDS), RankHot.DEFAULT_BINS);
        assertThat(seeds.data().dimension()).isEqualTo(35);
        assertThat(seeds.summary()).containsEntry("bins", 6).containsKey("features");
        assertThat((List<?>) seeds.summary().get("features")).hasSize(7);
        assertThatThrownBy(() -> RankHot.cutPoints(new double[] {1, 2}, 1)).hasMessageContaining("k=1");
    }
}
