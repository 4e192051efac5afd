package dev.rbmsuite.experiments.claims;

import dev.rbmsuite.core.io.CsvTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code claims.csv}: one row per claim with the columns
 * {@code figure,id,kind,quote,statistic,n,effect,ci_low,ci_high,threshold,verdict} (docs/contract.md).
 * The quote is the paper's sentence verbatim (empty for beyond claims); numbers are written in
 * full precision, NaN where there is no interval.
 */
public final class ClaimsCsv {
    /** The header, in order. */
    public static final List<String> HEADER = List.of("figure", "id", "kind", "quote", "statistic", "n", "effect",
            "ci_low", "ci_high", "threshold", "verdict");

    private ClaimsCsv() {
    }

    /**
     * @param decisions the rows
     * @return the table
     */
    public static CsvTable table(List<Decision> decisions) {
        CsvTable.Builder b = CsvTable.builder(HEADER.toArray(new String[0]));
        for (Decision d : decisions) {
            Claim c = d.claim();
            b.row(c.figure(), c.id(), c.kind().text(), c.quote(), c.statistic(), d.n(), d.effect(), d.ciLow(), d.ciHigh(),
                    c.threshold(), d.verdict().text());
        }
        return b.build();
    }

    /**
     * @param decisions the rows
     * @param file the destination (written atomically)
     * @throws IOException on write failure
     */
    public static void write(List<Decision> decisions, Path file) throws IOException {
        table(decisions).write(file);
    }
}
