package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;

/**
 * Standard annealed importance sampling on the joint space (v, h) (Neal 2001; Salakhutdinov and
 * Murray, ICML 2008; docs/methods.md section 1.4): geometric path between the base model (zero weights,
 * visible biases bA) and the RBM, weights from joint energies,
 * ln w = sum_k (beta_k - beta_{k-1}) (-E(v_k, h_k) - bA.v_k), blocked Gibbs on each tempered joint.
 * It is the baseline that mAIS improves on (higher log-weight variance, docs/methods.md section 1.2).
 *
 * <p>ln Z_hat is a stochastic lower bound: biased down in expectation.
 */
public final class JointAis {
    private JointAis() {
    }

    /**
     * @param rbm the model
     * @param options schedule, runs and base
     * @param rng random stream (forked per block of runs)
     * @return ln Z estimate, standard error, log-weight SD and ESS
     */
    public static AisResult estimate(Rbm rbm, AisOptions options, Rng rng) {
        Annealer a = new Annealer(rbm, options);
        return AisResult.summarise(a.logZ0(), 1.0, a.forwardJoint(options.runs(), rng));
    }
}
