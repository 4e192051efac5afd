package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed comparison of BGS, DT and the round trip on the UCI digits (results/digits, beyond
 * the paper; its README gives the command and the machine) is what this code makes of its kept
 * trials: the documented command rerun on a copy of the folder resumes all 30 trials without
 * training one (the trials' settings match the command's) and writes REPORT.md, claims.csv and the
 * three CSVs byte for byte. A change to the claim engine or the report that moves them fails here;
 * regenerate by rerunning the command of results/digits/README.md on that folder (seconds: every
 * trial is kept).
 */
class DigitsResultsTest {
    /** The command of results/digits/README.md, without its --out. */
    static final List<String> COMMAND = List.of("compare", "--data", "digits", "--kernels", "bgs,dt,roundtrip",
            "--hidden", "100,50,25,12", "--epochs", "200", "--eval-every", "10", "--eval-budget", "2", "--trials", "10",
            "--batch-size", "100");

    @TempDir
    Path tmp;

    @Test
    void theCommittedDigitsComparisonIsWhatTheDocumentedCommandMakesOfItsTrials() throws Exception {
        Path committed = Path.of("").toAbsolutePath().getParent().resolve("results/digits");
        assertThat(Files.readString(committed.resolve("README.md")))
                .as("results/digits/README.md gives the command this test reruns")
                .contains("./rbm " + String.join(" ", COMMAND) + " --out DIR");
        Path copy = Trees.copy(committed, tmp.resolve("digits"));
        String[] args = Stream.concat(COMMAND.stream(), Stream.of("--out", copy.toString(), "--threads", "1"))
                .toArray(String[]::new);
        Cli.Result r = Cli.run(args);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).as("every trial is kept: none is trained again")
                .contains("compare-bgs: resumed 10 kept trial(s)", "compare-dt-L3: resumed 10 kept trial(s)",
                        "compare-roundtrip-L3: resumed 10 kept trial(s)")
                .doesNotContain("epoch");
        for (String f : List.of("REPORT.md", "claims.csv", "compare-curves.csv", "compare-trials.csv",
                "compare-summary.csv")) {
            assertThat(Files.readString(copy.resolve(f))).as(f + " (regenerate: see this test's Javadoc)")
                    .isEqualTo(Files.readString(committed.resolve(f)));
        }
    }
}
