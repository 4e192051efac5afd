package dev.rbmsuite.claims.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.LearningStatistics;
import dev.rbmsuite.claims.Sentences;
import dev.rbmsuite.claims.Tex;
import dev.rbmsuite.claims.Verdict;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plain paragraphs of REPORT.md's opening "What reproduces and what does not" (issue 31, item 7): per paper
 * sentence, what the paper says in a few words, whether it reproduces, and the size of the effect in the figure's
 * own units (nats, TV, steps, states, moves), so that a reviewer reads a figure's paragraph in twenty seconds.
 *
 * <p>Every number comes from the sentence's evidence rows (the range of their effects, rounded to two significant
 * digits); the statistic's full name, the intervals, margins and p-values stay in the evidence tables further down.
 * The wording of a sentence family ("fig9.rapid") and of a statistic is a short paraphrase; an unknown family falls
 * back to the first words of the paper's quote and an unknown statistic to its name up to its first parenthesis,
 * so that a new figure or {@code rbm compare} still gets a paragraph.
 */
public final class PlainSummary {

    /** Short paraphrases of the paper's sentences, by family. */
    private static final Map<String, String> CLAIMS = new LinkedHashMap<>();

    static {
        CLAIMS.put("fig2.maes-increase", "The MAEs grow as training goes on");
        CLAIMS.put("fig2.loglik-decreases", "The log-likelihood then falls");
        CLAIMS.put("fig2.lambda2-to-one", "The estimate of λ₂ converges to one");
        CLAIMS.put("fig6.mitigates-failure-vs-bgs", "The proposed kernel falls less than BGS");
        CLAIMS.put("fig6.mitigated-with-L", "A deeper stack falls less (DT and the proposed kernel)");
        CLAIMS.put("fig6.more-effective-than-dt", "The proposed kernel falls less than DT");
        CLAIMS.put("fig6.stable-at-L3", "At L = 3 the proposed kernel does not fall");
        CLAIMS.put("fig7.comparable", "The proposed kernel learns as well as BGS and DT or better");
        CLAIMS.put("fig8.broader", "The proposed kernel's trajectories cover a broader range");
        CLAIMS.put("fig8.moves", "It moves between clusters more often");
        CLAIMS.put("fig9.rapid", "The proposed kernel's median TV falls faster");
        CLAIMS.put("fig9.lower", "It reaches a lower median TV");
    }

    private PlainSummary() {
    }

    /**
     * One figure's plain paragraph: a sentence per family of paper sentences.
     *
     * @param own the figure's sentences, in report order
     * @return the paragraph, without the figure's name
     */
    static String paragraph(List<Sentences.Sentence> own) {
        return paragraph(own, Scales.PAPER);
    }

    /**
     * @param own the figure's sentences, in report order
     * @param scale the run's scale: below paper scale "does not hold" reads as not reached there
     * @return the paragraph, without the figure's name
     */
    static String paragraph(List<Sentences.Sentence> own, String scale) {
        Map<String, List<Sentences.Sentence>> byFamily = new LinkedHashMap<>();
        own.forEach(x -> byFamily.computeIfAbsent(family(x.id()), k -> new ArrayList<>()).add(x));
        List<String> parts = new ArrayList<>();
        byFamily.forEach((fam, g) -> parts.add(part(fam, g, scale)));
        return String.join(" ", parts);
    }

    /**
     * A sentence in a few words: "fig9.rapid.genrbm.dt" as "The proposed kernel's median TV falls faster
     * (genrbm vs DT)".
     *
     * @param sentenceId a sentence id
     * @param quote the paper's sentence (its first words stand in for an unknown family)
     * @return the words
     */
    public static String words(String sentenceId, String quote) {
        String where = where(sentenceId);
        return where.isEmpty() ? familyWords(sentenceId, quote) : familyWords(sentenceId, quote) + " (" + where + ")";
    }

    /**
     * @param sentenceId a sentence id
     * @param quote the paper's sentence
     * @return its family's paraphrase: "The proposed kernel's median TV falls faster"
     */
    public static String familyWords(String sentenceId, String quote) {
        return CLAIMS.getOrDefault(family(sentenceId), firstWords(Tex.plain(quote)));
    }

