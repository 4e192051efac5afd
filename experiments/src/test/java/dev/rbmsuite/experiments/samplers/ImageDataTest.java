package dev.rbmsuite.experiments.samplers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.idx.IdxFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ImageData}: area weights, and pooled images against the mean written out pixel by pixel. */
class ImageDataTest {
    @TempDir
    Path tmp;

    @AfterEach
    void forgetTheFolder() {
        System.clearProperty(ImageData.PROPERTY);
    }

    @Test
    void areaWeightsCoverEachOutputPixelOnce() {
        double[][] w = ImageData.weights(28, 5);
        for (double[] row : w) {
            assertThat(Arrays.stream(row).sum()).isCloseTo(1.0, within(1e-12));
        }
        // output pixel 0 covers [0, 5.6): pixels 0..4 whole and 0.6 of pixel 5
        assertThat(w[0][4]).isCloseTo(1 / 5.6, within(1e-12));
        assertThat(w[0][5]).isCloseTo(0.6 / 5.6, within(1e-12));
        assertThat(w[0][6]).isZero();
        // an exact multiple: 12 -> 3 is the plain mean of 4 x 4 blocks
        assertThat(ImageData.weights(12, 3)[1]).containsExactly(0, 0, 0, 0, 0.25, 0.25, 0.25, 0.25, 0, 0, 0, 0);
    }

    @Test
    void pooledImagesAreTheBlockMeansThresholded() throws IOException {
        Path dir = SyntheticImages.write(tmp.resolve("mnist"), 12, 4, 8);
        System.setProperty(ImageData.PROPERTY, dir.toString());
        ImageData data = ImageData.locate();
        BinaryDataset full = data.full(0);
        assertThat(full.size()).isEqualTo(40);
        assertThat(full.dimension()).isEqualTo(144);
        BinaryDataset pooled = data.pooled(3, 2);
        // the first 2 images of each class, in file order: images 0..19
        assertThat(pooled.size()).isEqualTo(20);
        assertThat(pooled.labels()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        IdxFile img = IdxFile.read(data.images(), 3, "images");
        for (int k = 0; k < 20; k++) {
            for (int a = 0; a < 3; a++) {
                for (int b = 0; b < 3; b++) {
                    double s = 0;
                    for (int i = 4 * a; i < 4 * a + 4; i++) {
                        for (int j = 4 * b; j < 4 * b + 4; j++) {
                            s += img.value(k, i * 12 + j);
                        }
                    }
                    assertThat(pooled.get(k, 3 * a + b)).isEqualTo(s / 16 >= ImageData.POOLED_THRESHOLD ? 1.0 : 0.0);
                }
            }
        }
    }
}
