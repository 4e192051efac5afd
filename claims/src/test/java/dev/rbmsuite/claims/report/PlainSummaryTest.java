package dev.rbmsuite.claims.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.LearningStatistics;
import dev.rbmsuite.claims.Sentences;
import dev.rbmsuite.claims.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The plain opening of REPORT.md from hand-made sentences: the paraphrase, the verdict and the effects' range in
 * the statistic's units, two significant digits, and none of the evidence tables' intervals or statistic names.
 */
class PlainSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode row(String statistic, String label, double effect) {
        ObjectNode r = JSON.createObjectNode();
        r.put("statistic", statistic);
        r.put("effect_label", label);
        r.put("effect", effect);
        r.put("ci_low", effect - 1);
        r.put("ci_high", effect + 1);
        return r;
    }

    private static Sentences.Sentence sentence(String id, Verdict v, Verdict adjusted, JsonNode... rows) {
        return new Sentences.Sentence(id, id.split("\\.")[0], "The paper says so, in a sentence of more than ten words "
                + "that goes on.", "Sec. 5", List.of(rows), v, 0.01, 0.02, adjusted, Map.of(), false);
    }

    @Test
    void oneSentenceGivesItsParaphraseVerdictAndRangeInNatsWithoutIntervals() {
        String p = PlainSummary.paragraph(List.of(sentence("fig6.mitigates-failure-vs-bgs", Verdict.HOLDS, Verdict.HOLDS,
                row(LearningStatistics.DROP, "drop(BGS) - drop(proposed (L = 1))", 2.653066),
                row(LearningStatistics.DROP, "drop(BGS) - drop(proposed (L = 2))", 3.237),
                row(LearningStatistics.DROP, "drop(BGS) - drop(proposed (L = 3))", 3.389))));
        assertThat(p).isEqualTo("The proposed kernel falls less than BGS: **holds**. Fall from the smoothed peak, BGS "
                + "minus proposed: 2.7 to 3.4 nats.");
        assertThat(p).doesNotContain("[").doesNotContain("95 %").doesNotContain("running mean");
    }

    @Test
    void aFamilyOfSentencesNamesWhereItDoesNotHoldAndWhatHolmChanged() {
        String tv10 = "TV at step 10 per start";
        List<Sentences.Sentence> s = new ArrayList<>();
        s.add(sentence("fig9.lower.genrbm.bgs", Verdict.HOLDS, Verdict.HOLDS, row(tv10, "BGS - proposed (median)", 0.2062)));
        s.add(sentence("fig9.lower.genrbm.dt", Verdict.DOES_NOT_HOLD, Verdict.INCONCLUSIVE,
                row(tv10, "DT (L = 3) - proposed (median)", -0.0025019)));
        s.add(sentence("fig9.lower.iris.bgs", Verdict.HOLDS, Verdict.HOLDS, row(tv10, "BGS - proposed (median)", 0.3893)));
        assertThat(PlainSummary.paragraph(s)).isEqualTo("It reaches a lower median TV: **holds** for 2 of 3; does not hold "
                + "for genrbm vs DT (1 more inconclusive after Holm). TV at step 10, BGS minus proposed: 0.21 to 0.39; "
                + "DT minus proposed: -0.0025.");
    }

    @Test
    void oneConfigurationStatisticsHaveNoComparisonAndTheMaeGrowthIsARatio() {
        String mae = "mean MAE over the last quarter of the epochs relative to the first quarter's, minus 1, per trial";
        String p = PlainSummary.paragraph(List.of(
                sentence("fig2.maes-increase", Verdict.HOLDS, Verdict.HOLDS, row(mae, "relative growth", 6.769),
                        row(mae, "relative growth", 16.57)),
                sentence("fig6.stable-at-L3", Verdict.HOLDS, Verdict.HOLDS, row(LearningStatistics.DROP, "-drop", -0.0078))));
        assertThat(p).isEqualTo("The MAEs grow as training goes on: **holds**. Last quarter's MAE over the first "
                + "quarter's: 7.8 to 18 times. At L = 3 the proposed kernel does not fall: **holds**. Fall from the "
                + "smoothed peak: 0.0078 nats.");
    }

    @Test
    void anUnknownFamilyAndStatisticFallBackToTheQuoteAndTheStatisticsName() {
        String p = PlainSummary.paragraph(List.of(sentence("compare.better.x", Verdict.INCONCLUSIVE,
                Verdict.INCONCLUSIVE, row("mean widget count (per epoch), per trial", "A - B", 1.234))));
        assertThat(p).isEqualTo("The paper says so, in a sentence of more than …: **inconclusive**. Mean widget "
                + "count, A minus B: 1.2.");
    }

    @Test
    void comparisonsNumbersAndNouns() {
        assertThat(PlainSummary.comparison("drop(DT (L = 1)) - drop(DT (L = 2))")).isEqualTo("DT at L minus DT at L + 1");
        assertThat(PlainSummary.comparison("proposed (L = 3) - BGS")).isEqualTo("proposed minus BGS");
        assertThat(PlainSummary.comparison("lambda2 - 1")).isEmpty();
        assertThat(PlainSummary.comparison("drop")).isEmpty();
        assertThat(PlainSummary.num(68.39)).isEqualTo("68");
        assertThat(PlainSummary.num(-0.10256)).isEqualTo("-0.1");
        assertThat(PlainSummary.num(-2.9196e-5)).isEqualTo("-0.000029");
        assertThat(PlainSummary.num(0)).isEqualTo("0");
        assertThat(PlainSummary.range(List.of(0.4, 0.41))).isEqualTo("0.4 to 0.41");
        assertThat(PlainSummary.range(List.of(3.39, 3.41))).isEqualTo("3.4");
        assertThat(PlainSummary.noun("mean TV over steps 1..10 per start")[0]).isEqualTo("mean TV over steps 1-10");
        assertThat(PlainSummary.family("fig9.rapid.genrbm.dt")).isEqualTo("fig9.rapid");
    }
}
