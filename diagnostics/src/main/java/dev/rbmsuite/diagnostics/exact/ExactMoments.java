package dev.rbmsuite.diagnostics.exact;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.VectorMath;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.diagnostics.Parallel;
import java.util.Arrays;

/**
 * Exact moments E[v_i], E[h_j], E[v_i h_j] of an RBM (paper section 2.3), by enumerating the smaller
 * layer: E[h_j] = E_{P(v)}[sig(zeta_j(v))] and E[v_i h_j] = E_{P(v)}[v_i sig(zeta_j(v))].
 *
 * <p>These are the references of the MAEs of Fig. 2 and Fig. 6 ({@link MomentErrors}). The
 * enumeration is split into a fixed number of chunks that depends only on the model size; chunk
 * sums are reduced in order, so results are bit-identical from run to run. Cost: 2^min(n,m) states
 * times about min(n,m)/2 x max(n,m) multiply-adds.
 */
public final class ExactMoments {
    private static final int MAX_CHUNKS = 64;
    /**
     * Seconds per enumerated state and pair (i, j): 1.3e-9 measured at n = 20, m = 100 on the
     * 2-core development machine under load, rounded up.
     */
    static final double SECONDS_PER_STATE_PAIR = 2e-9;

    private ExactMoments() {
    }

    /**
     * @param rbm the model; min(n, m) must be at most 30 (practical up to about 22)
     * @return the exact moments
     */
    public static Moments of(Rbm rbm) {
        return of(rbm, CostGuard.DEFAULT);
    }

    /**
     * The estimated cost of {@link #of}: 2^min(n,m) states times n m pairs at
     * {@value #SECONDS_PER_STATE_PAIR} s each (the development machine's rate), plus ln Z.
     *
     * @param rbm the model
     * @return the estimated seconds
     */
    public static double estimatedSeconds(Rbm rbm) {
        int k = Math.min(rbm.numVisible(), rbm.numHidden());
        return Math.scalb((double) rbm.numVisible() * rbm.numHidden(), k) * SECONDS_PER_STATE_PAIR
                + ExactLogZ.estimatedSeconds(rbm);
    }

    /**
     * @param rbm the model; min(n, m) must be at most 30 (practical up to about 22)
     * @param guard the cost limit and progress reports ({@link #estimatedSeconds})
     * @return the exact moments
     * @throws dev.rbmsuite.core.cost.CostLimitException if the estimate exceeds the guard's limit
     */
    public static Moments of(Rbm rbm, CostGuard guard) {
        boolean transposed = rbm.numVisible() > rbm.numHidden();
        Rbm e = transposed ? rbm.transpose() : rbm;
        SplitEnumerator.checkSize(e.numVisible());
        Moments mo;
        try (CostGuard.Task task = guard.start("exact moments (" + ExactLogZ.states(e) + ")", estimatedSeconds(rbm),
                Math.min(1 << ((e.numVisible() + 1) / 2), MAX_CHUNKS))) {
            mo = enumerate(e, task);
        }
        if (!transposed) {
            return mo;
        }
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        double[] joint = new double[n * m];
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < n; i++) {
                joint[i * m + j] = mo.joint()[j * n + i];
            }
        }
        return new Moments(n, m, mo.hidden(), mo.visible(), joint);
    }

    private static Moments enumerate(Rbm rbm, CostGuard.Task task) {
        SplitEnumerator e = new SplitEnumerator(rbm);
        double logZ = e.logZ(true);
        int n = e.n;
        int m = e.m;
        int chunks = Math.min(e.numA, MAX_CHUNKS);
        int rowsPerChunk = e.numA / chunks;
        double[][] partial = new double[chunks][];
        Parallel.forEach(chunks, t -> {
            double[] acc = new double[n + m + n * m];
            double[] tmp = new double[m];
            double[] z = new double[m];
            for (int a = t * rowsPerChunk; a < (t + 1) * rowsPerChunk; a++) {
                for (int b = 0; b < e.numB; b++) {
                    double p = Fdlibm.exp(e.lv(a, b, tmp) - logZ);
                    if (p == 0.0) {
                        continue;
                    }
                    e.zeta(a, b, z);
                    VectorMath.sigmoidInPlace(z, 0, m);
                    VectorMath.axpy(p, acc, n, z, 0, m);
                    long x = a + ((long) b << e.nA);
                    for (int i = 0; i < n; i++) {
                        if (((x >>> i) & 1L) != 0) {
                            acc[i] += p;
                            VectorMath.axpy(p, acc, n + m + i * m, z, 0, m);
                        }
                    }
                }
            }
            partial[t] = acc;
        }, task);
        double[] total = new double[n + m + n * m];
        for (double[] acc : partial) {
            VectorMath.add(total, 0, acc, 0, total.length);
        }
        double[] visible = Arrays.copyOfRange(total, 0, n);
        double[] hidden = Arrays.copyOfRange(total, n, n + m);
        double[] joint = Arrays.copyOfRange(total, n + m, total.length);
        return new Moments(n, m, visible, hidden, joint);
    }
}
