package dev.rbmsuite.cli;

import dev.rbmsuite.datasets.BinaryDataset;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The training data of the commands that train ({@code train}, {@code compare}): a registered data
 * set with its parameters and seed, a CSV file of the contract, or an IDX (MNIST-format) image file
 * with its parameters (docs/contract.md).
 */
final class DataOptions {
    @Option(names = "--data", required = true, paramLabel = "NAME|FILE.csv",
            description = "a registered data set (genrbm, islands, pentagon, iris, wine, seeds, digits, idx), a CSV file "
                    + "or an IDX (MNIST-format) image file")
    String data;

    @Option(names = "--data-param", paramLabel = "k=v",
            description = "parameter of a registered data set or an IDX file, e.g. a=0.4 or labels=FILE")
    Map<String, String> dataParams = new LinkedHashMap<>();

    @Option(names = "--data-seed", paramLabel = "D",
            description = "seed of a synthetic data set, independent of --seed so that runs share one data set (default ${DEFAULT-VALUE})")
    long dataSeed = 1;

    /**
     * @return the data set
     * @throws dev.rbmsuite.core.InputException on a malformed file, an unknown name or parameters given for a file
     */
    BinaryDataset load() {
        return TrainingInputs.load(data, dataParams, dataSeed);
    }

    /** @return whether {@code --data} names a CSV file */
    boolean isFile() {
        return TrainingInputs.isFile(data);
    }

    /**
     * @param ds the loaded data set
     * @return where the data came from, for a manifest: name and source, then the file's absolute
     *     path (and an IDX file's parameters and seed, when given) or the parameters and seed, then its
     *     shape
     */
    Map<String, Object> describe(BinaryDataset ds) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", ds.name());
        info.put("source", data);
        if (isFile()) {
            info.put("file", Path.of(data).toAbsolutePath().normalize().toString());
            if (!dataParams.isEmpty()) {
                // an IDX file's parameters (labels, binarise, ...) and the seed of its stochastic binarisation
                info.put("parameters", dataParams);
                info.put("dataSeed", dataSeed);
            }
        } else {
            info.put("parameters", dataParams);
            info.put("dataSeed", dataSeed);
        }
        info.put("rows", ds.size());
        info.put("columns", ds.dimension());
        return info;
    }
}
