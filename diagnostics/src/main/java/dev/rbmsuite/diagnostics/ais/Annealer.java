package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.Fdlibm;
import dev.rbmsuite.core.Numerics;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import dev.rbmsuite.diagnostics.Parallel;
import java.util.Arrays;

/**
 * The annealing engine shared by {@link MarginalAis}, {@link JointAis} and {@link ReverseAis}: runs
 * are processed in fixed blocks of {@value #BLOCK_RUNS} (vectorised over the runs of a block with
 * the batched {@link Rbm} methods and {@link VectorMath}), blocks run in parallel, and block t uses
 * the stream {@code rng.fork(t)}; so results depend on the seed only, not on the number of threads.
 *
 * <p>Intermediate distributions (docs/methods.md section 1.3, base-rate variant): on v alone,
 * ln f_beta(v) = (1-beta) bA.v + beta b.v + sum_j softplus(beta zeta_j(v)); on (v, h),
 * ln f_beta(v, h) = (1-beta) bA.v + beta (b.v + h.zeta(v)). Both have ln Z_0 = sum_i softplus(bA_i) + m ln 2.
 * The transition at beta is blocked Gibbs on the tempered joint:
 * h ~ Bern(sig(beta zeta(v))), v ~ Bern(sig((1-beta) bA + beta eta(h))); it leaves both the joint
 * and the v-marginal at beta invariant.
 */
final class Annealer {
    /** Runs per parallel block (fixed, so that the result does not depend on the thread count). */
    static final int BLOCK_RUNS = 50;

    private final Rbm rbm;
    private final int n;
    private final int m;
    private final double[] base;
    private final boolean uniform;
    private final double[] b;
    private final double[] betas;

    Annealer(Rbm rbm, AisOptions options) {
        this.rbm = rbm;
        this.n = rbm.numVisible();
        this.m = rbm.numHidden();
        double[] bA = options.baseVisibleBias();
        if (bA != null && bA.length != n) {
            throw new IllegalArgumentException("the base visible bias has length " + bA.length + ", the model n = " + n);
        }
        boolean u = true;
        if (bA != null) {
            for (double x : bA) {
                if (!Double.isFinite(x)) {
                    throw new IllegalArgumentException("the base visible bias contains " + x);
                }
                u &= x == 0.0;
            }
        }
        this.base = bA == null ? new double[n] : bA;
        this.uniform = u;
        this.b = rbm.visibleBiasArray();
        this.betas = options.schedule().betas();
    }

    /** @return ln Z_0 = sum_i softplus(bA_i) + m ln 2 */
    double logZ0() {
        double s = m * Fdlibm.log(2.0);
        for (double x : base) {
            s += Numerics.softplus(x);
        }
        return s;
    }

    /** Chains of one block with their buffers. */
    private final class Chains {
        final int rows;
        final double[] v;
        final double[] h;
        final double[] zeta;
        final double[] eta;
        final double[] bv;
        final double[] bvA;
        final double[] scratch;
        /** the exponentials of one row's softplus sum */
        final double[] exps;

        Chains(int rows) {
            this.rows = rows;
            v = new double[rows * n];
            h = new double[rows * m];
            zeta = new double[rows * m];
            eta = new double[rows * n];
            bv = new double[rows];
            bvA = new double[rows];
            scratch = new double[rows * Math.max(n, m)];
            exps = new double[VectorMath.softplusScratch(m)];
        }

        void drawBase(Rng rng) {
            for (int r = 0; r < rows; r++) {
                for (int i = 0; i < n; i++) {
                    v[r * n + i] = Numerics.sigmoid(base[i]);
                }
            }
            rng.bernoulliInPlace(v, 0, rows * n, scratch);
            refresh();
        }

        void refresh() {
            rbm.hiddenField(v, rows, zeta);
            for (int r = 0; r < rows; r++) {
                bv[r] = VectorMath.dot(b, 0, v, r * n, n);
                bvA[r] = uniform ? 0.0 : VectorMath.dot(base, 0, v, r * n, n);
            }
        }

        /** ln f_beta(v) of row r (hidden layer summed out). */
        double logMarginal(double beta, int r) {
            return (1 - beta) * bvA[r] + beta * bv[r] + VectorMath.softplusSum(beta, zeta, r * m, m, exps);
        }

