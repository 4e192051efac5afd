package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.io.CsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A decision's manifest entry keeps every claims.csv column plus the section, statement, sentence,
 * reason and note; numbers without a value are JSON null; claims.csv written from the entries
 * equals the one {@link ClaimsCsv} writes from the decisions themselves.
 */
class DecisionJsonTest {
    @TempDir
    Path tmp;

    private static final PaperQuote Q = new PaperQuote("Sec. 5.2", "A sentence, with \"quotes\".");

    private static Decision decided() {
        return new Decision(Claim.builder("fig7", "fig7.x").paper(Q).statement("st").statistic("stat, nats")
                .welch(new double[] {1}, new double[] {2}).threshold(-0.1).note("rising").build(), "4+4", 0.5, 0.1, 0.9,
                Verdict.HOLDS, "");
    }

    @Test
    void anEntryHoldsEveryFieldOfTheDecision() {
        Decision d = decided();
        ObjectNode o = DecisionJson.of(d);
        assertThat(o.path("figure").asText()).isEqualTo("fig7");
        assertThat(o.path("id").asText()).isEqualTo("fig7.x");
        assertThat(o.path("kind").asText()).isEqualTo("paper");
        assertThat(o.path("quote").asText()).isEqualTo(Q.text());
        assertThat(o.path("section").asText()).isEqualTo("Sec. 5.2");
        assertThat(o.path("statement").asText()).isEqualTo("st");
        assertThat(o.path("statistic").asText()).isEqualTo("stat, nats");
        assertThat(o.path("design").asText()).isEqualTo("Welch t");
        assertThat(o.path("n").asText()).isEqualTo("4+4");
        assertThat(o.path("effect").asDouble()).isEqualTo(0.5);
        assertThat(o.path("ci_low").asDouble()).isEqualTo(0.1);
        assertThat(o.path("ci_high").asDouble()).isEqualTo(0.9);
        assertThat(o.path("threshold").asDouble()).isEqualTo(-0.1);
        assertThat(o.path("verdict").asText()).isEqualTo("holds");
        assertThat(o.path("sentence").asText()).isEqualTo(d.sentence());
        assertThat(o.path("reason").asText()).isEmpty();
        assertThat(o.path("note").asText()).isEqualTo("rising");
    }

    @Test
    void missingNumbersAreNullAndReadBackAsNaN() {
        Decision d = new Decision(Claim.builder("fig9", "m").missing(Design.PAIRED, "no per-start data").build(), "0",
                Double.NaN, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, "no per-start data");
        ObjectNode o = DecisionJson.of(d);
        assertThat(o.get("effect").isNull()).isTrue();
        assertThat(o.get("ci_low").isNull()).isTrue();
        assertThat(o.get("ci_high").isNull()).isTrue();
        assertThat(o.path("threshold").isNumber()).isTrue();
        CsvTable t = DecisionJson.table(List.of(o));
        assertThat(t.strings("effect")).containsExactly("NaN");
        assertThat(t.strings("verdict")).containsExactly("inconclusive");
    }

    @Test
    void theTableFromEntriesEqualsClaimsCsvFromTheDecisions() throws Exception {
        Decision missing = new Decision(Claim.builder("fig9", "m").missing(Design.PAIRED, "r").build(), "0", Double.NaN,
                Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, "r");
        List<Decision> all = List.of(decided(), missing);
        Path f = tmp.resolve("claims.csv");
        ClaimsCsv.write(all, f);
        List<JsonNode> entries = List.of(DecisionJson.of(all.get(0)), DecisionJson.of(all.get(1)));
        assertThat(DecisionJson.table(entries).toCsv()).isEqualTo(Files.readString(f));
        assertThat(DecisionJson.table(entries).header()).containsExactlyElementsOf(ClaimsCsv.HEADER);
    }
}
