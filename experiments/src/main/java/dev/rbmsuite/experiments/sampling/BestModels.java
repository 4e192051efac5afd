package dev.rbmsuite.experiments.sampling;

import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.Schedules;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.experiments.training.TrainingRuns;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The models of the sampling figures: "the RBM sequence that achieved the highest log-likelihood
 * among all RBM sequences obtained from the experimental trials", trained with the proposed kernel
 * and L = 3 (section 5.3). The training runs are the shared ones of figures 6 and 7, trained here if
 * they are not kept yet.
 */
public final class BestModels {
    private BestModels() {
    }

    /**
     * @param ctx the figure's context
     * @param dataset the data set
     * @return the best round-trip (L = 3) model and its final persistent chains
     * @throws IOException on read or write failure of kept runs
     */
    public static TrainedModel best(ExperimentContext ctx, String dataset) throws IOException {
        RunConfig cfg = config(ctx.scale(), dataset);
        List<CsvTable> curves = TrainingRuns.run(ctx, cfg);
        return TrainingRuns.model(ctx, cfg, TrainingRuns.best(curves));
    }

    /**
     * @param scale the scale
     * @param dataset the data set
     * @return the training configuration whose best trial is the sampling figures' model
     */
    public static RunConfig config(Scale scale, String dataset) {
        return Schedules.config(scale, dataset, "roundtrip", 3, false);
    }

    /**
     * @param dataset the data set
     * @return the persistent chains a trained model of it ends with (N_s of Table 1): the starts
     *     figures 8 and 9 can draw from
     */
    public static int chains(String dataset) {
        return PaperData.setting(dataset).samples();
    }

    /**
     * Chains started from one persistent-chain state of a trained stack, replicated, as the kernel's
     * own state type (with the model's parity where the kernel has one).
     *
     * @param model the trained model
     * @param kernel the kernel that will advance them
     * @param chain which persistent chain to start from
     * @param copies how many identical chains
     * @param bottomOnly keep only layer 0 (for BGS, which samples the training RBM alone)
     * @return the starting state
     */
    public static ChainState start(TrainedModel model, TransitionKernel kernel, int chain, int copies,
                                   boolean bottomOnly) {
        ChainState src = model.chains();
        int layers = bottomOnly ? 1 : src.layers();
        int[] sizes = new int[layers];
        double[][] buffers = new double[layers][];
        for (int l = 0; l < layers; l++) {
            int n = src.size(l);
            sizes[l] = n;
            buffers[l] = new double[copies * n];
            for (int c = 0; c < copies; c++) {
                System.arraycopy(src.buffer(l), chain * n, buffers[l], c * n, n);
            }
        }
        return TrainedModel.forKernel(kernel, new ChainState(copies, sizes, buffers), TrainedModel.parity(src));
    }

    /**
     * @param kernel an installed kernel's name ({@link KernelRegistry})
     * @param model the trained stack
     * @return the kernel on that stack (BGS on its bottom RBM)
     */
    public static TransitionKernel kernel(String kernel, TrainedModel model) {
        return kernel(kernel, model, Map.of());
    }

    /**
     * @param kernel an installed kernel's name
     * @param model the trained model
     * @param params the kernel's parameters
     * @return the kernel on the model with those parameters
     */
    public static TransitionKernel kernel(String kernel, TrainedModel model, Map<String, String> params) {
        return KernelRegistry.installed().create(kernel, model.stack(), params);
    }

    /**
     * @param kernel an installed kernel's name
     * @return whether it samples the bottom RBM only (its chains then start from layer 0 alone)
     */
    public static boolean bottomOnly(String kernel) {
        return !KernelRegistry.installed().factory(kernel).usesUpperLayers();
    }

    /** The kernels compared in figures 8 and 9, in legend order. */
    public static final List<String> KERNELS = List.of("bgs", "dt", "roundtrip");

    /**
     * @param kernel a kernel name
     * @return its legend label: {@link RunConfig#label(String, int)} with the L = 3 upper layers of
     *     the figures' stacks where the kernel uses upper layers ("BGS", "DT (L = 3)", "proposed (L = 3)")
     */
    public static String label(String kernel) {
        return RunConfig.label(kernel, bottomOnly(kernel) ? 0 : 3);
    }
}
