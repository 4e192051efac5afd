package dev.rbmsuite.core;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable sequence of RBMs theta_0, ..., theta_L with n_{l+1} = m_l: the RBM sequence of deep
 * tempering (paper section 3, Fig. 3). Layer 0 is the training RBM; layers 1..L are the auxiliary
 * RBMs that tempering uses. A single RBM is a stack of one layer.
 */
public final class RbmStack {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    private final List<Rbm> layers;

    private RbmStack(List<Rbm> layers) {
        if (layers.isEmpty()) {
            throw new IllegalArgumentException("a stack needs at least one RBM");
        }
        for (int l = 0; l + 1 < layers.size(); l++) {
            int m = layers.get(l).numHidden();
            int n = layers.get(l + 1).numVisible();
            if (m != n) {
                throw new IllegalArgumentException("layer " + (l + 1) + " has " + n + " visible units but layer " + l
                        + " has " + m + " hidden units (a stack needs n_{l+1} = m_l)");
            }
        }
        this.layers = List.copyOf(layers);
    }

    /**
     * @param layers theta_0 .. theta_L, bottom first
     * @return the stack
     * @throws IllegalArgumentException if n_{l+1} != m_l anywhere
     */
    public static RbmStack of(List<Rbm> layers) {
        return new RbmStack(layers);
    }

    /** @param layers theta_0 .. theta_L, bottom first @return the stack */
    public static RbmStack of(Rbm... layers) {
        return new RbmStack(List.of(layers));
    }

    /**
     * A stack with Xavier-initialised layers (zero biases), each from its own fork of {@code rng}.
     *
     * @param visible n_0
     * @param hidden m_0, m_1, ..., m_L
     * @param rng stream; layer l draws from {@code rng.fork(l)}
     * @return the stack
     */
    public static RbmStack xavier(int visible, int[] hidden, Rng rng) {
        List<Rbm> list = new ArrayList<>();
        int n = visible;
        for (int l = 0; l < hidden.length; l++) {
            list.add(Rbm.xavier(n, hidden[l], rng.fork(l)));
            n = hidden[l];
        }
        return new RbmStack(list);
    }

    /**
     * A stack whose parameters (W, b, c) are all i.i.d. N(0, std^2), each layer from {@code rng.fork(l)}.
     *
     * @param visible n_0
     * @param hidden m_0, ..., m_L
     * @param std standard deviation
     * @param rng stream
     * @return the stack
     */
    public static RbmStack gaussian(int visible, int[] hidden, double std, Rng rng) {
        List<Rbm> list = new ArrayList<>();
        int n = visible;
        for (int l = 0; l < hidden.length; l++) {
            list.add(Rbm.gaussian(n, hidden[l], std, rng.fork(l)));
            n = hidden[l];
        }
        return new RbmStack(list);
    }

    /** @return L + 1, the number of RBMs */
    public int size() {
        return layers.size();
    }

    /** @return L, the number of auxiliary RBMs above the training RBM */
    public int upperLayers() {
        return layers.size() - 1;
    }

    /** @param l layer index, 0 = bottom @return theta_l */
    public Rbm layer(int l) {
        return layers.get(l);
    }

    /** @return theta_0, the training RBM */
    public Rbm bottom() {
        return layers.get(0);
    }

    /** @return theta_L */
    public Rbm top() {
        return layers.get(layers.size() - 1);
    }

    /** @return the layers, bottom first (unmodifiable) */
    public List<Rbm> layers() {
        return layers;
    }

    /** @return n_0, ..., n_L: the visible size of every layer */
    public int[] visibleSizes() {
        return layers.stream().mapToInt(Rbm::numVisible).toArray();
    }

    /**
     * @param l layer index
     * @param replacement the new theta_l (same sizes)
     * @return a stack with layer l replaced
     */
    public RbmStack withLayer(int l, Rbm replacement) {
        List<Rbm> list = new ArrayList<>(layers);
        list.set(l, replacement);
        return new RbmStack(list);
    }

    /** @param depth number of layers to keep, from the bottom @return the truncated stack */
    public RbmStack prefix(int depth) {
        return new RbmStack(layers.subList(0, depth));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RbmStack && ((RbmStack) o).layers.equals(layers);
    }

    @Override
    public int hashCode() {
        return layers.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RbmStack[");
        for (int l = 0; l < layers.size(); l++) {
            sb.append(l == 0 ? "" : ", ").append(layers.get(l).numVisible()).append('-').append(layers.get(l).numHidden());
        }
        return sb.append(']').toString();
    }
}
