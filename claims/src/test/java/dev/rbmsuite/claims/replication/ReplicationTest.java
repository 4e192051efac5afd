package dev.rbmsuite.claims.replication;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Registration;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.io.CsvTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The replication on hand-made seeds whose right answer is known: a sentence that holds in every seed
 * replicates, one that holds in one seed of five does not, one whose baseline wins in every seed does
 * not hold when pooled, and heterogeneity between seeds widens the pooled interval.
 */
class ReplicationTest {
    /** A decided directional row as a figure manifest keeps it. */
    private static ObjectNode row(String id, String sentence, double effect, double se, double margin) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("figure", "fig9");
        o.put("id", id);
        o.put("kind", "paper");
        o.put("quote", "The proposed kernel also attained lower TV distances within the evaluated range.");
        o.put("section", "Sec. 5.3");
        o.put("statement", id);
        o.put("statistic", "median TV at step 100");
        o.put("effect_label", "DT - proposed");
        o.put("rule", "better");
        o.put("margin", margin);
        o.put("threshold", 0.0);
        o.put("verdict_of", sentence);
        o.put("effect", effect);
        o.put("se", se);
        double lo = effect - 1.96 * se;
        double hi = effect + 1.96 * se;
        o.put("ci_low", lo);
        o.put("ci_high", hi);
        String v = lo > 0 ? "holds" : hi < 0 ? "does not hold" : lo > -margin && hi < margin ? "equal within the margin"
                : "inconclusive";
        o.put("verdict", v);
        o.put("p_holds", lo > 0 ? 0.001 : 0.5);
        o.put("p_fails", hi < 0 ? 0.001 : 0.5);
        o.put("p_equal", 0.5);
        o.putObject("sensitivity");
        return o;
    }

    private static SeedRun seed(long seed, boolean confirmatory, JsonNode... rows) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        m.put("figure", "fig9");
        m.put("seed", seed);
        m.put("scale", "paper");
        m.putObject("rules").put("registration", Registration.VERSION).put("sha256", Registration.REGISTERED_SHA256);
        m.putArray("claims").addAll(List.of(rows));
        return new SeedRun("seed " + seed + (confirmatory ? "" : " (exploratory)"), seed, confirmatory, List.of(m));
    }

    private static Replication.Result replicate(double[] a, double[] b, double[] c) {
        List<SeedRun> seeds = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            seeds.add(seed(2 + i, true, row("r.a", "s.a.bgs", a[i], 0.01, 0.005), row("r.b", "s.b.dt", b[i], 0.01, 0.005),
                    row("r.c", "s.c.dt", c[i], 0.01, 0.005)));
        }
        return Replication.of(seeds, seed(1, false, row("r.a", "s.a.bgs", 0.1, 0.01, 0.005),
                row("r.b", "s.b.dt", 0.1, 0.01, 0.005), row("r.c", "s.c.dt", -0.1, 0.01, 0.005)));
    }

    @Test
    void aSentenceThatHoldsInEverySeedReplicatesAndOneThatHoldsOnceDoesNot() {
        Replication.Result r = replicate(new double[] {0.10, 0.12, 0.09, 0.11, 0.10},
                new double[] {0.05, -0.001, 0.002, -0.003, 0.001}, new double[] {-0.1, -0.12, -0.08, -0.11, -0.1});
        Replication.SentenceLine a = r.sentences().get(0);
        assertThat(a.id()).isEqualTo("s.a.bgs");
        assertThat(a.baseline()).isEqualTo("bgs");
        assertThat(a.seeds()).isEqualTo(5);
        assertThat(a.counts().get(Verdict.HOLDS)).isEqualTo(5);
        assertThat(a.replicationRate()).isEqualTo(1.0);
        assertThat(a.pooled().verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(a.replicates()).isTrue();
        assertThat(a.verdicts()).containsKey("seed 1 (exploratory)");
        // b holds in seed 2 only: rate 0.2; pooled over heterogeneous seeds its interval straddles 0
        Replication.SentenceLine b = r.sentences().get(1);
        assertThat(b.counts().get(Verdict.HOLDS)).isEqualTo(1);
        assertThat(b.replicationRate()).isEqualTo(0.2);
        assertThat(b.replicates()).isFalse();
        assertThat(b.binding().path("tau2").asDouble()).isGreaterThan(0);
        assertThat(b.pooled().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        // c: the baseline better in every seed, the same confidence the other way: does not hold when pooled
        Replication.SentenceLine c = r.sentences().get(2);
        assertThat(c.counts().get(Verdict.DOES_NOT_HOLD)).isEqualTo(5);
        assertThat(c.pooled().verdict()).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(c.replicationRate()).isEqualTo(0);
        // the exploratory seed counts for nothing
        assertThat(c.verdicts().get("seed 1 (exploratory)")).isEqualTo(Verdict.DOES_NOT_HOLD);
        assertThat(a.counts().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(5);
    }

    @Test
    void aPooledDifferenceInsideTheMarginIsEqualAndFewerThanThreeSeedsGiveNone() {
        Replication.Result r = replicate(new double[] {0.001, -0.001, 0.0005, 0, 0.0002},
                new double[] {0.1, 0.1, 0.1, 0.1, 0.1}, new double[] {0.1, 0.1, 0.1, 0.1, 0.1});
        // se 0.01 per seed, pooled se about 0.0045: the interval leaves the margin 0.005, inconclusive, not equal
        assertThat(r.sentences().get(0).pooled().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        List<SeedRun> two = List.of(seed(2, true, row("r", "s.dt", 0.1, 0.01, 0.005)),
                seed(3, true, row("r", "s.dt", 0.1, 0.01, 0.005)));
        Replication.SentenceLine line = Replication.of(two, null).sentences().get(0);
        assertThat(line.pooled().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(line.binding().path("reason").asText()).contains("fewer than 3");
        List<SeedRun> tight = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            tight.add(seed(2 + i, true, row("r", "s.dt", 0.0001 * (i - 2), 0.0005, 0.005)));
        }
        assertThat(Replication.of(tight, null).sentences().get(0).pooled().verdict()).isEqualTo(Verdict.EQUAL);
    }

    @Test
    void theTablesHaveTheDocumentedColumnsAndTheReportSaysWhatReplicates() {
        Replication.Result r = replicate(new double[] {0.10, 0.12, 0.09, 0.11, 0.10},
                new double[] {0.05, -0.001, 0.002, -0.003, 0.001}, new double[] {-0.1, -0.12, -0.08, -0.11, -0.1});
        CsvTable t = ReplicationTables.sentences(r);
        assertThat(t.header()).containsSubsequence("sentence", "seeds", "holds", "does_not_hold", "equal",
                "inconclusive", "replication_rate", "pooled_verdict", "pooled_effect", "pooled_ci_low", "pooled_ci_high");
        assertThat(t.header()).contains("verdict_seed_2", "verdict_seed_1_exploratory");
        assertThat(t.strings("replication_rate")).containsExactly("1.0", "0.2", "0.0");
        assertThat(ReplicationTables.rows(r).strings("row")).containsExactly("r.a", "r.b", "r.c");
        String md = ReplicationReport.markdown(r, List.of("replication-fig9.png"));
        assertThat(md).contains("### Against BGS").contains("### Against DT").contains("- **Replicate (1):**")
                .contains("- **Do not hold when pooled (the baseline is better) (1):**")
                .contains("| `s.a.bgs` | H | H | H | H | H | H | 5 of 5 | **holds** |")
                .contains(Registration.REGISTERED_SHA256).contains("| seed 2 | confirmatory |")
                .contains("![replication-fig9.png](replication-fig9.png)");
    }
}
