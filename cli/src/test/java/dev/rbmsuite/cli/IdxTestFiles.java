package dev.rbmsuite.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Small MNIST-format (IDX) files for the command-line tests: {@value #IMAGES} images of 3 x 3 pixels
 * whose pixel k of image r is (37 r + 29 k) mod 256, labelled r mod 3, gzip-compressed as MNIST is
 * distributed.
 */
final class IdxTestFiles {
    /** The number of images. */
    static final int IMAGES = 12;
    /** Pixels per image (3 x 3). */
    static final int PIXELS = 9;

    private IdxTestFiles() {
    }

    /** @return pixel k of image r */
    static int pixel(int r, int k) {
        return (37 * r + 29 * k) % 256;
    }

    /** Writes images.gz and labels.gz into the folder; returns {images, labels}. */
    static Path[] write(Path dir) throws IOException {
        ByteBuffer img = ByteBuffer.allocate(16 + IMAGES * PIXELS);
        img.putInt(0x803).putInt(IMAGES).putInt(3).putInt(3);
        for (int r = 0; r < IMAGES; r++) {
            for (int k = 0; k < PIXELS; k++) {
                img.put((byte) pixel(r, k));
            }
        }
        ByteBuffer lab = ByteBuffer.allocate(8 + IMAGES);
        lab.putInt(0x801).putInt(IMAGES);
        for (int r = 0; r < IMAGES; r++) {
            lab.put((byte) (r % 3));
        }
        Path images = Files.write(dir.resolve("images-idx3-ubyte.gz"), gzip(img.array()));
        Path labels = Files.write(dir.resolve("labels-idx1-ubyte.gz"), gzip(lab.array()));
        return new Path[] {images, labels};
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(plain);
        }
        return out.toByteArray();
    }
}
