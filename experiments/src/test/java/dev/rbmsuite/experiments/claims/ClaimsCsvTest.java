package dev.rbmsuite.experiments.claims;

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
        Claim c = Claim.builder("fig6", "fig6.x").paper(q).statistic("drop, nats").oneSample(new double[] {1, 1.1, 1.2})
                .build();
        Claim beyond = Claim.builder("fig6", "fig6.y").missing(Design.WELCH, "no data").build();
        Path f = tmp.resolve("claims.csv");
        ClaimsCsv.write(ClaimEngine.decideAll(List.of(c, beyond)), f);
        CsvTable t = CsvTable.read(f);
        assertThat(t.header()).containsExactly("figure", "id", "kind", "quote", "statistic", "n", "effect", "ci_low",
                "ci_high", "threshold", "verdict");
        assertThat(t.strings("quote")).containsExactly(q.text(), "");
        assertThat(t.strings("kind")).containsExactly("paper", "beyond");
        assertThat(t.strings("verdict")).containsExactly("holds", "inconclusive");
        assertThat(t.strings("n")).containsExactly("3", "0");
    }
}
