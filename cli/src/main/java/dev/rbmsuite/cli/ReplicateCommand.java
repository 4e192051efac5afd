package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.replication.Replication;
import dev.rbmsuite.experiments.replication.ReplicationRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code replicate SEED_DIR... [--exploratory DIR] --out OUT}: every sentence's verdict in each
 * seed, the replication rate, and a pooled verdict with the seed as a random effect (registration
 * section 5), from figures folders decided by {@code figure} or {@code report}.
 */
@Command(name = "replicate", description = "Replicate the report's verdicts over seeds: per-seed verdicts, replication "
        + "rates and pooled verdicts (replication.csv, REPORT.md, figures).")
final class ReplicateCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "SEED_DIR", description = "one figures folder per confirmatory seed")
    List<Path> seeds;

    @Option(names = "--exploratory", paramLabel = "DIR", description = "a figures folder of a seed seen while the rules "
            + "were made: shown beside, counted for nothing")
    Path exploratory;

    @Option(names = "--out", required = true, paramLabel = "OUT", description = "destination folder (it may hold the "
            + "seeds' folders seed-N)")
    Path out;

    @Option(names = "--force", description = "write into a folder that holds other files too (never over them)")
    boolean force;

    @Override
    public Integer call() throws Exception {
        out = OutputFiles.requireFolderName(out, "--out");
        Replication.Result r = ReplicationRunner.run(seeds, exploratory, out, force, System.err);
        ObjectNode result = Output.object();
        result.put("seeds", r.confirmatory().size());
        result.put("sentences", r.sentences().size());
        result.put("replicate", r.sentences().stream().filter(Replication.SentenceLine::replicates).count());
        result.put("report", out.resolve("REPORT.md").toString());
        result.put("table", out.resolve("replication.csv").toString());
        Output.print(common, result, x -> "replicated " + x.path("sentences").asInt() + " sentences over "
                + x.path("seeds").asInt() + " seed(s) into " + out);
        return 0;
    }
}
