package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What a figure gets to run: its folder, a seeded stream per figure, compute time and progress lines. */
class ExperimentContextTest {
    private static ExperimentContext context(String id, long seed, int threads, PrintStream out) {
        return new ExperimentContext(id, Path.of("figures", id), Scale.SMOKE, seed, threads, out);
    }

    @Test
    void labelsArePolynomialHashesOfTheCharactersSoStreamsNeverChangeBetweenRuns() {
        long h = 1125899906842597L;
        for (char c : "fig6".toCharArray()) {
            h = 31 * h + c;
        }
        assertThat(ExperimentContext.label("fig6")).isEqualTo(h);
        assertThat(ExperimentContext.label("fig6")).isNotEqualTo(ExperimentContext.label("fig7"));
        assertThat(ExperimentContext.label("")).isEqualTo(1125899906842597L);
    }

    @Test
    void theStreamDependsOnTheSeedAndTheFigureOnly() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        long a = context("fig6", 1, 1, quiet).rng().nextLong();
        assertThat(context("fig6", 1, 4, quiet).rng().nextLong()).isEqualTo(a);
        assertThat(context("fig6", 2, 1, quiet).rng().nextLong()).isNotEqualTo(a);
        assertThat(context("fig7", 1, 1, quiet).rng().nextLong()).isNotEqualTo(a);
    }

    @Test
    void holdsTheFolderScaleSeedAndAtLeastOneThread() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        ExperimentContext ctx = context("fig2", 5, 0, quiet);
        assertThat(ctx.figureId()).isEqualTo("fig2");
        assertThat(ctx.dir()).isEqualTo(Path.of("figures", "fig2"));
        assertThat(ctx.file("a.csv")).isEqualTo(Path.of("figures", "fig2", "a.csv"));
        assertThat(ctx.scale()).isEqualTo(Scale.SMOKE);
        assertThat(ctx.seed()).isEqualTo(5);
        assertThat(ctx.threads()).isEqualTo(1);
    }

    @Test
    void computeTimeIsTheSumOfRecordedTimesAndUnknownOnceOneIsMissing() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        ExperimentContext ctx = context("fig9", 1, 1, quiet);
        assertThat(ctx.computeSeconds()).isZero();
        ctx.addCompute(1.5);
        ctx.addCompute(2.25);
        assertThat(ctx.computeSeconds()).isEqualTo(3.75);
        // a kept trial without its recorded time: the total is unknown, not an undercount
        ctx.addCompute(Double.NaN);
        assertThat(ctx.computeSeconds()).isNaN();
    }

    @Test
    void progressLinesNameTheFigureAndTheElapsedTime() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ExperimentContext ctx = context("fig5", 1, 1, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        ctx.progress("trial 1/2 done");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).matches("\\[fig5 +\\d+\\.\\ds\\] trial 1/2 done\\R");
    }
}
