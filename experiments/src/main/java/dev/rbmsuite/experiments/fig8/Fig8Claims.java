package dev.rbmsuite.experiments.fig8;

import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Design;
import dev.rbmsuite.claims.Margins;
import dev.rbmsuite.claims.PaperQuote;
import dev.rbmsuite.claims.PaperQuotes;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.ChainStats;
import dev.rbmsuite.experiments.sampling.KernelCost;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Figure 8's claims, paired per start: distinct states and PCA spread for "a broader range of
 * states" (paired t), moves between clusters for "moved between clusters more frequently" (paired
 * bootstrap: the counts are mostly zeros with a long tail). Beyond the paper: moves per
 * bottom-layer sweep (a deterministic cost unit: measured times vary from run to run and stay in the
 * manifests). Notes: the distribution of moves over starts.
 */
final class Fig8Claims {
    static final String MISSING = "per-start statistics are not in these CSVs (only chain 0's path and nearest-centroid "
            + "mean rates were kept); rerun `./rbm figure fig8 --scale paper` to write fig8-chains.csv";

    private Fig8Claims() {
    }

    static List<Claim> claims(String fig, Figure8.Result r) {
        List<Claim> out = new ArrayList<>();
        for (Fig8Panel p : r.panels()) {
            for (String base : List.of("bgs", "dt")) {
                String vs = p.dataset() + ": proposed vs " + BestModels.label(base);
                String broader = "fig8.broader." + p.dataset() + "." + base;
                out.add(claim(fig, "fig8.broader.distinct." + p.dataset() + "." + base, PaperQuotes.FIG8_BROADER, broader,
                        p, base, vs + ", distinct states", "distinct visible states visited in 100 steps, per start",
                        ChainStats::distinctStates, 1, 1, false, -1, new Claim.Bound(p.distinctCeiling(), true)));
                out.add(claim(fig, "fig8.broader.spread." + p.dataset() + "." + base, PaperQuotes.FIG8_BROADER, broader,
                        p, base, vs + ", PCA spread", "mean squared distance of the trajectory from its centroid in the "
                                + "PCA plane, per start", ChainStats::pcaSpread, 1, 1, false, -1, null));
                if (p.clustered()) {
                    String id = "fig8.moves." + p.dataset() + "." + base;
                    out.add(claim(fig, id, PaperQuotes.FIG8_MOVES, id, p, base,
                            vs + ", moves between clusters", "moves between clusters in 100 steps (nearest training "
                                    + "point, hysteresis), per start", ChainStats::moves, 1, 1, true, Margins.MOVES, null));
                }
            }
            if (p.clustered()) {
                out.addAll(costClaims(fig, p));
            }
        }
        return out;
    }

    private static List<Claim> costClaims(String fig, Fig8Panel p) {
        List<Claim> out = new ArrayList<>();
        for (String base : List.of("bgs", "dt")) {
            double baseCost = KernelCost.bottomSweeps(base) * Figure8.STEPS;
            out.add(claim(fig, "fig8.cost.sweeps." + p.dataset() + "." + base, null, "", p, base, p.dataset()
                    + ": proposed vs " + BestModels.label(base) + ", moves per bottom-layer sweep",
                    "moves between clusters per conditional sweep of the bottom layer, per start", ChainStats::moves,
                    KernelCost.bottomSweeps("roundtrip") * Figure8.STEPS, baseCost, true, Margins.MOVES / baseCost, null));
        }
        return out;
    }

    /**
     * A paired "better than" claim on stat(proposed)/costProposed - stat(base)/costBase per start.
     * The margin is {@code margin} where it is at least 0, else {@link Margins#RANGE_RELATIVE} times
     * the baseline's mean (NaN-free data; 0 when the data are missing). A bound (the distinct states'
     * ceiling) makes the row unmeasurable where both kernels reach it (registration section 3).
     */
    private static Claim claim(String fig, String id, PaperQuote quote, String sentence,
                               Fig8Panel p, String base, String statement, String statistic,
                               ToDoubleFunction<ChainStats> stat, double costProposed, double costBase, boolean bootstrap,
                               double margin, Claim.Bound bound) {
        Claim.Builder b = Claim.builder(fig, id).statement(statement).statistic(statistic)
                .effect("proposed - " + BestModels.label(base)).bound(bound);
        if (quote != null) {
            b.paper(quote, sentence);
        }
        Design design = bootstrap ? Design.PAIRED_BOOTSTRAP : Design.PAIRED;
        if (p.stats() == null) {
            return b.better(Math.max(margin, 0)).missing(design, MISSING).build();
        }
        double[] a = values(p, "roundtrip", stat, costProposed);
        double[] o = values(p, base, stat, costBase);
        b.better(margin >= 0 ? margin : Margins.RANGE_RELATIVE * Math.abs(Arrays.stream(o).average().orElse(0)));
        return bootstrap ? b.pairedBootstrap(a, o).build() : b.paired(a, o).build();
    }

    private static double[] values(Fig8Panel p, String k, ToDoubleFunction<ChainStats> stat, double cost) {
        return p.stats().get(k).stream().mapToDouble(c -> stat.applyAsDouble(c) / cost).toArray();
    }

    static List<String> notes(Figure8.Result r) {
        List<String> notes = new ArrayList<>();
        for (Fig8Panel p : r.panels()) {
            if (p.stats() == null || !p.clustered()) {
                continue;
            }
            StringBuilder sb = new StringBuilder(p.dataset() + ": moves between clusters in 100 steps over "
                    + p.stats().get("roundtrip").size() + " starts, median (quartiles), fraction of starts that ever cross:");
            for (String k : BestModels.KERNELS) {
                double[] m = p.stats().get(k).stream().mapToDouble(ChainStats::moves).sorted().toArray();
                long ever = Arrays.stream(m).filter(x -> x > 0).count();
                sb.append(String.format(Locale.ROOT, " %s %.0f (%.0f-%.0f), %.0f %%%s", BestModels.label(k), q(m, 0.5),
                        q(m, 0.25), q(m, 0.75), 100.0 * ever / m.length, k.equals("roundtrip") ? "." : ";"));
            }
            notes.add(sb.toString());
        }
        return notes;
    }

    private static double q(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
