package dev.rbmsuite.claims;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.io.CsvTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code claims.csv}: one row per claim with the columns
 * {@code figure,id,kind,quote,statistic,n,effect,ci_low,ci_high,threshold,verdict} (docs/contract.md),
 * then {@code margin} (the equivalence margin in the statistic's units), {@code verdict_of} (the
 * paper sentence the row is evidence for, empty for beyond rows), {@code sentence_verdict} and
 * {@code adjusted_verdict} (that sentence's verdict before and after Holm's family-wise
 * adjustment, {@link Sentences}), {@code fragile} (the row's verdict changes under a halved or
 * doubled margin or smoothing window) and {@code sentence_fragile} (the sentence's verdict does), then
 * {@code smaller_than_margin} and {@code sentence_smaller_than_margin} (decided, but the whole interval lies
 * inside the margin), {@code se} (the effect's standard error) and the one-sided p-values {@code p_holds},
 * {@code p_fails} and {@code p_equal} (registration-v1.md).
 * The quote is the paper's sentence verbatim (empty for beyond claims); numbers are written in
 * full precision, NaN where there is no interval.
 */
public final class ClaimsCsv {
    /** The header, in order. */
    public static final List<String> HEADER = List.of("figure", "id", "kind", "quote", "statistic", "n", "effect",
            "ci_low", "ci_high", "threshold", "verdict", "margin", "verdict_of", "sentence_verdict", "adjusted_verdict", "fragile",
            "sentence_fragile", "smaller_than_margin", "sentence_smaller_than_margin", "se", "p_holds", "p_fails", "p_equal");

    private ClaimsCsv() {
    }

    /**
     * @param decisions the rows
     * @return the table
     */
    public static CsvTable table(List<Decision> decisions) {
        List<JsonNode> rows = new ArrayList<>();
        decisions.forEach(d -> rows.add(DecisionJson.of(d)));
        return DecisionJson.table(rows);
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
