package dev.rbmsuite.experiments.training;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.Npy;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.Parallel;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.TemperedState;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A trained RBM stack together with the persistent chains it ended with: the starting point of the
 * sampling figures (8 and 9), which begin "from a persistent-chain state" of the best model.
 *
 * @param stack the trained stack
 * @param chains the persistent chains (every layer), a {@link TemperedState} carrying the tempering
 *     parity they ended at (0 for kernels without one)
 */
public record TrainedModel(RbmStack stack, ChainState chains) {
    /**
     * Writes the model folder and the chains (one .npy per layer) into a trial's folder.
     *
     * @param dir the trial's artifact folder
     * @param settings settings recorded in the model manifest's provenance
     * @param seed the trial's training seed
     * @throws IOException on write failure
     */
    public void save(Path dir, Map<String, ?> settings, long seed) throws IOException {
        Provenance provenance = Provenance.of(ModelStore.FORMAT, ModelStore.VERSION, "figure", settings, seed,
                Parallel.threads());
        ModelStore.save(stack, dir.resolve("model"), provenance, Map.of("chainParity", parity(chains)), false);
        for (int l = 0; l < chains.layers(); l++) {
            Npy.write(dir.resolve("chains-layer" + l + ".npy"), chains.buffer(l), chains.chains(), chains.size(l));
        }
    }

    /**
     * @param dir a trial's artifact folder written by {@link #save}
     * @return the model and chains
     */
    public static TrainedModel load(Path dir) {
        RbmStack stack = ModelStore.load(dir.resolve("model"));
        int parity = ModelStore.readManifest(dir.resolve("model")).path("chainParity").asInt(0);
        int layers = stack.size();
        double[][] buffers = new double[layers][];
        int[] sizes = stack.visibleSizes();
        int chains = -1;
        for (int l = 0; l < layers; l++) {
            Npy.Array a = Npy.read(dir.resolve("chains-layer" + l + ".npy"));
            buffers[l] = a.data();
            chains = (int) a.shape()[0];
        }
        return new TrainedModel(stack, new TemperedState(chains, sizes, buffers, parity));
    }

    /**
     * @param s chains
     * @return their tempering parity (0 for a state without one)
     */
    public static int parity(ChainState s) {
        return s instanceof TemperedState t ? t.parity() : 0;
    }

    /**
     * Chains for a kernel: its own state type at the given positions, with this model's parity where
     * the kernel's state has one.
     *
     * @param kernel the kernel
     * @param positions positions of the kernel's shape
     * @param parity the parity to carry over
     * @return the kernel's state
     */
    public static ChainState forKernel(TransitionKernel kernel, ChainState positions, int parity) {
        ChainState s = kernel.init(positions);
        if (s instanceof TemperedState t) {
            t.setParity(parity);
        }
        return s;
    }
}
