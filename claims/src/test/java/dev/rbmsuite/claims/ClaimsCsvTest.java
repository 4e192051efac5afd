package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** claims.csv has exactly the documented columns and round-trips quotes with commas and quotes. */
class ClaimsCsvTest {
    @TempDir
    Path tmp;

    @Test
    void writesTheDocumentedColumnsAndQuotesVerbatim() throws Exception {
        PaperQuote q = new PaperQuote("Sec. 5.2", "In particular, the \"proposed\" kernel, at $L=3$.");
        Claim c = Claim.builder("fig6", "fig6.x").paper(q, "fig6.s").statistic("drop, nats")
                .oneSample(new double[] {1, 1.1, 1.2}).better(0.1).build();
        Claim beyond = Claim.builder("fig6", "fig6.y").missing(Design.WELCH, "no data").build();
        Path f = tmp.resolve("claims.csv");
        ClaimsCsv.write(ClaimEngine.decideAll(List.of(c, beyond)), f);
        CsvTable t = CsvTable.read(f);
        assertThat(t.header()).containsExactly("figure", "id", "kind", "quote", "statistic", "n", "effect", "ci_low",
                "ci_high", "threshold", "verdict", "margin", "verdict_of", "sentence_verdict", "adjusted_verdict", "fragile",
                "sentence_fragile", "smaller_than_margin", "sentence_smaller_than_margin", "se", "p_holds", "p_fails",
                "p_equal");
        assertThat(t.strings("margin")).containsExactly("0.1", "0.0");
        assertThat(t.strings("verdict_of")).containsExactly("fig6.s", "");
        // one sentence of one row that holds clearly: Holm over one sentence keeps it
        assertThat(t.strings("sentence_verdict")).containsExactly("holds", "");
        assertThat(t.strings("adjusted_verdict")).containsExactly("holds", "");
        // with the margin doubled (0.2) the interval around 1.1 still lies above: not fragile
        assertThat(t.strings("fragile")).containsExactly("false", "false");
        assertThat(t.strings("sentence_fragile")).containsExactly("false", "");
        assertThat(t.strings("quote")).containsExactly(q.text(), "");
        assertThat(t.strings("kind")).containsExactly("paper", "beyond");
        assertThat(t.strings("verdict")).containsExactly("holds", "inconclusive");
        assertThat(t.strings("n")).containsExactly("3", "0");
    }
}
