package dev.rbmsuite.experiments.training;

import dev.rbmsuite.experiments.sampling.KernelVariant;
import dev.rbmsuite.kernels.KernelRegistry;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One training configuration of the paper's experiments (section 5, Table 1): a data set, a kernel
 * and the number L of auxiliary RBMs, with the evaluation cadence. Learning rate, N_s and m come
 * from Table 1 via {@link dev.rbmsuite.experiments.PaperData}.
 *
 * @param dataset data set name
 * @param kernel an installed kernel's name ("bgs", "dt" or "roundtrip" in the paper's figures)
 * @param upperLayers L (ignored, and set to 0, for a kernel that samples the bottom RBM only, such as bgs)
 * @param epochs number of full-batch updates
 * @param evalEvery log-likelihood (and MAE) cadence in epochs
 * @param lambda2Every lambda2 cadence in epochs (a multiple of evalEvery), 0 for none
 * @param lambda2CountRepeats N2 of the paper's count estimator
 * @param lambda2RbRepeats N2 of the Rao-Blackwellised estimator
 * @param aisTemperatures mAIS temperatures K for the points of the curve where the log-likelihood is
 *     not exact
 * @param aisRuns mAIS runs N for the points of the curve
 * @param finalAisTemperatures K for the final evaluation (the reported final log-likelihood)
 * @param finalAisRuns N for the final evaluation
 * @param moments whether to compute the MAEs (only figures 2 and 6 plot them)
 * @param trials number of independent trials
 */
public record RunConfig(String dataset, String kernel, int upperLayers, int epochs, int evalEvery, int lambda2Every,
                        int lambda2CountRepeats, int lambda2RbRepeats, int aisTemperatures, int aisRuns,
                        int finalAisTemperatures, int finalAisRuns, boolean moments, int trials) {
    /** Checks the cadences. */
    public RunConfig {
        if (singleRbm(kernel)) {
            upperLayers = 0;
        }
        if (evalEvery <= 0 || epochs % evalEvery != 0) {
            throw new IllegalArgumentException("epochs (" + epochs + ") must be a multiple of evalEvery (" + evalEvery + ")");
        }
        if (lambda2Every < 0 || (lambda2Every > 0 && lambda2Every % evalEvery != 0)) {
            throw new IllegalArgumentException("lambda2Every must be a multiple of evalEvery");
        }
    }

    /**
     * The group name, for example "genrbm-bgs" or "islands-roundtrip-L3-lambda2". Configurations that
     * differ in anything but their name keep their trials apart, so runs with and without lambda2
     * tracking never overwrite each other.
     *
     * @return the name
     */
    public String name() {
        return dataset + "-" + kernel + (singleRbm(kernel) ? "" : "-L" + upperLayers)
                + (lambda2Every > 0 ? "-lambda2" : "");
    }

    /** @return the curve label used in legends, for example "BGS" or "proposed (L = 3)" */
    public String label() {
        return label(kernel, upperLayers);
    }

    /**
     * @param kernel a kernel name
     * @param upperLayers L
     * @return "BGS", "DT (L = 3)", "proposed (L = 3)" for the paper's kernels, else the kernel's name
     *     (with L where it uses upper layers)
     */
    public static String label(String kernel, int upperLayers) {
        return switch (kernel) {
            case "bgs" -> "BGS";
            case "dt" -> "DT (L = " + upperLayers + ")";
            case "roundtrip" -> "proposed (L = " + upperLayers + ")";
            default -> kernel + (upperLayers > 0 ? " (L = " + upperLayers + ")" : "");
        };
    }

    /** @return the palette key, for example "bgs" or "roundtrip-L3" */
    public String styleKey() {
        return styleKey(kernel, upperLayers);
    }

    /**
     * @param kernel a kernel name
     * @param upperLayers L (0 for a kernel on the bottom RBM only)
     * @return the palette key, for example "bgs" or "roundtrip-L3"
     */
    public static String styleKey(String kernel, int upperLayers) {
        return upperLayers == 0 ? kernel : kernel + "-L" + upperLayers;
    }

    private static boolean singleRbm(String kernel) {
        return !KernelRegistry.installed().factory(KernelVariant.nameOf(kernel)).usesUpperLayers();
    }

    /** @return every setting, for trial bookkeeping and manifests */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dataset", dataset);
        m.put("kernel", kernel);
        m.put("upperLayers", upperLayers);
        m.put("epochs", epochs);
        m.put("evalEvery", evalEvery);
        m.put("lambda2Every", lambda2Every);
        m.put("lambda2CountRepeats", lambda2CountRepeats);
        m.put("lambda2RbRepeats", lambda2RbRepeats);
        m.put("aisTemperatures", aisTemperatures);
        m.put("aisRuns", aisRuns);
        m.put("finalAisTemperatures", finalAisTemperatures);
        m.put("finalAisRuns", finalAisRuns);
        m.put("moments", moments);
        m.put("trials", trials);
        m.put("estimator", "smci2");
        return m;
    }
}
