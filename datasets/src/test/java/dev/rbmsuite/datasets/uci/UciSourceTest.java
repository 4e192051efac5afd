package dev.rbmsuite.datasets.uci;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The data sets' declared layouts and counts, checked against the shipped files directly (split by hand here,
 * not through {@link UciReader}): the checksum, the field count, where the class is, the class counts.
 */
class UciSourceTest {

    private static byte[] resource(UciSource s) throws IOException {
        try (InputStream in = UciSource.class.getResourceAsStream(s.resource())) {
            assertThat(in).as(s.resource()).isNotNull();
            return in.readAllBytes();
        }
    }

    @ParameterizedTest
    @EnumSource(UciSource.class)
    void theChecksumIsThatOfTheShippedFile(UciSource s) throws IOException, NoSuchAlgorithmException {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(resource(s));
        assertThat(HexFormat.of().formatHex(digest)).isEqualTo(s.sha256());
    }

    @ParameterizedTest
    @EnumSource(UciSource.class)
    void everyLineHasTheDeclaredFieldsClassPositionAndTheClassCountsAddUp(UciSource s) throws IOException {
        String sep = s.separator().equals("\t") ? "\t+" : Pattern.quote(s.separator());
        int[] counts = new int[s.classNames().size()];
        int rows = 0;
        for (String line : new String(resource(s), StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.strip().split(sep, -1);
            assertThat(f).as(line).hasSize(s.featureNames().size() + 1);
            String cls = (s.classFirst() ? f[0] : f[f.length - 1]).strip();
            int k = s.classNames().indexOf(cls);
            assertThat(k).as("class '%s' in %s", cls, s.resource()).isNotNegative();
            counts[k]++;
            rows++;
        }
        assertThat(counts).containsExactly(s.expectedClassCounts());
        assertThat(rows).isEqualTo(s.expectedRows());
    }

    @Test
    void thePapersTableOneShapes() {
        assertThat(UciSource.IRIS.featureNames()).hasSize(4);
        assertThat(UciSource.WINE.featureNames()).hasSize(13);
        assertThat(UciSource.SEEDS.featureNames()).hasSize(7);
        assertThat(UciSource.IRIS.expectedRows()).isEqualTo(150);
        assertThat(UciSource.WINE.expectedRows()).isEqualTo(178);
        assertThat(UciSource.SEEDS.expectedRows()).isEqualTo(210);
        assertThat(UciSource.WINE.classFirst()).isTrue();
        assertThat(UciSource.IRIS.classFirst()).isFalse();
        for (UciSource s : UciSource.values()) {
            assertThat(s.classNames()).hasSize(s.expectedClassCounts().length).doesNotHaveDuplicates();
            assertThat(s.featureNames()).doesNotHaveDuplicates();
        }
    }

    @Test
    void expectedClassCountsIsACopy() {
        int[] c = UciSource.WINE.expectedClassCounts();
        c[0] = -1;
        assertThat(UciSource.WINE.expectedClassCounts()).containsExactly(59, 71, 48);
    }

    @Test
    void byIdIgnoresCaseAndReturnsNullForUnknownNames() {
        for (UciSource s : UciSource.values()) {
            assertThat(UciSource.byId(s.id())).isSameAs(s);
            assertThat(UciSource.byId(s.id().toUpperCase())).isSameAs(s);
        }
        assertThat(UciSource.byId("Iris")).isSameAs(UciSource.IRIS);
        assertThat(UciSource.byId("iris.data")).isNull();
        assertThat(UciSource.byId("")).isNull();
        assertThat(UciSource.byId("mnist")).isNull();
    }
}
