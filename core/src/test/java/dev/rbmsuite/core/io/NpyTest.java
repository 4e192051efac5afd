package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The strict .npy reader: what numpy's header literal and layout rules reject is rejected, naming the file. */
class NpyTest {
    @TempDir
    Path tmp;

    /** A version-1.0 file with the given header text (padded like numpy) and data bytes. */
    private Path file(String header, int major, int minor, byte[] data) throws IOException {
        byte[] h = header.getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, (byte) minor});
        out.write(h.length & 0xff);
        out.write(h.length >>> 8);
        out.write(h);
        out.write(data);
        Path f = Files.createTempFile(tmp, "a", ".npy");
        Files.write(f, out.toByteArray());
        return f;
    }

    private static byte[] doubles(double... x) {
        ByteBuffer b = ByteBuffer.allocate(8 * x.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asDoubleBuffer().put(x);
        return b.array();
    }

    @Test
    void readsWhatNumpyWritesInAnyKeyOrderAndQuoting() throws IOException {
        Path a = file("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }        \n", 1, 0, doubles(1, 2, 3));
        assertThat(Npy.read(a).data()).containsExactly(1, 2, 3);
        Path b = file("{\"shape\": (1, 2), \"descr\": \"<f8\", \"fortran_order\": False}\n", 1, 0, doubles(4, 5));
        assertThat(Npy.read(b).shape()).containsExactly(1, 2);
        Path c = file("{'descr': '<f8', 'fortran_order': False, 'shape': (), }\n", 1, 0, doubles(7));
        assertThat(Npy.read(c).data()).containsExactly(7);
        Path w = tmp.resolve("w.npy");
        Npy.write(w, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(Npy.read(w).shape()).containsExactly(2, 3);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), } junk\n",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), 'extra': 1}\n",
        "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (3,)}\n",
        "{'descr': '<f8', 'shape': (3,)}\n",
        "{'descr': '<f8', 'fortran_order': false, 'shape': (3,)}\n",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (3)}\n",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (-3,)}\n",
        "{'descr': '<f8', 'fortran_order': False, 'shape': [3]}\n",
        "{'descr': '<f8' 'fortran_order': False, 'shape': (3,)}\n",
        "'descr': '<f8', 'fortran_order': False, 'shape': (3,)\n",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (3,)\n",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999999,)}\n",
    })
    void malformedHeadersAreRejectedNamingTheFile(String header) throws IOException {
        Path f = file(header, 1, 0, doubles(1, 2, 3));
        assertThatThrownBy(() -> Npy.read(f)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(f.toString()).hasMessageContaining("header");
    }

    @Test
    void wrongDtypeFortranOrderVersionAndLengthAreRejected() throws IOException {
        String ok = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }\n";
        assertThatThrownBy(() -> Npy.read(file(ok.replace("<f8", "<f4"), 1, 0, doubles(1, 2, 3))))
                .hasMessageContaining("dtype is '<f4'");
        assertThatThrownBy(() -> Npy.read(file(ok.replace("False", "True"), 1, 0, doubles(1, 2, 3))))
                .hasMessageContaining("Fortran order");
        assertThatThrownBy(() -> Npy.read(file(ok, 1, 1, doubles(1, 2, 3)))).hasMessageContaining("version 1.1");
        assertThatThrownBy(() -> Npy.read(file(ok, 4, 0, doubles(1, 2, 3)))).hasMessageContaining("version 4.0");
        assertThatThrownBy(() -> Npy.read(file(ok, 1, 0, doubles(1, 2)))).hasMessageContaining("truncated");
        assertThatThrownBy(() -> Npy.read(file(ok, 1, 0, doubles(1, 2, 3, 4)))).hasMessageContaining("trailing bytes");
        Path bad = tmp.resolve("bad.npy");
        Files.writeString(bad, "PK\u0003\u0004 not numpy");
        assertThatThrownBy(() -> Npy.read(bad)).hasMessageContaining("bad magic");
    }

    @Test
    void nonRegularFilesAreRefusedWithoutReading() {
        assertThatThrownBy(() -> Npy.read(Path.of("/dev/zero"))).isInstanceOf(InputException.class)
                .hasMessage("/dev/zero: not a regular file (a device, pipe or socket), expected a .npy array");
        assertThatThrownBy(() -> Npy.read(tmp)).isInstanceOf(InputException.class).hasMessageContaining("is a folder");
        assertThatThrownBy(() -> Npy.read(tmp.resolve("missing.npy"))).hasMessageEndingWith("file not found");
    }
}
