package dev.rbmsuite.datasets.idx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IDX images as binary data sets, on the kept Fashion-MNIST subset: threshold and stochastic
 * binarisation, labels, class selection, size, the registered name, and bad parameters. The full
 * Fashion-MNIST test set is checked only where the environment variable {@code FASHION_MNIST} names a
 * folder holding it (docs/samplers.md says where to get it); nothing else depends on it.
 */
class IdxDatasetTest {
    private static final Path IMAGES = IdxFileTest.resource(IdxFileTest.IMAGES);
    private static final Path LABELS = IdxFileTest.resource(IdxFileTest.LABELS);

    @TempDir
    Path tmp;

    @Test
    void thresholdBinarisationKeepsEveryImageAndItsLabel() {
        BinaryDataset d = IdxDataset.load(IMAGES, Map.of("labels", LABELS.toString()), null);
        IdxFile raw = IdxFile.read(IMAGES, 3, "images");
        assertThat(d.name()).isEqualTo("idx");
        assertThat(d.size()).isEqualTo(100);
        assertThat(d.dimension()).isEqualTo(784);
        assertThat(d.classNames()).containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
        assertThat(d.label(0)).isEqualTo(9);
        for (int r = 0; r < 100; r++) {
            for (int i = 0; i < 784; i++) {
                assertThat(d.get(r, i)).isEqualTo(raw.value(r, i) >= 128 ? 1.0 : 0.0);
            }
        }
        BinaryDataset high = IdxDataset.load(IMAGES, Map.of("threshold", "250"), null);
        assertThat(high.hasLabels()).isFalse();
        assertThat(ones(high)).isLessThan(ones(d)).isPositive();
        assertThat(ones(d)).isEqualTo(23_984);
    }

    private static int ones(BinaryDataset d) {
        int s = 0;
        for (double x : d.toArray()) {
            s += (int) x;
        }
        return s;
    }

    @Test
    void stochasticBinarisationFollowsTheSeedAndThePixelIntensities() {
        Map<String, String> p = Map.of("binarise", "stochastic");
        BinaryDataset a = IdxDataset.load(IMAGES, p, Rng.seeded(1));
        assertThat(IdxDataset.load(IMAGES, p, Rng.seeded(1))).isEqualTo(a);
        assertThat(IdxDataset.load(IMAGES, p, Rng.seeded(2))).isNotEqualTo(a);
        IdxFile raw = IdxFile.read(IMAGES, 3, "images");
        double expected = 0;
        for (int r = 0; r < 100; r++) {
            for (int i = 0; i < 784; i++) {
                expected += raw.value(r, i) / 255.0;
                if (raw.value(r, i) == 0) {
                    assertThat(a.get(r, i)).isZero();
                } else if (raw.value(r, i) == 255) {
                    assertThat(a.get(r, i)).isEqualTo(1.0);
                }
            }
        }
        // a sum of 78,400 independent Bernoulli draws: within 6 standard deviations (at most 140) of its mean
        assertThat((double) ones(a)).isBetween(expected - 6 * 140, expected + 6 * 140);
    }

    @Test
    void classesAndSizeSelectImagesInFileOrder() {
        BinaryDataset all = IdxDataset.load(IMAGES, Map.of("labels", LABELS.toString()), null);
        BinaryDataset two = IdxDataset.load(IMAGES, Map.of("labels", LABELS.toString(), "classes", "3, 9"), null);
        assertThat(two.size()).isEqualTo(20);
        int k = 0;
        for (int r = 0; r < all.size(); r++) {
            if (all.label(r) == 3 || all.label(r) == 9) {
                assertThat(two.row(k)).isEqualTo(all.row(r));
                assertThat(two.label(k)).isEqualTo(all.label(r));
                k++;
            }
        }
        BinaryDataset first = IdxDataset.load(IMAGES, Map.of("labels", LABELS.toString(), "classes", "3,9", "size", "5"),
                null);
        assertThat(first.size()).isEqualTo(5);
        assertThat(first.row(4)).isEqualTo(two.row(4));
        assertThat(IdxDataset.load(IMAGES, Map.of("size", "7"), null).size()).isEqualTo(7);
    }

