package dev.rbmsuite.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.datasets.BinaryDataset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetCsvTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static BinaryDataset labelled() {
        return BinaryDataset.of("toy", new double[] {1, 0, 1, 0, 1, 1}, 2, 3, new int[] {2, 0}, null);
    }

    @Test
    void writesTheContractFormatDeterministically() throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("sub/b.csv");
        DatasetCsv.write(labelled(), a);
        DatasetCsv.write(labelled(), b);
        byte[] bytes = Files.readAllBytes(a);
        assertThat(new String(bytes, StandardCharsets.US_ASCII)).isEqualTo("v0,v1,v2,label\n1,0,1,2\n0,1,1,0\n");
        assertThat(Files.readAllBytes(b)).isEqualTo(bytes);
        BinaryDataset unlabelled = BinaryDataset.of("u", new double[] {0, 1}, 1, 2, null, null);
        DatasetCsv.write(unlabelled, a); // replaces the existing file
        assertThat(Files.readString(a)).isEqualTo("v0,v1\n0,1\n");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.csv", "sub");
        }
    }

    @Test
    void roundTripsWithAndWithoutLabels() throws IOException {
        Path p = dir.resolve("toy.csv");
        DatasetCsv.write(labelled(), p);
        BinaryDataset back = DatasetCsv.read(p);
        assertThat(back).isEqualTo(labelled());
        assertThat(back.name()).isEqualTo("toy");
        BinaryDataset u = BinaryDataset.of("plain", new double[] {0, 1, 1, 1, 0, 0}, 3, 2, null, null);
        Path q = dir.resolve("plain.csv");
        DatasetCsv.write(u, q);
        assertThat(DatasetCsv.read(q)).isEqualTo(u);
        assertThat(DatasetCsv.read(q).hasLabels()).isFalse();
    }

    @Test
    void acceptsCrlfBlankLinesAndNumericSpellingsOfZeroAndOne() throws IOException {
        Path p = file("d.csv", "v0,v1\r\n1.0,0\r\n\r\n 0 ,1e0\r\n");
        BinaryDataset d = DatasetCsv.read(p);
        assertThat(d.toArray()).containsExactly(1, 0, 0, 1);
    }

    @Test
    void rejectsAnEmptyFile() throws IOException {
        Path p = file("e.csv", "");
        assertThatThrownBy(() -> DatasetCsv.read(p)).isInstanceOf(InputException.class)
                .hasMessage(p + ":1: empty file; expected a header row v0,v1,...,v{n-1}");
        Path q = file("h.csv", "v0,v1\n");
        assertThatThrownBy(() -> DatasetCsv.read(q)).hasMessageStartingWith(q + ":2: no data rows");
    }

    @Test
    void rejectsMissingOrWrongHeaders() throws IOException {
        Path p = file("noheader.csv", "0,1\n1,1\n");
        assertThatThrownBy(() -> DatasetCsv.read(p)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(p + ":1: missing or wrong header");
        for (String header : List.of("v1,v0", "v0,v2", "v0,v1,extra", "x0,x1", "label", "v0,label,v1")) {
            Path q = file("bad.csv", header + "\n0,1\n");
            assertThatThrownBy(() -> DatasetCsv.read(q)).as(header).isInstanceOf(InputException.class)
                    .hasMessageStartingWith(q + ":1: missing or wrong header");
        }
    }

    @Test
    void rejectsRaggedRowsNamingTheLine() throws IOException {
        Path p = file("r.csv", "v0,v1,v2\n0,1,0\n\n1,1\n");
        assertThatThrownBy(() -> DatasetCsv.read(p)).isInstanceOf(InputException.class)
                .hasMessage(p + ":4: ragged row: 2 values, but the header has 3 columns");
        Path q = file("r2.csv", "v0,v1,label\n0,1,0\n1,1,1,1\n");
        assertThatThrownBy(() -> DatasetCsv.read(q)).hasMessageStartingWith(q + ":3: ragged row");
    }

    @Test
    void rejectsNonBinaryValuesNamingLineAndColumn() throws IOException {
        for (String bad : List.of("2", "0.5", "x", "", "-1", "NaN", "Infinity", "1d", "\"1\"")) {
            Path p = file("nb.csv", "v0,v1\n0,1\n1," + bad + "\n");
            assertThatThrownBy(() -> DatasetCsv.read(p)).as(bad).isInstanceOf(InputException.class)
                    .hasMessageStartingWith(p + ":3: column v1 has value ")
                    .hasMessageEndingWith("expected 0 or 1").hasMessageNotContaining("\n");
        }
    }

    @Test
    void rejectsEmptyLabels() throws IOException {
        Path p = file("l.csv", "v0,label\n0,1\n1, \n");
        assertThatThrownBy(() -> DatasetCsv.read(p)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(p + ":3: column label is empty");
    }

    @Test
    void readsClassIndicesAndClassNames() throws IOException {
        BinaryDataset idx = DatasetCsv.read(file("i.csv", "v0,label\n0,2\n1,0\n"));
        assertThat(idx.labels()).containsExactly(2, 0);
        assertThat(idx.classNames()).isEmpty();
        BinaryDataset named = DatasetCsv.read(file("n.csv", "v0,label\n0,Iris-setosa\n1,-1\n1,Iris-setosa\n0,1.5\n"));
        assertThat(named.labels()).containsExactly(0, 1, 0, 2);
        assertThat(named.classNames()).containsExactly("Iris-setosa", "-1", "1.5");
    }

    @Test
    void reportsMissingFilesAndFolders() {
        assertThatThrownBy(() -> DatasetCsv.read(dir.resolve("absent.csv"))).isInstanceOf(InputException.class)
                .hasMessageContaining("absent.csv: no such file");
        assertThatThrownBy(() -> DatasetCsv.write(labelled(), dir)).isInstanceOf(InputException.class)
                .hasMessageContaining("is a folder");
    }
}
