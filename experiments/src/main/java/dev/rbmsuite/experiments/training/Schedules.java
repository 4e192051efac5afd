package dev.rbmsuite.experiments.training;

import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.Scale;

/**
 * Epochs, cadences and trial counts per scale (METHODS.md section 7: 20,000 epochs, 10 trials,
 * exact log-likelihood every 100 epochs, mAIS every 500 with 10,000 temperatures and 500 runs,
 * lambda2 with N2 = 2^15 counts or 1024 Rao-Blackwellised draws).
 */
public final class Schedules {
    private Schedules() {
    }

    /**
     * @param scale the scale
     * @param dataset the data set
     * @param kernel "bgs", "dt" or "roundtrip"
     * @param upperLayers L
     * @param lambda2 whether to track lambda2 (figure 2)
     * @return the configuration
     */
    public static RunConfig config(Scale scale, String dataset, String kernel, int upperLayers, boolean lambda2) {
        boolean exact = PaperData.setting(dataset).exact();
        boolean genrbm = dataset.equals("genrbm");
        switch (scale) {
            case SMOKE:
                return new RunConfig(dataset, kernel, upperLayers, 20, 10, lambda2 ? 20 : 0, 256, 32, 100, 20, 2);
            case QUICK:
                return new RunConfig(dataset, kernel, upperLayers, genrbm ? 5000 : 2000, exact ? 100 : 500,
                        lambda2 ? 1000 : 0, 1 << 12, 256, 2000, 100, 3);
            default:
                return new RunConfig(dataset, kernel, upperLayers, 20_000, exact ? 100 : 500, lambda2 ? 1000 : 0,
                        1 << 15, 1024, 10_000, 500, 10);
        }
    }
}
