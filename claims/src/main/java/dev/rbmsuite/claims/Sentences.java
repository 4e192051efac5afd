package dev.rbmsuite.claims;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One verdict per paper sentence (per data set and baseline where the sentence covers several),
 * decided from its evidence rows, then adjusted for the number of sentences by Holm's step-down
 * procedure (docs/methods.md section 9).
 *
 * <p>Registration section 4: a sentence is decided from its measurable rows (an unmeasurable row, at
 * its statistic's ceiling or floor, is listed but does not count). It <b>holds</b> when every
 * measurable row holds (an intersection-union test: its p-value is the largest of the rows'); it
 * <b>does not hold</b> when some measurable row does not hold (its p-value is the smallest of the
 * rows' times their number, Bonferroni within the sentence); it is <b>equal within the margin</b>
 * when every measurable row is equal within the margin (p-value: the largest of the rows' p of
 * equivalence); it is <b>unmeasurable</b> when no row is measurable; otherwise, a mix of holding and
 * equal rows included, it is <b>inconclusive</b> (p-value 1). Holm: with m sentences and their p-values in increasing order
 * p(1) &lt;= ... &lt;= p(m), the adjusted p(i) is the largest of min(1, (m - j + 1) p(j)) over j
 * &lt;= i; a sentence keeps its outcome when its adjusted p-value is below {@link #ALPHA} and becomes
 * inconclusive otherwise. ALPHA = 0.025 is the one-sided level of the rows' 95 % intervals, so the
 * unadjusted verdicts and the adjusted ones answer at the same level, one per sentence and one for
 * the whole paper.
 */
public final class Sentences {
    /** The one-sided level of every test: that of a two-sided 95 % interval. */
    public static final double ALPHA = 0.025;

    private Sentences() {
    }

    /**
     * A paper sentence's verdict.
     *
     * @param id the sentence id (the rows' {@code verdict_of})
     * @param figure the figure of its first row
     * @param quote the paper's sentence verbatim
     * @param section its section
     * @param rows its evidence rows, in report order
     * @param verdict the verdict from the rows
     * @param p the p-value of that verdict (1 when inconclusive)
     * @param adjustedP Holm's adjusted p-value
     * @param adjusted the verdict after Holm's adjustment
     * @param sensitivity the verdict under each alternative choice of the rows
     * @param smallerThanMargin a sentence that holds (does not hold) whose holding row (every row that does
     *     not hold) lies wholly inside the margin
     */
    public record Sentence(String id, String figure, String quote, String section, List<JsonNode> rows,
                           Verdict verdict, double p, double adjustedP, Verdict adjusted,
                           Map<String, Verdict> sensitivity, boolean smallerThanMargin) {
        /** @return whether an alternative choice changes the verdict */
        public boolean fragile() {
            return sensitivity.values().stream().anyMatch(v -> v != verdict);
        }
    }

    /**
     * @param rows decided rows as written by {@link DecisionJson#of}
     * @return the paper sentences among them, in the order of their first row, with Holm's adjustment
     */
    public static List<Sentence> of(List<JsonNode> rows) {
        Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
        for (JsonNode r : rows) {
            String s = r.path("verdict_of").asText("");
            if ("paper".equals(r.path("kind").asText()) && !s.isEmpty()) {
                groups.computeIfAbsent(s, k -> new ArrayList<>()).add(r);
            }
        }
        List<String> ids = new ArrayList<>(groups.keySet());
        int m = ids.size();
        Verdict[] verdicts = new Verdict[m];
        double[] p = new double[m];
        boolean[] smaller = new boolean[m];
        List<Map<String, Verdict>> sens = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            List<JsonNode> g = groups.get(ids.get(i));
            List<Verdict> vs = new ArrayList<>();
            g.forEach(r -> vs.add(Verdict.parse(r.path("verdict").asText())));
            verdicts[i] = combine(vs);
            p[i] = pValue(verdicts[i], g);
            smaller[i] = smaller(verdicts[i], g);
            Map<String, Verdict> alt = new TreeMap<>();
            for (JsonNode r : g) {
                r.path("sensitivity").fieldNames().forEachRemaining(k -> alt.put(k, null));
            }
            for (String k : alt.keySet()) {
                List<Verdict> va = new ArrayList<>();
                for (JsonNode r : g) {
                    JsonNode v = r.path("sensitivity").path(k);
                    va.add(Verdict.parse(v.isTextual() ? v.asText() : r.path("verdict").asText()));
                }
                alt.put(k, combine(va));
            }
            sens.add(alt);
        }
        double[] adj = holm(p);
        List<Sentence> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            List<JsonNode> g = groups.get(ids.get(i));
            JsonNode first = g.get(0);
            // an unmeasurable sentence stays so: Holm demotes decided outcomes only
            Verdict a = adj[i] < ALPHA || verdicts[i] == Verdict.UNMEASURABLE ? verdicts[i] : Verdict.INCONCLUSIVE;
            out.add(new Sentence(ids.get(i), first.path("figure").asText(), first.path("quote").asText(),
                    first.path("section").asText(), List.copyOf(g), verdicts[i], p[i], adj[i], a, sens.get(i), smaller[i]));
        }
        return out;
    }

    /**
     * @param rows the verdicts of a sentence's evidence rows
     * @return the sentence's verdict from its measurable rows: holds if all hold, does not hold if any
     *     does not, equal within the margin if all are equal, unmeasurable if none is measurable,
     *     inconclusive otherwise (registration section 4)
     */
    public static Verdict combine(List<Verdict> rows) {
        List<Verdict> measurable = rows.stream().filter(v -> v != Verdict.UNMEASURABLE).toList();
        if (rows.isEmpty()) {
            return Verdict.INCONCLUSIVE;
        }
        if (measurable.isEmpty()) {
            return Verdict.UNMEASURABLE;
        }
        if (measurable.stream().allMatch(v -> v == Verdict.HOLDS)) {
            return Verdict.HOLDS;
        }
        if (measurable.contains(Verdict.DOES_NOT_HOLD)) {
            return Verdict.DOES_NOT_HOLD;
        }
        return measurable.stream().allMatch(v -> v == Verdict.EQUAL) ? Verdict.EQUAL : Verdict.INCONCLUSIVE;
    }

    private static double pValue(Verdict v, List<JsonNode> g) {
        List<JsonNode> measurable = g.stream().filter(r -> !Verdict.UNMEASURABLE.text().equals(r.path("verdict").asText()))
                .toList();
        switch (v) {
            case HOLDS:
                return measurable.stream().mapToDouble(r -> p(r, "p_holds")).max().orElse(1);
            case DOES_NOT_HOLD:
                return Math.min(1, measurable.size() * measurable.stream().mapToDouble(r -> p(r, "p_fails")).min()
                        .orElse(1));
            case EQUAL:
                return measurable.stream().mapToDouble(r -> p(r, "p_equal")).max().orElse(1);
            default:
                return 1;
        }
    }

    /** Registration section 4's label: any holding row (every failing row) smaller than the margin. */
    private static boolean smaller(Verdict v, List<JsonNode> g) {
        if (v != Verdict.HOLDS && v != Verdict.DOES_NOT_HOLD) {
            return false;
        }
        List<JsonNode> deciding = g.stream().filter(r -> v.text().equals(r.path("verdict").asText())).toList();
        return v == Verdict.HOLDS ? deciding.stream().anyMatch(r -> r.path("smaller_than_margin").asBoolean(false))
                : deciding.stream().allMatch(r -> r.path("smaller_than_margin").asBoolean(false));
    }

    /** A p-value from a row, 1 where there is none (a hand-made row, or no interval). */
    private static double p(JsonNode r, String key) {
        JsonNode v = r.path(key);
        return v.isNumber() && Double.isFinite(v.asDouble()) ? v.asDouble() : 1;
    }

    /**
     * Holm's step-down adjusted p-values.
     *
     * @param p p-values
     * @return adjusted p-values, in the same order: sorted increasingly, the i-th (from 1) is the
     *     largest of min(1, (m - j + 1) p(j)) for j &lt;= i
     */
    public static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] adj = new double[m];
        double running = 0;
        for (int j = 0; j < m; j++) {
            running = Math.max(running, Math.min(1, (m - j) * p[order[j]]));
            adj[order[j]] = running;
        }
        return adj;
    }
}
