package dev.rbmsuite.experiments.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.ClaimsCsv;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.DecisionJson;
import dev.rbmsuite.claims.report.Markup;
import dev.rbmsuite.claims.report.Report;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.experiments.FigureRunner;
import dev.rbmsuite.experiments.Scale;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link Comparison} into its own output folder ({@link #KIND}, format {@value #FORMAT}):
 * {@code manifest.json} (the provenance record of core Provenance with the comparison's settings,
 * then its files and decided claims), {@code REPORT.md}, {@code claims.csv} (the columns of the
 * figures' claims.csv, figure {@code compare}), the curves ({@code compare.png}/{@code .svg}) and
 * their raw numbers, and the kept trials under {@code training/}. Rerunning the same command keeps
 * the finished trials and writes the same bytes (timing keys of the manifest aside); a rerun with other
 * settings is refused unless given {@code restart}, which moves the kept trials aside (experiments Trials).
 */
public final class CompareRunner {
    /** The {@code "format"} of a comparison folder's manifest. */
    public static final String FORMAT = "compare";
    /** The kind of folder {@code compare --out} writes. */
    public static final OutputFolder.Kind KIND = new OutputFolder.Kind(FORMAT, "a comparison folder",
            n -> n.matches("manifest\\.json|REPORT\\.md|claims\\.csv|training|trials|compare[-.a-z]*"), d -> false);

    private CompareRunner() {
    }

    /**
     * @param spec what to compare
     * @param out the output folder
     * @param seed the root seed
     * @param threads trials run at once
     * @param force write beside foreign files in {@code out} (never over them)
     * @param progress progress lines (stderr)
     * @return the comparison's manifest
     * @throws Exception if training fails
     */
    public static ObjectNode run(CompareSpec spec, Path out, long seed, int threads, boolean force, PrintStream progress)
            throws Exception {
        return run(spec, out, seed, threads, force, false, progress);
    }

    /**
     * @param spec what to compare
     * @param out the output folder
     * @param seed the root seed
     * @param threads trials run at once
     * @param force write beside foreign files in {@code out} (never over them)
     * @param restart move kept trials computed with other settings aside and recompute them
     *     ({@code --restart}); without it such trials are refused (experiments Trials)
     * @param progress progress lines (stderr)
     * @return the comparison's manifest
     * @throws Exception if training fails
     */
    @SuppressWarnings("try") // the resources are held for the body, not used in it
    public static ObjectNode run(CompareSpec spec, Path out, long seed, int threads, boolean force, boolean restart,
                                 PrintStream progress) throws Exception {
        try (OutputFolder.Claim claim = OutputFolder.claim(out, KIND, force, "rbm compare");
             Interruption.Scope stoppable = Interruption.stoppable()) {
            Provenance.Stopwatch watch = Provenance.Stopwatch.start();
            Provenance record = Provenance.of(FORMAT, 1, "compare", spec.asMap(), seed, threads);
            // the folder's kind is on disk before the first trial, so an interrupted run is resumable;
            // an existing manifest stays until this run succeeds (a rerun refused for its settings
            // leaves the folder as it was)
            if (!Files.exists(out.resolve(OutputFolder.MANIFEST))) {
                FigureRunner.writeJson(out.resolve(OutputFolder.MANIFEST), record.toJson());
            }
            ExperimentContext ctx = new ExperimentContext(Comparison.ID, out, Scale.PAPER, seed, threads, progress)
                    .withRestart(restart);
            Comparison comparison = new Comparison(spec);
            try (AtomicFiles.Staging staging = AtomicFiles.Staging.begin(out)) {
                FigureOutcome o = comparison.run(ctx);
                ClaimsCsv.write(o.claims(), out.resolve("claims.csv"));
                ObjectNode m = manifest(record.withTiming(watch.elapsed()), comparison, o);
                AtomicFiles.write(out.resolve("REPORT.md"), report(m).getBytes(StandardCharsets.UTF_8));
                FigureRunner.writeJson(out.resolve(OutputFolder.MANIFEST), m);
                staging.commit();
                return m;
            }
        }
    }

    private static ObjectNode manifest(Provenance record, Comparison c, FigureOutcome o) {
        ObjectNode m = record.toJson();
        m.put("title", c.title());
        m.put("caption", o.caption());
        ArrayNode files = m.putArray("files");
        o.files().forEach(files::add);
        files.add("claims.csv");
        files.add("REPORT.md");
        ArrayNode claims = m.putArray("claims");
        for (Decision d : o.claims()) {
            claims.add(DecisionJson.of(d));
        }
        return m;
    }

    /** @return the comparison's REPORT.md: settings, curves, the claims table and how claims are decided */
    static String report(JsonNode m) {
        StringBuilder sb = new StringBuilder("# Kernel comparison\n\n");
        sb.append(Markup.text(m.path("caption").asText())).append("\n\n![curves](").append(Comparison.ID).append(".png)\n\n");
        sb.append("## Settings\n\n");
        m.path("settings").fields().forEachRemaining(e ->
                sb.append("- ").append(Markup.text(e.getKey())).append(": ")
                        .append(Markup.text(e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()))
                        .append("\n"));
        sb.append("- seed: `").append(m.path("seed").asText()).append("`\n\n## Claims\n\n");
        List<JsonNode> rows = new ArrayList<>();
        m.path("claims").forEach(rows::add);
        sb.append(Report.claimsTable(rows));
        sb.append("Every row is in `claims.csv` (n, effect, 95 % interval, threshold, verdict); the curves in `")
                .append(Comparison.CURVES_CSV).append("`, per-trial numbers in `").append(Comparison.CSV).append("` and `")
                .append(Comparison.SUMMARY_CSV).append("`.\n\n");
        sb.append(Report.howDecided(Report.COMPARE_LEAD));
        return sb.toString();
    }
}
