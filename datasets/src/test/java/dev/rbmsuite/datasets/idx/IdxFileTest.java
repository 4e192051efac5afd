package dev.rbmsuite.datasets.idx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The IDX reader on the kept subset of Fashion-MNIST (the first ten test images of each class, gzip,
 * as distributed) and on hand-made files: plain and gzip data, and every way a file can be missing or
 * malformed, each one line naming the file.
 */
class IdxFileTest {
    /** The kept subset's image file (test resource). */
    static final String IMAGES = "fashion-mnist-t10k-100-images-idx3-ubyte.gz";
    /** The kept subset's label file (test resource). */
    static final String LABELS = "fashion-mnist-t10k-100-labels-idx1-ubyte.gz";

    @TempDir
    Path tmp;

    /** @return the path of a test resource of this package */
    static Path resource(String name) {
        try {
            return Path.of(IdxFileTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An IDX file of unsigned bytes with the given header sizes and data. */
    static byte[] idx(int type, int[] sizes, byte[] data) {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 * sizes.length + data.length);
        b.put((byte) 0).put((byte) 0).put((byte) type).put((byte) sizes.length);
        for (int s : sizes) {
            b.putInt(s);
        }
        b.put(data);
        return b.array();
    }

    static byte[] gzip(byte[] plain) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private Path write(String name, byte[] content) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, content);
        return p;
    }

    @Test
    void readsTheKeptFashionMnistSubset() throws IOException {
        IdxFile images = IdxFile.read(resource(IMAGES), 3, "images");
        assertThat(images.sizes()).containsExactly(100, 28, 28);
        assertThat(images.count()).isEqualTo(100);
        assertThat(images.itemSize()).isEqualTo(784);
        IdxFile labels = IdxFile.read(resource(LABELS), 1, "labels");
        assertThat(labels.sizes()).containsExactly(100);
        int[] counts = new int[10];
        for (int r = 0; r < 100; r++) {
            counts[labels.value(r, 0)]++;
        }
        assertThat(counts).containsOnly(10);
        // the first test image of Fashion-MNIST is an ankle boot (class 9)
        assertThat(labels.value(0, 0)).isEqualTo(9);
        int sum = 0;
        for (int r = 0; r < 100; r++) {
            for (int k = 0; k < 784; k++) {
                assertThat(images.value(r, k)).isBetween(0, 255);
                sum += images.value(r, k) >= 128 ? 1 : 0;
            }
        }
        assertThat(sum).isEqualTo(23_984);
        assertThat(IdxFile.looksLikeIdx(resource(IMAGES))).isTrue();
        // the same bytes uncompressed
        byte[] plain;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(resource(IMAGES)))) {
            plain = in.readAllBytes();
        }
        IdxFile same = IdxFile.read(write("plain-images", plain), 3, "images");
        assertThat(same.sizes()).containsExactly(100, 28, 28);
        assertThat(same.value(57, 400)).isEqualTo(images.value(57, 400));
        assertThat(IdxFile.looksLikeIdx(tmp.resolve("plain-images"))).isTrue();
    }

    @Test
    void everyMalformedFileIsOneLineNamingTheFile() throws IOException {
        byte[] ok = idx(8, new int[] {2, 2, 3}, new byte[12]);
        Path missing = tmp.resolve("missing.gz");
        assertFails(missing, 3, missing + ": file not found");
        assertFails(write("empty", new byte[0]), 3, "not an IDX file (it starts with no bytes (an empty file)");
        assertFails(write("text.csv", "v0,v1\n0,1\n".getBytes()), 3, "not an IDX file (it starts with 0x76302c76");
        assertFails(write("floats", idx(0x0d, new int[] {2, 2, 3}, new byte[48])), 3,
                "IDX data of type 0x0d; only unsigned bytes (type 0x08, as in MNIST) are read");
        assertFails(write("labels-as-images", idx(8, new int[] {12}, new byte[12])), 3,
                "an IDX file of 1 dimension(s), expected 3 for images (count, rows, columns)");
        assertFails(write("short-header", Arrays.copyOf(ok, 9)), 3, "truncated: the IDX header ends after 9 bytes, expected 16");
        assertFails(write("zero", idx(8, new int[] {0, 2, 3}, new byte[0])), 3,
                "the IDX header gives size 0 for dimension 1");
        assertFails(write("short-data", Arrays.copyOf(ok, ok.length - 1)), 3,
                "truncated: its header announces 2 x 2 x 3 = 12 bytes of data, the file holds 11");
        assertFails(write("long", Arrays.copyOf(ok, ok.length + 1)), 3, "more data than its header announces");
        byte[] gz = gzip(ok);
        assertFails(write("cut.gz", Arrays.copyOf(gz, gz.length - 12)), 3, "truncated: the gzip data ends early");
        byte[] bad = gz.clone();
        bad[12] ^= 0x55;
        Path corrupt = write("corrupt.gz", bad);
        assertThatThrownBy(() -> IdxFile.read(corrupt, 3, "images")).isInstanceOf(InputException.class)
                .hasMessageStartingWith(corrupt.toString() + ": ").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertFails(write("huge", idx(8, new int[] {65536, 65536, 2}, new byte[0])), 3, "more than a Java array holds");
        assertThatThrownBy(() -> IdxFile.read(tmp, 3, "images")).isInstanceOf(InputException.class)
                .hasMessage(tmp + ": is a folder, expected a file of IDX images");
        assertThat(IdxFile.read(write("fine.gz", gz), 3, "images").sizes()).containsExactly(2, 2, 3);
        assertThat(IdxFile.looksLikeIdx(tmp.resolve("text.csv"))).isFalse();
        assertThat(IdxFile.looksLikeIdx(missing)).isFalse();
        assertThat(IdxFile.looksLikeIdx(tmp.resolve("empty"))).isFalse();
    }

    private static void assertFails(Path file, int dims, String message) {
        assertThatThrownBy(() -> IdxFile.read(file, dims, "images")).isInstanceOf(InputException.class)
                .hasMessageStartingWith(file.toString() + ": ").hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
