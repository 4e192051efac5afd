package dev.rbmsuite.claims;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One claim as data: what is claimed (the paper's sentence verbatim, or the suite's own check),
 * the statistic measured per trial or per start, the two samples (or one) it is computed from,
 * how they were drawn ({@link Design}) and the threshold the effect must clear. The effect is
 * oriented so that larger values favour the claim: {@code mean(a) - mean(b)} for two samples,
 * {@code mean(a - b)} for paired ones, {@code mean(a)} for one sample.
 *
 * <p>{@link ClaimEngine#decide(Claim)} is the only place a verdict is made; the report's sentence
 * is generated from the resulting {@link Decision}.
 *
 * @param figure the figure id, for example "fig6"
 * @param id a stable id, unique in the report, for example "fig6.more-effective.L1"
 * @param kind paper or beyond
 * @param quote the paper's sentence verbatim (paper claims), empty for beyond claims
 * @param section where the sentence is, for example "Sec. 5.2" (empty for beyond claims)
 * @param statement what this row tests, in a few plain words (which configurations, which range)
 * @param statistic the per-trial (or per-start) statistic, with its unit
 * @param effectLabel how the effect is formed, for example "DT - proposed"
 * @param design how the interval is computed
 * @param a the favoured sample (or the only one)
 * @param b the other sample, null for {@link Design#ONE_SAMPLE}
 * @param threshold the value the effect must clear (0 for "better than", -margin for "comparable
 *     to or better than")
 * @param missing why the data needed are absent (the claim is then inconclusive), or empty
 * @param note a flag shown next to the verdict (for example "still rising at the last epoch"), or empty
 * @param rule how the threshold and the "does not hold" bound follow from the margin
 * @param margin the equivalence margin in the statistic's units (docs/methods.md section 9)
 * @param verdictOf the id of the paper sentence this row is evidence for (empty for beyond rows)
 * @param variants the samples {a, b} recomputed under alternative analysis choices (for example
 *     "window/2"), for the sensitivity check; empty when no choice of the suite enters the statistic
 * @param curves the per-unit curves of a {@link Design#MEDIAN_CURVES} row (null for every other design)
 * @param bound the value the statistic cannot pass in the favoured direction (a ceiling or floor), or
 *     null: a row whose two configurations both sit within the margin of it is unmeasurable
 */
public record Claim(String figure, String id, Kind kind, String quote, String section, String statement,
                    String statistic, String effectLabel, Design design, double[] a, double[] b, double threshold,
                    String missing, String note, Rule rule, double margin, String verdictOf,
                    Map<String, double[][]> variants, CurveContrast curves, Bound bound) {
    /**
     * A ceiling or floor of a statistic (registration section 3, "Unmeasurable"): distinct states
     * cannot exceed min(steps + 1, 2^n); figure 9's TV does not fall below the i.i.d. floor.
     *
     * @param value the bound, in the statistic's units
     * @param ceiling true for a ceiling (values at most it), false for a floor (values at least it)
     */
    public record Bound(double value, boolean ceiling) {
        /**
         * @param x a configuration's central value
         * @param margin the row's margin
         * @return whether x lies within the margin of the bound (or beyond it)
         */
        public boolean reached(double x, double margin) {
            return ceiling ? x >= value - margin : x <= value + margin;
        }

        /** @return "ceiling 101" or "floor 0.0528" */
        public String text() {
            return (ceiling ? "ceiling " : "floor ") + Decision.num(value);
        }
    }

    /**
     * How a claim's threshold follows from its margin m (registration section 3): the interval's
     * lower end must lie above it for "holds", its upper end below the same value for "does not
     * hold", so both directions ask the same confidence.
     */
    public enum Rule {
        /**
         * Directional ("better than", "more rapidly", "lower", "increase", "decrease"): holds above 0,
         * does not hold below 0, equal within the margin when the whole interval lies inside (-m, m).
         */
        BETTER("better than", "better"),
        /** Non-inferiority ("comparable to or better than", "stable"): holds above -m, does not hold below -m. */
        AT_LEAST("at least minus the margin", "at-least"),
        /** a fixed threshold that is not a margin (beyond-the-paper checks): holds above it, fails below it. */
        FIXED("fixed threshold", "fixed");

        private final String text;
        private final String key;

        Rule(String text, String key) {
            this.text = text;
            this.key = key;
        }

        /** @return the rule in plain words */
        public String text() {
            return text;
        }

        /** @return the rule as written in claims.csv and the manifests */
        public String key() {
            return key;
        }

        /** @param key as written by {@link #key()} @return the rule */
        public static Rule parse(String key) {
            for (Rule r : values()) {
                if (r.key.equals(key)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown rule '" + key + "'");
        }

        /**
         * @param margin the margin
         * @param fixed the threshold of a {@link #FIXED} rule
         * @return the threshold "holds" must clear
         */
        public double threshold(double margin, double fixed) {
            return switch (this) {
                case BETTER -> 0;
                case AT_LEAST -> -margin;
                case FIXED -> fixed;
            };
        }

        /**
         * @param margin the margin
         * @param fixed the threshold of a {@link #FIXED} rule
         * @return the bound the interval's upper end must lie below for "does not hold": the threshold
         *     itself, the same standard of evidence in both directions
         */
        public double failBelow(double margin, double fixed) {
            return threshold(margin, fixed);
        }
    }

    /** The claim as it was built before margins and sentences: a fixed threshold, no sentence. */
    public Claim(String figure, String id, Kind kind, String quote, String section, String statement, String statistic,
                 String effectLabel, Design design, double[] a, double[] b, double threshold, String missing, String note) {
        this(figure, id, kind, quote, section, statement, statistic, effectLabel, design, a, b, threshold, missing, note,
                Rule.FIXED, Math.abs(threshold), "", Map.of(), null, null);
    }

    /** Checks the shape of the data against the design. */
    public Claim {
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(design, "design");
        quote = quote == null ? "" : quote;
        section = section == null ? "" : section;
        missing = missing == null ? "" : missing;
        note = note == null ? "" : note;
        if (kind == Kind.PAPER && quote.isEmpty()) {
            throw new IllegalArgumentException(id + ": a paper claim needs the paper's sentence");
        }
        if (kind == Kind.BEYOND && !quote.isEmpty()) {
            throw new IllegalArgumentException(id + ": a beyond-the-paper claim quotes nothing");
        }
        if (missing.isEmpty() && design == Design.MEDIAN_CURVES) {
            Objects.requireNonNull(curves, id + ": the curves of a median-curve row");
        } else if (missing.isEmpty()) {
            Objects.requireNonNull(a, id + ": sample a");
            if ((design == Design.ONE_SAMPLE) != (b == null)) {
                throw new IllegalArgumentException(id + ": " + design + " needs " + (b == null ? "two samples" : "one sample"));
            }
            if (design != Design.ONE_SAMPLE && design != Design.WELCH && a.length != b.length) {
                throw new IllegalArgumentException(id + ": paired samples of different lengths " + a.length + " and "
                        + b.length);
            }
        }
        if (!Double.isFinite(threshold)) {
            throw new IllegalArgumentException(id + ": threshold must be finite");
        }
        Objects.requireNonNull(rule, "rule");
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException(id + ": margin must be finite and >= 0, not " + margin);
        }
        if (rule != Rule.FIXED && threshold != rule.threshold(margin, threshold)) {
            throw new IllegalArgumentException(id + ": threshold " + threshold + " does not follow from the margin");
        }
        verdictOf = verdictOf == null ? "" : verdictOf;
        if (kind == Kind.BEYOND && !verdictOf.isEmpty()) {
            throw new IllegalArgumentException(id + ": a beyond-the-paper row supports no paper sentence");
        }
        variants = variants == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(variants));
    }

    /** @return the bound the interval's upper end must lie below for "does not hold" */
    public double failBelow() {
        return rule.failBelow(margin, threshold);
    }

    /**
     * @param factor a multiple of the margin (1 for the claim as built)
     * @return this claim with its margin scaled, threshold and failure bound following (a
     *     {@link Rule#FIXED} claim is unchanged)
     */
    public Claim withMarginTimes(double factor) {
        if (rule == Rule.FIXED) {
            return this;
        }
        double m = margin * factor;
        return new Claim(figure, id, kind, quote, section, statement, statistic, effectLabel, design, a, b,
                rule.threshold(m, threshold), missing, note, rule, m, verdictOf, Map.of(), curves, bound);
    }

    /**
     * @param name a variant's name
     * @return this claim with the samples of that variant
     */
    public Claim variant(String name) {
        double[][] ab = variants.get(name);
        return new Claim(figure, id, kind, quote, section, statement, statistic, effectLabel, design, ab[0], ab[1],
                threshold, missing, note, rule, margin, verdictOf, Map.of(), curves, bound);
    }

    /** @return this claim with a flag shown next to its verdict */
    public Claim withNote(String flag) {
        return new Claim(figure, id, kind, quote, section, statement, statistic, effectLabel, design, a, b, threshold,
                missing, flag, rule, margin, verdictOf, variants, curves, bound);
    }

    /**
     * @param figure the figure id
     * @param id the claim id
     * @return a builder
     */
    public static Builder builder(String figure, String id) {
        return new Builder(figure, id);
    }

    /** Builds a {@link Claim} step by step; every claim is beyond the paper until {@link #paper} says otherwise. */
    public static final class Builder {
        private final String figure;
        private final String id;
        private Kind kind = Kind.BEYOND;
        private String quote = "";
        private String section = "";
        private String statement = "";
        private String statistic = "";
        private String effectLabel = "effect";
        private Design design = Design.ONE_SAMPLE;
        private double[] a;
        private double[] b;
        private double threshold;
        private String missing = "";
        private String note = "";
        private Rule rule = Rule.FIXED;
        private double margin;
        private String verdictOf = "";
        private final Map<String, double[][]> variants = new TreeMap<>();
        private CurveContrast curves;
        private Bound bound;

        private Builder(String figure, String id) {
            this.figure = figure;
            this.id = id;
        }

        /** @param q the paper's sentence; makes this a paper claim */
        public Builder paper(PaperQuote q) {
            return paper(q, verdictOf);
        }

        /**
         * @param q the paper's sentence; makes this a paper claim
         * @param sentence the id of the verdict this row is evidence for
         * @return this
         */
        public Builder paper(PaperQuote q, String sentence) {
            verdictOf = sentence;
            kind = Kind.PAPER;
            quote = q.text();
            section = q.section();
            return this;
        }

        /** @param text what this row tests */
        public Builder statement(String text) {
            statement = text;
            return this;
        }

        /** @param text the per-trial statistic and its unit */
        public Builder statistic(String text) {
            statistic = text;
            return this;
        }

        /** @param text how the effect is formed, for example "DT - proposed" */
        public Builder effect(String text) {
            effectLabel = text;
            return this;
        }

        /** @param x one value per trial; the effect is their mean */
        public Builder oneSample(double[] x) {
            design = Design.ONE_SAMPLE;
            a = x;
            b = null;
            return this;
        }

        /** @param favoured values that favour the claim when larger @param other the paired values */
        public Builder paired(double[] favoured, double[] other) {
            design = Design.PAIRED;
            a = favoured;
            b = other;
            return this;
        }

        /** As {@link #paired}, with a bootstrap interval. */
        public Builder pairedBootstrap(double[] favoured, double[] other) {
            paired(favoured, other);
            design = Design.PAIRED_BOOTSTRAP;
            return this;
        }

        /** As {@link #paired}, with the median difference and a bootstrap interval. */
        public Builder pairedMedian(double[] favoured, double[] other) {
            paired(favoured, other);
            design = Design.MEDIAN_BOOTSTRAP;
            return this;
        }

        /**
         * Figure 9's estimand: the difference of a functional of two median curves over shared units,
         * with the paired percentile bootstrap over units ({@link Design#MEDIAN_CURVES}).
         *
         * @param contrast the curves and the functional
         * @return this
         */
        public Builder medianCurves(CurveContrast contrast) {
            design = Design.MEDIAN_CURVES;
            curves = contrast;
            a = null;
            b = null;
            return this;
        }

        /**
         * @param limit the ceiling or floor of the statistic (unmeasurable when both sides reach it)
         * @return this
         */
        public Builder bound(Bound limit) {
            bound = limit;
            return this;
        }

        /** @param favoured one group @param other an independent group */
        public Builder welch(double[] favoured, double[] other) {
            design = Design.WELCH;
            a = favoured;
            b = other;
            return this;
        }

        /** @param t the value the effect must clear (a fixed threshold, not a margin) */
        public Builder threshold(double t) {
            threshold = t;
            rule = Rule.FIXED;
            margin = Math.abs(t);
            return this;
        }

        /**
         * @param r how the threshold follows from the margin
         * @param m the equivalence margin in the statistic's units
         * @return this
         */
        public Builder rule(Rule r, double m) {
            rule = r;
            margin = m;
            threshold = r.threshold(m, 0);
            return this;
        }

        /** @param m margin: directional, holds above 0, does not hold below 0, equal when the interval lies inside (-m, m) */
        public Builder better(double m) {
            return rule(Rule.BETTER, m);
        }

        /** @param m margin: "at least", holds above -m */
        public Builder atLeast(double m) {
            return rule(Rule.AT_LEAST, m);
        }

        /** @param sentence the id of the paper sentence this row is evidence for */
        public Builder verdictOf(String sentence) {
            verdictOf = sentence;
            return this;
        }

        /**
         * @param name the alternative choice, for example "window/2"
         * @param favoured sample a under that choice
         * @param other sample b under that choice (null for one sample)
         * @return this
         */
        public Builder variant(String name, double[] favoured, double[] other) {
            variants.put(name, new double[][] {favoured, other});
            return this;
        }

        /** @param design the design the missing data would have had @param reason why the data are absent */
        public Builder missing(Design design, String reason) {
            this.design = design;
            missing = reason;
            a = null;
            b = null;
            curves = null;
            return this;
        }

        /** @param flag a flag shown next to the verdict */
        public Builder note(String flag) {
            note = flag;
            return this;
        }

        /** @return the claim */
        public Claim build() {
            return new Claim(figure, id, kind, quote, section, statement, statistic, effectLabel, design, a, b, threshold,
                    missing, note, rule, margin, kind == Kind.PAPER && verdictOf.isEmpty() ? id : verdictOf, variants,
                    curves, bound);
        }
    }
}
