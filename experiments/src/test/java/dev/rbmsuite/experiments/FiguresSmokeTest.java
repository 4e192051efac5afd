package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.claims.ClaimsCsv;
import dev.rbmsuite.core.io.CsvTable;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every figure at smoke scale: its PNG, CSV and manifest appear, the CSVs hold sane numbers, the
 * report lists every figure, a second run resumes from the kept trials and reproduces the same bytes, and
 * every CSV has the SHA-256 committed in results/checksums.sha256 ({@link OutputChecksums}).
 */
class FiguresSmokeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void everyFigureRegeneratesAtSmokeScale() throws Exception {
        Path root = tmp.resolve("figures");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        FigureRunner.run(Figures.select("all"), root, Scale.SMOKE, 7, 2, quiet);
        List<String> all = Figures.select("all").stream().map(Experiment::id).toList();
        assertThat(all).containsExactly("fig1", "fig2", "fig3", "fig4", "fig5", "fig6", "fig7", "fig8", "fig9",
                "lambda2");
        for (String id : all) {
            JsonNode m = JSON.readTree(root.resolve(id).resolve("manifest.json").toFile());
            assertThat(m.path("figure").asText()).isEqualTo(id);
            assertThat(m.path("seed").asLong()).isEqualTo(7);
            assertThat(m.path("suiteVersion").asText()).isNotBlank();
            assertThat(m.path("wallSeconds").asDouble()).isPositive();
            for (JsonNode f : m.path("files")) {
                Path file = root.resolve(id).resolve(f.asText());
                assertThat(file).isRegularFile();
                if (f.asText().endsWith(".png")) {
                    BufferedImage img = ImageIO.read(file.toFile());
                    assertThat(img.getWidth()).isGreaterThan(400);
                    assertThat(img.getHeight()).isGreaterThan(300);
                }
                if (f.asText().endsWith(".csv")) {
                    assertSane(CsvTable.read(file), file);
                }
            }
        }
        String report = Files.readString(root.resolve("REPORT.md"));
        for (String id : all) {
            assertThat(report).contains("## " + id + ":");
        }
        assertThat(Files.readString(root.resolve("index.html"))).contains("<img src=\"fig9/fig9.png\"");

        // claims.csv: the documented columns; two trials decide no comparison; the paper's claims quote the paper
        CsvTable claims = CsvTable.read(root.resolve("claims.csv"));
        assertThat(claims.header()).containsExactlyElementsOf(ClaimsCsv.HEADER);
        assertThat(claims.header()).startsWith("figure", "id", "kind", "quote", "statistic", "n", "effect", "ci_low",
                "ci_high", "threshold", "verdict", "margin", "verdict_of", "sentence_verdict", "adjusted_verdict", "fragile",
                "sentence_fragile", "smaller_than_margin", "sentence_smaller_than_margin", "se");
        assertThat(claims.strings("figure")).contains("fig2", "fig6", "fig7", "fig8", "fig9", "lambda2");
        for (int r = 0; r < claims.size(); r++) {
            String figure = claims.strings("figure").get(r);
            if (!figure.equals("fig5")) {
                assertThat(claims.strings("verdict").get(r)).as(claims.strings("id").get(r)).isEqualTo("inconclusive");
            }
            assertThat(claims.strings("quote").get(r).isEmpty()).isEqualTo(claims.strings("kind").get(r).equals("beyond"));
        }
        assertThat(report).contains("## How claims are decided").contains("### The paper's claims")
                .contains("### Beyond the paper");

        // report --from rebuilds the same claims from the raw CSVs alone
        Path rebuilt = tmp.resolve("rebuilt");
        FigureRunner.rebuild(root, rebuilt, quiet);
        assertThat(Files.readAllBytes(rebuilt.resolve("claims.csv"))).isEqualTo(Files.readAllBytes(root.resolve("claims.csv")));
        assertThat(rebuilt.resolve("fig9/fig9.png")).isRegularFile();
        assertThat(rebuilt.resolve("fig9/fig9-tv-starts.csv")).isRegularFile();
        JsonNode fig6 = JSON.readTree(root.resolve("fig6/manifest.json").toFile());
        assertThat(fig6.path("computeSeconds").asDouble()).isPositive();

        // the log-likelihood of every kept GenRBM trial is a finite, negative number of nats
        CsvTable curve = CsvTable.read(root.resolve("training/genrbm-bgs-lambda2/trial-0.csv"));
        for (double ll : curve.doubles("logLikelihood")) {
            assertThat(ll).isNegative().isGreaterThan(-10 * Math.log(2) - 1e-9);
        }

        // figures 2 and 6 share the GenRBM BGS runs instead of overwriting each other's
        assertThat(root.resolve("training")).isDirectoryNotContaining("glob:**/genrbm-bgs");

