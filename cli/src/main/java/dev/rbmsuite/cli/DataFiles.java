package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.idx.IdxDataset;
import dev.rbmsuite.datasets.idx.IdxFile;
import dev.rbmsuite.datasets.io.DatasetCsv;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads a data file for a command (a CSV of the contract, or MNIST-format IDX images, binarised at pixel
 * &gt;= 128) and checks its width against the model.
 */
final class DataFiles {
    private DataFiles() {
    }

    /**
     * @param file the CSV file (header v0..v{n-1}, 0/1 rows, optional label column), or an IDX image file
     *     (recognised by its first bytes; binarised at the default threshold, {@link IdxDataset})
     * @param visible the number of visible units the command expects
     * @param option the option that named the file, for the error message
     * @return the data set
     * @throws InputException naming the file and line on a malformed file, the option on a width mismatch, or
     *     the file when its manifest records another content (ResultManifest#verify)
     */
    static BinaryDataset read(Path file, int visible, String option) {
        if (file.toString().isBlank()) {
            // the file system reads an empty name as the current folder: "'': is a folder" named nothing
            throw new InputException("option " + option + ": an empty file name; name a CSV file");
        }
        ResultManifest.verify(file, option);
        BinaryDataset d = IdxFile.looksLikeIdx(file) ? IdxDataset.load(file, Map.of(), null) : DatasetCsv.read(file);
        if (d.dimension() != visible) {
            throw new InputException("option " + option + ": " + file + " has " + d.dimension()
                    + " columns, but the model has " + visible + " visible units");
        }
        return d;
    }
}
