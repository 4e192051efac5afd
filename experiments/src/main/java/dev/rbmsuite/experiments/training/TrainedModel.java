package dev.rbmsuite.experiments.training;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.Npy;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.Parallel;
import dev.rbmsuite.kernels.ChainState;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A trained RBM stack together with the persistent chains it ended with: the starting point of the
 * sampling figures (8 and 9), which begin "from a persistent-chain state" of the best model.
 *
 * @param stack the trained stack
 * @param chains the persistent chains (every layer) and their parity
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
        ModelStore.save(stack, dir.resolve("model"), provenance, Map.of("chainParity", chains.parity()), false);
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
        return new TrainedModel(stack, new ChainState(chains, sizes, buffers, parity));
    }
}
