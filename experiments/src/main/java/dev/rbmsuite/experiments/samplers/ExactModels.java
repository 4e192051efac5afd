package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.core.io.DataDigest;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.sampling.TvPanel;
import dev.rbmsuite.experiments.sampling.TvRuns;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.experiments.training.TrainingProblem;
import dev.rbmsuite.experiments.training.TrainingRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact half of the benchmark: models small enough to enumerate (n &lt;= 25), on which the TV
 * distance between a kernel's chains and the model's visible marginal is computed exactly at every
 * step (docs/methods.md section 6), where the field's benchmark has only "Gibbs after many steps" to
 * compare with. The models are the paper's data sets with exact likelihoods (GenRBM, islands, pentagon,
 * iris; Table 1) and the Fashion-MNIST images pooled to side x side pixels ({@link ImageData#pooled}),
 * each an RBM stack of m = 100, 50, 25, 12 trained by the paper's protocol with the round trip (L = 3;
 * SMCI and AdaMax, full batch, one trial), so that the paper's nonlocal kernels (DT, the round trip)
 * run on the same bottom RBM as the gradient-based ones. Every kernel then runs N_c chains from each of
 * a number of persistent-chain starts ({@link TvRuns}, figure 9's measurement; kept trials).
 */
final class ExactModels {
    /** The pooled image model's name in files and claims. */
    static final String POOLED = "fashion";

    private ExactModels() {
    }

    /**
     * @param models the paper's data sets, then {@value #POOLED} for the pooled images
     * @param epochs training epochs (full-batch updates)
     * @param steps transitions per start
     * @param chains N_c, chains per start
     * @param starts persistent-chain starts per model
     * @param side the pooled images' side
     * @param perClass pooled images per class
     */
    record Settings(List<String> models, int epochs, int steps, int chains, int starts, int side, int perClass) {
        Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("models", models);
            m.put("epochs", epochs);
            m.put("steps", steps);
            m.put("chainsPerStart", chains);
            m.put("starts", starts);
            m.put("pooledSide", side);
            m.put("pooledPerClass", perClass);
            return m;
        }
    }

    /** The step sizes at which DULA's exact bias is computed: the benchmark's (0.1) and DMALA's (0.2). */
    static final double[] BIAS_STEPS = {0.1, 0.2};

    /**
     * DULA's exact bias on one trained model ({@link DulaBias}).
     *
     * @param model the model's name
     * @param alpha the step size
     * @param tv TV(pi_DULA, P)
     */
    record Bias(String model, double alpha, double tv) {
    }

    /**
     * @param panels one TV panel per model, in the order of the settings
     * @param bias DULA's exact bias on the models of at most {@value DulaBias#MAX_VISIBLE} units
     */
    record Outcome(List<TvPanel> panels, List<Bias> bias) {
    }

    /**
     * @param ctx the figure's context
     * @param images the image folder (null when no pooled model is asked for)
     * @param s the settings
     * @return the panels and DULA's exact bias
     * @throws IOException on read or write failure of kept trials
     */
    static Outcome run(ExperimentContext ctx, ImageData images, Settings s) throws IOException {
        Path base = ctx.dir().resolve("training");
        List<TvPanel> out = new ArrayList<>();
        List<Bias> bias = new ArrayList<>();
        for (String d : s.models()) {
            TrainingProblem problem = problem(ctx, images, s, d);
            RunConfig cfg = new RunConfig("samplers-" + d, "roundtrip", 3, s.epochs(), s.epochs() / 5, 0, 0, 0,
                    1000, 100, 1000, 100, false, 1);
            Map<String, Object> settings = new LinkedHashMap<>(cfg.asMap());
            settings.put("hidden", List.of(100, 50, 25, 12));
            settings.put("learningRate", problem.learningRate());
            settings.put("persistentChains", problem.samples());
            BinaryDataset data = problem.data();
            settings.put("dataSha256", DataDigest.sha256(data.toArray(), data.size(), data.dimension()));
            ctx.progress(d + ": training the " + data.dimension() + "-100-50-25-12 stack with the round trip ("
                    + s.epochs() + " epochs)");
            TrainingRuns.run(ctx, base, cfg, problem, settings);
            TrainedModel model = TrainingRuns.model(base, cfg, 0);
            if (data.dimension() <= DulaBias.MAX_VISIBLE) {
                for (double alpha : BIAS_STEPS) {
                    bias.add(new Bias(d, alpha, DulaBias.tv(model.stack().bottom(), alpha)));
                }
            }
            ctx.progress(d + ": TV of every kernel, " + s.starts() + " starts x " + s.chains() + " chains x " + s.steps()
                    + " steps");
            // without labels: no cluster occupancy (figure 9's explanation of its plateaus, which would label
            // every chain against every training row at every recorded step and decides nothing here)
            BinaryDataset unlabelled = BinaryDataset.of(d, data.toArray(), data.size(), data.dimension(), null, null);
            out.add(TvRuns.panel(ctx, d, unlabelled, model, settings, SamplerEntry.ALL.stream().map(SamplerEntry::entry)
                    .toList(), k -> SamplerEntry.of(SamplerEntry.ALL, k).params(), s.steps(), s.chains(), s.starts()));
        }
        return new Outcome(out, bias);
    }

    private static TrainingProblem problem(ExperimentContext ctx, ImageData images, Settings s, String d) {
        if (d.equals(POOLED)) {
            BinaryDataset data = images.pooled(s.side(), s.perClass());
            return new TrainingProblem(data, new int[] {100, 50, 25, 12}, 0.001, 100, Map.of());
        }
        return TrainingProblem.paper(d, ctx.dataSeed());
    }

    /**
     * @param model a model's name
     * @param side the pooled images' side
     * @return how the report names it: the paper's data set, or the pooled images with their size
     */
    static String title(String model, int side) {
        return model.equals(POOLED) ? "Fashion-MNIST pooled to " + side + " x " + side : model;
    }
}
