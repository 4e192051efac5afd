package dev.rbmsuite.kernels.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/**
 * The exact operations on joint distributions against references that decode every joint index into
 * its variables' values (variable 0 in the lowest bits), act on the values and encode again: no bit
 * arithmetic of {@link Joint} is reused.
 */
class JointTest {
    private static int[] decode(int index, int[] sizes) {
        int[] x = new int[sizes.length];
        for (int k = 0; k < sizes.length; k++) {
            x[k] = index % (1 << sizes[k]);
            index /= 1 << sizes[k];
        }
        return x;
    }

    private static int encode(int[] x, int[] sizes) {
        int index = 0;
        for (int k = sizes.length - 1; k >= 0; k--) {
            index = index * (1 << sizes[k]) + x[k];
        }
        return index;
    }

    private static double[] randomDistribution(int states, long seed) {
        Rng r = Rng.seeded(seed);
        double[] p = new double[states];
        double s = 0;
        for (int i = 0; i < states; i++) {
            p[i] = i % 3 == 1 ? 0.0 : r.nextDouble();
            s += p[i];
        }
        for (int i = 0; i < states; i++) {
            p[i] /= s;
        }
        return p;
    }

    private static double[][] randomStochastic(int rows, int cols, long seed) {
        double[][] t = new double[rows][];
        for (int x = 0; x < rows; x++) {
            t[x] = randomDistribution(cols, seed * 100 + x);
        }
        return t;
    }

    @Test
    void deltaIsAPointMassAndBitsAddUp() {
        assertThat(Joint.bits(new int[] {3, 4, 2})).isEqualTo(9);
        assertThat(Joint.bits(new int[0])).isZero();
        Joint d = Joint.delta(new int[] {2, 1}, 5);
        assertThat(d.probabilities()).containsExactly(0, 0, 0, 0, 0, 1, 0, 0);
        assertThat(d.sizes()).containsExactly(2, 1);
        d.probabilities()[5] = 0;
        d.sizes()[0] = 7;
        assertThat(d.probabilities()[5]).as("copies").isEqualTo(1.0);
        assertThat(d.sizes()).containsExactly(2, 1);
    }

    /** Replacing a variable (first, middle, last; growing and shrinking) matches the decoded reference. */
    @Test
    void replaceDrawsTheVariableFromItsConditional() {
        int[] sizes = {1, 2, 2};
        double[] p = randomDistribution(32, 1);
        Joint j = new Joint(sizes.clone(), p.clone());
        for (int k = 0; k < 3; k++) {
            for (int newSize : new int[] {1, 3}) {
                double[][] cond = randomStochastic(1 << sizes[k], 1 << newSize, 10 * k + newSize);
                int[] ns = sizes.clone();
                ns[k] = newSize;
                double[] want = new double[1 << Joint.bits(ns)];
                for (int i = 0; i < p.length; i++) {
                    int[] x = decode(i, sizes);
                    for (int y = 0; y < (1 << newSize); y++) {
                        int[] z = x.clone();
                        z[k] = y;
                        want[encode(z, ns)] += p[i] * cond[x[k]][y];
                    }
                }
                Joint q = j.replace(k, newSize, cond);
                assertThat(q.sizes()).containsExactly(ns);
                double[] got = q.probabilities();
                assertThat(got).hasSize(want.length);
                double total = 0;
                for (int i = 0; i < want.length; i++) {
                    assertThat(got[i]).as("variable %d to %d bits, index %d", k, newSize, i).isCloseTo(want[i], within(1e-15));
                    total += got[i];
                }
                assertThat(total).isCloseTo(1.0, within(1e-14));
                // the same step given by its row function
                double[] byRow = j.replace(k, newSize, x -> cond[x].clone()).probabilities();
                assertThat(byRow).isEqualTo(got);
            }
        }
        assertThat(j.probabilities()).as("immutable").isEqualTo(p);
    }

    @Test
    void swapExchangesTwoVariablesWithTheAcceptanceProbability() {
        int[] sizes = {2, 1, 2};
        double[] p = randomDistribution(32, 2);
        double[][] acc = new double[4][4];
        Rng r = Rng.seeded(3);
        for (double[] row : acc) {
            for (int c = 0; c < 4; c++) {
                row[c] = r.nextDouble();
            }
        }
        Joint q = new Joint(sizes.clone(), p.clone()).swap(0, 2, acc);
        double[] want = new double[32];
        for (int i = 0; i < 32; i++) {
            int[] x = decode(i, sizes);
            double a = acc[x[0]][x[2]];
            int[] z = {x[2], x[1], x[0]};
            want[encode(z, sizes)] += p[i] * a;
            want[i] += p[i] * (1 - a);
        }
        double[] got = q.probabilities();
        for (int i = 0; i < 32; i++) {
            assertThat(got[i]).as("index %d", i).isCloseTo(want[i], within(1e-15));
        }
        // always accepted: a pure exchange, a permutation of the probabilities
        double[][] one = {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
        double[] perm = new Joint(sizes.clone(), p.clone()).swap(2, 0, one).probabilities();
        for (int i = 0; i < 32; i++) {
            int[] x = decode(i, sizes);
            assertThat(perm[encode(new int[] {x[2], x[1], x[0]}, sizes)]).isEqualTo(p[i]);
        }
        assertThatThrownBy(() -> new Joint(sizes.clone(), p.clone()).swap(0, 1, acc))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("swap of variables of sizes 2 and 1");
    }

    @Test
    void transformIsTheRowVectorTimesTheMatrix() {
        int[] sizes = {2, 1};
        double[] p = randomDistribution(8, 4);
        double[][] t = randomStochastic(8, 8, 5);
        double[] got = new Joint(sizes.clone(), p.clone()).transform(i -> t[i].clone()).probabilities();
        for (int j = 0; j < 8; j++) {
            double s = 0;
            for (int i = 0; i < 8; i++) {
                s += p[i] * t[i][j];
            }
            assertThat(got[j]).isCloseTo(s, within(1e-15));
        }
    }

    @Test
    void customRowsAreCheckedAndNamed() {
        Joint j = Joint.delta(new int[] {1, 1}, 2);
        assertThatThrownBy(() -> j.transform(i -> new double[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the row of joint index 2 must have 4 entries");
        assertThatThrownBy(() -> j.transform(i -> null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the row of joint index 2 must have 4 entries");
        assertThatThrownBy(() -> j.transform(i -> new double[] {0.5, 0.6, -0.1, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the row of joint index 2 holds -0.1");
        assertThatThrownBy(() -> j.transform(i -> new double[] {Double.NaN, 1, 0, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the row of joint index 2 holds NaN");
        assertThatThrownBy(() -> j.transform(i -> new double[] {0.5, 0.4, 0, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the row of joint index 2 sums to 0.9, not 1");
        assertThatThrownBy(() -> j.replace(1, 2, x -> new double[] {1, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the row of value 0 of variable 1 must have 4 entries");
        assertThat(j.transform(i -> new double[] {0, 0, 0, 1}).probabilities()).containsExactly(0, 0, 0, 1);
    }

    @Test
    void refusesIntermediateSpacesAboveTheGuard() {
        Joint j = Joint.delta(new int[] {Joint.MAX_BITS - 2, 2}, 0);
        double[][] cond = new double[4][1 << 3];
        for (double[] row : cond) {
            row[0] = 1;
        }
        assertThatThrownBy(() -> j.replace(1, 3, cond)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an intermediate joint space of " + (Joint.MAX_BITS + 1) + " bits is too large");
    }
}
