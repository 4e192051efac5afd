package dev.rbmsuite.learning;

import dev.rbmsuite.core.Lanes;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorMath;
import dev.rbmsuite.datasets.synthetic.Islands;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.ExactMoments;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import dev.rbmsuite.diagnostics.tv.TotalVariation;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.Kernels;
import dev.rbmsuite.kernels.SwapKernel;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.learning.estimators.MomentEstimator;
import dev.rbmsuite.learning.estimators.Moments;
import dev.rbmsuite.learning.estimators.MonteCarloEstimator;
import dev.rbmsuite.learning.estimators.SemiSecondOrderSmci;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Prints one line per numeric routine, {@code name sha256-of-the-result-bits}, for
 * {@link WidthIndependenceTest}, which runs it in JVMs with different vector widths
 * ({@code -XX:MaxVectorSize}, {@code -XX:UseAVX}) and processor counts and compares the lines. The
 * routines cover the hot paths whose arithmetic could follow the hardware lane count: reductions
 * (dot products, softplus sums, products), fields and draws of every kernel (the fused swap
 * fields included), free energies, SMCI and Monte Carlo estimates, a short training of each
 * kernel, exact log Z (fast and plain enumeration), exact moments, TV, lambda2 and mAIS.
 *
 * <p>Each routine runs several times in a loop, so that interpreted and JIT-compiled code are both
 * covered; all repetitions go into the digest.
 */
public final class WidthDigests {
    private WidthDigests() {
    }

    /** Accumulates the bits of doubles into a SHA-256. */
    private static final class Digest {
        private final MessageDigest md;

        Digest() {
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        Digest add(double... xs) {
            ByteBuffer b = ByteBuffer.allocate(8 * xs.length);
            for (double x : xs) {
                b.putLong(Double.doubleToRawLongBits(x));
            }
            md.update(b.array());
            return this;
        }

        Digest add(int... xs) {
            ByteBuffer b = ByteBuffer.allocate(4 * xs.length);
            for (int x : xs) {
                b.putInt(x);
            }
            md.update(b.array());
            return this;
        }

        String hex() {
            return HexFormat.of().formatHex(md.digest());
        }
    }

    private static void print(String name, Digest d) {
        System.out.println(name + " " + d.hex());
    }

    /** An RBM with weights of scale std (every parameter Gaussian). */
    private static Rbm model(int n, int m, double std, long seed) {
        return Rbm.gaussian(n, m, std, Rng.seeded(seed));
    }

