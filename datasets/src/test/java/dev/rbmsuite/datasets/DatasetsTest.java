package dev.rbmsuite.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.encoding.RankHotEncoding;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.datasets.uci.OptDigits;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatasetsTest {

    private static String csv(BinaryDataset d) throws IOException {
        StringWriter w = new StringWriter();
        DatasetCsv.write(d, w);
        return w.toString();
    }

    @Test
    void namesAndDefaultsFollowTable1() {
        assertThat(Datasets.names()).containsExactly("genrbm", "islands", "pentagon", "iris", "wine", "seeds", "digits",
                "idx");
        assertThat(Datasets.defaults("idx").keySet()).containsExactly("images", "labels", "binarise", "threshold",
                "classes", "size");
        assertThat(Datasets.defaults("digits")).containsExactly(Map.entry("threshold", "8"));
        assertThat(Datasets.defaults("islands")).containsExactly(Map.entry("a", "0.4"), Map.entry("n", "25"),
                Map.entry("size", "100"));
        assertThat(Datasets.defaults("pentagon")).containsEntry("kappa", "6.0");
        assertThat(Datasets.defaults("genrbm")).containsEntry("std", "0.1").containsEntry("steps", "5000");
        assertThat(Datasets.defaults("wine")).containsExactly(Map.entry("k", "6"));
    }

    @ParameterizedTest
    @CsvSource({"genrbm,100,10,0", "islands,100,25,2", "pentagon,100,25,5", "iris,150,20,3", "wine,178,65,3",
        "seeds,210,35,3", "digits,1797,64,10"})
    void paperDefaultsGiveTable1Shapes(String name, int rows, int columns, int classes) throws IOException {
        BinaryDataset d = Datasets.create(name, Map.of(), Rng.seeded(1));
        assertThat(d.name()).isEqualTo(name);
        assertThat(d.size()).isEqualTo(rows);
        assertThat(d.dimension()).isEqualTo(columns);
        assertThat(d.hasLabels()).isEqualTo(classes > 0);
        if (classes > 0) {
            assertThat(d.classNames()).hasSize(classes);
        }
        // same seed, same bytes
        assertThat(csv(Datasets.create(name, null, Rng.seeded(1)))).isEqualTo(csv(d));
    }

    @Test
    void uciClassCountsAreKept() {
        int[] counts = new int[3];
        for (int l : Datasets.create("wine", Map.of(), null).labels()) {
            counts[l]++;
        }
        assertThat(counts).containsExactly(59, 71, 48);
        RankHotEncoding enc = Datasets.rankHot("iris", Map.of("k", "4"));
        assertThat(enc.data().dimension()).isEqualTo(12);
        assertThat(enc.binCounts(0)).hasSize(4);
    }

    @Test
    void overridesAreApplied() {
        BinaryDataset d = Datasets.create("Islands", Map.of("a", "0.5", "n", "7", "size", "30"), Rng.seeded(3));
        assertThat(d.size()).isEqualTo(30);
        assertThat(d.dimension()).isEqualTo(7);
        assertThat(Datasets.create("pentagon", Map.of("kappa", "2.5", "size", "12"), Rng.seeded(3)).size()).isEqualTo(12);
        BinaryDataset g = Datasets.create("genrbm", Map.of("n", "4", "m", "3", "std", "1", "steps", "2", "size", "5"),
                Rng.seeded(3));
        assertThat(g.size()).isEqualTo(5);
        assertThat(g.dimension()).isEqualTo(4);
        assertThat(Datasets.genRbm(Map.of("m", "7")).m()).isEqualTo(7);
        assertThat(Datasets.create("seeds", Map.of("k", "3"), null).dimension()).isEqualTo(14);
    }

    @Test
    void unknownNamesAndParametersAreInputErrors() {
        assertThatThrownBy(() -> Datasets.create("mnist", Map.of(), Rng.seeded(1))).isInstanceOf(InputException.class)
                .hasMessageContaining("unknown data set 'mnist'").hasMessageContaining("genrbm, islands");
        assertThatThrownBy(() -> Datasets.create("islands", Map.of("kappa", "3"), Rng.seeded(1)))
                .isInstanceOf(InputException.class)
                .hasMessage("dataset islands: unknown parameter 'kappa'; known parameters: a, n, size");
        assertThatThrownBy(() -> Datasets.rankHot("islands", Map.of())).isInstanceOf(InputException.class);
    }

    @ParameterizedTest
    @CsvSource({"islands,a,0.7", "islands,a,abc", "islands,n,2.5", "islands,size,0", "pentagon,kappa,-1",
        "pentagon,kappa,NaN", "genrbm,std,-0.1", "genrbm,steps,-5", "genrbm,m,0", "iris,k,1", "wine,k,x", "seeds,k,100000",
        // decimal as written (docs/contract.md, "Option values"): no spaces, no type suffix, no hexadecimal
        "islands,n,' 13'", "islands,n,'13 '", "islands,a,0.3d", "pentagon,kappa,0x1p1", "genrbm,steps,0x10", "iris,k,' 4'"})
    void invalidValuesNameTheParameter(String name, String param, String value) {
        assertThatThrownBy(() -> Datasets.create(name, Map.of(param, value), Rng.seeded(1)))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("dataset " + name + ": parameter " + param + "=")
                .hasMessageNotContaining("\n");
    }

    @Test
    void digitsAreBinarisedAtTheThresholdWithTheirLabels() {
        BinaryDataset d = Datasets.create("digits", Map.of(), null);
        OptDigits raw = OptDigits.load();
        for (int r = 0; r < d.size(); r += 7) {
            for (int i = 0; i < 64; i++) {
                assertThat(d.get(r, i)).isEqualTo(raw.pixel(r, i) >= 8 ? 1.0 : 0.0);
            }
        }
        assertThat(d.labels()).isEqualTo(raw.digits());
        assertThat(d.classNames()).containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
        BinaryDataset strict = Datasets.create("digits", Map.of("threshold", "16"), null);
        double on8 = 0;
        double on16 = 0;
        for (int r = 0; r < d.size(); r++) {
            for (int i = 0; i < 64; i++) {
                on8 += d.get(r, i);
                on16 += strict.get(r, i);
            }
        }
        assertThat(on16).isPositive().isLessThan(on8);
        assertThatThrownBy(() -> Datasets.create("digits", Map.of("threshold", "0"), null))
                .isInstanceOf(InputException.class).hasMessageContaining("dataset digits: parameter threshold=0");
        assertThatThrownBy(() -> Datasets.create("digits", Map.of("threshold", "17"), null))
                .isInstanceOf(InputException.class).hasMessageContaining("[1, 16]");
    }
}
