package dev.rbmsuite.claims.report;

import java.util.List;

/**
 * Which baseline a paper sentence compares the proposed kernel with (issue 36, item 6): BGS, the
 * easy baseline; DT, the kernel the proposal modifies and its real competitor; or none (figure 2's
 * sentences about BGS alone, a kernel against itself as L grows, "stable at L = 3"). Headlines count
 * per baseline, so that the many comparisons with BGS do not hide those with DT. Sentences quoted from
 * other publications (the samplers benchmark's, whose ids do not start with "fig") are a group of their
 * own, "other" (their figure is not one of the paper's, fig2 to fig9): they do not compare the paper's
 * kernel with anything.
 */
public final class Baselines {
    /** The baselines in the order headlines give them. */
    public static final List<String> ORDER = List.of("bgs", "dt", "none", "other");

    private Baselines() {
    }

    /**
     * @param sentenceId a sentence id such as "fig9.rapid.genrbm.dt" or "fig6.more-effective-than-dt"
     * @return "bgs", "dt" or "none"
     */
    public static String of(String sentenceId) {
        if (sentenceId.endsWith(".bgs") || sentenceId.endsWith("-vs-bgs")) {
            return "bgs";
        }
        if (sentenceId.endsWith(".dt") && !sentenceId.startsWith("fig6.mitigated-with-L")
                || sentenceId.endsWith("-than-dt")) {
            return "dt";
        }
        return "none";
    }

    /**
     * @param figure the figure the sentence is tested in
     * @param sentenceId its id
     * @return "other" for a figure that is not one of the paper's (its sentences quote other publications),
     *     else {@link #of(String)}
     */
    public static String of(String figure, String sentenceId) {
        return figure.startsWith("fig") ? of(sentenceId) : "other";
    }

    /**
     * @param baseline one of {@link #ORDER}
     * @return the words a headline uses for it
     */
    public static String words(String baseline) {
        return switch (baseline) {
            case "bgs" -> "Against BGS";
            case "dt" -> "Against DT";
            case "other" -> "Other publications' sentences (each quoted with its source; not about the paper's kernel)";
            default -> "Without a baseline kernel (figure 2's BGS alone, a kernel against itself as L grows, "
                    + "stability at L = 3)";
        };
    }
}