    /**
     * @param sentenceId a sentence id
     * @return where within its family: "genrbm vs DT", "DT", or empty for a family of one sentence
     */
    public static String where(String sentenceId) {
        String fam = family(sentenceId);
        String where = where(fam, sentenceId);
        return where.equals(sentenceId) ? "" : where;
    }

    /** A sentence id without its data set and baseline: "fig9.rapid.genrbm.dt" is of family "fig9.rapid". */
    public static String family(String id) {
        String[] p = id.split("\\.");
        return p.length >= 2 ? p[0] + "." + p[1] : id;
    }

    private static String part(String fam, List<Sentences.Sentence> g, String scale) {
        String claim = CLAIMS.getOrDefault(fam, firstWords(Tex.plain(g.get(0).quote())));
        StringBuilder sb = new StringBuilder(claim).append(": ").append(verdicts(fam, g, scale)).append('.');
        // per statistic and comparison, the range of the effects in the statistic's units
        Map<String, Map<String, List<Double>>> byStat = new LinkedHashMap<>();
        for (Sentences.Sentence x : g) {
            for (JsonNode r : x.rows()) {
                if (r.path("effect").isNumber() && Double.isFinite(r.path("effect").asDouble())) {
                    String label = r.path("effect_label").asText("");
                    // "-drop" (stable) is reported as the fall itself
                    double effect = (label.equals("-drop") ? -r.path("effect").asDouble() : r.path("effect").asDouble())
                            + Double.parseDouble(noun(r.path("statistic").asText())[2]);
                    byStat.computeIfAbsent(r.path("statistic").asText(), k -> new LinkedHashMap<>())
                            .computeIfAbsent(comparison(label), k -> new ArrayList<>()).add(effect);
                }
            }
        }
        List<String> stats = new ArrayList<>();
        byStat.forEach((stat, byLabel) -> {
            String[] nu = noun(stat);
            List<String> per = new ArrayList<>();
            byLabel.forEach((label, effects) -> per.add((label.isEmpty() ? "" : label + ": ") + range(effects) + nu[1]));
            stats.add(nu[0] + (byLabel.containsKey("") ? ": " : ", ") + String.join("; ", per));
        });
        for (String st : stats) {
            sb.append(' ').append(Character.toUpperCase(st.charAt(0))).append(st.substring(1)).append('.');
        }
        return sb.toString();
    }

    /** "holds", or "holds for 8 of 10; inconclusive for pentagon vs DT, iris vs DT", plus Holm's changes. */
    private static String verdicts(String fam, List<Sentences.Sentence> g, String scale) {
        StringBuilder sb = new StringBuilder();
        if (g.size() == 1) {
            sb.append("**").append(Scales.shown(g.get(0).verdict(), scale)).append("**");
        } else {
            Map<Verdict, List<String>> by = new LinkedHashMap<>();
            for (Verdict v : Verdict.values()) {
                by.put(v, new ArrayList<>());
            }
            g.forEach(x -> by.get(x.verdict()).add(where(fam, x.id())));
            List<String> bits = new ArrayList<>();
            by.forEach((v, ids) -> {
                if (ids.isEmpty()) {
                    return;
                }
                if (ids.size() == g.size()) {
                    bits.add("**" + Scales.shown(v, scale) + "** for " + (g.size() == 2 ? "both" : "all " + g.size()));
                } else if (v == Verdict.HOLDS) {
                    bits.add("**holds** for " + ids.size() + " of " + g.size());
                } else {
                    bits.add(Scales.shown(v, scale) + " for " + String.join(", ", ids));
                }
            });
            sb.append(String.join("; ", bits));
        }
        long changed = g.stream().filter(x -> x.adjusted() != x.verdict()).count();
        if (changed > 0) {
            sb.append(" (").append(g.size() == 1 ? "" : changed + " ").append(g.size() == 1 ? "inconclusive" : "more "
                    + "inconclusive").append(" after Holm)");
        }
        return sb.toString();
    }

