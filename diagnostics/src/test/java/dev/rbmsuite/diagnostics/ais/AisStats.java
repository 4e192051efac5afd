package dev.rbmsuite.diagnostics.ais;

/** The mean and its standard error over repeated estimates, for the bias tests of the AIS estimators. */
final class AisStats {
    private AisStats() {
    }

    static double mean(double[] x) {
        double s = 0;
        for (double t : x) {
            s += t / x.length;
        }
        return s;
    }

    static double stdErr(double[] x) {
        double mu = mean(x);
        double v = 0;
        for (double t : x) {
            v += (t - mu) * (t - mu) / (x.length - 1);
        }
        return Math.sqrt(v / x.length);
    }
}
