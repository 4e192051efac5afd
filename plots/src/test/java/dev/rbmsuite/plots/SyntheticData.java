package dev.rbmsuite.plots;

/**
 * Deterministic synthetic curves for rendering tests and the preview gallery. A tiny SplitMix64 keeps this
 * module free of the core module (the plots module must not depend on other rbm modules) and of
 * {@code java.util.Random}.
 */
final class SyntheticData {

    private long state;

    SyntheticData(long seed) {
        this.state = seed;
    }

    double uniform() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }

    double gaussian() {
        double u1 = Math.max(uniform(), 1e-300);
        double u2 = uniform();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    static double[] range(double from, double step, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = from + i * step;
        }
        return x;
    }

    /** A learning curve rising to {@code peak}, then (if {@code drop > 0}) falling after {@code failAt}. */
    double[] learningCurve(double[] epochs, double start, double peak, double failAt, double drop, double noise) {
        double[] y = new double[epochs.length];
        for (int i = 0; i < y.length; i++) {
            double e = epochs[i];
            double rise = start + (peak - start) * (1 - Math.exp(-e / 1500.0));
            double fall = e > failAt ? drop * (1 - Math.exp(-(e - failAt) / 3000.0)) : 0;
            y[i] = rise - fall + noise * gaussian();
        }
        return y;
    }
}
