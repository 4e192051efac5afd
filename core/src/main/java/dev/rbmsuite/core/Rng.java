package dev.rbmsuite.core;

import java.util.Arrays;

/**
 * A seeded, splittable, counter-based random stream (SplitMix64 output function).
 *
 * <p>Draw {@code k} of a stream with key {@code K} is {@code mix64(K + k * GOLDEN)}: the stream is
 * fully described by two longs ({@link #state()}), so chains, trainers and checkpoints can save and
 * restore it exactly, and blocks of draws are generated with the Vector API. Independent streams are
 * derived, never shared: {@link #fork(long...)} derives a child from the key and a path of labels
 * (trial, layer, block) without consuming draws, {@link #split()} derives one from the next draw.
 * There is no global or unseeded generator anywhere in the suite; ND4J's random ops are not used
 * because some of them ignore seeds and {@code Nd4j.getRandom()} is per thread.
 *
 * <p>A stream is not thread-safe: give each thread its own fork.
 */
public final class Rng {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final double INV_2_53 = 0x1p-53;
    static {
        // Rng names no vector type (its vector code is RngLanes'), so this runs before the Vector API
        // is needed: a program started without the module gets VectorModule's one line
        VectorModule.require();
    }

    private final long key;
    /** The next draw's position; in a chain-block view, the start of the next segment of the whole batch. */
    private long counter;
    /** In a chain-block view ({@link #chainBlock}): the block's first chain, else 0. */
    private final int blockFirst;
    /** In a chain-block view: the number of chains of the whole batch, else 0. */
    private final int blockTotal;

    private Rng(long key, long counter) {
        this(key, counter, 0, 0);
    }

    private Rng(long key, long counter, int blockFirst, int blockTotal) {
        this.key = key;
        this.counter = counter;
        this.blockFirst = blockFirst;
        this.blockTotal = blockTotal;
    }

    /**
     * @param seed the user's seed (for example the {@code --seed} option)
     * @return the root stream of that seed
     */
    public static Rng seeded(long seed) {
        return new Rng(mix64(seed ^ 0x5DEECE66DL) ^ mix64(seed + GOLDEN), 0L);
    }

    /**
     * Restores a stream saved with {@link #state()}.
     *
     * @param state the two longs {key, counter}
     * @return a stream that continues exactly where the saved one stopped
     */
    public static Rng restore(long[] state) {
        if (state == null || state.length != 2) {
            throw new IllegalArgumentException("an Rng state is two longs, got " + Arrays.toString(state));
        }
        return new Rng(state[0], state[1]);
    }

    /**
     * A view of this stream for the chains {@code [first, first + B)} of a batch of {@code total}
     * chains, so that a batch can be advanced in blocks that stay in the processor's cache and still
     * get exactly the draws the whole batch would (the stream is counter-based, so any position can
     * be reached at once).
     *
     * <p>Every operation on a batch draws {@code d} numbers per chain, chain after chain, and asks
     * for them with {@link #segment(int) segment(d)}: on the whole batch's stream that returns the
     * stream itself; on a view it returns a stream positioned at this block's draws of the segment
     * and moves the view past the whole batch's segment. A view refuses every other draw and
     * {@link #fork}, which would not be at the block's position.
     *
     * @param first the block's first chain, in [0, total)
     * @param total the chains of the whole batch, positive
     * @return a view at this stream's current position (this stream is not advanced)
     * @throws IllegalArgumentException on a chain outside the batch
     * @throws IllegalStateException if this stream is itself a view
     */
    public Rng chainBlock(int first, int total) {
        if (total <= 0 || first < 0 || first >= total) {
            throw new IllegalArgumentException("chain block starting at " + first + " of " + total + " chains");
        }
        requireWholeBatch("chainBlock");
        return new Rng(key, counter, first, total);
    }

    /**
     * The stream for one operation that draws {@code perChain} numbers for each chain of a batch,
     * chain after chain (a conditional draw of m units: m; a swap test: 1).
     *
     * @param perChain draws per chain of the operation, non-negative
     * @return this stream, or in a {@link #chainBlock} view a stream at this block's draws of the
     *     operation (the view moves past the whole batch's draws of it)
     */
    public Rng segment(int perChain) {
        if (blockTotal == 0) {
            return this;
        }
        if (perChain < 0) {
            throw new IllegalArgumentException("draws per chain must be non-negative: " + perChain);
        }
        Rng part = new Rng(key, counter + (long) blockFirst * perChain);
        counter += (long) blockTotal * perChain;
        return part;
    }

    /** @return whether this is a {@link #chainBlock} view */
    public boolean isChainBlock() {
        return blockTotal != 0;
    }

    private void requireWholeBatch(String what) {
        if (blockTotal != 0) {
            throw new IllegalStateException(what + " on a chain-block view of a stream (chains from " + blockFirst
                    + " of " + blockTotal + "): operations on a block take their draws through segment(perChain)");
        }
    }

    /** @return {key, counter}: everything needed to continue this stream bit for bit */
    public long[] state() {
        requireWholeBatch("state");
        return new long[] {key, counter};
    }

