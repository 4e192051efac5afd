/**
 * Transition kernels on RBMs and RBM stacks, in the style of BlackJAX / TFP: a kernel is bound to
 * its target, {@link dev.rbmsuite.kernels.TransitionKernel#init} creates the batched
 * {@link dev.rbmsuite.kernels.ChainState} once, and {@link dev.rbmsuite.kernels.TransitionKernel#step}
 * maps (random stream, state) to (next state, {@link dev.rbmsuite.kernels.StepInfo}) without touching
 * its input ({@code advance} is the in-place hot path). The state carries everything that changes
 * (positions, the tempering parity, cached evaluations, scratch buffers), so kernels are immutable
 * and safe to share between threads; infos are immutable values that add up with {@code plus}.
 *
 * <ul>
 *   <li>{@link dev.rbmsuite.kernels.BlockedGibbs}: blocked Gibbs sampling (Eq. bgs);</li>
 *   <li>{@link dev.rbmsuite.kernels.SwapKernel}: the swap kernel S_{l,l+1} (Alg. 1, Eq. swap_prob)
 *       and the visible-space swap K̄_{l,l+1} (Eq. swap_kernel_vis), shared by the two below;</li>
 *   <li>{@link dev.rbmsuite.kernels.DeepTempering}: deep tempering (Alg. 2, docs/methods.md section 3.4);</li>
 *   <li>{@link dev.rbmsuite.kernels.RoundTrip}: the proposed round-trip kernel (Alg. 3, Eq. ell_trans);</li>
 *   <li>{@link dev.rbmsuite.kernels.ParallelTempering}: replica exchange over an inverse-temperature
 *       ladder on one RBM, the classic baseline;</li>
 *   <li>{@link dev.rbmsuite.kernels.GibbsWithGradients}: Gibbs-with-Gradients (Grathwohl et al. 2021)
 *       and path auxiliary proposals (Sun et al. 2022) on the visible marginal, with exact or gradient
 *       flip differences;</li>
 *   <li>{@link dev.rbmsuite.kernels.DiscreteLangevin}: the discrete Langevin proposal (Zhang, Liu &amp;
 *       Liu 2022), Metropolis-adjusted (DMALA) or not (DULA, biased);</li>
 *   <li>{@link dev.rbmsuite.kernels.RandomScanGibbs}: random-scan single-site Gibbs on the visible
 *       marginal, the generic baseline the gradient-based samplers were measured against;</li>
 *   <li>{@link dev.rbmsuite.kernels.KernelRegistry}: the installed kernels by name ("bgs", "dt",
 *       "roundtrip", "pt", "gwg", "dmala", "dula", "pas", "rsgibbs" and plug-ins), each described by a
 *       {@link dev.rbmsuite.kernels.KernelFactory} found with {@link java.util.ServiceLoader}.</li>
 * </ul>
 *
 * <pre>{@code
 * TransitionKernel k = Kernels.create("roundtrip", stack);
 * ChainState s = k.init(100, rng.fork(0));
 * Rng steps = rng.fork(1);
 * StepInfo total = k.zeroInfo();
 * for (int t = 0; t < 1000; t++) {
 *     total = total.plus(k.advance(steps.fork(t), s));   // a fresh stream per step; in place
 * }
 * INDArray v0 = s.visible(0);                 // N x n_0 samples of the training RBM
 * }</pre>
 *
 * <p>Every kernel is proven on tiny models against exact matrices (those of
 * {@link dev.rbmsuite.kernels.exact.ExactTransitionMatrices}, or rows written from the algorithm) with
 * the public test kit (module rbm-testkit); the one biased kernel, DULA, has its bias measured exactly
 * there.
 */
package dev.rbmsuite.kernels;
