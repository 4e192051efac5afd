package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.datasets.BinaryDataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DataFiles}: a data CSV of the contract, or IDX images binarised at 128, read in full and checked
 * against the model's width.
 */
class DataFilesTest {
    @TempDir
    Path dir;

    @Test
    void theRowsAreReadInOrderWithTheLabelColumnSetAside() throws IOException {
        Path f = Files.write(dir.resolve("d.csv"), List.of("v0,v1,v2,label", "0,1,1,a", "1,0,0,b"));
        BinaryDataset d = DataFiles.read(f, 3, "--data");
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.dimension()).isEqualTo(3);
        assertThat(d.toArray()).containsExactly(0, 1, 1, 1, 0, 0);
    }

    @Test
    void aWidthOtherThanTheModelsIsRefusedNamingTheOptionFileAndBothWidths() throws IOException {
        Path f = Files.write(dir.resolve("d.csv"), List.of("v0,v1", "0,1"));
        assertThatThrownBy(() -> DataFiles.read(f, 3, "--start"))
                .isInstanceOf(InputException.class)
                .hasMessage("option --start: " + f + " has 2 columns, but the model has 3 visible units");
    }

    @Test
    void anEmptyNameIsRefusedNamingTheOptionNotReadAsTheCurrentFolder() {
        for (String blank : new String[] {"", " "}) {
            assertThatThrownBy(() -> DataFiles.read(Path.of(blank), 3, "--init")).isInstanceOf(InputException.class)
                    .hasMessage("option --init: an empty file name; name a CSV file");
        }
    }

    @Test
    void aMalformedFileIsRefusedNamingTheFileAndLine() throws IOException {
        Path f = Files.write(dir.resolve("bad.csv"), List.of("v0,v1", "0,1", "1,x"));
        assertThatThrownBy(() -> DataFiles.read(f, 2, "--data"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("bad.csv:3:");
    }

    @Test
    void anIdxImageFileIsReadBinarisedAtTheDefaultThreshold() throws IOException {
        Path[] idx = IdxTestFiles.write(dir);
        BinaryDataset d = DataFiles.read(idx[0], IdxTestFiles.PIXELS, "--data");
        assertThat(d.size()).isEqualTo(IdxTestFiles.IMAGES);
        for (int r = 0; r < d.size(); r++) {
            for (int k = 0; k < IdxTestFiles.PIXELS; k++) {
                assertThat(d.get(r, k)).isEqualTo(IdxTestFiles.pixel(r, k) >= 128 ? 1.0 : 0.0);
            }
        }
        assertThatThrownBy(() -> DataFiles.read(idx[0], 4, "--start")).isInstanceOf(InputException.class)
                .hasMessage("option --start: " + idx[0] + " has 9 columns, but the model has 4 visible units");
        // labels are not images: one line naming the file
        assertThatThrownBy(() -> DataFiles.read(idx[1], 9, "--data")).isInstanceOf(InputException.class)
                .hasMessage(idx[1] + ": an IDX file of 1 dimension(s), expected 3 for images (count, rows, columns)");
        Path cut = Files.write(dir.resolve("cut.gz"), Arrays.copyOf(Files.readAllBytes(idx[0]), 20));
        assertThatThrownBy(() -> DataFiles.read(cut, 9, "--data")).isInstanceOf(InputException.class)
                .hasMessageStartingWith(cut + ": truncated");
    }
}
