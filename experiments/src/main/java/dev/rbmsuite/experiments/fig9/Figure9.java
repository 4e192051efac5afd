package dev.rbmsuite.experiments.fig9;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.TrialUnits;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.TvPanel;
import dev.rbmsuite.experiments.sampling.TvRuns;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Figure 9 of the paper (section 5.3, Eq. tv_distance): TV distance between the exact visible
 * marginal of the best round-trip model and the empirical distribution of N_c chains run from one
 * common start, after each step s, for GenRBM, islands, pentagon and iris. The starts are
 * persistent-chain states at the end of training (docs/methods.md 7.3); the line is the median
 * across starts and the band the 10th-90th percentiles; the dashed grey line is the expected TV of
 * N_c exact i.i.d. samples (what "zero" looks like).
 *
 * <p>Every kernel runs from the same starts, so the claims are paired per start: the mean TV over
 * steps 1..k ("decreased more rapidly") and the TV at step k ("lower within the evaluated range")
 * for k = 10, 100 and 1,000 where the run is that long. Beyond the paper: the same comparison at
 * equal bottom-layer sweeps (not measured time: CSVs and claims depend only on the inputs), and,
 * per start, the fraction of chains still in the start's cluster against the model's probability of that cluster, which bounds the TV
 * from below and explains its plateaus. Computation in {@link TvRuns}, claims in {@link TvClaims}.
 */
public final class Figure9 extends ResultFigure<Figure9.Result> {
    static final List<String> DATASETS = List.of("genrbm", "islands", "pentagon", "iris");

    /**
     * @param panels one per data set
     * @param steps the number of transitions run from each start
     * @param chains N_c, chains per start
     * @param starts the number of starts
     */
    public record Result(List<TvPanel> panels, int steps, int chains, int starts) {
    }

    @Override
    public String id() {
        return "fig9";
    }

    @Override
    public String title() {
        return "TV distance to the model per step from persistent-chain starts";
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        Scale sc = ctx.scale();
        int steps = steps(sc);
        int chains = sc.pick(200, 2000, 10_000);
        int starts = starts(sc);
        List<TvPanel> panels = new ArrayList<>();
        for (String d : DATASETS) {
            if (!ctx.wants(d + "-")) {
                continue;
            }
            panels.add(TvRuns.panel(ctx, d, BestModels.best(ctx, d), steps, chains, starts));
        }
        return new Result(panels, steps, chains, starts);
    }

    static int steps(Scale sc) {
        return sc.pick(10, 100, 1000);
    }

    static int starts(Scale sc) {
        return sc.pick(2, 5, 20);
    }

    /** The training runs of the best models, then one trial per data set, kernel and start. */
    @Override
    public List<TrialUnits.Group> trialGroups(Scale scale) {
        List<TrialUnits.Group> out = new ArrayList<>();
        for (String d : DATASETS) {
            out.add(TrainingRuns.group(BestModels.config(scale, d)));
            int s0 = Math.min(starts(scale), BestModels.chains(d));
            for (String k : BestModels.KERNELS) {
                out.add(new TrialUnits.Group(id(), d + "-" + k, s0, this::compute));
            }
        }
        return out;
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("steps", r.steps());
        s.put("chainsPerStart", r.chains());
        s.put("starts", r.starts());
        s.put("occupancyChains", TvRuns.OCCUPANCY_CHAINS);
        return s;
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        return TvFiles.write(r, dir);
    }

    /** The cost table, written afresh by a rebuild (see {@link TvFiles#writeCost}). */
    @Override
    protected List<String> writeDerived(Result r, Path dir) throws IOException {
        return TvFiles.writeCost(r, dir);
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        return TvFiles.read(dir, manifest.path("settings"));
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(2, 2).size(2200, 1600);
        boolean log = r.steps() > 100;
        for (TvPanel p : r.panels()) {
            XyPanel.Builder panel = XyPanel.builder().title(p.dataset()).xLabel(log ? "step s (log scale)" : "step s")
                    .yLabel("TV distance").legend(LegendPosition.NONE).logX(log);
            int from = log ? 1 : 0;
            double[] x = Arrays.copyOfRange(p.steps(), from, p.steps().length);
            for (String k : BestModels.KERNELS) {
                double[][] band = p.bands().get(k);
                panel.add(Series.line(BestModels.label(k), k, x, tail(band[0], from))
                        .withBand(tail(band[1], from), tail(band[2], from)));
            }
            if (Double.isFinite(p.floor())) {
                panel.add(Series.line("i.i.d. floor", "iid", new double[] {x[0], x[x.length - 1]},
                        new double[] {p.floor(), p.floor()}));
            }
            fig.panel(panel.build());
        }
        fig.sharedLegend(List.of(LegendEntry.line("BGS", "bgs"), LegendEntry.line("DT (L = 3)", "dt"),
                LegendEntry.line("proposed (L = 3)", "roundtrip"), LegendEntry.line("i.i.d. floor", "iid")));
        return fig.build();
    }

    private static double[] tail(double[] x, int from) {
        return Arrays.copyOfRange(x, from, x.length);
    }

    @Override
    public List<Claim> claims(Result r) {
        return TvClaims.claims(id(), r);
    }

    @Override
    public List<String> notes(Result r) {
        return TvClaims.notes(r);
    }

    @Override
    public String caption(Result r) {
        return "Figure 9. TV distance between the exact visible marginal and the empirical distribution of " + r.chains()
                + " chains run from a common persistent-chain start, for (a) GenRBM, (b) islands, (c) pentagon and (d) "
                + "iris, over " + r.steps() + " steps. Lines: median over " + r.starts() + " starts; bands: 10th-90th "
                + "percentiles; grey dashed: expected TV of " + r.chains() + " exact i.i.d. samples.";
    }
}