    @Test
    void theRegisteredNameTakesTheFilesAsParameters() {
        BinaryDataset d = Datasets.create("idx", Map.of("images", IMAGES.toString(), "labels", LABELS.toString(),
                "classes", "0"), Rng.seeded(1));
        assertThat(d.size()).isEqualTo(10);
        assertThat(d.labels()).containsOnly(0);
        assertThatThrownBy(() -> Datasets.create("idx", Map.of(), Rng.seeded(1))).isInstanceOf(InputException.class)
                .hasMessageStartingWith("dataset idx: parameter images is required");
        assertThatThrownBy(() -> Datasets.create("idx", Map.of("pixels", "x"), Rng.seeded(1)))
                .hasMessageStartingWith("dataset idx: unknown parameter 'pixels'");
    }

    @Test
    void badParametersAndFilesAreOneLine() throws IOException {
        Map<String, String> bad = new HashMap<>();
        bad.put("binarise", "otsu");
        assertMessage(bad, "dataset idx: parameter binarise=otsu: must be threshold or stochastic");
        assertMessage(Map.of("threshold", "0"), "dataset idx: parameter threshold=0: must be an integer in [1, 255]");
        assertMessage(Map.of("threshold", "x"), "dataset idx: parameter threshold=x: not an integer");
        assertMessage(Map.of("size", "0"), "dataset idx: parameter size=0: must be a positive integer or all");
        assertMessage(Map.of("classes", "3"), "dataset idx: parameter classes needs the labels");
        assertMessage(Map.of("labels", LABELS.toString(), "classes", "3,x"), "dataset idx: parameter classes=3,x: 'x' is not a label");
        assertMessage(Map.of("labels", LABELS.toString(), "classes", "300"), "label 300 is outside [0, 255]");
        assertMessage(Map.of("labels", LABELS.toString(), "classes", "12"), "no image of");
        assertMessage(Map.of("size", "101"), "dataset idx: parameter size=101: only 100 images in");
        assertMessage(Map.of("labels", IMAGES.toString()), IMAGES + ": an IDX file of 3 dimension(s), expected 1 for labels");
        Path few = tmp.resolve("few-labels");
        Files.write(few, IdxFileTest.idx(8, new int[] {3}, new byte[3]));
        assertMessage(Map.of("labels", few.toString()), few + ": 3 labels, but " + IMAGES + " holds 100 images");
        Path missing = tmp.resolve("nothing-here.gz");
        assertThatThrownBy(() -> IdxDataset.load(missing, Map.of(), null)).isInstanceOf(InputException.class)
                .hasMessage(missing + ": file not found");
    }

    private static void assertMessage(Map<String, String> params, String message) {
        assertThatThrownBy(() -> IdxDataset.load(IMAGES, params, Rng.seeded(1))).isInstanceOf(InputException.class)
                .hasMessageContaining(message).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** The full Fashion-MNIST test set (10,000 images, 1,000 per class), where FASHION_MNIST names its folder. */
    @Test
    void theFullFashionMnistTestSetWhereItIsInstalled() {
        String dir = System.getenv("FASHION_MNIST");
        assumeTrue(dir != null && Files.isRegularFile(Path.of(dir, "t10k-images-idx3-ubyte.gz")),
                "FASHION_MNIST does not name a folder with the Fashion-MNIST files");
        BinaryDataset d = IdxDataset.load(Path.of(dir, "t10k-images-idx3-ubyte.gz"),
                Map.of("labels", Path.of(dir, "t10k-labels-idx1-ubyte.gz").toString()), null);
        assertThat(d.size()).isEqualTo(10_000);
        assertThat(d.dimension()).isEqualTo(784);
        int[] counts = new int[10];
        for (int l : d.labels()) {
            counts[l]++;
        }
        assertThat(counts).containsOnly(1_000);
        // the kept subset is the first ten images of each class of this file
        BinaryDataset subset = IdxDataset.load(IMAGES, Map.of("labels", LABELS.toString()), null);
        int[] seen = new int[10];
        int k = 0;
        for (int r = 0; r < d.size() && k < subset.size(); r++) {
            if (seen[d.label(r)]++ < 10) {
                assertThat(subset.row(k)).isEqualTo(d.row(r));
                k++;
            }
        }
        assertThat(k).isEqualTo(100);
        assertThat(List.of(d.classNames().get(0), d.classNames().get(9))).containsExactly("0", "9");
    }
}
