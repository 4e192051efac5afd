package dev.rbmsuite.experiments.fig9;

import dev.rbmsuite.experiments.claims.Claim;
import dev.rbmsuite.experiments.claims.Decision;
import dev.rbmsuite.experiments.claims.Design;
import dev.rbmsuite.experiments.claims.PaperQuotes;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.KernelCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Figure 9's claims, paired per start: "decreased more rapidly" is the mean TV over steps 1..k,
 * "lower TV within the evaluated range" the TV at step k, each for k = 10, 100, 1,000 (those the
 * run reaches), against BGS and against DT. Beyond the paper: the comparison with DT and BGS at
 * equal bottom-layer sweeps and at equal measured time. Notes: the step from which DT's median
 * stays below the proposed kernel's, and the cluster occupancy that bounds the TV from below.
 */
final class TvClaims {
    static final int[] RANGES = {10, 100, 1000};
    static final String MISSING = "per-start TV curves are not in these CSVs (only the median and percentiles were "
            + "kept); rerun `./rbm figure fig9 --scale paper` to write fig9-tv-starts.csv";

    private TvClaims() {
    }

    static List<Claim> claims(String fig, Figure9.Result r) {
        List<Claim> out = new ArrayList<>();
        for (TvPanel p : r.panels()) {
            for (int k : RANGES) {
                if (k > r.steps()) {
                    continue;
                }
                for (String base : List.of("bgs", "dt")) {
                    out.add(paired(fig, "fig9.rapid." + p.dataset() + "." + base + ".k" + k, p, base,
                            "mean TV over steps 1.." + k + " per start", tv -> TvCurves.meanUpTo(p.steps(), tv, k),
                            p.dataset() + ", steps 1-" + k + ": " + BestModels.label(base) + " vs proposed", true));
                    out.add(paired(fig, "fig9.lower." + p.dataset() + "." + base + ".k" + k, p, base,
                            "TV at step " + k + " per start", tv -> TvCurves.at(p.steps(), tv, k),
                            p.dataset() + ", step " + k + ": " + BestModels.label(base) + " vs proposed", false));
                }
            }
            out.addAll(costClaims(fig, p, Math.min(100, r.steps())));
        }
        return out;
    }

    private static Claim paired(String fig, String id, TvPanel p, String base, String statistic,
                                ToDoubleFunction<double[]> stat, String statement, boolean rapid) {
        Claim.Builder b = Claim.builder(fig, id).paper(rapid ? PaperQuotes.FIG9_RAPID : PaperQuotes.FIG9_LOWER)
                .statement(statement).statistic(statistic).effect(BestModels.label(base) + " - proposed").threshold(0);
        if (p.perStart() == null) {
            return b.missing(Design.PAIRED, MISSING).build();
        }
        return b.paired(perStart(p, base, stat), perStart(p, "roundtrip", stat)).build();
    }

    private static double[] perStart(TvPanel p, String kernel, ToDoubleFunction<double[]> stat) {
        double[][] c = p.perStart().get(kernel);
        double[] out = new double[c.length];
        for (int s = 0; s < c.length; s++) {
            out[s] = stat.applyAsDouble(c[s]);
        }
        return out;
    }

    /** TV of the proposed kernel after k steps against a baseline's after the same cost, per start. */
    private static List<Claim> costClaims(String fig, TvPanel p, int k) {
        List<Claim> out = new ArrayList<>();
        for (String base : List.of("bgs", "dt")) {
            for (String unit : List.of("sweeps", "time")) {
                String id = "fig9.cost." + unit + "." + p.dataset() + "." + base;
                Claim.Builder b = Claim.builder(fig, id).threshold(0).effect(BestModels.label(base) + " - proposed")
                        .statement(p.dataset() + ": proposed after " + k + " steps vs " + BestModels.label(base)
                                + " after the same " + (unit.equals("sweeps") ? "bottom-layer sweeps" : "measured time"))
                        .statistic("TV at equal " + (unit.equals("sweeps") ? "conditional sweeps of the bottom layer"
                                : "wall time") + " per start (baseline interpolated between recorded steps)");
                Double tb = p.secondsPerStep().get(base);
                Double tr = p.secondsPerStep().get("roundtrip");
                double ratio = unit.equals("sweeps") ? KernelCost.bottomSweeps("roundtrip") / KernelCost.bottomSweeps(base)
                        : tb == null || tr == null ? Double.NaN : tr / tb;
                double baseStep = k * ratio;
                if (p.perStart() == null || !Double.isFinite(ratio)) {
                    out.add(b.missing(Design.PAIRED, MISSING).build());
                } else if (baseStep > p.steps()[p.steps().length - 1]) {
                    out.add(b.missing(Design.PAIRED, String.format(Locale.ROOT, "the baseline would need %.0f steps, "
                            + "beyond the %.0f run", baseStep, p.steps()[p.steps().length - 1])).build());
                } else {
                    out.add(b.paired(perStart(p, base, tv -> TvCurves.at(p.steps(), tv, baseStep)),
                            perStart(p, "roundtrip", tv -> TvCurves.at(p.steps(), tv, k))).build());
                }
            }
        }
        return out;
    }

