package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvTableTest {

    @TempDir
    Path dir;

    private static final double[] AWKWARD = {0.1 + 0.2, 1e-300, -0.0, Double.MIN_VALUE, Double.MAX_VALUE,
        -5.123456789012345, 1.0 / 3, 12345678.9, Double.NaN, Double.NEGATIVE_INFINITY};

    private static CsvTable table() {
        CsvTable.Builder b = CsvTable.builder("kernel", "L", "epoch", "log_likelihood");
        for (int i = 0; i < AWKWARD.length; i++) {
            b.row(i % 2 == 0 ? "bgs" : "round trip, \"L\"", i % 3 + 1, (long) i * 100, AWKWARD[i]);
        }
        return b.build();
    }

    @Test
    void roundTripIsByteStableAndExact() throws IOException {
        Path f1 = dir.resolve("a/ll.csv");
        table().write(f1);
        byte[] first = Files.readAllBytes(f1);
        CsvTable back = CsvTable.read(f1);
        Path f2 = dir.resolve("b.csv");
        back.write(f2);
        assertThat(Files.readAllBytes(f2)).isEqualTo(first);
        table().write(f1);
        assertThat(Files.readAllBytes(f1)).isEqualTo(first);

        double[] ll = back.doubles("log_likelihood");
        for (int i = 0; i < AWKWARD.length; i++) {
            assertThat(Double.doubleToRawLongBits(ll[i])).as("row %d", i)
                    .isEqualTo(Double.doubleToRawLongBits(AWKWARD[i]));
        }
        assertThat(back.strings("kernel").get(1)).isEqualTo("round trip, \"L\"");
        assertThat(back.doubles("epoch")[3]).isEqualTo(300.0);
    }

    @Test
    void formatIsFixed() {
        String csv = CsvTable.builder("epoch", "x", "name").row(1, 0.5, "a,b").row(2L, 1e-7, "c").build().toCsv();
        assertThat(csv).isEqualTo("epoch,x,name\n1,0.5,\"a,b\"\n2,1.0E-7,c\n");
        assertThat(csv).doesNotContain("\r");
    }

    @Test
    void columnsMustMatch() {
        CsvTable t = CsvTable.ofColumns(List.of("epoch", "bgs"), List.of(new double[] {0, 100}, new double[] {-1, -2}));
        assertThat(t.toCsv()).isEqualTo("epoch,bgs\n0.0,-1.0\n100.0,-2.0\n");
        assertThatThrownBy(() -> CsvTable.ofColumns(List.of("a", "b"), List.of(new double[2], new double[3])))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column 'b' has 3 values");
        assertThatThrownBy(() -> CsvTable.builder("a", "b").row(1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1 has 1 cells");
        assertThatThrownBy(() -> CsvTable.builder("a", "a"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("duplicate column name 'a'");
        assertThatThrownBy(() -> CsvTable.builder("a").row(new Object()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unsupported cell");
        assertThatThrownBy(() -> t.doubles("nope"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no column 'nope'");
    }

    @Test
    void failedWriteLeavesTargetUntouchedAndNoTemporaryFile() throws IOException {
        Path f = dir.resolve("keep.csv");
        Files.writeString(f, "old\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AtomicFiles.write(f, out -> {
            out.write("partial".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        })).isInstanceOf(IOException.class).hasMessage("disk full");
        assertThat(Files.readString(f)).isEqualTo("old\n");
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("keep.csv");
        }
    }
}