        // a second run resumes from the kept trials and writes the same numbers
        byte[] before = Files.readAllBytes(root.resolve("fig6/fig6-trials.csv"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        FigureRunner.run(Figures.select("fig6"), root, Scale.SMOKE, 7, 2,
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("resumed 2 kept trial(s)")
                .doesNotContain("discarding");
        assertThat(Files.readAllBytes(root.resolve("fig6/fig6-trials.csv"))).isEqualTo(before);

        trialsRunAsUnitsReproduceTheSingleRun(root, quiet);

        // the same bytes as the machine that wrote results/checksums.sha256 (any CPU, vector width, thread count)
        OutputChecksums.check("smoke-seed7", OutputChecksums.csvDigests(root));
    }

    /**
     * The scheduler's path: list the trials, run each as its own unit from several threads at once
     * into one fresh folder (training first, as the job array does), render only; every CSV (the
     * figures' and the trials') and claims.csv equal the single run's byte for byte.
     */
    private void trialsRunAsUnitsReproduceTheSingleRun(Path single, PrintStream quiet) throws Exception {
        Path root = tmp.resolve("units");
        List<Experiment> all = Figures.select("all");
        List<String> ids = FigureRunner.listTrials(all, Scale.SMOKE);
        assertThat(ids).doesNotHaveDuplicates().contains("training/genrbm-bgs-lambda2/0", "fig9/iris-roundtrip/1",
                "lambda2/lambda2/1");
        for (boolean training : List.of(true, false)) {
            ExecutorService pool = Executors.newFixedThreadPool(3);
            List<Future<?>> runs = new ArrayList<>();
            for (String id : ids) {
                if (id.startsWith("training/") == training) {
                    runs.add(pool.submit(() -> FigureRunner.runTrial(all, root, Scale.SMOKE, 7, 1, quiet, id)));
                }
            }
            for (Future<?> f : runs) {
                f.get();
            }
            pool.shutdown();
        }
        FigureRunner.renderOnly(all, root, Scale.SMOKE, 7, 2, quiet, false);
        List<Path> csvs;
        try (Stream<Path> s = Files.walk(single)) {
            csvs = s.filter(p -> p.toString().endsWith(".csv")).map(single::relativize).sorted().toList();
        }
        try (Stream<Path> s = Files.walk(root)) {
            assertThat(s.filter(p -> p.toString().endsWith(".csv")).map(root::relativize).sorted().toList())
                    .isEqualTo(csvs);
        }
        assertThat(csvs).contains(Path.of("claims.csv"), Path.of("fig9/fig9-cost.csv"), Path.of("fig8/fig8-cost.csv"));
        for (Path csv : csvs) {
            assertThat(Files.readAllBytes(root.resolve(csv))).as(csv.toString())
                    .isEqualTo(Files.readAllBytes(single.resolve(csv)));
        }
        // every listed trial is one the single run kept, and the other way round
        try (Stream<Path> s = Files.walk(single)) {
            assertThat(s.filter(p -> p.getFileName().toString().matches("trial-\\d+\\.csv")).count())
                    .isEqualTo(ids.size());
        }
    }

    @Test
    void sameSeedGivesIdenticalCsvInAFreshFolder() throws Exception {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        for (String dir : List.of("a", "b")) {
            FigureRunner.run(Figures.select("fig5"), tmp.resolve(dir), Scale.SMOKE, 3, 2, quiet);
        }
        for (String f : List.of("islands.csv", "islands-pca.csv", "pentagon.csv", "pentagon-pca.csv")) {
            assertThat(Files.readAllBytes(tmp.resolve("a/fig5").resolve(f)))
                    .isEqualTo(Files.readAllBytes(tmp.resolve("b/fig5").resolve(f)));
        }
        JsonNode a = JSON.readTree(tmp.resolve("a/fig5/manifest.json").toFile());
        assertThat(a.path("claims")).hasSize(2);
        assertThat(a.path("settings").path("islands").path("columns").asInt()).isEqualTo(25);
        assertThat(a.path("claims").get(0).path("verdict").asText()).isEqualTo("holds");
    }

    private static void assertSane(CsvTable t, Path file) {
        assertThat(t.size()).as(file.toString()).isPositive();
        for (String col : t.header()) {
            List<String> cells = t.strings(col);
            for (String c : cells) {
                if (c.equals("NaN")) {
                    continue;
                }
                try {
                    double v = Double.parseDouble(c);
                    assertThat(v).as(file + " column " + col).isFinite();
                } catch (NumberFormatException e) {
                    assertThat(c).as(file + " column " + col).isNotBlank();
                }
            }
        }
    }
}
