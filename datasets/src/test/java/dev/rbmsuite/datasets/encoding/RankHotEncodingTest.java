package dev.rbmsuite.datasets.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rbmsuite.datasets.BinaryDataset;

/**
 * The encoding's record of what it did: cut points and bin counts derived by hand from docs/methods.md
 * section 4 for a tiny table, the summary's keys, and copies that callers cannot change.
 */
class RankHotEncodingTest {

    /**
     * Two features over five rows, K = 3. Feature a = 1..5: the type-7 quantiles at 1/3 and 2/3 are 2 + 1/3
     * and 3 + 2/3, so the values fall into bins 1, 1, 2, 3, 3. Feature b = 5, 5, 5, 5, 9: both cuts are 5, so
     * every 5 has both bits on (a value equal to a cut goes up) and lands in bin 3 with the 9.
     */
    private static RankHotEncoding tiny() {
        double[] values = {1, 5, 2, 5, 3, 5, 4, 5, 5, 9};
        return RankHot.encode("tiny", values, 5, 2, 3, new int[] {0, 0, 1, 1, 1}, List.of("x", "y"),
                List.of("a", "b"));
    }

    @Test
    void cutPointsAndBinCountsFollowTheDefinition() {
        RankHotEncoding e = tiny();
        assertThat(e.bins()).isEqualTo(3);
        assertThat(e.features()).isEqualTo(2);
        assertThat(e.featureNames()).containsExactly("a", "b");
        assertThat(e.cutPoints(0)[0]).isCloseTo(2 + 1.0 / 3, within(1e-12));
        assertThat(e.cutPoints(0)[1]).isCloseTo(3 + 2.0 / 3, within(1e-12));
        assertThat(e.binCounts(0)).containsExactly(2, 1, 2);
        assertThat(e.cutPoints(1)).containsExactly(5, 5);
        assertThat(e.binCounts(1)).containsExactly(0, 0, 5);
        for (int f = 0; f < 2; f++) {
            int sum = 0;
            for (int c : e.binCounts(f)) {
                sum += c;
            }
            assertThat(sum).isEqualTo(5);
        }
    }

    @Test
    void theDataHoldsKMinusOneThermometerBitsPerFeatureAndKeepsTheLabels() {
        BinaryDataset d = tiny().data();
        assertThat(d.name()).isEqualTo("tiny");
        assertThat(d.size()).isEqualTo(5);
        assertThat(d.dimension()).isEqualTo(2 * 2);
        double[][] expected = {{0, 0, 1, 1}, {0, 0, 1, 1}, {1, 0, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
        for (int r = 0; r < 5; r++) {
            assertThat(d.row(r)).as("row %d", r).containsExactly(expected[r]);
        }
        assertThat(d.labels()).containsExactly(0, 0, 1, 1, 1);
        assertThat(d.classNames()).containsExactly("x", "y");
    }

    @Test
    void theSummaryListsEveryFeatureInOrder() {
        Map<String, Object> s = tiny().summary();
        assertThat(s.keySet()).containsExactly("encoding", "quantile", "bins", "features");
        assertThat(s).containsEntry("encoding", "rank-hot").containsEntry("bins", 3);
        assertThat((String) s.get("quantile")).contains("type 7");
        List<?> fs = (List<?>) s.get("features");
        assertThat(fs).hasSize(2);
        Map<?, ?> b = (Map<?, ?>) fs.get(1);
        assertThat(b.get("name")).isEqualTo("b");
        assertThat((double[]) b.get("cutPoints")).containsExactly(5, 5);
        assertThat((int[]) b.get("binCounts")).containsExactly(0, 0, 5);
    }

    @Test
    void callersGetCopies() {
        RankHotEncoding e = tiny();
        e.cutPoints(0)[0] = 100;
        e.binCounts(0)[0] = 100;
        Map<?, ?> a = (Map<?, ?>) ((List<?>) e.summary().get("features")).get(0);
        ((double[]) a.get("cutPoints"))[1] = 100;
        ((int[]) a.get("binCounts"))[1] = 100;
        assertThat(e.cutPoints(0)[0]).isCloseTo(2 + 1.0 / 3, within(1e-12));
        assertThat(e.cutPoints(0)[1]).isCloseTo(3 + 2.0 / 3, within(1e-12));
        assertThat(e.binCounts(0)).containsExactly(2, 1, 2);
        assertThat(e.featureNames()).isUnmodifiable();
    }
}
