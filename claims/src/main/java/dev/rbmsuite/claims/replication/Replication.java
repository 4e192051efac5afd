package dev.rbmsuite.claims.replication;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Sentences;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.claims.report.Baselines;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The replication of every verdict over independent seeds (registration section 5): per sentence
 * its outcome in each seed, the counts and the replication rate over the confirmatory seeds, and a
 * pooled outcome from a random-effects model with the seed (trained model) as the random effect, so
 * that figures 8 and 9, which rest on one trained model per seed, generalise over trained models.
 * Rows are pooled one by one ({@link RandomEffects}), decided by the very rule the seeds are decided
 * by ({@link ClaimEngine#outcome}), and combined into sentences with Holm's adjustment by
 * {@link Sentences}, as one seed's rows are.
 */
public final class Replication {
    /** Fewer confirmatory seeds with an interval than this give no pooled interval. */
    public static final int MIN_SEEDS = 3;
    /** A sentence replicates when its pooled outcome holds and it holds in at least this share of the seeds. */
    public static final double REPLICATES = 0.8;

    private Replication() {
    }

    /**
     * A sentence across seeds.
     *
     * @param id the sentence id
     * @param figure its figure
     * @param baseline "bgs", "dt" or "none" ({@link Baselines})
     * @param quote the paper's sentence
     * @param verdicts its outcome per seed label (confirmatory seeds first, then the exploratory one)
     * @param adjusted its outcome after Holm within each seed
     * @param counts per outcome, over the confirmatory seeds
     * @param seeds the confirmatory seeds that decided it
     * @param pooled its pooled sentence (outcome before and after Holm over the pooled sentences)
     * @param binding the pooled row whose p decides the pooled outcome
     * @param caveats fixed-budget notes (curves still rising) from any seed, deduplicated
     */
    public record SentenceLine(String id, String figure, String baseline, String quote, Map<String, Verdict> verdicts,
                               Map<String, Verdict> adjusted, Map<Verdict, Integer> counts, int seeds,
                               Sentences.Sentence pooled, JsonNode binding, List<String> caveats) {
        /** @return the share of the confirmatory seeds in which the sentence holds (before Holm) */
        public double replicationRate() {
            return seeds == 0 ? Double.NaN : counts.getOrDefault(Verdict.HOLDS, 0) / (double) seeds;
        }

        /** @return whether it replicates: pooled holds and held in at least {@link #REPLICATES} of the seeds */
        public boolean replicates() {
            return pooled != null && pooled.verdict() == Verdict.HOLDS && replicationRate() >= REPLICATES;
        }
    }

    /**
     * The replication's result.
     *
     * @param confirmatory the confirmatory seeds, in order
     * @param exploratory the exploratory seed, or null
     * @param sentences one line per paper sentence, in report order
     * @param pooledRows every evidence row pooled over the confirmatory seeds (paper and beyond), in the
     *     form of a decided row ({@link dev.rbmsuite.claims.DecisionJson}), with {@code tau2}, {@code seeds}
     *     and each seed's effect and interval
     */
    public record Result(List<SeedRun> confirmatory, SeedRun exploratory, List<SentenceLine> sentences,
                         List<JsonNode> pooledRows) {
    }

    /**
     * @param confirmatory the confirmatory seeds (at least one)
     * @param exploratory the exploratory seed, or null
     * @return the replication
     */
    public static Result of(List<SeedRun> confirmatory, SeedRun exploratory) {
        if (confirmatory.isEmpty()) {
            throw new IllegalArgumentException("the replication needs at least one confirmatory seed");
        }
        // every row id over the seeds, in the first seed's order
        Map<String, Map<String, JsonNode>> byRow = new LinkedHashMap<>();
        for (SeedRun s : confirmatory) {
            for (JsonNode r : s.rows()) {
                byRow.computeIfAbsent(r.path("id").asText(), k -> new LinkedHashMap<>()).put(s.label(), r);
            }
        }
        List<JsonNode> pooledRows = new ArrayList<>();
        byRow.forEach((id, rows) -> pooledRows.add(pool(rows)));
        Map<String, Sentences.Sentence> pooledSentences = new LinkedHashMap<>();
        Sentences.of(pooledRows).forEach(x -> pooledSentences.put(x.id(), x));

        Map<String, Map<String, Sentences.Sentence>> perSeed = new LinkedHashMap<>();
        List<SeedRun> all = new ArrayList<>(confirmatory);
        if (exploratory != null) {
            all.add(exploratory);
        }
        for (SeedRun s : all) {
            for (Sentences.Sentence x : s.sentences()) {
                perSeed.computeIfAbsent(x.id(), k -> new LinkedHashMap<>()).put(s.label(), x);
            }
        }
        List<SentenceLine> lines = new ArrayList<>();
        perSeed.forEach((id, bySeed) -> {
            Map<String, Verdict> v = new LinkedHashMap<>();
            Map<String, Verdict> a = new LinkedHashMap<>();
            Map<Verdict, Integer> counts = new LinkedHashMap<>();
            for (Verdict x : Verdict.values()) {
                counts.put(x, 0);
            }
            int seeds = 0;
            Sentences.Sentence any = null;
            List<String> caveats = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            for (SeedRun s : all) {
                Sentences.Sentence x = bySeed.get(s.label());
                if (x == null) {
                    continue;
                }
                any = any == null ? x : any;
                v.put(s.label(), x.verdict());
                a.put(s.label(), x.adjusted());
                if (s.confirmatory()) {
                    counts.merge(x.verdict(), 1, Integer::sum);
                    seeds++;
                    for (JsonNode r : x.rows()) {
                        String note = r.path("note").asText("");
                        if (!note.isEmpty() && !seen.contains(note)) {
                            seen.add(note);
                            caveats.add(s.label() + ": " + note);
                        }
                    }
                }
            }
            Sentences.Sentence pooled = pooledSentences.get(id);
            lines.add(new SentenceLine(id, any.figure(), Baselines.of(any.figure(), id), any.quote(), v, a, counts, seeds, pooled,
                    pooled == null ? null : binding(pooled), caveats));
        });
        return new Result(List.copyOf(confirmatory), exploratory, lines, pooledRows);
    }

    /**
     * One row pooled over the confirmatory seeds, decided by the seeds' rule on the pooled interval
     * with the mean of the seeds' margins (registration section 5).
     */
    static ObjectNode pool(Map<String, JsonNode> bySeed) {
        List<JsonNode> rows = new ArrayList<>(bySeed.values());
        List<String> labels = new ArrayList<>(bySeed.keySet());
        JsonNode first = rows.get(0);
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (String k : List.of("figure", "id", "kind", "quote", "section", "statement", "statistic", "effect_label",
                "rule", "verdict_of")) {
            o.set(k, first.path(k));
        }
        o.put("design", "random effects over seeds (DerSimonian-Laird, Hartung-Knapp-Sidik-Jonkman)");
        List<Double> y = new ArrayList<>();
        List<Double> se = new ArrayList<>();
        double marginSum = 0;
        int unmeasurable = 0;
        ObjectNode per = o.putObject("per_seed");
        for (int i = 0; i < rows.size(); i++) {
            JsonNode r = rows.get(i);
            ObjectNode e = per.putObject(labels.get(i));
            for (String k : List.of("effect", "ci_low", "ci_high", "se", "margin", "verdict")) {
                e.set(k, r.path(k));
            }
            marginSum += r.path("margin").asDouble(0);
            if (Verdict.UNMEASURABLE.text().equals(r.path("verdict").asText())) {
                unmeasurable++;
            } else if (r.path("se").isNumber() && r.path("se").asDouble() > 0 && r.path("effect").isNumber()) {
                y.add(r.path("effect").asDouble());
                se.add(r.path("se").asDouble());
            }
        }
        double margin = marginSum / rows.size();
        Claim.Rule rule = Claim.Rule.parse(first.path("rule").asText("fixed"));
        double threshold = rule == Claim.Rule.FIXED ? first.path("threshold").asDouble() : rule.threshold(margin, 0);
        o.put("margin", margin);
        o.put("threshold", threshold);
        o.put("n", Integer.toString(y.size()));
        o.put("seeds_unmeasurable", unmeasurable);
        o.putObject("sensitivity");
        o.put("fragile", false);
        o.put("note", "");
        if (unmeasurable * 2 > rows.size() && y.size() < MIN_SEEDS) {
            verdict(o, Verdict.UNMEASURABLE, Double.NaN, Double.NaN, Double.NaN, Double.NaN, false,
                    "unmeasurable in " + unmeasurable + " of " + rows.size() + " seeds");
            return o;
        }
        if (y.size() < MIN_SEEDS) {
            verdict(o, Verdict.INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, Double.NaN, false,
                    y.size() + " seeds with an interval: fewer than " + MIN_SEEDS + " give no pooled interval");
            return o;
        }
        RandomEffects.Pooled p = RandomEffects.pool(y.stream().mapToDouble(Double::doubleValue).toArray(),
                se.stream().mapToDouble(Double::doubleValue).toArray());
        Verdict v = ClaimEngine.outcome(rule, threshold, margin, p.lo(), p.hi());
        verdict(o, v, p.mean(), p.lo(), p.hi(), p.se(), ClaimEngine.smallerThanMargin(rule, margin, p.lo(), p.hi(), v),
                "");
        o.put("tau2", p.tau2());
        double fail = rule.failBelow(margin, threshold);
        o.put("p_holds", p.pAbove(threshold));
        o.put("p_fails", p.pBelow(fail));
        if (rule == Claim.Rule.BETTER) {
            // two one-sided tests: above -margin and below +margin
            o.put("p_equal", Math.max(p.pAbove(-margin), p.pBelow(margin)));
        } else {
            o.putNull("p_equal");
        }
        return o;
    }

    private static void verdict(ObjectNode o, Verdict v, double effect, double lo, double hi, double se,
                                boolean smaller, String reason) {
        number(o, "effect", effect);
        number(o, "ci_low", lo);
        number(o, "ci_high", hi);
        number(o, "se", se);
        o.put("verdict", v.text());
        o.put("smaller_than_margin", smaller);
        o.put("reason", reason);
        if (!Double.isFinite(lo)) {
            o.putNull("p_holds");
            o.putNull("p_fails");
            o.putNull("p_equal");
        }
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    /**
     * The pooled row that decides a pooled sentence: for holds the row with the largest p of holding,
     * for does not hold the smallest p of not holding, for equal the largest p of equivalence, else the
     * largest p of holding (registration section 5).
     */
    static JsonNode binding(Sentences.Sentence s) {
        JsonNode best = null;
        double bestP = Double.NaN;
        for (JsonNode r : s.rows()) {
            if (Verdict.UNMEASURABLE.text().equals(r.path("verdict").asText()) && s.verdict() != Verdict.UNMEASURABLE) {
                continue;
            }
            String key = switch (s.verdict()) {
                case DOES_NOT_HOLD -> "p_fails";
                case EQUAL -> "p_equal";
                default -> "p_holds";
            };
            double p = r.path(key).isNumber() ? r.path(key).asDouble() : 1;
            boolean better = best == null || (s.verdict() == Verdict.DOES_NOT_HOLD ? p < bestP : p > bestP);
            if (better) {
                best = r;
                bestP = p;
            }
        }
        return best == null ? s.rows().get(0) : best;
    }
}
