package dev.rbmsuite.experiments.samplers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.sampling.TvPanel;
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
import java.util.TreeMap;

/**
 * Beyond the paper (issue 40): the discrete samplers the field has compared on RBMs since 2021,
 * Gibbs-with-Gradients (Grathwohl, Swersky, Hashemi, Duvenaud &amp; Maddison, "Oops I took a gradient:
 * scalable sampling for discrete distributions", ICML 2021), DMALA and DULA (Zhang, Liu &amp; Liu, "A
 * Langevin-like sampler for discrete distributions", ICML 2022) and path auxiliary proposals (Sun, Dai,
 * Xia, Ramamurthy, "Path auxiliary proposal for MCMC in discrete space", ICLR 2022), beside BGS and the
 * paper's nonlocal kernels, measured two ways:
 * <ol>
 *   <li><b>exactly</b> ({@link ExactModels}): the TV distance to the visible marginal, per step and per
 *       bottom-layer sweep, on models small enough to enumerate: the paper's GenRBM, islands, pentagon and
 *       iris, and Fashion-MNIST pooled to 5 x 5 pixels (n = 25);</li>
 *   <li><b>as the field does</b> ({@link LargeModel}): on an RBM of 784 x 500 trained by PCD on binarised
 *       Fashion-MNIST, the squared MMD of each kernel's chains to long block-Gibbs chains per step and per CPU
 *       second, and the effective sample size of random projections per CPU second.</li>
 * </ol>
 * The images come from a folder the user names ({@link ImageData}: {@code FASHION_MNIST}); the figure is not
 * part of {@code figure all} ({@link #inAll()}), which needs no outside data. Claims in {@link SamplerClaims},
 * raw numbers in {@link SamplerFiles}.
 */
public final class SamplersBenchmark extends ResultFigure<SamplersBenchmark.Result> {
    /**
     * @param exact the exact half's settings
     * @param panels one TV panel per exact model, in the order of its settings
     * @param bias DULA's exact bias on the exact models small enough for its matrix
     * @param large the large model's settings
     * @param runs what the kernels did on the large model
     * @param settings every setting, as the manifest records them
     */
    public record Result(ExactModels.Settings exact, List<TvPanel> panels, List<ExactModels.Bias> bias,
                         LargeModel.Settings large, LargeModel.Runs runs, Map<String, Object> settings) {
    }

    @Override
    public String id() {
        return "samplers";
    }

    @Override
    public String title() {
        return "Beyond the paper: the field's gradient-based samplers, by exact TV and by the 784-unit RBM benchmark";
    }

    @Override
    public boolean inAll() {
        return false;
    }

    /**
     * @param scale the scale
     * @return the exact half's settings: smoke runs GenRBM and 3 x 3 images in seconds; paper, the committed
     *     full run (results/samplers), five models, 5,000 training epochs (the paper's figures train 20,000),
     *     10 starts of 1,000 chains for 1,000 steps (figure 9's steps; its 20 starts of 10,000 chains cost more)
     */
    static ExactModels.Settings exactSettings(Scale scale) {
        List<String> all = List.of("genrbm", "islands", "pentagon", "iris", ExactModels.POOLED);
        return switch (scale) {
            case SMOKE -> new ExactModels.Settings(List.of("genrbm", ExactModels.POOLED), 20, 10, 50, 3, 3, 10);
            case QUICK -> new ExactModels.Settings(all, 500, 100, 500, 5, 5, 100);
            case PAPER -> new ExactModels.Settings(all, 5000, 1000, 1000, 10, 5, 100);
        };
    }

