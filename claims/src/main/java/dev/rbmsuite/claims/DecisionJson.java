package dev.rbmsuite.claims;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.io.CsvTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        o.put("effect_label", c.effectLabel());
        o.put("n", d.n());
        number(o, "effect", d.effect());
        number(o, "ci_low", d.ciLow());
        number(o, "ci_high", d.ciHigh());
        number(o, "threshold", c.threshold());
        o.put("verdict", d.verdict().text());
        o.put("smaller_than_margin", d.smallerThanMargin());
        o.put("sentence", d.sentence());
        o.put("reason", d.reason());
        o.put("note", c.note());
        o.put("rule", c.rule().key());
        number(o, "margin", c.margin());
        number(o, "fail_below", c.failBelow());
        o.put("verdict_of", c.verdictOf());
        number(o, "p_holds", d.pHolds());
        number(o, "p_fails", d.pFails());
        number(o, "p_equal", d.pEqual());
        number(o, "se", d.se());
        ObjectNode sens = o.putObject("sensitivity");
        d.sensitivity().forEach((k, v) -> sens.put(k, v.text()));
        o.put("fragile", d.fragile());
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
        Map<String, Sentences.Sentence> byId = new HashMap<>();
        for (Sentences.Sentence s : Sentences.of(entries)) {
            byId.put(s.id(), s);
        }
        CsvTable.Builder b = CsvTable.builder(ClaimsCsv.HEADER.toArray(new String[0]));
        for (JsonNode e : entries) {
            Object[] row = new Object[ClaimsCsv.HEADER.size()];
            Sentences.Sentence s = byId.get(e.path("verdict_of").asText());
            for (int k = 0; k < row.length; k++) {
                String col = ClaimsCsv.HEADER.get(k);
                switch (col) {
                    case "sentence_verdict" -> row[k] = s == null ? "" : s.verdict().text();
                    case "adjusted_verdict" -> row[k] = s == null ? "" : s.adjusted().text();
                    case "sentence_fragile" -> row[k] = s == null ? "" : Boolean.toString(s.fragile());
                    case "fragile" -> row[k] = Boolean.toString(e.path("fragile").asBoolean(false));
                    case "smaller_than_margin" -> row[k] = Boolean.toString(e.path("smaller_than_margin").asBoolean(false));
                    case "sentence_smaller_than_margin" -> row[k] = s == null ? "" : Boolean.toString(s.smallerThanMargin());
                    case "margin" -> row[k] = e.path("margin").isNumber() ? (Object) e.path("margin").asDouble() : "";
                    default -> {
                        JsonNode v = e.path(col);
                        row[k] = v.isNumber() ? (Object) v.asDouble() : v.isNull() ? (Object) Double.NaN : v.asText();
                    }
                }
            }
            b.row(row);
        }
        return b.build();
    }
}