    /**
     * A copy of this stream {@code offset} draws ahead (the stream is counter-based, so any position is
     * reached at once): the chunks of one batch's draws run on several threads, each from its own
     * position, and get exactly the draws of one sequential fill ({@link ChunkPool}).
     *
     * @param offset draws to skip, non-negative
     * @return a stream at this one's position plus offset (this stream is not advanced)
     */
    Rng ahead(long offset) {
        requireWholeBatch("ahead");
        return new Rng(key, counter + offset);
    }

    /**
     * Moves this stream past {@code draws} draws, as drawing them would.
     *
     * @param draws draws to skip, non-negative
     */
    void skip(long draws) {
        requireWholeBatch("skip");
        counter += draws;
    }

    /** @return an independent copy at the same position (useful to replay draws in tests) */
    public Rng copy() {
        return new Rng(key, counter, blockFirst, blockTotal);
    }

    /**
     * Derives an independent child stream from this stream's key and a path of labels, without
     * consuming draws. The same path always gives the same child: use distinct labels per trial,
     * layer and block of chains.
     *
     * @param path labels, for example {@code fork(TRIAL, r)}
     * @return the child stream
     */
    public Rng fork(long... path) {
        requireWholeBatch("fork");
        long k = key;
        for (long label : path) {
            k = mix64(k ^ mix64(label * GOLDEN + 0x632BE59BD9B4E019L)) + GOLDEN;
        }
        return new Rng(mix64(k), 0L);
    }

    /** @return a child stream keyed by the next draw of this stream (consumes one draw) */
    public Rng split() {
        return new Rng(mix64(nextLong() ^ 0xD1B54A32D192ED03L), 0L);
    }

    /** @return the next 64 uniformly random bits */
    public long nextLong() {
        requireWholeBatch("a draw");
        return mix64(key + (++counter) * GOLDEN);
    }

    /** @return a uniform double in [0, 1) with 53 random bits */
    public double nextDouble() {
        return (nextLong() >>> 11) * INV_2_53;
    }

    /**
     * @param bound exclusive upper bound, positive
     * @return a uniform integer in [0, bound), without modulo bias
     */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long r = nextLong() >>> 33;
        long limit = (1L << 31) - ((1L << 31) % bound);
        while (r >= limit) {
            r = nextLong() >>> 33;
        }
        return (int) (r % bound);
    }

    /** @return a standard normal draw (Marsaglia's polar method) */
    public double nextGaussian() {
        while (true) {
            double x = 2 * nextDouble() - 1;
            double y = 2 * nextDouble() - 1;
            double s = x * x + y * y;
            if (s > 0 && s < 1) {
                return x * Math.sqrt(-2 * Fdlibm.log(s) / s);
            }
        }
    }

    /**
     * @param p success probability
     * @return true with probability p (branch-free comparison of 53 random bits)
     */
    public boolean nextBernoulli(double p) {
        return (nextLong() >>> 11) * INV_2_53 < p;
    }

    /**
     * Fills {@code out[off..off+len)} with uniform doubles in [0,1), vectorised. Equivalent to
     * {@code len} calls of {@link #nextDouble()}.
     *
     * @param out destination
     * @param off first index
     * @param len number of draws
     */
    public void fillUniform(double[] out, int off, int len) {
        requireWholeBatch("a draw");
        if (VectorWarmUp.vector(VectorWarmUp.UNIFORMS)) {
            fillUniformLanes(out, off, len);
        } else {
            fillUniformScalar(out, off, len);
        }
    }

    /**
     * The scalar twin of {@link #fillUniformLanes} (see {@link VectorWarmUp}): draw by draw, the same
     * 53 bits times 2^-53 as {@link #nextDouble()}, so the same values; the counter is advanced once
     * at the end, so that the loop carries no state from one draw to the next.
     */
    void fillUniformScalar(double[] out, int off, int len) {
        long z0 = key + (counter + 1) * GOLDEN;
        for (int i = 0; i < len; i++) {
            out[off + i] = (mix64(z0 + i * GOLDEN) >>> 11) * INV_2_53;
        }
        counter += len;
    }

    /** The vector code of {@link #fillUniform} ({@link RngLanes#fillUniformVector}, then the tail draw by draw). */
    void fillUniformLanes(double[] out, int off, int len) {
        int i = RngLanes.fillUniformVector(key + (counter + 1) * GOLDEN, out, off, len);
        counter += i;
        for (; i < len; i++) {
            out[off + i] = nextDouble();
        }
    }

    /**
     * Replaces each probability {@code p[k]} in {@code x[off..off+len)} by a Bernoulli draw (1.0 with
     * probability p[k], else 0.0), vectorised. Uses exactly {@code len} draws of the stream.
     *
     * @param x probabilities in, binary values out
     * @param off first index
     * @param len number of entries
     * @param scratch a work array of at least {@code len} doubles
     */
    public void bernoulliInPlace(double[] x, int off, int len, double[] scratch) {
        fillUniform(scratch, 0, len);
        RngLanes.bernoulliCompare(x, off, len, scratch);
    }

    /** SplitMix64's output function (Stafford's mix 13). */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public String toString() {
        return "Rng[key=" + Long.toHexString(key) + ", counter=" + counter + "]";
    }
}
