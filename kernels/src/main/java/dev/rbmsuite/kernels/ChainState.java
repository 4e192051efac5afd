package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The positions of N batched chains over a sequence of visible layers: for an RBM stack, one visible
 * state per layer (V = (v_0, ..., v_L), paper section 3); for parallel tempering, one replica per
 * temperature; for BGS, a single layer. In BlackJAX's terms this is the state's "position"; kernels
 * that need more (the tempering parity, cached evaluations) use subclasses made by their
 * {@link TransitionKernel#init}: {@link TemperedState} (deep tempering, parallel tempering) and
 * {@link RoundTripState} (the round trip). A {@link Workspace} of scratch buffers travels with the
 * state so that kernels stay free of mutable data.
 *
 * <p>Layer l is stored as a row-major {@code double[]} of N x n_l binary values (chain r, unit i at
 * {@code r*n_l + i}); there are no per-chain objects. Kernels mutate the buffers in place in
 * {@link TransitionKernel#advance}; {@link TransitionKernel#step} works on a copy. Two states are
 * equal when they are of the same class with the same positions and the same kernel-specific values
 * (such as the parity); caches and workspaces are not compared.
 */
public class ChainState {
    private final int chains;
    private final int[] sizes;
    private final double[][] visible;
    private final Workspace workspace = new Workspace();

    /**
     * @param chains N
     * @param sizes n_l of each layer
     * @param visible per layer, N x n_l row-major binary values (taken, not copied)
     */
    public ChainState(int chains, int[] sizes, double[][] visible) {
        if (sizes.length != visible.length) {
            throw new IllegalArgumentException(sizes.length + " sizes but " + visible.length + " layers");
        }
        for (int l = 0; l < sizes.length; l++) {
            if (visible[l].length != (long) chains * sizes[l]) {
                throw new IllegalArgumentException("layer " + l + " holds " + visible[l].length + " values, expected "
                        + chains + " chains x " + sizes[l]);
            }
        }
        this.chains = chains;
        this.sizes = sizes.clone();
        this.visible = visible;
    }

    /**
     * A state holding copies of another state's positions (kernel-specific values and caches are not
     * copied): what {@link TransitionKernel#init(ChainState)} starts from.
     *
     * @param positions the positions to copy
     */
    protected ChainState(ChainState positions) {
        this(positions.chains, positions.sizes, copyOf(positions.visible));
    }

    private static double[][] copyOf(double[][] v) {
        double[][] c = new double[v.length][];
        for (int l = 0; l < v.length; l++) {
            c[l] = v[l].clone();
        }
        return c;
    }

    /**
     * Chains started from the uniform distribution on every layer (each unit an independent fair
     * coin): the paper's persistent-chain initialisation (docs/methods.md section 7.1).
     *
     * @param chains N (positive)
     * @param sizes n_l of each layer
     * @param rng stream for the draws; layer l uses exactly N*n_l draws, layers in order
     * @return a new state
     */
    public static ChainState uniform(int chains, int[] sizes, Rng rng) {
        if (chains <= 0) {
            throw new IllegalArgumentException("the number of chains must be positive, got " + chains);
        }
        double[][] v = new double[sizes.length][];
        for (int l = 0; l < sizes.length; l++) {
            if (sizes[l] <= 0) {
                throw new IllegalArgumentException("layer " + l + " has size " + sizes[l]);
            }
            double[] buf = new double[chains * sizes[l]];
            rng.fillUniform(buf, 0, buf.length);
            for (int k = 0; k < buf.length; k++) {
                buf[k] = buf[k] < 0.5 ? 1.0 : 0.0;
            }
            v[l] = buf;
        }
        return new ChainState(chains, sizes, v);
    }

    /**
     * A state from ND4J matrices, one per layer (copied and checked to be binary).
     *
     * @param layers per layer an N x n_l matrix of 0/1 values; all must have the same N
     * @return a new state
     * @throws IllegalArgumentException if the row counts differ or a value is not 0 or 1
     */
    public static ChainState of(INDArray... layers) {
        if (layers.length == 0) {
            throw new IllegalArgumentException("a chain state needs at least one layer");
        }
        int chains = -1;
        int[] sizes = new int[layers.length];
        double[][] v = new double[layers.length][];
        for (int l = 0; l < layers.length; l++) {
            INDArray x = layers[l];
            if (x.rank() != 2) {
                throw new IllegalArgumentException("layer " + l + " must be a matrix (chains x units), got shape "
                        + Arrays.toString(x.shape()));
            }
            if (chains < 0) {
                chains = x.rows();
            } else if (x.rows() != chains) {
                throw new IllegalArgumentException("layer " + l + " has " + x.rows() + " rows, layer 0 has " + chains);
            }
            sizes[l] = x.columns();
            v[l] = Nd.toArray(x);
            for (double d : v[l]) {
                if (d != 0.0 && d != 1.0) {
                    throw new IllegalArgumentException("layer " + l + " holds a non-binary value " + d);
                }
            }
        }
        return new ChainState(chains, sizes, v);
    }

    /** @return n_0, ..., n_L: a copy of the layer sizes */
    public final int[] sizes() {
        return sizes.clone();
    }

    /** @return N, the number of chains */
    public final int chains() {
        return chains;
    }

    /** @return the number of layers (L+1 for a stack, the number of temperatures for PT) */
    public final int layers() {
        return sizes.length;
    }

    /** @param l layer @return n_l */
    public final int size(int l) {
        return sizes[l];
    }

    /**
     * Refuses a state whose layer 0 does not have the visible units of the RBM a kernel samples.
     *
     * @param visible n of the RBM
     * @throws IllegalArgumentException naming both sizes
     */
    public final void requireVisible(int visible) {
        if (sizes[0] != visible) {
            throw new IllegalArgumentException("layer 0 of the state has " + sizes[0] + " units but the RBM has "
                    + visible + " visible units");
        }
    }

    /**
     * The live buffer of layer l for hot paths (kernels, estimators): N x n_l row-major, binary.
     * Writing to it changes the state.
     *
     * @param l layer
     * @return the buffer itself
     */
    public final double[] buffer(int l) {
        return visible[l];
    }

    /**
     * @param l layer
     * @return a copy of layer l as a float64 ND4J matrix (N x n_l)
     */
    public final INDArray visible(int l) {
        return Nd.matrix(visible[l], chains, sizes[l]);
    }

    /** @return the scratch buffers kernels keep with this state (not part of its value) */
    public final Workspace workspace() {
        return workspace;
    }

    /** @return a plain state holding copies of the positions only */
    public final ChainState positions() {
        return new ChainState(this);
    }

    /**
     * @return a deep copy of the same class: positions and kernel-specific values copied, caches and
     *     workspace fresh (subclasses override)
     */
    public ChainState copy() {
        return new ChainState(this);
    }

    /**
     * @param other a state of the same class
     * @return whether the kernel-specific values (not the positions, not caches) are equal; subclasses
     *     with such values override
     */
    protected boolean sameValues(ChainState other) {
        return true;
    }

    @Override
    public final boolean equals(Object o) {
        if (o == null || o.getClass() != getClass()) {
            return false;
        }
        ChainState s = (ChainState) o;
        return chains == s.chains && Arrays.equals(sizes, s.sizes) && Arrays.deepEquals(visible, s.visible)
                && sameValues(s);
    }

    @Override
    public final int hashCode() {
        return Arrays.deepHashCode(visible);
    }
}
