package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.core.Rng;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * MNIST-format training files for the benchmark's tests: {@code perClass} images of each of 10 classes,
 * side x side pixels, class c a bright bar across row band c mod side and column band c / side (so the
 * classes differ) plus uniform noise, labels in file order 0, 1, ..., 9, 0, 1, ...
 */
final class SyntheticImages {
    private SyntheticImages() {
    }

    static Path write(Path dir, int side, int perClass, long seed) throws IOException {
        Files.createDirectories(dir);
        int count = 10 * perClass;
        Rng rng = Rng.seeded(seed);
        ByteBuffer img = ByteBuffer.allocate(16 + count * side * side);
        img.putInt(0x803).putInt(count).putInt(side).putInt(side);
        ByteBuffer lab = ByteBuffer.allocate(8 + count);
        lab.putInt(0x801).putInt(count);
        for (int r = 0; r < count; r++) {
            int c = r % 10;
            lab.put((byte) c);
            for (int i = 0; i < side; i++) {
                for (int j = 0; j < side; j++) {
                    boolean bar = (i * 5 / side) == c % 5 || (j * 2 / side) == c / 5 && i % 3 == 0;
                    int v = (bar ? 170 : 20) + (int) (rng.nextDouble() * 85);
                    img.put((byte) Math.min(255, v));
                }
            }
        }
        Files.write(dir.resolve(ImageData.IMAGES), gzip(img.array()));
        Files.write(dir.resolve(ImageData.LABELS), gzip(lab.array()));
        return dir;
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(plain);
        }
        return out.toByteArray();
    }
}