        /** -E(v,h) - bA.v of row r: the derivative of ln f_beta(v,h) in beta. */
        double jointSlope(int r) {
            return bv[r] + VectorMath.dot(h, r * m, zeta, r * m, m) - bvA[r];
        }

        void transition(double beta, Rng rng) {
            System.arraycopy(zeta, 0, h, 0, rows * m);
            VectorMath.sigmoidInPlace(beta, h, 0, rows * m);
            rng.bernoulliInPlace(h, 0, rows * m, scratch);
            rbm.visibleField(h, rows, eta);
            if (uniform) {
                VectorMath.sigmoidInPlace(beta, eta, 0, rows * n);
            } else {
                double a = 1 - beta;
                for (int r = 0; r < rows; r++) {
                    int o = r * n;
                    for (int i = 0; i < n; i++) {
                        eta[o + i] = beta * eta[o + i] + a * base[i];
                    }
                }
                VectorMath.sigmoidInPlace(eta, 0, rows * n);
            }
            rng.bernoulliInPlace(eta, 0, rows * n, scratch);
            System.arraycopy(eta, 0, v, 0, rows * n);
            refresh();
        }
    }

    private interface BlockBody {
        void run(int first, Chains chains, Rng rng, double[] logw);
    }

    private double[] blocks(int runs, Rng rng, BlockBody body) {
        double[] logw = new double[runs];
        int tasks = (runs + BLOCK_RUNS - 1) / BLOCK_RUNS;
        Parallel.forEach(tasks, t -> {
            int first = t * BLOCK_RUNS;
            int rows = Math.min(BLOCK_RUNS, runs - first);
            body.run(first, new Chains(rows), rng.fork(t), logw);
        });
        return logw;
    }

    /** Forward AIS on the v-marginal (mAIS, docs/methods.md section 1.3). */
    double[] forwardMarginal(int runs, Rng rng) {
        int k = betas.length - 1;
        return blocks(runs, rng, (first, c, r, logw) -> {
            c.drawBase(r);
            double[] prev = new double[c.rows];
            for (int q = 0; q < c.rows; q++) {
                prev[q] = c.logMarginal(0.0, q);
            }
            for (int s = 1; s <= k; s++) {
                double beta = betas[s];
                for (int q = 0; q < c.rows; q++) {
                    logw[first + q] += c.logMarginal(beta, q) - prev[q];
                }
                if (s == k) {
                    break;
                }
                c.transition(beta, r);
                for (int q = 0; q < c.rows; q++) {
                    prev[q] = c.logMarginal(beta, q);
                }
            }
        });
    }

    /** Forward AIS on the joint (v, h) with energy-difference weights. */
    double[] forwardJoint(int runs, Rng rng) {
        int k = betas.length - 1;
        return blocks(runs, rng, (first, c, r, logw) -> {
            c.drawBase(r);
            Arrays.fill(c.h, 0.5);
            r.bernoulliInPlace(c.h, 0, c.rows * m, c.scratch);
            for (int s = 1; s <= k; s++) {
                double dBeta = betas[s] - betas[s - 1];
                for (int q = 0; q < c.rows; q++) {
                    logw[first + q] += dBeta * c.jointSlope(q);
                }
                if (s < k) {
                    c.transition(betas[s], r);
                }
            }
        });
    }

    /**
     * Reverse AIS on the v-marginal: starts from states distributed (approximately) as the model,
     * anneals from beta = 1 down to 0; E[w] = Z_0 / Z.
     */
    double[] reverseMarginal(double[] start, int runs, Rng rng) {
        if (start.length != (long) runs * n) {
            throw new IllegalArgumentException("start states hold " + start.length + " values, expected " + runs + " x " + n);
        }
        int k = betas.length - 1;
        return blocks(runs, rng, (first, c, r, logw) -> {
            System.arraycopy(start, first * n, c.v, 0, c.rows * n);
            c.refresh();
            double[] cur = new double[c.rows];
            for (int q = 0; q < c.rows; q++) {
                cur[q] = c.logMarginal(1.0, q);
            }
            for (int s = k; s >= 1; s--) {
                double lower = betas[s - 1];
                for (int q = 0; q < c.rows; q++) {
                    logw[first + q] += c.logMarginal(lower, q) - cur[q];
                }
                if (s == 1) {
                    break;
                }
                c.transition(lower, r);
                for (int q = 0; q < c.rows; q++) {
                    cur[q] = c.logMarginal(lower, q);
                }
            }
        });
    }
}
