package dev.rbmsuite.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import org.junit.jupiter.api.Test;

/** The tiny models have the documented shapes, fit the exact matrices, and are the same at every call. */
class TinyModelsTest {
    @Test
    void stacksHaveTheDocumentedShapes() {
        assertShape(TinyModels.stack3432(), 3, new int[] {4, 3, 2}, 10);
        assertShape(TinyModels.stack342(), 3, new int[] {4, 2}, 7);
        assertShape(TinyModels.stack23223(), 2, new int[] {3, 2, 2, 3}, 9);
        Rbm pt = TinyModels.ptRbm();
        assertThat(new int[] {pt.numVisible(), pt.numHidden()}).containsExactly(3, 4);
        Rbm bgs = TinyModels.bgsRbm();
        assertThat(new int[] {bgs.numVisible(), bgs.numHidden()}).containsExactly(5, 4);
        assertThat(TinyModels.ptBetas()).containsExactly(1.0, 0.55, 0.3);
    }

    private static void assertShape(RbmStack s, int n0, int[] hidden, int jointBits) {
        assertThat(s.bottom().numVisible()).isEqualTo(n0);
        assertThat(s.size()).isEqualTo(hidden.length);
        for (int l = 0; l < hidden.length; l++) {
            assertThat(s.layer(l).numHidden()).isEqualTo(hidden[l]);
            if (l > 0) {
                assertThat(s.layer(l).numVisible()).as("layer %d sits on layer %d's hidden units", l, l - 1)
                        .isEqualTo(hidden[l - 1]);
            }
        }
        int bits = 0;
        for (int n : s.visibleSizes()) {
            bits += n;
        }
        assertThat(bits).isEqualTo(jointBits);
    }

    @Test
    void modelsAreFixedBySeedAndNotDegenerate() {
        assertThat(TinyModels.stack3432()).isEqualTo(TinyModels.stack3432()).isNotEqualTo(TinyModels.stack342());
        assertThat(TinyModels.bgsRbm()).isEqualTo(TinyModels.bgsRbm());
        // std-1 parameters: not all zero, of moderate size
        Rbm r = TinyModels.bgsRbm();
        double sq = 0;
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 4; j++) {
                sq += r.weight(i, j) * r.weight(i, j);
            }
        }
        assertThat(Math.sqrt(sq / 20)).isBetween(0.4, 2.0);
        // the ladder decreases from 1, one pair per parity
        double[] b = TinyModels.ptBetas();
        for (int k = 1; k < b.length; k++) {
            assertThat(b[k]).isLessThan(b[k - 1]).isPositive();
        }
    }
}
