package dev.rbmsuite.kernels;

import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Rng;
import java.util.Arrays;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The state of N batched chains over a sequence of visible layers: for an RBM stack, one visible
 * state per layer (V = (v_0, ..., v_L), paper section 3); for parallel tempering, one replica per
 * temperature; for BGS, a single layer. Also holds the deep-tempering parity c, which flips every
 * step and persists across updates.
 *
 * <p>Layer l is stored as a row-major {@code double[]} of N x n_l binary values (chain r, unit i at
 * {@code r*n_l + i}); there are no per-chain objects. Kernels mutate the buffers in place in
 * {@link TransitionKernel#advance}; {@link TransitionKernel#step} works on a copy.
 */
public final class ChainState {
    private final int chains;
    private final int[] sizes;
    private final double[][] visible;
    private int parity;

    /**
     * @param chains N
     * @param sizes n_l of each layer
     * @param visible per layer, N x n_l row-major binary values (taken, not copied)
     * @param parity the deep-tempering parity c (0 or 1)
     */
    public ChainState(int chains, int[] sizes, double[][] visible, int parity) {
        if (sizes.length != visible.length) {
            throw new IllegalArgumentException(sizes.length + " sizes but " + visible.length + " layers");
        }
        for (int l = 0; l < sizes.length; l++) {
            if (visible[l].length != (long) chains * sizes[l]) {
                throw new IllegalArgumentException("layer " + l + " holds " + visible[l].length + " values, expected "
                        + chains + " chains x " + sizes[l]);
            }
        }
        if (parity != 0 && parity != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + parity);
        }
        this.chains = chains;
        this.sizes = sizes.clone();
        this.visible = visible;
        this.parity = parity;
    }

    /**
     * Chains started from the uniform distribution on every layer (each unit an independent fair
     * coin), parity 0: the paper's persistent-chain initialisation (docs/methods.md section 7.1).
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
        return new ChainState(chains, sizes, v, 0);
    }

    /**
     * A state from ND4J matrices, one per layer (copied and checked to be binary), parity 0.
     *
     * @param layers per layer an N x n_l matrix of 0/1 values; all must have the same N
     * @return a new state
     * @throws IllegalArgumentException if the row counts differ or a value is not 0 or 1
     */
    public static ChainState of(INDArray... layers) {
        return of(0, layers);
    }

    /**
     * A state from ND4J matrices, one per layer (copied and checked to be binary).
     *
     * @param parity the deep-tempering parity c (0 or 1)
     * @param layers per layer an N x n_l matrix of 0/1 values; all must have the same N
     * @return a new state
     * @throws IllegalArgumentException if the row counts differ or a value is not 0 or 1
     */
    public static ChainState of(int parity, INDArray... layers) {
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
        return new ChainState(chains, sizes, v, parity);
    }

    /** @return n_0, ..., n_L: a copy of the layer sizes */
    public int[] sizes() {
        return sizes.clone();
    }

    /** @return N, the number of chains */
    public int chains() {
        return chains;
    }

    /** @return the number of layers (L+1 for a stack, the number of temperatures for PT) */
    public int layers() {
        return sizes.length;
    }

    /** @param l layer @return n_l */
    public int size(int l) {
        return sizes[l];
    }

    /** @return the deep-tempering parity c */
    public int parity() {
        return parity;
    }

    /** @param c the new parity (0 or 1) */
    public void setParity(int c) {
        if (c != 0 && c != 1) {
            throw new IllegalArgumentException("parity must be 0 or 1, got " + c);
        }
        parity = c;
    }

    /**
     * The live buffer of layer l for hot paths (kernels, estimators): N x n_l row-major, binary.
     * Writing to it changes the state.
     *
     * @param l layer
     * @return the buffer itself
     */
    public double[] buffer(int l) {
        return visible[l];
    }

    /**
     * @param l layer
     * @return a copy of layer l as a float64 ND4J matrix (N x n_l)
     */
    public INDArray visible(int l) {
        return Nd.matrix(visible[l], chains, sizes[l]);
    }

    /** @return a deep copy */
    public ChainState copy() {
        double[][] v = new double[visible.length][];
        for (int l = 0; l < v.length; l++) {
            v[l] = visible[l].clone();
        }
        return new ChainState(chains, sizes, v, parity);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChainState)) {
            return false;
        }
        ChainState s = (ChainState) o;
        return chains == s.chains && parity == s.parity && Arrays.equals(sizes, s.sizes)
                && Arrays.deepEquals(visible, s.visible);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(visible) * 31 + parity;
    }
}