    static List<String> notes(Figure9.Result r) {
        List<String> notes = new ArrayList<>();
        for (TvPanel p : r.panels()) {
            double[] rt = p.bands().get("roundtrip")[0];
            double[] dt = p.bands().get("dt")[0];
            double from = TvCurves.overtakes(p.steps(), rt, dt);
            double last = p.steps()[p.steps().length - 1];
            StringBuilder sb = new StringBuilder(p.dataset()).append(": ");
            double first = TvCurves.firstBelow(p.steps(), rt, dt);
            sb.append(Double.isNaN(from) ? String.format(Locale.ROOT, "DT's median TV does not end below the proposed "
                    + "kernel's within %.0f steps", last) : String.format(Locale.ROOT, "the proposed kernel's median TV is "
                    + "the lower one up to step %.0f; DT's is below it at step %.0f first and from step %.0f to the end of "
                    + "the run (%.0f steps)", first - 1, first, from, last));
            sb.append(String.format(Locale.ROOT, "; median TV at the last step: BGS %.3f, DT %.3f, proposed %.3f; i.i.d. "
                    + "floor %.3f.", p.bands().get("bgs")[0][rt.length - 1], dt[dt.length - 1], rt[rt.length - 1],
                    p.floor()));
            if (p.perStart() != null) {
                sb.append(' ').append(crossovers(p));
            }
            if (p.occupancy() != null) {
                sb.append(' ').append(occupancy(p));
            }
            if (!p.secondsPerStep().isEmpty()) {
                sb.append(String.format(Locale.ROOT, " Measured seconds per transition of all chains: BGS %s, DT %s, "
                        + "proposed %s (bottom-layer sweeps per transition 1, 1.5, 1).",
                        Decision.num(p.secondsPerStep().get("bgs")), Decision.num(p.secondsPerStep().get("dt")),
                        Decision.num(p.secondsPerStep().get("roundtrip"))));
            }
            notes.add(sb.toString());
        }
        return notes;
    }

    private static String crossovers(TvPanel p) {
        double[][] rt = p.perStart().get("roundtrip");
        double[][] dt = p.perStart().get("dt");
        List<Double> steps = new ArrayList<>();
        int never = 0;
        for (int s = 0; s < rt.length; s++) {
            double x = TvCurves.overtakes(p.steps(), rt[s], dt[s]);
            if (Double.isNaN(x)) {
                never++;
            } else {
                steps.add(x);
            }
        }
        double[] x = steps.stream().mapToDouble(Double::doubleValue).toArray();
        return x.length == 0 ? "Per start, DT never ends below the proposed kernel." : String.format(Locale.ROOT,
                "Per start, DT ends below the proposed kernel from %d of %d starts on, from step %.0f (median; quartiles "
                        + "%.0f-%.0f).", x.length, rt.length, TvCurves.quantile(x, 0.5), TvCurves.quantile(x, 0.25),
                TvCurves.quantile(x, 0.75));
    }

    private static String occupancy(TvPanel p) {
        int last = p.steps().length - 1;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "At step %.0f, median over starts of the fraction "
                + "of chains still in the start's cluster (nearest training point):", p.steps()[last]));
        for (String k : BestModels.KERNELS) {
            double[][] occ = p.occupancy().get(k);
            double[] col = new double[occ.length];
            double[] bound = new double[occ.length];
            for (int s = 0; s < occ.length; s++) {
                col[s] = occ[s][last];
                bound[s] = Math.abs(occ[s][last] - p.startMass()[s]);
            }
            sb.append(String.format(Locale.ROOT, " %s %.3f (TV >= |occupancy - P(cluster)| = %.3f)", BestModels.label(k),
                    TvCurves.quantile(col, 0.5), TvCurves.quantile(bound, 0.5)));
            sb.append(k.equals("roundtrip") ? ";" : ",");
        }
        return sb.append(String.format(Locale.ROOT, " the model gives the start's cluster probability %.3f (median over "
                + "starts): chains that stay in their start's cluster hold the TV on a plateau above the i.i.d. floor.",
                TvCurves.quantile(p.startMass(), 0.5))).toString();
    }
}