    /**
     * @param scale the scale
     * @return the large half's settings: paper is the committed full run (2 epochs of the 60,000 training images,
     *     600 reference chains of 10,000 BGS steps as the peers' 600, 5 repetitions of 100 chains x 1,000 steps per
     *     kernel, fewer steps than the peers' 5,000; see docs/samplers.md)
     */
    static LargeModel.Settings largeSettings(Scale scale) {
        return switch (scale) {
            case SMOKE -> new LargeModel.Settings(0, 12, 1, 20, 0.001, 20, 20, 10, 30, 10, 20, 10, 20, 5, 3, 3, 4, 0.1);
            case QUICK -> new LargeModel.Settings(10_000, 500, 1, 100, 0.001, 100, 100, 20, 200, 50, 500, 50, 200, 10,
                    3, 5, 8, 0.1);
            case PAPER -> new LargeModel.Settings(0, 500, 2, 100, 0.001, 100, 500, 50, 500, 100, 10_000, 100, 1000, 10, 5,
                    10, 8, 0.1);
        };
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        ExactModels.Settings exact = exactSettings(ctx.scale());
        LargeModel.Settings large = largeSettings(ctx.scale());
        ImageData images = ImageData.locate();
        Map<String, Object> data = new TreeMap<>(images.digests());
        ExactModels.Outcome exactRuns = ExactModels.run(ctx, images, exact);
        LargeModel.Runs runs = LargeModel.run(ctx, images.full(large.images()), large, Map.of("data", data));
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("exact", exact.asMap());
        settings.put("large", large.asMap());
        settings.put("data", data);
        return new Result(exact, exactRuns.panels(), exactRuns.bias(), large, runs, settings);
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        return r.settings();
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        return SamplerFiles.write(r, dir);
    }

    @Override
    protected List<String> writeDerived(Result r, Path dir) throws IOException {
        return SamplerFiles.writeDerived(r, dir);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        JsonNode s = manifest.path("settings");
        JsonNode e = s.path("exact");
        List<String> models = new ArrayList<>();
        e.path("models").forEach(m -> models.add(m.asText()));
        ExactModels.Settings exact = new ExactModels.Settings(models, e.path("epochs").asInt(), e.path("steps").asInt(),
                e.path("chainsPerStart").asInt(), e.path("starts").asInt(), e.path("pooledSide").asInt(),
                e.path("pooledPerClass").asInt());
        JsonNode l = s.path("large");
        LargeModel.Settings large = new LargeModel.Settings(l.path("images").asInt(), l.path("hidden").asInt(),
                l.path("epochs").asInt(), l.path("batchSize").asInt(), l.path("learningRate").asDouble(),
                l.path("persistentChains").asInt(), l.path("aisTemperatures").asInt(), l.path("aisRuns").asInt(),
                l.path("referenceChains").asInt(), l.path("referenceHoldout").asInt(), l.path("referenceSteps").asInt(),
                l.path("chains").asInt(), l.path("steps").asInt(), l.path("mmdEvery").asInt(), l.path("trials").asInt(),
                l.path("essChains").asInt(), l.path("projections").asInt(), l.path("burnIn").asDouble());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("exact", exact.asMap());
        settings.put("large", large.asMap());
        settings.put("data", new TreeMap<>(new ObjectMapper().convertValue(
                s.path("data"), Map.class)));
        return SamplerFiles.read(dir, exact, large, settings);
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(2, 4).size(3200, 1600);
        for (TvPanel p : r.panels()) {
            fig.panel(tvPanel(p, ExactModels.title(p.dataset(), r.exact().side()), 0));
        }
        TvPanel pooled = r.panels().get(r.panels().size() - 1);
        fig.panel(tvPanel(pooled, ExactModels.title(pooled.dataset(), r.exact().side()) + ", per bottom-layer sweep",
                r.exact().side() * r.exact().side()));
        LargeModel.Runs l = r.runs();
        XyPanel.Builder perStep = XyPanel.builder().title("Fashion-MNIST " + l.visible() + " x " + l.hidden()
                + ": MMD^2 to BGS reference").xLabel("step").yLabel("squared MMD (median over repetitions)")
                .logY(true).legend(LegendPosition.NONE);
        XyPanel.Builder perSecond = XyPanel.builder().title("Fashion-MNIST " + l.visible() + " x " + l.hidden()
                + ": MMD^2 per CPU second").xLabel("CPU seconds of the transitions (median)")
                .yLabel("squared MMD (median over repetitions)").logY(true).legend(LegendPosition.NONE);
        for (SamplerEntry e : l.kernels()) {
            double[] m = medianColumns(l.mmd().get(e.tag()));
            double[] c = medianColumns(l.cpu().get(e.tag()));
            perStep.add(Series.line(e.label(), e.style(), l.steps(), m));
            perSecond.add(Series.line(e.label(), e.style(), c, m));
        }
        double[] ends = {0, l.steps()[l.steps().length - 1]};
        perStep.add(Series.line("reference floor", "iid", ends, new double[] {l.referenceMmd(), l.referenceMmd()}));
        fig.panel(perStep.build());
        fig.panel(perSecond.build());
        List<LegendEntry> legend = new ArrayList<>();
        SamplerEntry.ALL.forEach(e -> legend.add(LegendEntry.line(e.label(), e.style())));
        legend.add(LegendEntry.line("i.i.d. floor / reference floor", "iid"));
        fig.sharedLegend(legend);
        return fig.build();
    }

