package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.ChunkPool;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TemperedState;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.learning.estimators.MomentEstimator;
import dev.rbmsuite.learning.estimators.Moments;
import dev.rbmsuite.learning.optim.AdaMax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Joint training of an RBM stack theta_0..theta_L by persistent chains (paper Sec. 2.2, 3, 4;
 * docs/methods.md section 3.3 and 7.1). One call of {@link #update()} is one epoch, in the order of docs/methods.md section 7.1:
 * <ol>
 *   <li>advance the N_s persistent chains of every layer by s = 1 transition of the kernel (BGS on
 *       theta_0, deep tempering Alg. 2, the round trip Alg. 3, or any installed kernel of the
 *       {@link dev.rbmsuite.kernels.KernelRegistry}) built on the current parameters;</li>
 *   <li>draw h_l ~ P_l(h|v_l) fresh for every layer and estimate the negative-phase moments with
 *       semi-second-order SMCI (Appendix A, corrected) or plain Monte Carlo;</li>
 *   <li>compute the positive phase of every layer ({@link PositivePhase}: exact over the data for
 *       layer 0, Eqs. grad_b/grad_c/grad_W; one ancestral sample per data point of Q^(l) for the
 *       upper layers, Eq. extended_data_dist corrected); the data's hidden means of layer 0 are
 *       computed in the same pass over W as the chains' fresh hidden draws of step 2
 *       ({@code Rbm.sampleHiddenAndMeans}: the same numbers, one build of a large layer's group tables);</li>
 *   <li>gradient = positive - negative for W, b, c of every layer (Eq. grad_Deep), and one AdaMax
 *       ascent step over all parameters at once.</li>
 * </ol>
 * Every layer is trained every update (joint, not greedy, training).
 *
 * <p>Parameters live in one mutable flat float64 vector (per layer: W row-major, then b, then c); an
 * immutable {@link RbmStack} is built from it at the start of each update. All randomness comes from
 * forks of the root stream {@code Rng.seeded(seed)}: the initial weights ({@code fork(1)}), the
 * initial chains ({@code fork(2)}), and per update t the stream {@code fork(3, t)} (chains:
 * {@code .fork(1)}, extended data: {@code .fork(2)}, fresh hidden samples of layer l:
 * {@code .fork(3, l)}). The state of a run is therefore (parameters, optimiser state, chains with
 * parity, root stream, epoch), which {@link #snapshot()} and {@link #restore} carry exactly: a
 * resumed run is bit-identical to an uninterrupted one.
 *
 * <p><b>Mini-batches</b> (beyond the paper, {@link TrainingSettings#batchSize()} B with 0 &lt; B &lt; N_d):
 * one epoch is then ceil(N_d / B) updates ({@link #updateBatch()}), each the four steps above with the
 * positive phase over one batch of rows; the persistent chains and the AdaMax state carry over from batch
 * to batch, and the negative phase (SMCI or Monte Carlo) is estimated afresh for every batch. The rows of
 * epoch t are visited in a random order drawn from the dedicated stream {@code fork(4, t)} (a Fisher-Yates
 * shuffle; batch b takes positions b B .. min((b+1) B, N_d) - 1, so the last batch may be smaller), and
 * update b of epoch t draws from {@code fork(5, t, b)} in place of {@code fork(3, t)}. The position within
 * the epoch is part of the state ({@link Snapshot#batch()}), so a run resumes at any batch to identical
 * bytes. With B = 0 or B &ge; N_d there is one batch per epoch: no shuffle (a permutation of the whole
 * data would change only the order of the positive phase's sums) and the full-batch streams, so the run
 * is bit for bit the paper's full-batch run.
 *
 * <p><b>Threads</b> ({@link #useThreads}): the work of one update can be split over T threads (a
 * {@link ChunkPool}) without changing a bit of the run: the conditionals, the outer products E[v h^T]
 * and the AdaMax step are cut into chunks of independently computed outputs with boundaries fixed by
 * the sizes, never into parts of a floating-point sum, and every random draw comes from its sequential
 * position of the stream. T is therefore a run-time choice, not a setting: it is in no settings or
 * checkpoint key, and a run made with T threads resumes with any other T to the same bytes. The pool's
 * daemon threads are stopped by {@link #close()}.
 */
public final class Trainer implements AutoCloseable {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    private static final long INIT_WEIGHTS = 1;
    private static final long INIT_CHAINS = 2;
    private static final long UPDATE = 3;
    private static final long SHUFFLE = 4;
    private static final long BATCH_UPDATE = 5;

    private final TrainingSettings settings;
    private final KernelFactory kernelFactory;
    private final int depth;
    private final int[] nv;
    private final int[] nh;
    private final int[] offsets;
    private final double[] theta;
    private final AdaMax optimiser;
    private final Rng root;
    private final PositivePhase positive;
    private final MomentEstimator[] estimators;
    private final Moments[] pos;
    private final Moments[] neg;
    private final double[][] hidden;
    private double[] scratch;
    /** P(h_0 = 1 | row) of the update's rows, computed with the chains' hidden draws, for the positive phase. */
    private double[] dataMeans = new double[0];
    private ChainState chains;
    private final double[] data;
    private final int rows;
    private final int batchRows;
    private final int batches;
    private int[] order = new int[0];
    private int orderEpoch = -1;
    private double[] batchData = new double[0];
    private int batch;
    private int epoch;
    private RbmStack lastStack;
    /**
     * Whether {@link #lastUpdateModel} has handed {@link #lastStack} out since the update that made it;
     * until then nothing outside the trainer holds it, and the next update builds its RBMs in its arrays.
     */
    private boolean lastHandedOut = true;
    private StepInfo lastInfo = StepInfo.NONE;
    private ChunkPool pool;

    /**
     * A fresh run: Xavier-normal weights and zero biases on every layer (Sec. 5.1), chains uniform with
     * parity 0 (docs/methods.md section 7.1).
     *
     * @param settings the run's settings
     * @param data the data set, rows x n_0 row-major binary (kept, not copied)
     * @param rows N_d
     * @param visible n_0
     */
    public Trainer(TrainingSettings settings, double[] data, int rows, int visible) {
        this(settings, data, rows, visible, () -> settings.estimatorKind().create());
    }

    /**
     * A fresh run with a custom negative-phase estimator (for example exact moments in tests).
     *
     * @param settings the run's settings (its estimator name is only recorded)
     * @param data the data set, rows x n_0 row-major binary
     * @param rows N_d
     * @param visible n_0
     * @param estimator creates one estimator per layer
     */
    public Trainer(TrainingSettings settings, double[] data, int rows, int visible, Supplier<MomentEstimator> estimator) {
        this.settings = settings;
        this.kernelFactory = settings.kernelFactory();
        int[] hs = settings.hidden();
        this.depth = hs.length;
        this.nv = new int[depth];
        this.nh = hs;
        this.offsets = new int[depth + 1];
        for (int l = 0; l < depth; l++) {
            nv[l] = l == 0 ? visible : hs[l - 1];
            offsets[l + 1] = offsets[l] + nv[l] * nh[l] + nv[l] + nh[l];
        }
        this.theta = new double[offsets[depth]];
        this.optimiser = new AdaMax(theta.length, settings.learningRate());
        this.root = Rng.seeded(settings.seed());
        this.positive = new PositivePhase(data, rows);
        this.data = data;
        this.rows = rows;
        int b = settings.batchSize();
        this.batchRows = b <= 0 || b >= rows ? rows : b;
        this.batches = (rows + batchRows - 1) / batchRows;
        this.estimators = new MomentEstimator[depth];
        this.pos = new Moments[depth];
        this.neg = new Moments[depth];
        this.hidden = new double[depth][];
        for (int l = 0; l < depth; l++) {
            estimators[l] = estimator.get();
            pos[l] = new Moments(nv[l], nh[l]);
            neg[l] = new Moments(nv[l], nh[l]);
            hidden[l] = new double[settings.samples() * nh[l]];
        }
        this.scratch = new double[0];
        RbmStack init = RbmStack.xavier(visible, hs, root.fork(INIT_WEIGHTS));
        for (int l = 0; l < depth; l++) {
            Rbm r = init.layer(l);
            System.arraycopy(r.weightsArray(), 0, theta, offsets[l], nv[l] * nh[l]);
        }
        this.lastStack = init;
        this.chains = kernel(init).init(settings.samples(), root.fork(INIT_CHAINS));
        this.epoch = 0;
    }

    /**
     * Splits the work of every later update over T threads (the calling thread and T - 1 daemon
     * threads); T = 1, the default, runs each update on the calling thread. The results are the same
     * bits for every T (see the class comment).
     *
     * @param threads T, in [1, {@value ChunkPool#MAX_THREADS}]
     * @return this trainer
     * @throws IllegalArgumentException for T outside the range
     */
    public Trainer useThreads(int threads) {
        ChunkPool next = threads == 1 ? null : ChunkPool.of(threads);
        close();
        pool = next;
        return this;
    }

    /** @return T, the threads an update runs on */
    public int threads() {
        return pool == null ? 1 : pool.threads();
    }

    /** Stops the threads of {@link #useThreads} (later updates run on the calling thread); idempotent. */
    @Override
    public void close() {
        if (pool != null) {
            pool.close();
            pool = null;
        }
    }

    /** @return the settings */
    public TrainingSettings settings() {
        return settings;
    }

    /** @return the number of epochs completed so far */
    public int epoch() {
        return epoch;
    }

    /** @return updates per epoch: 1 for the full batch, ceil(N_d / B) with mini-batches of B rows */
    public int batchesPerEpoch() {
        return batches;
    }

    /** @return the updates made so far within the current epoch (0 between epochs) */
    public int batchInEpoch() {
        return batch;
    }

    /** @return L + 1, the number of RBMs trained */
    public int depth() {
        return depth;
    }

    /** @return the current parameters as an immutable stack (built from the flat vector) */
    public RbmStack model() {
        List<Rbm> layers = new ArrayList<>(depth);
        for (int l = 0; l < depth; l++) {
            layers.add(Rbm.fromFlat(nv[l], nh[l], theta, offsets[l], null));
        }
        return RbmStack.of(layers);
    }

    /**
     * The stack of the current parameters for an update, built in the arrays of the last update's stack
     * where nothing outside the trainer can hold that (an update's stack is its own: its kernel and
     * estimators are made for it and dropped with it); the same values as {@link #model}.
     */
    private RbmStack updateModel() {
        RbmStack spent = lastHandedOut ? null : lastStack;
        // from here the spent stack's arrays are being overwritten: an update that fails leaves no last stack
        lastStack = null;
        lastHandedOut = true;
        List<Rbm> layers = new ArrayList<>(depth);
        for (int l = 0; l < depth; l++) {
            layers.add(Rbm.fromFlat(nv[l], nh[l], theta, offsets[l], spent == null ? null : spent.layer(l)));
        }
        return RbmStack.of(layers);
    }

    /**
     * The stack whose moments the last update estimated (its parameters before the step). Once handed
     * out it stays as it is: the next update builds its RBMs in new arrays.
     *
     * @return the last update's stack (the initial or restored one before any update; null after an
     *     update that failed)
     */
    public RbmStack lastUpdateModel() {
        lastHandedOut = true;
        return lastStack;
    }

    /**
     * @param l layer
     * @return the negative-phase estimates used in the last update (live; overwritten by the next)
     */
    public Moments lastNegative(int l) {
        return neg[l];
    }

    /**
     * @param l layer
     * @return the positive-phase statistics used in the last update (live)
     */
    public Moments lastPositive(int l) {
        return pos[l];
    }

    /** @return what the kernel reported in the last update (swap attempts and acceptances) */
    public StepInfo lastStepInfo() {
        return lastInfo;
    }

    /** @return the persistent chains (live; do not modify) */
    public ChainState chains() {
        return chains;
    }

    /**
     * Completes the current epoch: one full-batch update (docs/methods.md section 7.1), or the remaining
     * mini-batch updates of the epoch.
     */
    public void update() {
        while (!updateBatch()) {
            // the next batch of the same epoch
        }
    }

    /**
     * One update: advance chains, fresh h, estimators, gradients over one batch of rows, AdaMax, in the
     * settings' {@link Arithmetic}.
     *
     * @return whether it completed an epoch (always, with the full batch)
     */
    @SuppressWarnings("try") // the scope is held for the body, not used in it
    public boolean updateBatch() {
        try (Arithmetic.Scope arithmetic = Arithmetic.use(settings.arithmetic())) {
            return updateBatchHere();
        }
    }

    /** {@link #updateBatch} in the settings' arithmetic. */
    private boolean updateBatchHere() {
        int t = epoch + 1;
        if (batches == 1) {
            step(root.fork(UPDATE, t), data, rows);
            epoch = t;
            return true;
        }
        int[] ord = order(t);
        int from = batch * batchRows;
        int len = Math.min(batchRows, rows - from);
        int n0 = nv[0];
        if (batchData.length != len * n0) {
            batchData = new double[len * n0];
        }
        for (int r = 0; r < len; r++) {
            System.arraycopy(data, ord[from + r] * n0, batchData, r * n0, n0);
        }
        step(root.fork(BATCH_UPDATE, t, batch), batchData, len);
        if (++batch == batches) {
            batch = 0;
            epoch = t;
            return true;
        }
        return false;
    }

    /** The visiting order of the rows in epoch t: a Fisher-Yates shuffle from stream fork(SHUFFLE, t). */
    private int[] order(int t) {
        if (orderEpoch != t) {
            if (order.length != rows) {
                order = new int[rows];
            }
            for (int r = 0; r < rows; r++) {
                order[r] = r;
            }
            Rng shuffle = root.fork(SHUFFLE, t);
            for (int r = rows - 1; r > 0; r--) {
                int k = shuffle.nextInt(r + 1);
                int tmp = order[r];
                order[r] = order[k];
                order[k] = tmp;
            }
            orderEpoch = t;
        }
        return order;
    }

    private void step(Rng u, double[] batchValues, int batchSize) {
        if (pool == null) {
            stepHere(u, batchValues, batchSize);
            return;
        }
        ChunkPool.Scope scope = pool.enter();
        try {
            stepHere(u, batchValues, batchSize);
        } finally {
            scope.close();
        }
    }

    private void stepHere(Rng u, double[] batchValues, int batchSize) {
        RbmStack stack = updateModel();
        lastInfo = kernel(stack).advance(u.fork(1), chains);
        int ns = settings.samples();
        if (dataMeans.length < batchSize * nh[0]) {
            dataMeans = new double[batchSize * nh[0]];
        }
        for (int l = 0; l < depth; l++) {
            Rbm r = stack.layer(l);
            if (scratch.length < ns * nh[l]) {
                scratch = new double[ns * nh[l]];
            }
            if (l == 0) {
                // the chains' hidden draws and the rows' hidden means through W together (one pass at large sizes)
                r.sampleHiddenAndMeans(chains.buffer(0), ns, hidden[0], u.fork(3, 0), scratch, batchValues, batchSize,
                        dataMeans);
            } else {
                r.sampleHidden(chains.buffer(l), ns, hidden[l], u.fork(3, l), scratch);
            }
            estimators[l].estimate(r, chains.buffer(l), hidden[l], ns, neg[l]);
        }
        positive.compute(stack, u.fork(2), pos, batchValues, batchSize, dataMeans);
        // the gradient, positive minus negative moments of each layer's W, b and c, taken by AdaMax as it steps
        double[][] plus = new double[3 * depth][];
        double[][] minus = new double[3 * depth][];
        int[] at = new int[3 * depth];
        for (int l = 0; l < depth; l++) {
            int o = offsets[l];
            int wl = nv[l] * nh[l];
            plus[3 * l] = pos[l].pair();
            minus[3 * l] = neg[l].pair();
            at[3 * l] = o;
            plus[3 * l + 1] = pos[l].visible();
            minus[3 * l + 1] = neg[l].visible();
            at[3 * l + 1] = o + wl;
            plus[3 * l + 2] = pos[l].hidden();
            minus[3 * l + 2] = neg[l].hidden();
            at[3 * l + 2] = o + wl + nv[l];
        }
        optimiser.ascendDifferences(theta, plus, minus, at);
        lastStack = stack;
        lastHandedOut = false;
    }

    private TransitionKernel kernel(RbmStack stack) {
        return KernelRegistry.create(kernelFactory, stack, settings.kernelParams());
    }

    /** @return an exact copy of the run's state (for checkpoints) */
    public Snapshot snapshot() {
        double[][] c = new double[chains.layers()][];
        for (int l = 0; l < c.length; l++) {
            c[l] = chains.buffer(l).clone();
        }
        int parity = chains instanceof TemperedState t ? t.parity() : 0;
        return new Snapshot(epoch, theta.clone(), optimiser.state(), c, parity, root.state(), batch);
    }

    /**
     * Puts the run into a saved state; subsequent updates are bit-identical to those of the run that
     * saved it. The monitors' "last update" values are not part of the state.
     *
     * @param s a snapshot of a run with the same settings and data
     */
    public void restore(Snapshot s) {
        if (s.theta().length != theta.length) {
            throw new IllegalArgumentException("checkpoint holds " + s.theta().length + " parameters, this run has "
                    + theta.length);
        }
        if (!Arrays.equals(s.rootRng(), root.state())) {
            throw new IllegalArgumentException("checkpoint was made with another seed");
        }
        if (s.chains().length != chains.layers()) {
            throw new IllegalArgumentException("checkpoint holds chains of " + s.chains().length + " layers, expected "
                    + chains.layers());
        }
        double[][] c = new double[s.chains().length][];
        for (int l = 0; l < c.length; l++) {
            if (s.chains()[l].length != chains.buffer(l).length) {
                throw new IllegalArgumentException("checkpoint chains of layer " + l + " have the wrong size");
            }
            c[l] = s.chains()[l].clone();
        }
        if (s.batch() < 0 || s.batch() >= batches) {
            throw new IllegalArgumentException("checkpoint is at batch " + s.batch() + " of an epoch, this run has "
                    + batches + " batch(es) per epoch");
        }
        System.arraycopy(s.theta(), 0, theta, 0, theta.length);
        optimiser.restore(s.optimiser());
        epoch = s.epoch();
        batch = s.batch();
        lastStack = model();
        lastHandedOut = true;
        ChainState restored = kernel(lastStack).init(new ChainState(chains.chains(), chains.sizes(), c));
        if (restored instanceof TemperedState t) {
            t.setParity(s.parity());
        } else if (s.parity() != 0) {
            throw new IllegalArgumentException("checkpoint holds parity " + s.parity() + " but kernel "
                    + settings.kernel() + " has none");
        }
        chains = restored;
    }

    /**
     * The complete state of a run after some epochs.
     *
     * @param epoch updates made
     * @param theta the flat parameter vector
     * @param optimiser AdaMax state
     * @param chains per layer, N_s x n_l binary chain states
     * @param parity the tempering parity c of the chains (0 for a kernel without one)
     * @param rootRng the root random stream's state (the per-update streams are forks of it)
     * @param batch mini-batch updates made within epoch + 1 (0 between epochs, always 0 with the full batch)
     */
    public record Snapshot(int epoch, double[] theta, AdaMax.State optimiser, double[][] chains, int parity,
                           long[] rootRng, int batch) {
        /**
         * A snapshot between epochs.
         *
         * @param epoch epochs completed
         * @param theta the flat parameter vector
         * @param optimiser AdaMax state
         * @param chains per layer, the chain states
         * @param parity the tempering parity
         * @param rootRng the root stream's state
         */
        public Snapshot(int epoch, double[] theta, AdaMax.State optimiser, double[][] chains, int parity, long[] rootRng) {
            this(epoch, theta, optimiser, chains, parity, rootRng, 0);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Snapshot s && epoch == s.epoch && batch == s.batch && parity == s.parity
                    && Arrays.equals(theta, s.theta)
                    && optimiser.equals(s.optimiser) && Arrays.deepEquals(chains, s.chains)
                    && Arrays.equals(rootRng, s.rootRng);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(theta) * 31 + epoch;
        }

        @Override
        public String toString() {
            return "Snapshot[epoch=" + epoch + ", batch=" + batch + ", parameters=" + theta.length + "]";
        }
    }
}
