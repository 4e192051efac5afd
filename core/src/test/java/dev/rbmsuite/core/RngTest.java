package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Reproducibility, independence and distribution checks of {@link Rng}. */
class RngTest {
    /**
     * A chain-block view hands each operation this block's share of the whole batch's draws: two
     * operations of 3 and 1 draws per chain on 10 chains, taken in blocks of 4, 4 and 2 chains, give
     * exactly the draws one batch takes.
     */
    @Test
    void chainBlockSegmentsAreTheBlocksShareOfTheWholeBatchsDraws() {
        int chains = 10;
        Rng whole = Rng.seeded(9).fork(4);
        double[] first = new double[chains * 3];
        double[] second = new double[chains];
        whole.segment(3).fillUniform(first, 0, first.length);
        whole.segment(1).fillUniform(second, 0, second.length);
        assertThat(whole.segment(5)).as("a whole batch's segment is the stream itself").isSameAs(whole);
        double[] gotFirst = new double[chains * 3];
        double[] gotSecond = new double[chains];
        for (int a = 0; a < chains; a += 4) {
            int n = Math.min(4, chains - a);
            Rng view = Rng.seeded(9).fork(4).chainBlock(a, chains);
            assertThat(view.isChainBlock()).isTrue();
            view.segment(3).fillUniform(gotFirst, a * 3, n * 3);
            Rng part = view.segment(1);
            for (int r = 0; r < n; r++) {
                gotSecond[a + r] = part.nextDouble();
            }
        }
        assertThat(gotFirst).containsExactly(first);
        assertThat(gotSecond).containsExactly(second);
    }

