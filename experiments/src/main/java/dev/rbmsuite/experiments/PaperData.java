package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import java.util.List;
import java.util.Map;

/**
 * The six data sets of the paper with their Table 1 settings. Each synthetic data set is generated
 * once per seed from its own stream (independent of the figure), so every figure and every trial
 * sees the same GenRBM, islands and pentagon data (docs/methods.md section 7.1: one fixed data set per
 * task shared by all runs).
 */
public final class PaperData {
    /**
     * Table 1 of the paper for one data set.
     *
     * @param name data set name
     * @param samples N_s, persistent chains per layer
     * @param learningRate AdaMax learning rate epsilon
     * @param hidden m, hidden units of the training RBM
     * @param exact whether the log-likelihood is computed exactly (n &lt;= 25) rather than with mAIS
     */
    public record Setting(String name, int samples, double learningRate, int hidden, boolean exact) {
    }

    /** The data sets in the paper's order. */
    public static final List<String> NAMES = List.of("genrbm", "islands", "pentagon", "iris", "wine", "seeds");

    private static final Map<String, Setting> TABLE1 = Map.of(
            "genrbm", new Setting("genrbm", 100, 0.01, 100, true),
            "islands", new Setting("islands", 100, 0.001, 100, true),
            "pentagon", new Setting("pentagon", 100, 0.001, 100, true),
            "iris", new Setting("iris", 150, 0.002, 100, true),
            "wine", new Setting("wine", 100, 0.001, 100, false),
            "seeds", new Setting("seeds", 100, 0.001, 100, false));

    /** Hidden sizes of the auxiliary RBMs for L = 3 (paper section 5.1): m_1, m_2, m_3. */
    public static final int[] UPPER_HIDDEN = {50, 25, 12};

    private PaperData() {
    }

    /**
     * @param name a data set name
     * @return its Table 1 settings
     */
    public static Setting setting(String name) {
        Setting s = TABLE1.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no paper settings for data set " + name);
        }
        return s;
    }

    /**
     * The paper's version of a data set for a given seed.
     *
     * @param name one of {@link #NAMES}
     * @param seed the root seed
     * @return the data set (synthetic ones generated from {@code seed}'s data stream)
     */
    public static BinaryDataset dataset(String name, long seed) {
        Rng rng = Rng.seeded(seed).fork(ExperimentContext.label("datasets"), ExperimentContext.label(name));
        return Datasets.create(name, Map.of(), rng);
    }

    /**
     * The seed a figure's synthetic data sets were generated from, as its manifest records it: the
     * settings' {@code dataSeed} where the run set one apart ({@code figure --data-seed}), else the
     * root seed.
     *
     * @param manifest a figure's manifest
     * @return the data seed
     */
    public static long dataSeed(JsonNode manifest) {
        long seed = manifest.path("seed").asLong(1);
        return manifest.path("settings").path(DATA_SEED).asLong(seed);
    }

    /** The manifest setting and trial-settings key of a data seed set apart from the root seed. */
    public static final String DATA_SEED = "dataSeed";

    /**
     * The hidden sizes of a stack with L upper layers: m_0 = 100 then the first L of (50, 25, 12).
     *
     * @param hidden m_0
     * @param upperLayers L, 0 to 3
     * @return m_0, ..., m_L
     */
    public static int[] stackHidden(int hidden, int upperLayers) {
        int[] h = new int[upperLayers + 1];
        h[0] = hidden;
        System.arraycopy(UPPER_HIDDEN, 0, h, 1, upperLayers);
        return h;
    }
}
