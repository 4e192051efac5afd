package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sentences from hand-made evidence rows: a sentence holds only when all its rows hold, fails when
 * one fails, is equal when its rows are equal or hold; Holm's adjusted p-values against a hand
 * computation; an adjusted verdict that does not survive becomes inconclusive; a row's sensitivity
 * verdicts make its sentence fragile.
 */
class SentencesTest {
    private static ObjectNode row(String sentence, String verdict, double pHolds, double pFails, double pEqual) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("figure", "fig9");
        o.put("id", sentence + "." + verdict + pHolds);
        o.put("kind", "paper");
        o.put("quote", "A sentence.");
        o.put("section", "Sec. 5.3");
        o.put("verdict_of", sentence);
        o.put("verdict", verdict);
        o.put("p_holds", pHolds);
        o.put("p_fails", pFails);
        o.put("p_equal", pEqual);
        o.putObject("sensitivity");
        return o;
    }

    @Test
    void combineFollowsTheDocumentedRule() {
        assertThat(Sentences.combine(List.of(Verdict.HOLDS, Verdict.HOLDS))).isEqualTo(Verdict.HOLDS);
        assertThat(Sentences.combine(List.of(Verdict.HOLDS, Verdict.DOES_NOT_HOLD))).isEqualTo(Verdict.DOES_NOT_HOLD);
        // a holding row beside an equal row: the sentence is not equal (registration section 4)
        assertThat(Sentences.combine(List.of(Verdict.HOLDS, Verdict.EQUAL))).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Sentences.combine(List.of(Verdict.EQUAL, Verdict.EQUAL))).isEqualTo(Verdict.EQUAL);
        // unmeasurable rows do not count; a sentence of unmeasurable rows only is unmeasurable
        assertThat(Sentences.combine(List.of(Verdict.UNMEASURABLE, Verdict.HOLDS))).isEqualTo(Verdict.HOLDS);
        assertThat(Sentences.combine(List.of(Verdict.UNMEASURABLE, Verdict.DOES_NOT_HOLD)))
                .isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Sentences.combine(List.of(Verdict.UNMEASURABLE, Verdict.EQUAL))).isEqualTo(Verdict.EQUAL);
        assertThat(Sentences.combine(List.of(Verdict.UNMEASURABLE, Verdict.UNMEASURABLE)))
                .isEqualTo(Verdict.UNMEASURABLE);
        assertThat(Sentences.combine(List.of(Verdict.EQUAL, Verdict.INCONCLUSIVE))).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Sentences.combine(List.of(Verdict.INCONCLUSIVE, Verdict.DOES_NOT_HOLD)))
                .isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(Sentences.combine(List.of())).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void theSmallerThanMarginLabelAndTheUnmeasurableRowsPValues() {
        ObjectNode small = row("s", "holds", 0.001, 0.99, 0.01);
        small.put("smaller_than_margin", true);
        ObjectNode large = row("s", "holds", 0.003, 0.99, 0.9);
        ObjectNode unmeasurable = row("s", "unmeasurable", 0.5, 0.5, 0.5);
        Sentences.Sentence s = Sentences.of(List.of(small, large, unmeasurable)).get(0);
        assertThat(s.verdict()).isEqualTo(Verdict.HOLDS);
        // any holding row smaller than the margin labels a holding sentence
        assertThat(s.smallerThanMargin()).isTrue();
        // the unmeasurable row's p does not enter: max over the measurable rows
        assertThat(s.p()).isEqualTo(0.003);
        ObjectNode fail1 = row("f", "does not hold", 0.99, 0.001, 0.9);
        fail1.put("smaller_than_margin", true);
        ObjectNode fail2 = row("f", "does not hold", 0.99, 0.002, 0.9);
        Sentences.Sentence f = Sentences.of(List.of(fail1, fail2, unmeasurable.deepCopy().put("verdict_of", "f")))
                .get(0);
        // a failing sentence is labelled only when every failing row is; Bonferroni over the 2 measurable rows
        assertThat(f.smallerThanMargin()).isFalse();
        assertThat(f.p()).isEqualTo(0.002);
        ObjectNode e1 = row("e", "equal within the margin", 0.4, 0.4, 0.001);
        ObjectNode e2 = row("e", "equal within the margin", 0.4, 0.4, 0.004);
        Sentences.Sentence e = Sentences.of(List.of(e1, e2)).get(0);
        assertThat(e.verdict()).isEqualTo(Verdict.EQUAL);
        assertThat(e.p()).isEqualTo(0.004);
        Sentences.Sentence u = Sentences.of(List.of(unmeasurable.deepCopy().put("verdict_of", "u"))).get(0);
        assertThat(u.verdict()).isEqualTo(Verdict.UNMEASURABLE);
        assertThat(u.p()).isEqualTo(1);
        // Holm decides nothing about a sentence that cannot be measured
        assertThat(u.adjusted()).isEqualTo(Verdict.UNMEASURABLE);
    }

    @Test
    void holmMatchesAHandComputation() {
        // sorted: 0.001 (x4 = 0.004), 0.01 (x3 = 0.03), 0.02 (x2 = 0.04), 0.04 (x1 = 0.04)
        double[] adj = Sentences.holm(new double[] {0.02, 0.001, 0.04, 0.01});
        assertThat(adj[1]).isCloseTo(0.004, within(1e-15));
        assertThat(adj[3]).isCloseTo(0.03, within(1e-15));
        assertThat(adj[0]).isCloseTo(0.04, within(1e-15));
        // monotone: the largest p is adjusted to max(0.04, 0.04)
        assertThat(adj[2]).isCloseTo(0.04, within(1e-15));
        // capped at 1, and a later smaller product does not lower an earlier larger one
        double[] capped = Sentences.holm(new double[] {0.6, 0.5});
        assertThat(capped[1]).isEqualTo(1.0);
        assertThat(capped[0]).isEqualTo(1.0);
        assertThat(Sentences.holm(new double[0])).isEmpty();
    }

    @Test
    void sentencesAggregateTheirRowsAndHolmDemotesWeakOnes() {
        List<JsonNode> rows = new ArrayList<>();
        // s1: two rows that hold, p = max = 0.002
        rows.add(row("s1", "holds", 0.001, 0.99, Double.NaN));
        rows.add(row("s1", "holds", 0.002, 0.99, Double.NaN));
        // s2: one row that fails with p 0.004: Bonferroni within the sentence x2 = 0.008
        rows.add(row("s2", "does not hold", 0.99, 0.004, Double.NaN));
        rows.add(row("s2", "inconclusive", 0.3, 0.3, Double.NaN));
        // s3: holds with p 0.02 alone, but not after Holm over 4 sentences
        rows.add(row("s3", "holds", 0.02, 0.99, Double.NaN));
        // s4: equal within the margin, p 0.0001
        rows.add(row("s4", "equal within the margin", 0.4, 0.9, 0.0001));
        // a beyond row is no sentence
        ObjectNode beyond = row("", "holds", 0.0, 1, Double.NaN);
        beyond.put("kind", "beyond");
        rows.add(beyond);
        List<Sentences.Sentence> s = Sentences.of(rows);
        assertThat(s).extracting(Sentences.Sentence::id).containsExactly("s1", "s2", "s3", "s4");
        assertThat(s).extracting(Sentences.Sentence::verdict).containsExactly(Verdict.HOLDS, Verdict.DOES_NOT_HOLD,
                Verdict.HOLDS, Verdict.EQUAL);
        assertThat(s.get(0).p()).isEqualTo(0.002);
        assertThat(s.get(1).p()).isEqualTo(0.008);
        assertThat(s.get(0).rows()).hasSize(2);
        // Holm by hand: sorted 0.0001 (x4), 0.002 (x3 = 0.006), 0.008 (x2 = 0.016), 0.02 (x1 = 0.02)
        assertThat(s.get(3).adjustedP()).isCloseTo(0.0004, within(1e-15));
        assertThat(s.get(0).adjustedP()).isCloseTo(0.006, within(1e-15));
        assertThat(s.get(1).adjustedP()).isCloseTo(0.016, within(1e-15));
        assertThat(s.get(2).adjustedP()).isCloseTo(0.02, within(1e-15));
        // all below 0.025: every verdict survives
        assertThat(s).extracting(Sentences.Sentence::adjusted).containsExactly(Verdict.HOLDS, Verdict.DOES_NOT_HOLD,
                Verdict.HOLDS, Verdict.EQUAL);
        // one more sentence that holds at p 0.011 pushes s3 to 0.011 * ... : the family grows to 5
        rows.add(row("s5", "holds", 0.011, 0.99, Double.NaN));
        List<Sentences.Sentence> five = Sentences.of(rows);
        // sorted 0.0001, 0.002, 0.008, 0.011, 0.02: adjusted 0.0005, 0.008, 0.024, 0.024 (max(0.022, 0.024)), 0.024
        assertThat(five.get(4).adjustedP()).isCloseTo(0.024, within(1e-15));
        assertThat(five.get(2).adjustedP()).isCloseTo(0.024, within(1e-15));
        assertThat(five.get(2).adjusted()).isEqualTo(Verdict.HOLDS);
        rows.add(row("s6", "holds", 0.013, 0.99, Double.NaN));
        // sorted 0.0001 (x6 = 0.0006), 0.002 (x5 = 0.01), 0.008 (x4 = 0.032), 0.011 (x3 = 0.033), 0.013 (x2 = 0.026,
        // raised to 0.033), 0.02 (x1, raised to 0.033): the third and every later one are demoted
        List<Sentences.Sentence> six = Sentences.of(rows);
        assertThat(six.get(3).adjusted()).isEqualTo(Verdict.EQUAL);
        assertThat(six.get(0).adjustedP()).isCloseTo(0.01, within(1e-15));
        assertThat(six.get(0).adjusted()).isEqualTo(Verdict.HOLDS);
        assertThat(six.get(1).adjustedP()).isCloseTo(0.032, within(1e-15));
        assertThat(six.get(1).adjusted()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(six.get(1).verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(six.get(4).adjustedP()).isCloseTo(0.033, within(1e-15));
        assertThat(six.get(5).adjustedP()).isCloseTo(0.033, within(1e-15));
        assertThat(six.get(2).adjustedP()).isCloseTo(0.033, within(1e-15));
        assertThat(six.get(2).adjusted()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void aRowWhoseVerdictChangesUnderAnAlternativeMakesItsSentenceFragile() {
        ObjectNode a = row("s", "holds", 0.001, 0.99, Double.NaN);
        a.with("sensitivity").put("margin*2", "holds");
        ObjectNode b = row("s", "holds", 0.001, 0.99, Double.NaN);
        b.with("sensitivity").put("window/2", "inconclusive");
        Sentences.Sentence s = Sentences.of(List.of(a, b)).get(0);
        assertThat(s.sensitivity()).containsEntry("margin*2", Verdict.HOLDS).containsEntry("window/2",
                Verdict.INCONCLUSIVE);
        assertThat(s.fragile()).isTrue();
        Sentences.Sentence solid = Sentences.of(List.of(a)).get(0);
        assertThat(solid.fragile()).isFalse();
    }
}
