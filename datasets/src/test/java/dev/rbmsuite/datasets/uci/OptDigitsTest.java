package dev.rbmsuite.datasets.uci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped optdigits test set passes the checks of its PROVENANCE.md, and each check can fail. */
class OptDigitsTest {
    @Test
    void theShippedCopyPassesItsProvenanceChecks() {
        OptDigits d = OptDigits.load();
        assertThat(d.size()).isEqualTo(1797);
        int[] counts = new int[10];
        for (int digit : d.digits()) {
            counts[digit]++;
        }
        assertThat(counts).containsExactly(178, 182, 177, 183, 181, 182, 181, 179, 174, 180);
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int r = 0; r < d.size(); r++) {
            for (int i = 0; i < OptDigits.PIXELS; i++) {
                min = Math.min(min, d.pixel(r, i));
                max = Math.max(max, d.pixel(r, i));
            }
        }
        assertThat(min).isZero();
        assertThat(max).isEqualTo(16);
        // the first image of the file (a zero), as in scikit-learn's load_digits()
        assertThat(d.digits()[0]).isZero();
        assertThat(d.pixel(0, 2)).isEqualTo(5);
        assertThat(d.pixel(0, 3)).isEqualTo(13);
    }

    private static List<String> valid() {
        List<String> lines = new ArrayList<>();
        int[] counts = OptDigits.digitCounts();
        for (int digit = 0; digit < 10; digit++) {
            for (int k = 0; k < counts[digit]; k++) {
                lines.add(String.join(",", Collections.nCopies(64, String.valueOf(k % 17))) + "," + digit);
            }
        }
        return lines;
    }

    @Test
    void eachCheckFailsNamingTheLine() {
        assertThat(OptDigits.parse(valid(), "f").size()).isEqualTo(1797);

        List<String> badPixel = valid();
        badPixel.set(4, badPixel.get(4).replaceFirst("^\\d+", "17"));
        assertThatThrownBy(() -> OptDigits.parse(badPixel, "f")).hasMessage("f:5: pixel 0 17 is outside 0..16");

        List<String> badDigit = valid();
        badDigit.set(0, badDigit.get(0).replaceFirst(",0$", ",10"));
        assertThatThrownBy(() -> OptDigits.parse(badDigit, "f")).hasMessage("f:1: digit 10 is outside 0..9");

        List<String> shortRow = valid();
        shortRow.set(9, "1,2,3");
        assertThatThrownBy(() -> OptDigits.parse(shortRow, "f")).hasMessage("f:10: 3 fields, expected 65");

        List<String> text = valid();
        text.set(2, text.get(2).replaceFirst("^\\d+", "x"));
        assertThatThrownBy(() -> OptDigits.parse(text, "f")).hasMessage("f:3: field 1 'x' is not an integer");

        List<String> missing = valid();
        missing.remove(0);
        assertThatThrownBy(() -> OptDigits.parse(missing, "f")).hasMessage("f: 1796 rows, expected 1797");

        List<String> extra = valid();
        extra.add(extra.get(0));
        assertThatThrownBy(() -> OptDigits.parse(extra, "f")).hasMessage("f:1798: more than 1797 rows");

        List<String> swapped = valid();
        swapped.set(0, swapped.get(0).replaceFirst(",0$", ",1"));
        assertThatThrownBy(() -> OptDigits.parse(swapped, "f")).hasMessageContaining("digit counts [177, 183,");
    }

    @Test
    void binarisationFollowsTheThreshold() {
        OptDigits d = OptDigits.load();
        var b = d.binarised("digits", 8);
        assertThat(b.dimension()).isEqualTo(64);
        assertThat(b.get(0, 3)).isEqualTo(1.0); // 13 >= 8
        assertThat(b.get(0, 2)).isEqualTo(0.0); // 5 < 8
        assertThatThrownBy(() -> d.binarised("digits", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
