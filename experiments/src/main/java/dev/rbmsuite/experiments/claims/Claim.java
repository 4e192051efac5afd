package dev.rbmsuite.experiments.claims;

import java.util.Objects;

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
 */
public record Claim(String figure, String id, Kind kind, String quote, String section, String statement,
                    String statistic, String effectLabel, Design design, double[] a, double[] b, double threshold,
                    String missing, String note) {
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
        if (missing.isEmpty()) {
            Objects.requireNonNull(a, id + ": sample a");
            if ((design == Design.ONE_SAMPLE) != (b == null)) {
                throw new IllegalArgumentException(id + ": " + design + " needs " + (b == null ? "two samples" : "one sample"));
            }
            if ((design == Design.PAIRED || design == Design.PAIRED_BOOTSTRAP) && a.length != b.length) {
                throw new IllegalArgumentException(id + ": paired samples of different lengths " + a.length + " and "
                        + b.length);
            }
        }
        if (!Double.isFinite(threshold)) {
            throw new IllegalArgumentException(id + ": threshold must be finite");
        }
    }

    /** @return this claim with a flag shown next to its verdict */
    public Claim withNote(String flag) {
        return new Claim(figure, id, kind, quote, section, statement, statistic, effectLabel, design, a, b, threshold,
                missing, flag);
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

        private Builder(String figure, String id) {
            this.figure = figure;
            this.id = id;
        }

        /** @param q the paper's sentence; makes this a paper claim */
        public Builder paper(PaperQuote q) {
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

        /** @param favoured one group @param other an independent group */
        public Builder welch(double[] favoured, double[] other) {
            design = Design.WELCH;
            a = favoured;
            b = other;
            return this;
        }

        /** @param t the value the effect must clear */
        public Builder threshold(double t) {
            threshold = t;
            return this;
        }

        /** @param design the design the missing data would have had @param reason why the data are absent */
        public Builder missing(Design design, String reason) {
            this.design = design;
            missing = reason;
            a = null;
            b = null;
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
                    missing, note);
        }
    }
}
