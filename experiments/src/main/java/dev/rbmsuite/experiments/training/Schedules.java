package dev.rbmsuite.experiments.training;

import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.Scale;

/**
 * Epochs, cadences and trial counts per scale.
 *
 * <p>The paper scale keeps the training of docs/methods.md section 7 (20,000 epochs, 10 trials, Table 1)
 * and lambda2 with N2 = 2^15 counts and 1024 Rao-Blackwellised draws, and chooses the evaluation
 * cadence by its cost (measured on the 2-core machine; see the README):
 * <ul>
 *   <li>exact log-likelihood every 100 epochs where enumeration is cheap (GenRBM n = 10, iris
 *       n = 20: milliseconds), every 500 epochs for islands and pentagon (n = 25: 0.4 s of two
 *       cores per evaluation, which every 100 epochs would cost more than all their training);</li>
 *   <li>mAIS every 500 epochs for wine and seeds with K = 1,000 temperatures and N = 100 runs for
 *       the points of the curve (about 0.4 s; its standard error is recorded with every point),
 *       and docs/methods.md's K = 10,000, N = 500 for the final point, the reported number (about 19 s);</li>
 *   <li>MAEs only for GenRBM (figures 2 and 6 plot them; 0.3 s per evaluation at n = 20).</li>
 * </ul>
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
        boolean wide = dataset.equals("islands") || dataset.equals("pentagon");
        switch (scale) {
            case SMOKE:
                return new RunConfig(dataset, kernel, upperLayers, 20, 10, lambda2 ? 20 : 0, 256, 32, 100, 20, 200, 20,
                        genrbm, 2);
            case QUICK:
                return new RunConfig(dataset, kernel, upperLayers, genrbm ? 5000 : 2000, exact && !wide ? 100 : 250,
                        lambda2 ? 1000 : 0, 1 << 12, 256, 1000, 100, 4000, 200, genrbm, 3);
            default:
                return new RunConfig(dataset, kernel, upperLayers, 20_000, exact && !wide ? 100 : 500,
                        lambda2 ? 1000 : 0, 1 << 15, 1024, 1000, 100, 10_000, 500, genrbm, 10);
        }
    }
}
