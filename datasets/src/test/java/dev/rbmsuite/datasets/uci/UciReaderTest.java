package dev.rbmsuite.datasets.uci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class UciReaderTest {
    @TempDir
    Path dir;

    private static String resourceText(UciSource s) throws IOException {
        try (InputStream in = UciReader.class.getResourceAsStream(s.resource())) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Writes the shipped text of {@code s} with line {@code line} (1-based) replaced. */
    private Path brokenCopy(UciSource s, int line, String replacement) throws IOException {
        String[] lines = resourceText(s).split("\n", -1);
        lines[line - 1] = replacement;
        Path p = dir.resolve("broken-" + s.resource());
        Files.writeString(p, String.join("\n", lines), StandardCharsets.UTF_8);
        return p;
    }

    private static String line(UciSource s, int line) throws IOException {
        return resourceText(s).split("\n", -1)[line - 1];
    }

    @ParameterizedTest
    @EnumSource(UciSource.class)
    void shippedFilesHaveTheirPublishedShapeAndClassCounts(UciSource s) {
        UciTable t = UciReader.load(s);
        assertThat(t.rows()).isEqualTo(s == UciSource.IRIS ? 150 : s == UciSource.WINE ? 178 : 210);
        assertThat(t.features()).isEqualTo(s == UciSource.IRIS ? 4 : s == UciSource.WINE ? 13 : 7);
        int[] expected = s == UciSource.IRIS ? new int[] {50, 50, 50}
                : s == UciSource.WINE ? new int[] {59, 71, 48} : new int[] {70, 70, 70};
        assertThat(t.classCounts()).containsExactly(expected);
        for (double v : t.toArray()) {
            assertThat(v).isFinite();
        }
    }

    @Test
    void realLayoutsAreParsed() {
        UciTable iris = UciReader.load(UciSource.IRIS);
        assertThat(new double[] {iris.value(0, 0), iris.value(0, 1), iris.value(0, 2), iris.value(0, 3)})
                .containsExactly(5.1, 3.5, 1.4, 0.2);
        assertThat(iris.labels()[0]).isZero();
        assertThat(iris.labels()[149]).isEqualTo(2);
        assertThat(iris.classNames().get(2)).isEqualTo("Iris-virginica");

        UciTable wine = UciReader.load(UciSource.WINE);  // class first; ".28" is nonflavanoid phenols
        assertThat(wine.labels()[0]).isZero();
        assertThat(wine.value(0, 0)).isEqualTo(14.23);
        assertThat(wine.value(0, 7)).isEqualTo(0.28);
        assertThat(wine.value(0, 12)).isEqualTo(1065.0);

        UciTable seeds = UciReader.load(UciSource.SEEDS);
        // line 8 has a doubled tab before the class: "14.11 14.1 0.8911 5.42 3.302 2.7 5 (tab tab) 1"
        assertThat(new double[] {seeds.value(7, 0), seeds.value(7, 5), seeds.value(7, 6)}).containsExactly(14.11, 2.7, 5.0);
        assertThat(seeds.labels()[7]).isZero();
        // the last line has no newline: "12.3 ... 5.063 3"
        assertThat(seeds.value(209, 0)).isEqualTo(12.3);
        assertThat(seeds.value(209, 6)).isEqualTo(5.063);
        assertThat(seeds.labels()[209]).isEqualTo(2);
    }

    @Test
    void copiesOnDiskParseLikeTheResources() throws IOException {
        for (UciSource s : UciSource.values()) {
            Path p = dir.resolve(s.resource());
            Files.writeString(p, resourceText(s) + "\n\n", StandardCharsets.UTF_8); // trailing blank lines are fine
            UciTable t = UciReader.read(s, p);
            assertThat(t.toArray()).containsExactly(UciReader.load(s).toArray());
            assertThat(t.labels()).containsExactly(UciReader.load(s).labels());
        }
    }

    @Test
    void raggedRowIsReportedWithItsLineNumber() throws IOException {
        Path p = brokenCopy(UciSource.IRIS, 17, "5.4,3.9,1.3,Iris-setosa");
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, p)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(p + ":17: ").hasMessageContaining("expected 5").hasMessageNotContaining("\n");
        Path q = brokenCopy(UciSource.SEEDS, 40, line(UciSource.SEEDS, 40) + "\t7.7");
        assertThatThrownBy(() -> UciReader.read(UciSource.SEEDS, q)).hasMessageStartingWith(q + ":40: ")
                .hasMessageContaining("got 9");
    }

    @Test
    void nonNumbersAreReportedWithLineAndFeature() throws IOException {
        Path p = brokenCopy(UciSource.WINE, 5, line(UciSource.WINE, 5).replaceFirst(",\\.", ",abc"));
        assertThatThrownBy(() -> UciReader.read(UciSource.WINE, p)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(p + ":5: ").hasMessageContaining("has value 'abc").hasMessageContaining("not a finite number");
        Path q = brokenCopy(UciSource.IRIS, 3, "4.7,,1.3,0.2,Iris-setosa");
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, q)).hasMessageStartingWith(q + ":3: ")
                .hasMessageContaining("feature 2 (sepal width)");
        Path r = brokenCopy(UciSource.IRIS, 3, "4.7,1e999,1.3,0.2,Iris-setosa");
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, r)).hasMessageStartingWith(r + ":3: ");
        Path nan = brokenCopy(UciSource.IRIS, 4, "NaN,3.1,1.5,0.2,Iris-setosa");
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, nan)).hasMessageStartingWith(nan + ":4: ");
    }

    @Test
    void wrongClassNamesAreReportedWithTheLine() throws IOException {
        Path p = brokenCopy(UciSource.IRIS, 60, "5.2,2.7,3.9,1.4,Iris-versicolour");
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, p)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(p + ":60: ").hasMessageContaining("unknown class 'Iris-versicolour'")
                .hasMessageContaining("Iris-versicolor");
        Path q = brokenCopy(UciSource.WINE, 2, line(UciSource.WINE, 2).replaceFirst("^1,", "4,"));
        assertThatThrownBy(() -> UciReader.read(UciSource.WINE, q)).hasMessageStartingWith(q + ":2: ")
                .hasMessageContaining("unknown class '4'");
    }

    @Test
    void wrongRowOrClassCountsAreRejected() throws IOException {
        Path p = brokenCopy(UciSource.IRIS, 10, "");  // a missing row
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, p)).isInstanceOf(InputException.class)
                .hasMessageContaining("149 data rows").hasMessageContaining("150");
        String moved = line(UciSource.IRIS, 10).replace("Iris-setosa", "Iris-versicolor");
        Path q = brokenCopy(UciSource.IRIS, 10, moved);
        assertThatThrownBy(() -> UciReader.read(UciSource.IRIS, q)).hasMessageContaining("class Iris-setosa has 49 rows");
        Path empty = dir.resolve("empty.data");
        Files.writeString(empty, "");
        assertThatThrownBy(() -> UciReader.read(UciSource.SEEDS, empty)).hasMessageContaining("0 data rows");
        assertThatThrownBy(() -> UciReader.read(UciSource.SEEDS, dir.resolve("absent.txt")))
                .isInstanceOf(InputException.class).hasMessageContaining("no such file");
    }
}