    /** "pentagon.dt" as "pentagon vs DT", "dt" as "DT". */
    private static String where(String fam, String id) {
        String rest = id.startsWith(fam + ".") ? id.substring(fam.length() + 1) : id;
        String[] p = rest.split("\\.");
        String last = p[p.length - 1];
        String base = switch (last) {
            case "bgs" -> "BGS";
            case "dt" -> "DT";
            case "roundtrip" -> "the proposed kernel";
            default -> null;
        };
        if (base == null) {
            return rest;
        }
        return p.length == 1 ? base : String.join(".", Arrays.copyOf(p, p.length - 1)) + " vs " + base;
    }

    /**
     * The comparison in short: "drop(BGS) - drop(proposed (L = 1))" becomes "BGS minus proposed", "DT (L = 3) -
     * proposed (median)" becomes "DT minus proposed"; where dropping L would leave one kernel on both sides
     * ("DT (L = 1) - DT (L = 2)") the L stays as "L" and "L + 1". A statistic of one configuration ("drop",
     * "relative growth", "lambda2 - 1", "-drop") has no comparison: the empty string.
     */
    static String comparison(String label) {
        String s = label.replace(" (median)", "").replaceAll("drop\\(((?:[^()]|\\([^()]*\\))*)\\)", "$1");
        String[] sides = s.split(" - ", 2);
        if (sides.length == 2 && !sides[1].trim().matches("[0-9.]+")) {
            String a = sides[0].replaceAll(" \\(L = \\d+\\)", "").trim();
            String b = sides[1].replaceAll(" \\(L = \\d+\\)", "").trim();
            if (a.equals(b)) {
                return a + " at L minus " + a + " at L + 1";
            }
            return a + " minus " + b;
        }
        return "";
    }

    /**
     * A short name of the statistic, its unit (with a leading space) and the offset added to its effects, from the
     * statistic's full name: the MAEs' relative growth minus 1 is shown as the ratio itself (offset 1).
     */
    static String[] noun(String stat) {
        if (stat.equals(LearningStatistics.DROP)) {
            return new String[] {"fall from the smoothed peak", " nats", "0"};
        }
        if (stat.equals(LearningStatistics.LAST_QUARTER)) {
            return new String[] {"log-likelihood over the last quarter", " nats", "0"};
        }
        if (stat.startsWith("mean MAE over the last quarter")) {
            return new String[] {"last quarter's MAE over the first quarter's", " times", "1"};
        }
        if (stat.startsWith("mean count-estimator lambda2")) {
            return new String[] {"last quarter's λ₂ minus one", "", "0"};
        }
        if (stat.startsWith("distinct visible states")) {
            return new String[] {"distinct states in 100 steps", " states", "0"};
        }
        if (stat.startsWith("mean squared distance of the trajectory")) {
            return new String[] {"spread in the PCA plane (mean squared distance from the centroid)", "", "0"};
        }
        if (stat.startsWith("moves between clusters")) {
            return new String[] {"moves between clusters in 100 steps", " moves", "0"};
        }
        if (stat.startsWith("step at which the TV has covered half")) {
            return new String[] {"step at which the TV is halfway to the i.i.d. floor", " steps", "0"};
        }
        if (stat.startsWith("mean TV over steps 1..")) {
            String k = stat.substring("mean TV over steps 1..".length()).split(" ")[0];
            return new String[] {"mean TV over steps 1-" + k, "", "0"};
        }
        if (stat.startsWith("TV at step ")) {
            return new String[] {stat.replace(" per start", ""), "", "0"};
        }
        String s = stat.replaceAll(", per (trial|start|model)$", "");
        int paren = s.indexOf(" (");
        return new String[] {paren > 0 ? s.substring(0, paren) : s, "", "0"};
    }

    /** "3.4" for one effect, "2.7 to 3.4" for several, two significant digits. */
    static String range(List<Double> effects) {
        double lo = effects.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = effects.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return effects.size() == 1 || num(lo).equals(num(hi)) ? num(lo) : num(lo) + " to " + num(hi);
    }

    /** Two significant digits, plain notation (no exponent), no trailing zeros. */
    static String num(double x) {
        if (x == 0) {
            return "0";
        }
        return new BigDecimal(x).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }

    private static String firstWords(String q) {
        String[] w = q.split(" ");
        return w.length <= 10 ? q : String.join(" ", Arrays.copyOf(w, 10)) + " …";
    }
}
