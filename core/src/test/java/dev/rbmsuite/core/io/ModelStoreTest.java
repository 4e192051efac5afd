package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.RbmStack;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model folders: bit-exact round trips and rejection of corrupted or mismatched files. */
class ModelStoreTest {
    @TempDir
    Path tmp;

    private RbmStack stack() {
        return RbmStack.gaussian(5, new int[] {4, 3}, 0.7, Rng.seeded(8));
    }

    @Test
    void roundTripIsBitExact() throws IOException {
        RbmStack s = stack();
        Path dir = tmp.resolve("model");
        ModelStore.save(s, dir, Map.of("seed", 8));
        RbmStack back = ModelStore.load(dir);
        assertThat(back).isEqualTo(s);
        for (int l = 0; l < s.size(); l++) {
            assertThat(Arrays.equals(back.layer(l).weightsArray(), s.layer(l).weightsArray())).isTrue();
        }
        assertThat(ModelStore.readManifest(dir).get("layers").toString())
                .isEqualTo("[{\"visible\":5,\"hidden\":4},{\"visible\":4,\"hidden\":3}]");
        assertThat(ModelStore.readManifest(dir).get("seed").asInt()).isEqualTo(8);
        try (var files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("model");
        }
        // saving again over a model folder replaces it
        ModelStore.save(RbmStack.gaussian(5, new int[] {4}, 0.7, Rng.seeded(9)), dir, Map.of());
        assertThat(ModelStore.load(dir).size()).isEqualTo(1);
    }

    @Test
    void npyHeaderIsNumpyCompatible() throws IOException {
        Path f = tmp.resolve("a.npy");
        Npy.write(f, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        byte[] bytes = Files.readAllBytes(f);
        assertThat(bytes[0] & 0xff).isEqualTo(0x93);
        assertThat(new String(bytes, 1, 5, StandardCharsets.US_ASCII)).isEqualTo("NUMPY");
        int headerLen = (bytes[8] & 0xff) | (bytes[9] & 0xff) << 8;
        assertThat((10 + headerLen) % 64).isZero();
        String header = new String(bytes, 10, headerLen, StandardCharsets.US_ASCII);
        assertThat(header).startsWith("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }").endsWith("\n");
        assertThat(bytes.length).isEqualTo(10 + headerLen + 48);
        Npy.write(f, new double[] {7, 8}, 2);
        assertThat(new String(Files.readAllBytes(f), StandardCharsets.US_ASCII)).contains("'shape': (2,)");
        assertThat(Npy.read(f).data()).containsExactly(7, 8);
    }

    @Test
    void readsVersionTwoHeaders() throws IOException {
        String header = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
        int pad = (64 - (12 + header.length() + 1) % 64) % 64;
        byte[] h = (header + " ".repeat(pad) + "\n").getBytes(StandardCharsets.US_ASCII);
        ByteBuffer buf = ByteBuffer.allocate(12 + h.length + 24).order(ByteOrder.LITTLE_ENDIAN);
        buf.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0}).putInt(h.length).put(h);
        buf.putDouble(1.5).putDouble(-2).putDouble(3);
        Path f = tmp.resolve("v2.npy");
        Files.write(f, buf.array());
        assertThat(Npy.read(f).data()).containsExactly(1.5, -2, 3);
    }

    @Test
    void truncatedFileIsRejectedNamingIt() throws IOException {
        Path dir = tmp.resolve("m");
        ModelStore.save(stack(), dir, Map.of());
        Path w = dir.resolve("layer1/W.npy");
        byte[] bytes = Files.readAllBytes(w);
        Files.write(w, Arrays.copyOf(bytes, bytes.length - 8));
        assertThatThrownBy(() -> ModelStore.load(dir)).isInstanceOf(InputException.class)
                .hasMessageContaining("layer1").hasMessageContaining("W.npy").hasMessageContaining("truncated");
    }

    @Test
    void wrongDtypeOrderOrShapeIsRejected() throws IOException {
        Path dir = tmp.resolve("m");
        ModelStore.save(stack(), dir, Map.of());
        Path b = dir.resolve("layer0/b.npy");
        Npy.write(b, new double[] {1, 2, 3}, 3);
        assertThatThrownBy(() -> ModelStore.load(dir)).isInstanceOf(InputException.class)
                .hasMessageContaining("b.npy").hasMessageContaining("does not match the manifest");
        String text = new String(Files.readAllBytes(b), StandardCharsets.ISO_8859_1).replace("<f8", "<f4");
        Files.write(b, text.getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("b.npy").hasMessageContaining("float64");
        text = text.replace("<f4", "<f8").replace("False", "True ");
        Files.write(b, text.getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("Fortran");
        Files.write(b, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("not a numpy");
        Files.delete(b);
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("b.npy: file not found");
    }

    @Test
    void manifestProblemsAreRejected() throws IOException {
        Path dir = tmp.resolve("m");
        ModelStore.save(stack(), dir, Map.of());
        Path mf = dir.resolve("manifest.json");
        String good = Files.readString(mf);
        Files.writeString(mf, good.replace("\"visible\" : 4", "\"visible\" : 6"));
        assertThatThrownBy(() -> ModelStore.load(dir)).isInstanceOf(InputException.class).hasMessageContaining("W.npy");
        Files.writeString(mf, "{not json");
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("manifest.json").hasMessageContaining("malformed JSON");
        Files.writeString(mf, good.replace("rbm-stack", "other"));
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("\"format\"");
        Files.delete(mf);
        assertThatThrownBy(() -> ModelStore.load(dir)).hasMessageContaining("manifest.json: file not found");
        assertThatThrownBy(() -> ModelStore.load(tmp.resolve("missing"))).hasMessageContaining("model folder not found");
    }

    @Test
    void refusesToOverwriteAForeignFolder() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("photos"));
        Files.writeString(dir.resolve("cat.jpg"), "meow");
        assertThatThrownBy(() -> ModelStore.save(stack(), dir, Map.of())).isInstanceOf(InputException.class)
                .hasMessageContaining("not a model folder");
        assertThat(Files.readString(dir.resolve("cat.jpg"))).isEqualTo("meow");
    }
}
