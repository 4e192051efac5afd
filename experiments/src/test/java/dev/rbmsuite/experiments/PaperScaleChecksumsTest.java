package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cheap paper-scale figures (fig5: data sets and their PCA plane; lambda2: the spectral-gap
 * estimators against the exact value, about 20 s on two cores) recomputed on this machine, seed 1,
 * against the SHA-256 in results/checksums.sha256 ({@link OutputChecksums}, section {@code paper-seed1}),
 * and those checksums against the committed CSVs of results/paper-scale/: so
 * {@code ./rbm figure fig5 --scale paper} reproduces the committed files byte for byte on this CPU.
 */
class PaperScaleChecksumsTest {
    static final String SECTION = "paper-seed1";
    private static final String[] FIGURES = {"fig5", "lambda2"};

    @TempDir
    Path tmp;

    @Test
    void cheapPaperScaleFiguresHaveTheCommittedBytes() throws Exception {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Map<String, String> digests = new TreeMap<>();
        for (String id : FIGURES) {
            FigureRunner.run(Figures.select(id), tmp, Scale.PAPER, 1, 2, quiet);
            OutputChecksums.csvDigests(tmp.resolve(id)).forEach((k, v) -> {
                if (!k.startsWith("trials/")) { // per-trial caches, not committed; lambda2-trials.csv holds them all
                    digests.put(id + "/" + k, v);
                }
            });
        }
        OutputChecksums.check(SECTION, digests);
    }

    @Test
    void theCommittedPaperScaleCsvsAreTheCheckedOnes() {
        Path results = OutputChecksums.repositoryRoot().resolve("results/paper-scale");
        Map<String, String> committed = new TreeMap<>();
        for (String id : FIGURES) {
            OutputChecksums.csvDigests(results.resolve(id)).forEach((k, v) -> committed.put(id + "/" + k, v));
        }
        assertThat(committed).as("results/paper-scale/{fig5,lambda2} CSVs against results/checksums.sha256's "
                + SECTION + " (regenerate them together)").isEqualTo(OutputChecksums.committed(SECTION));
    }
}