    @Test
    void aChainBlockViewRefusesDrawsForksAndStatesOutsideSegments() {
        Rng view = Rng.seeded(1).chainBlock(2, 5);
        double[] out = new double[3];
        assertThatThrownBy(() -> view.fillUniform(out, 0, 3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("segment");
        assertThatThrownBy(view::nextDouble).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> view.bernoulliInPlace(out, 0, 3, new double[3])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> view.fork(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(view::split).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(view::state).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> view.chainBlock(0, 5)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> view.segment(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Rng.seeded(1).chainBlock(5, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Rng.seeded(1).chainBlock(-1, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Rng.seeded(1).chainBlock(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Rng.seeded(1).isChainBlock()).isFalse();
    }

    @Test
    void sameSeedGivesTheSameStream() {
        Rng a = Rng.seeded(123);
        Rng b = Rng.seeded(123);
        for (int k = 0; k < 1000; k++) {
            assertThat(a.nextLong()).isEqualTo(b.nextLong());
        }
        assertThat(Rng.seeded(123).nextLong()).isNotEqualTo(Rng.seeded(124).nextLong());
    }

    @Test
    void forksAreDeterministicAndDistinct() {
        Rng root = Rng.seeded(7);
        assertThat(root.fork(1, 2).nextLong()).isEqualTo(Rng.seeded(7).fork(1, 2).nextLong());
        long[] firsts = {root.fork(1).nextLong(), root.fork(2).nextLong(), root.fork(1, 2).nextLong(),
            root.fork(2, 1).nextLong(), root.nextLong()};
        assertThat(firsts).doesNotHaveDuplicates();
        // forking does not consume draws of the parent
        Rng p = Rng.seeded(7);
        p.fork(5);
        assertThat(p.nextLong()).isEqualTo(Rng.seeded(7).nextLong());
    }

    @Test
    void vectorFillEqualsScalarDraws() {
        Rng a = Rng.seeded(99);
        Rng b = Rng.seeded(99);
        double[] u = new double[1003];
        a.nextLong();
        b.nextLong();
        a.fillUniform(u, 0, u.length);
        for (double x : u) {
            assertThat(x).isEqualTo(b.nextDouble());
        }
        assertThat(a.nextLong()).isEqualTo(b.nextLong());
    }

    @Test
    void stateRestoresTheStreamExactly() {
        Rng a = Rng.seeded(5);
        for (int k = 0; k < 17; k++) {
            a.nextLong();
        }
        Rng b = Rng.restore(a.state());
        for (int k = 0; k < 100; k++) {
            assertThat(b.nextLong()).isEqualTo(a.nextLong());
        }
    }

    @Test
    void uniformGaussianAndBernoulliMoments() {
        Rng r = Rng.seeded(11);
        int n = 400_000;
        double s = 0;
        double s2 = 0;
        double g = 0;
        double g2 = 0;
        int hits = 0;
        for (int k = 0; k < n; k++) {
            double u = r.nextDouble();
            assertThat(u).isGreaterThanOrEqualTo(0).isLessThan(1);
            s += u;
            s2 += u * u;
            double z = r.nextGaussian();
            g += z;
            g2 += z * z;
            hits += r.nextBernoulli(0.3) ? 1 : 0;
        }
        assertThat(s / n).isCloseTo(0.5, within(6 * Math.sqrt(1.0 / 12 / n)));
        assertThat(s2 / n).isCloseTo(1.0 / 3, within(6 * Math.sqrt(4.0 / 45 / n)));
        assertThat(g / n).isCloseTo(0, within(6 / Math.sqrt(n)));
        assertThat(g2 / n).isCloseTo(1, within(6 * Math.sqrt(2.0 / n)));
        assertThat((double) hits / n).isCloseTo(0.3, within(6 * Math.sqrt(0.21 / n)));
        int[] counts = new int[7];
        for (int k = 0; k < 70_000; k++) {
            counts[r.nextInt(7)]++;
        }
        for (int c : counts) {
            assertThat((double) c).isCloseTo(10_000, within(6 * Math.sqrt(10_000 * 6.0 / 7)));
        }
    }

    @Test
    void bernoulliInPlaceMatchesProbabilities() {
        Rng r = Rng.seeded(13);
        int n = 300_000;
        double[] x = new double[n];
        for (int k = 0; k < n; k++) {
            x[k] = (k % 3) / 2.0 * 0.9; // 0, 0.45, 0.9
        }
        r.bernoulliInPlace(x, 0, n, new double[n]);
        double[] ones = new double[3];
        for (int k = 0; k < n; k++) {
            ones[k % 3] += x[k];
        }
        assertThat(ones[0]).isZero();
        assertThat(ones[1] / (n / 3)).isCloseTo(0.45, within(6 * Math.sqrt(0.45 * 0.55 / (n / 3))));
        assertThat(ones[2] / (n / 3)).isCloseTo(0.9, within(6 * Math.sqrt(0.09 / (n / 3))));
    }

    /**
     * The vectorised Bernoulli draws against the plain scalar loop x = u &lt; p ? 1 : 0 with u the
     * stream's next uniforms, bit for bit at every length remainder and offset (NaN probabilities give 0).
     */
    @Test
    void bernoulliInPlaceIsTheScalarComparison() {
        Rng probs = Rng.seeded(14);
        for (int len = 0; len <= 3 * Lanes.WIDTH + 3; len++) {
            double[] x = new double[len + 5];
            for (int k = 0; k < x.length; k++) {
                x[k] = k % 7 == 3 ? Double.NaN : k % 5 == 0 ? 1.0 : probs.nextDouble();
            }
            double[] before = x.clone();
            Rng r = Rng.seeded(15);
            Rng replay = r.copy();
            r.bernoulliInPlace(x, 2, len, new double[len]);
            for (int k = 0; k < x.length; k++) {
                if (k < 2 || k >= 2 + len) {
                    assertThat(Double.doubleToRawLongBits(x[k])).as("outside the range, element %d", k)
                            .isEqualTo(Double.doubleToRawLongBits(before[k]));
                } else {
                    double u = replay.nextDouble();
                    assertThat(x[k]).as("length %d, element %d", len, k).isEqualTo(u < before[k] ? 1.0 : 0.0);
                }
            }
            assertThat(r.state()).as("exactly len draws").isEqualTo(replay.state());
        }
    }

    /** The chunks of a split draw: ahead(c) is the stream c draws on, and skip(n) is n draws. */
    @Test
    void aheadAndSkipArePositionsOfTheSameDraws() {
        Rng a = Rng.seeded(12);
        Rng b = a.copy();
        double[] all = new double[3000];
        a.fillUniform(all, 0, all.length);
        double[] part = new double[3000];
        for (int c = 2048; c >= 0; c -= 1024) { // any order
            b.ahead(c).fillUniform(part, c, Math.min(1024, 3000 - c));
        }
        assertThat(part).isEqualTo(all);
        b.skip(3000);
        assertThat(b.state()).isEqualTo(a.state());
        assertThat(b.nextLong()).isEqualTo(a.nextLong());
    }
}
