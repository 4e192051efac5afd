package dev.rbmsuite.claims.report;

import java.util.List;

/**
 * Which baseline a paper sentence compares the proposed kernel with (issue 36, item 6): BGS, the
 * easy baseline; DT, the kernel the proposal modifies and its real competitor; or none (figure 2's
 * sentences about BGS alone, a kernel against itself as L grows, "stable at L = 3"). Headlines count
 * per baseline, so that the many comparisons with BGS do not hide those with DT.
 */
public final class Baselines {
    /** The baselines in the order headlines give them. */
    public static final List<String> ORDER = List.of("bgs", "dt", "none");

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
     * @param baseline one of {@link #ORDER}
     * @return the words a headline uses for it
     */
    public static String words(String baseline) {
        return switch (baseline) {
            case "bgs" -> "Against BGS";
            case "dt" -> "Against DT";
            default -> "Without a baseline kernel (figure 2's BGS alone, a kernel against itself as L grows, "
                    + "stability at L = 3)";
        };
    }
}
