package dev.rbmsuite.diagnostics.ais;

import java.util.Arrays;

/**
 * An inverse-temperature schedule 0 = beta_0 &lt; beta_1 &lt; ... &lt; beta_K = 1 for annealed importance
 * sampling (docs/methods.md section 1.3-1.4).
 */
public final class AnnealingSchedule {
    private final double[] betas;

    private AnnealingSchedule(double[] betas) {
        this.betas = betas;
    }

    /**
     * @param temperatures K, the number of annealing steps (at least 1)
     * @return beta_k = k / K
     */
    public static AnnealingSchedule linear(int temperatures) {
        check(temperatures);
        double[] b = new double[temperatures + 1];
        for (int k = 0; k <= temperatures; k++) {
            b[k] = (double) k / temperatures;
        }
        b[temperatures] = 1.0;
        return new AnnealingSchedule(b);
    }

    /**
     * Salakhutdinov and Murray's piecewise-linear schedule ([0:1e-3:0.5, 0.5:1e-4:0.9, 0.9:1e-5:1],
     * about 14,500 steps), rescaled to K steps with the same share of steps per segment: 500/14500 of
     * them on [0, 0.5], 4000/14500 on [0.5, 0.9] and the rest on [0.9, 1] (docs/methods.md section 1.4).
     *
     * @param temperatures K (at least 3)
     * @return the schedule
     */
    public static AnnealingSchedule piecewise(int temperatures) {
        if (temperatures < 3) {
            throw new IllegalArgumentException("the piecewise schedule needs at least 3 temperatures, got " + temperatures);
        }
        int k1 = Math.max(1, (int) Math.round(temperatures * 500.0 / 14500.0));
        int k2 = Math.max(1, (int) Math.round(temperatures * 4000.0 / 14500.0));
        int k3 = temperatures - k1 - k2;
        double[] b = new double[temperatures + 1];
        int k = 0;
        for (int s = 0; s < k1; s++) {
            b[k++] = 0.5 * s / k1;
        }
        for (int s = 0; s < k2; s++) {
            b[k++] = 0.5 + 0.4 * s / k2;
        }
        for (int s = 0; s < k3; s++) {
            b[k++] = 0.9 + 0.1 * s / k3;
        }
        b[temperatures] = 1.0;
        return new AnnealingSchedule(b);
    }

    /**
     * @param betas a strictly increasing schedule from 0 to 1 (copied)
     * @return the schedule
     */
    public static AnnealingSchedule of(double[] betas) {
        if (betas.length < 2 || betas[0] != 0.0 || betas[betas.length - 1] != 1.0) {
            throw new IllegalArgumentException("a schedule runs from beta = 0 to beta = 1");
        }
        for (int k = 1; k < betas.length; k++) {
            if (!(betas[k] > betas[k - 1])) {
                throw new IllegalArgumentException("the schedule is not increasing at step " + k);
            }
        }
        return new AnnealingSchedule(betas.clone());
    }

    private static void check(int temperatures) {
        if (temperatures < 1) {
            throw new IllegalArgumentException("temperatures must be at least 1, got " + temperatures);
        }
    }

    /** @return K, the number of annealing steps */
    public int steps() {
        return betas.length - 1;
    }

    /** @param k step index in [0, K] @return beta_k */
    public double beta(int k) {
        return betas[k];
    }

    /** @return a copy of all K+1 inverse temperatures */
    public double[] betas() {
        return betas.clone();
    }

    @Override
    public String toString() {
        return "AnnealingSchedule[K=" + steps() + ", " + Arrays.toString(Arrays.copyOf(betas, Math.min(4, betas.length)))
                + "...]";
    }
}
