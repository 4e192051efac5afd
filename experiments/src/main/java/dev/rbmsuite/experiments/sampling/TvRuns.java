package dev.rbmsuite.experiments.sampling;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import dev.rbmsuite.diagnostics.tv.TotalVariation;
import dev.rbmsuite.diagnostics.tv.TvFloor;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.kernels.ChainBlocks;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs figure 9's chains: for each kernel and start, N_c copies of one persistent-chain state
 * advanced {@code steps} transitions, recording the TV distance to the exact marginal, the fraction
 * of chains in the start's cluster (no measured time: a trial's table depends only on its inputs). Each (kernel,
 * start) is a kept trial, so an interrupted run resumes.
 */
public final class TvRuns {
    /** Occupancy is measured on the first this-many chains of a start (labelling every chain would cost more than the TV). */
    public static final int OCCUPANCY_CHAINS = 1000;
    /** Exact draws from which the model's probability of each cluster is estimated. */
    static final int MASS_DRAWS = 100_000;

    private TvRuns() {
    }

    public static TvPanel panel(ExperimentContext ctx, String d, TrainedModel model, int steps, int chains, int starts)
            throws IOException {
        return panel(ctx, d, PaperData.dataset(d, ctx.dataSeed()), model, Map.of(), BestModels.KERNELS, k -> Map.of(), steps,
                chains, starts);
    }

    /**
     * The TV curves of any kernels on one trained model, every kernel from the same starts (the
     * model's persistent chains), for {@code rbm compare}.
     *
     * @param ctx the context (trials kept under its folder, one group per data set and kernel)
     * @param d the data set's name (names the groups)
     * @param data the data set (its clusters, where it has labels, give the occupancy)
     * @param model the trained model and its persistent chains (a stack where a kernel uses upper layers)
     * @param modelSettings what the model was trained with (recorded with the kept runs, so that a
     *     different model discards them); empty for none
     * @param kernels installed kernel names, or variants ({@link KernelVariant}: {@code NAME:k=v})
     * @param params the parameters each kernel of {@code kernels} runs with (recorded with its kept runs
     *     where not empty)
     * @param steps transitions per start
     * @param chains N_c chains per start
     * @param starts how many persistent chains start a run (at most the model's chains)
     * @return the panel
     * @throws IOException if the kept runs cannot be read or written
     */
    public static TvPanel panel(ExperimentContext ctx, String d, BinaryDataset data, TrainedModel model,
                                Map<String, ?> modelSettings, List<String> kernels,
                                Function<String, Map<String, String>> params, int steps, int chains,
                                int starts)
            throws IOException {
        Rbm bottom = model.stack().bottom();
        VisibleDistribution p = VisibleDistribution.of(bottom);
        double floor = TvFloor.expected(p, chains);
        Clusters clusters = Clusters.of(data, Clusters.DEFAULT_MARGIN);
        double[] mass = clusters == null ? null : clusters.modelMass(p, MASS_DRAWS,
                ctx.rng().fork(ExperimentContext.label(d), ExperimentContext.label("cluster-mass")));
        int s0 = Math.min(starts, model.chains().chains());
        double[] recorded = TvCurves.recordedSteps(steps);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("steps", steps);
        settings.put("chainsPerStart", chains);
        settings.put("starts", s0);
        settings.put("dataset", d);
        settings.put("occupancyChains", OCCUPANCY_CHAINS);
        if (!modelSettings.isEmpty()) {
            settings.put("model", modelSettings);
        }
        Map<String, double[][]> perStart = new LinkedHashMap<>();
        Map<String, double[][]> occupancy = new LinkedHashMap<>();
        double[] startMass = new double[s0];
        for (String k : kernels) {
            if (!ctx.wants(d + "-" + k)) {
                continue;
            }
            settings.put("kernel", k);
            Map<String, String> kp = params.apply(k);
            if (kp.isEmpty()) {
                settings.remove("kernelParams");
            } else {
                settings.put("kernelParams", kp);
            }
            List<CsvTable> runs = Trials.run(ctx, d + "-" + k, s0, settings, (start, rng, artifacts) ->
                    run(model, k, kp, start, chains, recorded, p, clusters, mass, rng));
            perStart.put(k, rows(runs, "tv"));
            occupancy.put(k, clusters == null ? null : rows(runs, "occupancy"));
            for (int s = 0; s < runs.size(); s++) {
                startMass[s] = runs.get(s).doubles("startClusterMass")[0];
            }
        }
        if (clusters == null) {
            occupancy = null;
            startMass = null;
        }
        return new TvPanel(d, floor, recorded, TvCurves.bands(perStart), perStart, occupancy, startMass);
    }

    private static CsvTable run(TrainedModel model, String k, Map<String, String> kp, int start, int chains, double[] recorded,
                                VisibleDistribution p, Clusters clusters, double[] mass, Rng rng) {
        TransitionKernel kernel = BestModels.kernel(KernelVariant.nameOf(k), model, kp);
        boolean bottomOnly = BestModels.bottomOnly(KernelVariant.nameOf(k));
        // blocks of chains that stay in cache, with exactly the draws of one batch of N chains
        ChainBlocks blocks = ChainBlocks.of(kernel, chains, ChainBlocks.BLOCK,
                (first, count) -> BestModels.start(model, kernel, start, count, bottomOnly));
        int n = model.chains().size(0);
        double[] visible = new double[chains * n];
        int home = clusters == null ? -1 : clusters.nearest(model.chains().buffer(0), start * n);
        int steps = (int) recorded[recorded.length - 1];
        double[] tv = new double[recorded.length];
        double[] occ = new double[recorded.length];
        int r = 0;
        for (int s = 0; s <= steps; s++) {
            if (s > 0) {
                blocks.advance(rng.fork(s));
            }
            if (r < recorded.length && recorded[r] == s) {
                blocks.layer(0, visible);
                tv[r] = TotalVariation.distance(p, visible, chains);
                occ[r] = home < 0 ? Double.NaN : occupancy(clusters, visible, n, Math.min(chains, OCCUPANCY_CHAINS),
                        home);
                r++;
            }
        }
        double[] massCol = new double[recorded.length];
        Arrays.fill(massCol, home < 0 ? Double.NaN : mass[home]);
        return CsvTable.ofColumns(List.of("step", "tv", "occupancy", "startClusterMass"),
                List.of(recorded.clone(), tv, occ, massCol));
    }

    private static double occupancy(Clusters c, double[] v, int n, int chains, int home) {
        int in = 0;
        for (int i = 0; i < chains; i++) {
            in += c.nearest(v, i * n) == home ? 1 : 0;
        }
        return (double) in / chains;
    }

    private static double[][] rows(List<CsvTable> runs, String column) {
        double[][] out = new double[runs.size()][];
        for (int s = 0; s < out.length; s++) {
            out[s] = runs.get(s).doubles(column);
        }
        return out;
    }
}