    private static double[] binary(int len, Rng rng) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = rng.nextBernoulli(0.5) ? 1.0 : 0.0;
        }
        return x;
    }

    private static double[] gaussian(int len, double std, Rng rng) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = std * rng.nextGaussian();
        }
        return x;
    }

    /**
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.println("lanes " + Lanes.LANES);
        reductions();
        core();
        kernels();
        estimators();
        training();
        diagnostics();
    }

    private static void reductions() {
        Rng rng = Rng.seeded(1);
        Digest dot = new Digest();
        Digest sp = new Digest();
        Digest axpy = new Digest();
        for (int rep = 0; rep < 40; rep++) {
            for (int len = 0; len <= 300; len += 1 + len / 8) {
                double[] x = gaussian(len + 5, 20, rng);
                double[] y = gaussian(len + 5, 1, rng);
                dot.add(VectorMath.dot(x, 3, y, 1, len));
                sp.add(VectorMath.softplusSum(x, 2, len), VectorMath.softplusSum(0.37, x, 1, len));
                VectorMath.axpy(0.3, y, 1, x, 4, len);
                axpy.add(y);
            }
        }
        print("VectorMath.dot", dot);
        print("VectorMath.softplusSum", sp);
        print("VectorMath.axpy", axpy);
    }

    private static void core() {
        Digest sweep = new Digest();
        Digest free = new Digest();
        Digest means = new Digest();
        for (int[] shape : new int[][] {{25, 30}, {10, 100}, {7, 3}, {64, 33}}) {
            Rbm rbm = model(shape[0], shape[1], 0.6, shape[0] * 100L + shape[1]);
            int n = shape[0];
            int m = shape[1];
            int chains = 37;
            Rng rng = Rng.seeded(5);
            double[] v = binary(chains * n, rng);
            double[] h = new double[chains * m];
            double[] scratch = new double[chains * Math.max(n, m)];
            double[] lv = new double[chains];
            double[] lh = new double[chains];
            double[] e = new double[chains];
            for (int s = 0; s < 60; s++) {
                rbm.sampleHidden(v, chains, h, rng, scratch);
                rbm.sampleVisible(0.7, h, chains, v, rng, scratch);
                rbm.logMarginalVisible(v, chains, lv);
                rbm.logMarginalHidden(h, chains, lh);
                rbm.energy(v, h, chains, e);
                free.add(lv).add(lh).add(e);
            }
            sweep.add(v).add(h);
            double[] mv = gaussian(chains * n, 0.5, rng);
            double[] mh = new double[chains * m];
            rbm.hiddenMeans(mv, chains, mh);
            rbm.visibleMeans(mh, chains, mv);
            means.add(mh).add(mv);
        }
        print("core.sweeps", sweep);
        print("core.freeEnergies", free);
        print("core.means", means);
    }

    private static void kernels() {
        RbmStack stack = RbmStack.gaussian(25, new int[] {30, 15, 9}, 0.5, Rng.seeded(7));
        for (String name : Kernels.NAMES) {
            RbmStack s = name.equals("bgs") || name.equals("pt") ? stack.prefix(1) : stack;
            TransitionKernel k = Kernels.create(name, s);
            Rng rng = Rng.seeded(8);
            ChainState state = k.init(23, rng.fork(0));
            Digest d = new Digest();
            for (int t = 0; t < 40; t++) {
                k.advance(rng.fork(1, t), state);
                for (int l = 0; l < state.layers(); l++) {
                    d.add(state.buffer(l));
                }
            }
            print("kernels." + name, d);
        }
        // the fused swap fields, dense (binary) and sparse (few ones) and non-binary inputs
        SwapKernel swap = new SwapKernel(stack.layer(0), stack.layer(1));
        Digest d = new Digest();
        Rng rng = Rng.seeded(9);
        for (double p : new double[] {0.5, 0.1, -1}) {
            SwapKernel.Slot slot = swap.newSlot(19);
            double[] x = slot.states();
            for (int k = 0; k < x.length; k++) {
                x[k] = p < 0 ? rng.nextDouble() : rng.nextBernoulli(p) ? 1.0 : 0.0;
            }
            for (int rep = 0; rep < 30; rep++) {
                swap.evaluate(slot, 19);
                d.add(slot.logMarginalLower()).add(slot.logMarginalUpper());
            }
        }
        print("kernels.swapFields", d);
    }

    private static void estimators() {
        for (int[] shape : new int[][] {{25, 30}, {10, 100}, {12, 7}}) {
            int n = shape[0];
            int m = shape[1];
            Rbm rbm = model(n, m, 0.5, 31L * n + m);
            Rng rng = Rng.seeded(10);
            int rows = 50;
            double[] v = binary(rows * n, rng);
            double[] h = binary(rows * m, rng);
            for (MomentEstimator est : new MomentEstimator[] {new SemiSecondOrderSmci(), new MonteCarloEstimator()}) {
                Moments out = new Moments(n, m);
                Digest d = new Digest();
                for (int rep = 0; rep < 20; rep++) {
                    est.estimate(rbm, v, h, rows, out);
                    d.add(out.visible()).add(out.hidden()).add(out.pair());
                }
                print("estimators." + est.name() + "." + n + "x" + m, d);
            }
        }
    }

    private static void training() {
        double[] data = new Islands(Islands.DEFAULT_A, 25, 100).generate(Rng.seeded(3)).toArray();
        for (String kernel : TrainingSettings.KERNELS) {
            int[] hidden = kernel.equals("bgs") ? new int[] {30} : new int[] {30, 15};
            TrainingSettings s = new TrainingSettings(kernel, hidden, 30, 0.01, 50, "smci2", 10, 1, false);
            Trainer t = new Trainer(s, data, 100, 25);
            for (int e = 0; e < 30; e++) {
                t.update();
            }
            Digest d = new Digest();
            for (Rbm r : t.model().layers()) {
                d.add(r.weightsArray()).add(r.visibleBiasArray()).add(r.hiddenBiasArray());
            }
            print("training." + kernel, d);
        }
    }

    private static void diagnostics() {
        Rbm big = model(18, 30, 0.4, 41);
        Digest logz = new Digest();
        logz.add(ExactLogZ.logZ(big), ExactLogZ.logZPlain(model(12, 13, 0.8, 42)), ExactLogZ.logZ(model(9, 5, 3, 43)));
        print("diagnostics.exactLogZ", logz);

        dev.rbmsuite.diagnostics.exact.Moments mo = ExactMoments.of(model(12, 20, 0.5, 44));
        print("diagnostics.exactMoments", new Digest().add(mo.visible()).add(mo.hidden()).add(mo.joint()));

        Rbm small = model(10, 12, 0.7, 45);
        Rng rng = Rng.seeded(12);
        int rows = 500;
        double[] v = binary(rows * 10, rng);
        double[] h = new double[rows * 12];
        double[] scratch = new double[rows * 12];
        for (int s = 0; s < 20; s++) {
            small.sampleHidden(v, rows, h, rng, scratch);
            small.sampleVisible(h, rows, v, rng, scratch);
        }
        print("diagnostics.tv", new Digest().add(TotalVariation.distance(small, ExactLogZ.logZ(small), v, rows)));

        Rbm tiny = model(6, 14, 0.6, 46);
        Digest l2 = new Digest();
        for (Lambda2.Estimator e : Lambda2.Estimator.values()) {
            Lambda2.Result r = Lambda2.estimate(tiny, e, 64, Rng.seeded(13));
            l2.add(r.lambda2(), r.relaxationTime());
        }
        // n = 10: two, three or five vectors per field row at 8, 4 and 2 lanes (GroupedFieldDraws)
        Lambda2.Result wide = Lambda2.estimate(model(10, 14, 0.5, 48), Lambda2.Estimator.RAO_BLACKWELL, 32, Rng.seeded(15));
        l2.add(wide.lambda2(), wide.relaxationTime());
        print("diagnostics.lambda2", l2);

        var ais = MarginalAis.estimate(model(20, 15, 0.5, 47), AisOptions.linearUniform(200, 16), Rng.seeded(14));
        print("diagnostics.mais", new Digest().add(ais.logZ(), ais.stdErr()).add(ais.logWeights()));
    }
}
