package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.datasets.io.DatasetCsv;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dataset NAME --out FILE.csv [--param k=v ...]}: writes one of the paper's binary data sets (section
 * 5.1, Table 1) in the contract's CSV format. NAME is genrbm, islands, pentagon, iris, wine, seeds, digits or
 * idx (MNIST-format image files the user names: {@code --param images=FILE [labels=FILE classes=... ]});
 * parameters override the paper's defaults (see {@link Datasets}). Synthetic data sets draw from
 * {@code --seed}; the file is written atomically and is byte-identical for the same seed and parameters.
 * genrbm's chains can be asked to run for hours ({@code --param steps=...}): a setting estimated above
 * 10 minutes is refused before anything is written unless {@code --allow-slow} is given (core
 * CostGuard, as for the exact diagnostics).
 */
@Command(name = "dataset", description = {
    "Write a binary data set (header v0..v{n-1}, rows of 0/1, a last column label where it has classes).",
    "NAME: genrbm (n=10 m=100 std=0.1 steps=5000 size=100), islands (a=0.4 n=25 size=100),",
    "pentagon (kappa=6 n=25 size=100), iris | wine | seeds (k=6 rank-hot bins per feature),",
    "idx (images=FILE labels=FILE binarise=threshold|stochastic threshold=128 classes=all size=all)."})
final class DatasetCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    CostOptions cost;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "genrbm, islands, pentagon, iris, wine, seeds, digits (the UCI "
            + "optdigits test set, binarised at pixel >= 8) or idx (MNIST-format IDX files, e.g. Fashion-MNIST)")
    String name;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "CSV file to write")
    Path out;

    @Option(names = "--force", description = "replace an earlier output of another rbm command (never a file rbm "
            + "did not write)")
    boolean force;

    @Option(names = "--param", paramLabel = "k=v", description = "override a parameter, e.g. a=0.3 (repeatable)")
    Map<String, String> params = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        try (OutputFiles.Pair pair = OutputFiles.claimPair(out, "--out", spec.name(), force)) {
            out = pair.file();
            BinaryDataset data = Datasets.create(name, params, common.rng(), cost.guard());
            DatasetCsv.write(data, pair.staging());
            ObjectNode result = Output.object();
            result.put("rows", data.size());
            result.put("columns", data.dimension());
            pair.commit(spec, result);
            Output.print(common, result, r -> "wrote data set " + data.name() + " (" + data.size() + " rows x "
                    + data.dimension() + " columns" + (data.hasLabels() ? ", plus labels" : "") + ") to " + out);
            return 0;
        }
    }
}
