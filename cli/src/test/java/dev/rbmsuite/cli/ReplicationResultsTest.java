package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed replication over seeds (results/replication, issue 36) is what the code makes of its
 * raw CSVs: each confirmatory seed's REPORT.md and claims.csv are what {@code report --from} writes,
 * byte for byte, and the replication's tables and report are what {@code replicate} writes over the
 * committed seeds with results/paper-scale as the exploratory seed 1. The README's status table may
 * call a seed committed only where its folder is there, and every committed folder must be in it.
 */
class ReplicationResultsTest {
    private static final Path RESULTS = Path.of("").toAbsolutePath().getParent().resolve("results");
    private static final Path REPLICATION = RESULTS.resolve("replication");
    /** A row of the README's status table: seed, raw trials, rendered and decided, committed. */
    private static final Pattern STATUS = Pattern.compile("^\\| (\\d+) \\|[^|]*\\|[^|]*\\| ([^|]*?) \\|$");

    @TempDir
    Path tmp;

    private static List<Path> committedSeeds() throws IOException {
        List<Path> seeds = new ArrayList<>();
        try (Stream<Path> s = Files.list(REPLICATION)) {
            s.filter(p -> p.getFileName().toString().matches("seed-\\d+") && Files.isDirectory(p)).sorted()
                    .forEach(seeds::add);
        }
        return seeds;
    }

    @Test
    void theStatusTableNamesExactlyTheCommittedSeeds() throws IOException {
        List<String> saysCommitted = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (String line : Files.readAllLines(REPLICATION.resolve("README.md"))) {
            Matcher m = STATUS.matcher(line.strip());
            if (m.matches()) {
                listed.add(m.group(1));
                if (m.group(2).startsWith("yes")) {
                    saysCommitted.add(m.group(1));
                }
            }
        }
        assertThat(listed).as("the README's status table lists the registered seeds 2 to 6")
                .containsExactly("2", "3", "4", "5", "6");
        List<String> present = committedSeeds().stream().map(p -> p.getFileName().toString().substring(5)).toList();
        assertThat(saysCommitted).as("seeds the README calls committed").containsExactlyElementsOf(present);
    }

    @Test
    void eachCommittedSeedIsWhatReportFromMakesOfItsCsvs() throws IOException {
        for (Path seed : committedSeeds()) {
            Path out = tmp.resolve(seed.getFileName().toString());
            Cli.Result r = Cli.run("report", "--from", seed.toString(), "--out", out.toString());
            assertThat(r.code()).as(seed + ": " + r.err()).isZero();
            assertThat(Files.readString(out.resolve("REPORT.md"))).as(seed + " REPORT.md")
                    .isEqualTo(Files.readString(seed.resolve("REPORT.md")));
            assertThat(Files.readString(out.resolve("claims.csv"))).as(seed + " claims.csv")
                    .isEqualTo(Files.readString(seed.resolve("claims.csv")));
        }
    }

    @Test
    void theReplicationIsWhatReplicateMakesOfTheCommittedSeeds() throws IOException {
        List<Path> seeds = committedSeeds();
        if (seeds.isEmpty()) {
            // nothing replicated yet: no replication files may pretend otherwise
            assertThat(REPLICATION.resolve("replication.csv")).doesNotExist();
            assertThat(REPLICATION.resolve("REPORT.md")).doesNotExist();
            return;
        }
        List<String> args = new ArrayList<>(List.of("replicate"));
        seeds.forEach(p -> args.add(p.toString()));
        Path out = tmp.resolve("replication");
        args.addAll(List.of("--exploratory", RESULTS.resolve("paper-scale").toString(), "--out", out.toString()));
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        for (String file : List.of("REPORT.md", "replication.csv", "replication-rows.csv")) {
            assertThat(Files.readString(out.resolve(file))).as(file)
                    .isEqualTo(Files.readString(REPLICATION.resolve(file)));
        }
    }
}
