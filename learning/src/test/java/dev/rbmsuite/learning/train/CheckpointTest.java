package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints round-trip bit for bit and carry a format version and a CRC32C checksum: every single
 * flipped bit and every truncation is refused; version 1 files (before the checksum) still read.
 */
class CheckpointTest {
    @TempDir
    Path dir;

    private Checkpoint checkpoint() throws IOException {
        TrainingSettings s = TrainingRunTest.settings("roundtrip", 10, 4);
        Trainer t = new Trainer(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N);
        for (int e = 0; e < 7; e++) {
            t.update();
        }
        return new Checkpoint(s.withEpochs(1).toString(), Checkpoint.fingerprint(TrainerTest.data()), t.snapshot(),
                List.of("5,-3.25,", "7,-3.0,0.5"));
    }

    private static void assertSame(Checkpoint a, Checkpoint b) {
        assertThat(b.settingsKey()).isEqualTo(a.settingsKey());
        assertThat(b.dataFingerprint()).isEqualTo(a.dataFingerprint());
        assertThat(b.metricsRows()).isEqualTo(a.metricsRows());
        assertThat(b.snapshot().epoch()).isEqualTo(a.snapshot().epoch());
        assertThat(Arrays.equals(b.snapshot().theta(), a.snapshot().theta())).isTrue();
        assertThat(Arrays.deepEquals(b.snapshot().chains(), a.snapshot().chains())).isTrue();
        assertThat(b.snapshot().rootRng()).isEqualTo(a.snapshot().rootRng());
    }

    @Test
    void roundTripsBitForBitWithVersionAndChecksum() throws IOException {
        Checkpoint ck = checkpoint();
        Path f = dir.resolve("checkpoint.bin");
        ck.write(f);
        assertSame(ck, Checkpoint.read(f));
        byte[] bytes = Files.readAllBytes(f);
        assertThat(ByteBuffer.wrap(bytes).getInt(8)).isEqualTo(Checkpoint.VERSION).isEqualTo(2);
        assertThat(ByteBuffer.wrap(bytes).getLong(bytes.length - 12)).isEqualTo(bytes.length - 12 - 12);
    }

    @Test
    void everyFlippedBitAndEveryTruncationIsRefused() throws IOException {
        Path f = dir.resolve("checkpoint.bin");
        checkpoint().write(f);
        byte[] good = Files.readAllBytes(f);
        Path bad = dir.resolve("bad.bin");
        int cases = 0;
        for (int pos = 0; pos < good.length; pos += Math.max(1, good.length / 509)) {
            byte[] b = good.clone();
            b[pos] ^= (byte) (1 << (pos % 8));
            Files.write(bad, b);
            assertThatThrownBy(() -> Checkpoint.read(bad)).as("bit flipped at byte %d", pos)
                    .isInstanceOf(IOException.class);
            cases++;
        }
        for (int len : new int[] {0, 5, 12, 20, good.length / 2, good.length - 1}) {
            Files.write(bad, Arrays.copyOf(good, len));
            assertThatThrownBy(() -> Checkpoint.read(bad)).as("truncated to %d", len).isInstanceOf(IOException.class);
            cases++;
        }
        assertThat(cases).isGreaterThan(500);
    }

    @Test
    void versionOneFilesStillRead() throws IOException {
        Checkpoint ck = checkpoint();
        Path f = dir.resolve("checkpoint.bin");
        ck.write(f);
        byte[] v2 = Files.readAllBytes(f);
        // version 1: the same fields without the payload's format name and without the trailer
        int formatName = 2 + "training-checkpoint".length();
        ByteArrayOutputStream v1 = new ByteArrayOutputStream();
        v1.write(v2, 0, 8);
        v1.write(new byte[] {0, 0, 0, 1});
        v1.write(v2, 12 + formatName, v2.length - 12 - formatName - 12);
        Files.write(f, v1.toByteArray());
        assertSame(ck, Checkpoint.read(f));
        byte[] v4 = v2.clone();
        v4[11] = 4; // 3 is a mid-epoch mini-batch checkpoint (TrainerTest), 4 does not exist
        Files.write(f, v4);
        assertThatThrownBy(() -> Checkpoint.read(f)).isInstanceOf(IOException.class).hasMessageContaining("version 4");
    }
}