    /**
     * The median TV curve of every kernel, against the step or the bottom-layer sweeps (from step 1).
     *
     * @param visible the model's visible units for a panel per bottom-layer sweep, 0 for one per step
     */
    private static XyPanel tvPanel(TvPanel p, String title, int visible) {
        boolean perWork = visible > 0;
        XyPanel.Builder b = XyPanel.builder().title(title).xLabel((perWork ? "bottom-layer sweeps" : "step") + " (log scale)").yLabel("exact TV distance")
                .logX(true).legend(LegendPosition.NONE);
        double[] x = Arrays.copyOfRange(p.steps(), 1, p.steps().length);
        for (SamplerEntry e : SamplerEntry.ALL) {
            double[] med = p.bands().get(e.entry())[0];
            double[] xs = x.clone();
            if (perWork) {
                double w = e.sweeps(visible);
                for (int i = 0; i < xs.length; i++) {
                    xs[i] *= w;
                }
            }
            b.add(Series.line(e.label(), e.style(), xs, Arrays.copyOfRange(med, 1, med.length)));
        }
        if (Double.isFinite(p.floor())) {
            b.add(Series.line("i.i.d. floor", "iid", new double[] {x[0], x[x.length - 1]},
                    new double[] {p.floor(), p.floor()}));
        }
        return b.build();
    }

    private static double[] medianColumns(double[][] rows) {
        double[] out = new double[rows[0].length];
        double[] col = new double[rows.length];
        for (int s = 0; s < out.length; s++) {
            for (int r = 0; r < rows.length; r++) {
                col[r] = rows[r][s];
            }
            out[s] = SamplerFiles.median(col);
        }
        return out;
    }

    @Override
    public List<Claim> claims(Result r) {
        return SamplerClaims.claims(id(), r);
    }

    @Override
    public List<String> notes(Result r) {
        return SamplerClaims.notes(r);
    }

    @Override
    public String caption(Result r) {
        ExactModels.Settings e = r.exact();
        LargeModel.Settings l = r.large();
        return "Beyond the paper (issue 40). Panels 1-" + r.panels().size() + ": exact TV distance between the visible "
                + "marginal and " + e.chains() + " chains run from a common persistent-chain start, median over "
                + e.starts() + " starts, per step, for each kernel on RBM stacks (n-100-50-25-12) trained " + e.epochs()
                + " epochs with the round trip; the next panel: the last model per bottom-layer sweep (the work unit). "
                + "Last two panels: an RBM of " + r.runs().visible() + " x " + r.runs().hidden() + " trained by PCD ("
                + l.epochs() + " epoch(s), mini-batches of " + l.batchSize() + ") on binarised Fashion-MNIST; squared MMD "
                + "(exponentiated average Hamming kernel) of " + l.chains() + " chains per kernel to " + l.referenceChains()
                + " reference chains of " + l.referenceSteps() + " BGS steps, median over " + l.trials() + " repetitions "
                + "from shared starts, per step and per CPU second of the kernel's transitions.";
    }
}
