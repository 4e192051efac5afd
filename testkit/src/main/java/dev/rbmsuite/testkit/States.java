package dev.rbmsuite.testkit;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.ChainState;
import java.util.Arrays;

/**
 * Chain states as joint indices, the indexing of the exact matrices
 * ({@link dev.rbmsuite.kernels.exact.ExactTransitionMatrices}): the joint index of a chain is
 * {@code sum_l v_l << offset_l} with layer 0 in the lowest bits and unit i of a layer at bit i.
 */
public final class States {
    private States() {
    }

    /**
     * @param s chains (binary)
     * @return per chain the joint index
     * @throws AssertionError if a value is not 0 or 1
     */
    public static int[] jointIndices(ChainState s) {
        int[] idx = new int[s.chains()];
        int off = 0;
        for (int l = 0; l < s.layers(); l++) {
            int n = s.size(l);
            double[] v = s.buffer(l);
            for (int r = 0; r < idx.length; r++) {
                int x = 0;
                for (int i = 0; i < n; i++) {
                    double b = v[r * n + i];
                    if (b != 0.0 && b != 1.0) {
                        throw new AssertionError("chain " + r + ", layer " + l + ", unit " + i + " holds the non-binary "
                                + b);
                    }
                    if (b == 1.0) {
                        x |= 1 << i;
                    }
                }
                idx[r] |= x << off;
            }
            off += n;
        }
        return idx;
    }

    /**
     * @param sizes layer sizes
     * @param indices per chain a joint index
     * @return plain positions holding these configurations (give them to a kernel's
     *     {@code init(ChainState)})
     */
    public static ChainState fromIndices(int[] sizes, int[] indices) {
        int chains = indices.length;
        double[][] v = new double[sizes.length][];
        int off = 0;
        for (int l = 0; l < sizes.length; l++) {
            int n = sizes[l];
            v[l] = new double[chains * n];
            for (int r = 0; r < chains; r++) {
                int x = indices[r] >>> off;
                for (int i = 0; i < n; i++) {
                    v[l][r * n + i] = (x >> i) & 1;
                }
            }
            off += n;
        }
        return new ChainState(chains, sizes, v);
    }

    /**
     * Exact i.i.d. draws from pi by inverse-CDF sampling.
     *
     * @param pi a distribution over joint indices
     * @param count number of draws
     * @param rng stream
     * @return the drawn indices
     */
    public static int[] exactSamples(double[] pi, int count, Rng rng) {
        double[] cdf = new double[pi.length];
        double acc = 0;
        for (int s = 0; s < pi.length; s++) {
            acc += pi[s];
            cdf[s] = acc;
        }
        int[] out = new int[count];
        for (int r = 0; r < count; r++) {
            double u = rng.nextDouble() * acc;
            int k = Arrays.binarySearch(cdf, u);
            k = k >= 0 ? k + 1 : -k - 1;
            out[r] = Math.min(k, pi.length - 1);
        }
        return out;
    }

    /**
     * @param idx joint indices
     * @param states the number of joint configurations
     * @return how often each configuration occurs
     */
    public static double[] counts(int[] idx, int states) {
        double[] c = new double[states];
        for (int x : idx) {
            c[x]++;
        }
        return c;
    }
}
