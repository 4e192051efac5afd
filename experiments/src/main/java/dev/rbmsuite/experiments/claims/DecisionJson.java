package dev.rbmsuite.experiments.claims;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.io.CsvTable;
import java.util.List;

/**
 * A decided claim as it is kept in a figure's manifest: the claims.csv columns plus the section,
 * the statement, the sentence and the note, so that REPORT.md and claims.csv are written from the
 * manifests of every figure under a folder with the very text the engine generated. Numbers that
 * do not exist (no interval) are JSON null.
 */
public final class DecisionJson {
    private DecisionJson() {
    }

    /**
     * @param d a decision
     * @return its manifest entry
     */
    public static ObjectNode of(Decision d) {
        Claim c = d.claim();
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("figure", c.figure());
        o.put("id", c.id());
        o.put("kind", c.kind().text());
        o.put("quote", c.quote());
        o.put("section", c.section());
        o.put("statement", c.statement());
        o.put("statistic", c.statistic());
        o.put("design", c.design().text());
        o.put("n", d.n());
        number(o, "effect", d.effect());
        number(o, "ci_low", d.ciLow());
        number(o, "ci_high", d.ciHigh());
        number(o, "threshold", c.threshold());
        o.put("verdict", d.verdict().text());
        o.put("sentence", d.sentence());
        o.put("reason", d.reason());
        o.put("note", c.note());
        return o;
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    /**
     * claims.csv from manifest entries, columns {@link ClaimsCsv#HEADER}.
     *
     * @param entries manifest entries written by {@link #of}
     * @return the table
     */
    public static CsvTable table(List<JsonNode> entries) {
        CsvTable.Builder b = CsvTable.builder(ClaimsCsv.HEADER.toArray(new String[0]));
        for (JsonNode e : entries) {
            Object[] row = new Object[ClaimsCsv.HEADER.size()];
            for (int k = 0; k < row.length; k++) {
                JsonNode v = e.path(ClaimsCsv.HEADER.get(k));
                row[k] = v.isNumber() ? (Object) v.asDouble() : v.isNull() ? (Object) Double.NaN : v.asText();
            }
            b.row(row);
        }
        return b.build();
    }
}
