package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.FigureRunner;
import dev.rbmsuite.experiments.Figures;
import dev.rbmsuite.experiments.Scale;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code figure ID|all --scale smoke|quick|paper --out DIR}: regenerates paper figures (PNG, CSV and
 * a manifest per figure) and the reproduction report. Finished trials are kept, so an interrupted
 * run resumes where it stopped. For an outside scheduler the same work splits into trials:
 * {@code --list-trials} names them, {@code --trial ID} runs one (many at once into one folder), and
 * {@code --render-only} builds everything else from the finished trials (experiments TrialUnits).
 */
@Command(name = "figure", description = "Regenerate paper figures (PNG + CSV + manifest) and REPORT.md.")
final class FigureCommand implements Callable<Integer> {
    /** The most trials run at once: each holds its own chains and buffers, and a thread's stack. */
    static final int MAX_THREADS = 256;

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", paramLabel = "ID|all", description = "figure id (fig1 ... fig9, or 2 ... 9) or all")
    String id;

    @Option(names = "--scale", paramLabel = "smoke|quick|paper", description = "how much work (default ${DEFAULT-VALUE})")
    String scale = "paper";

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output root folder")
    Path out;

    @Option(names = "--force", description = "write into a folder that holds other files too (never over them)")
    boolean force;

    @Option(names = "--restart", description = "move kept trials computed with other settings (another --seed or "
            + "--scale) aside (GROUP.before-restart-K) and compute them afresh; without it such a rerun is refused")
    boolean restart;

    @Option(names = "--data-seed", paramLabel = "D", description = "generate the synthetic data sets (GenRBM, islands, "
            + "pentagon) from seed D instead of --seed: a replicate with new initial parameters, trained models and "
            + "chains on the same data (default: --seed)")
    Long dataSeed;

    @Option(names = "--threads", paramLabel = "T", description = "trials run at once (default: all cores)")
    Integer threads;

    @Option(names = "--list-trials", description = "print the id of every trial the figures need, one per line, "
            + "training trials first, and exit")
    boolean listTrials;

    @Option(names = "--trial", paramLabel = "ID", description = "run just this trial (an id from --list-trials) into "
            + "the folder; many may run at once into one folder")
    String trial;

    @Option(names = "--render-only", description = "build figures, CSVs, claims and the report from finished trials "
            + "only; exit 2 naming any missing trial")
    boolean renderOnly;

    @Override
    public Integer call() throws Exception {
        out = OutputFiles.requireFolderName(out, "--out");
        Scale s = Scale.parse(scale);
        List<Experiment> experiments = Figures.select(id);
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > MAX_THREADS) {
            throw new InputException("option --threads: must be in [1, " + MAX_THREADS + "], got " + t);
        }
        if ((listTrials ? 1 : 0) + (trial != null ? 1 : 0) + (renderOnly ? 1 : 0) > 1) {
            throw new InputException(
                    "options --list-trials, --trial and --render-only: give at most one");
        }
        if (restart && (listTrials || trial != null || renderOnly)) {
            throw new InputException("option --restart: only for a run of whole figures, not with "
                    + (listTrials ? "--list-trials" : trial != null ? "--trial" : "--render-only"));
        }
        long data = dataSeed == null ? common.seed() : dataSeed;
        if (listTrials) {
            List<String> ids = FigureRunner.listTrials(experiments, s);
            if (common.json()) {
                ObjectNode result = Output.object();
                ids.forEach(result.putArray("trials")::add);
                Output.print(common, result, r -> "");
            } else {
                // one id per line and nothing else (none for figures without trials), for scripts
                ids.forEach(System.out::println);
                System.out.flush();
            }
            return 0;
        }
        if (trial != null) {
            var unit = FigureRunner.runTrial(experiments, out, s, common.seed(), data, t, System.err, trial);
            ObjectNode result = Output.object();
            result.put("trial", unit.id());
            result.put("file", unit.group().dir(out).resolve("trial-" + unit.trial() + ".csv").toString());
            Output.print(common, result, r -> "trial " + unit.id() + " kept in " + r.path("file").asText());
            return 0;
        }
        List<ObjectNode> manifests = renderOnly
                ? FigureRunner.renderOnly(experiments, out, s, common.seed(), data, t, System.err, force)
                : FigureRunner.run(experiments, out, s, common.seed(), data, t, System.err, force, restart);
        ObjectNode result = Output.object();
        ArrayNode figs = result.putArray("figures");
        for (ObjectNode m : manifests) {
            ObjectNode f = figs.addObject();
            f.put("id", m.path("figure").asText());
            f.put("seconds", m.path("wallSeconds").asDouble());
            f.set("files", m.path("files"));
        }
        result.put("report", out.resolve("REPORT.md").toString());
        Output.print(common, result, r -> "wrote " + manifests.size() + " figure(s) and " + out.resolve("REPORT.md"));
        return 0;
    }
}
