package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rbm replicate}: the replication of decided figures folders over seeds, written all at once
 * and reproducible byte for byte; bad folders are bad input in one line, exit 2, with nothing written.
 */
class ReplicateCommandTest {
    @TempDir
    static Path seeds;

    @TempDir
    Path tmp;

    /** Three seeds of figure 5 (seconds each) on seed 1's data sets. */
    @BeforeAll
    static void threeSeeds() {
        for (int s = 2; s <= 4; s++) {
            Cli.Result r = Cli.run("figure", "fig5", "--scale", "smoke", "--seed", Integer.toString(s), "--data-seed", "1",
                    "--out", seeds.resolve("seed-" + s).toString());
            assertThat(r.code()).as(r.err()).isZero();
        }
    }

    private static String seed(int s) {
        return seeds.resolve("seed-" + s).toString();
    }

    @Test
    void writesTheTablesAndTheReportOnceAndTheSameBytesAgain() throws Exception {
        Path out = tmp.resolve("rep");
        Cli.Result r = Cli.run("replicate", seed(2), seed(3), "--exploratory", seed(4), "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"seeds\":2");
        CsvTable rows = CsvTable.read(out.resolve("replication-rows.csv"));
        assertThat(rows.size()).isEqualTo(2);
        assertThat(rows.header()).contains("effect_seed_2", "effect_seed_3");
        assertThat(CsvTable.read(out.resolve("replication.csv")).header()).contains("sentence", "replication_rate",
                "pooled_verdict", "verdict_seed_4_exploratory");
        String report = Files.readString(out.resolve("REPORT.md"));
        assertThat(report).startsWith("# Replication of the verdicts over seeds").contains("seed 4 (exploratory)");
        assertThat(out.resolve("manifest.json")).isRegularFile();
        byte[] table = Files.readAllBytes(out.resolve("replication.csv"));
        byte[] md = Files.readAllBytes(out.resolve("REPORT.md"));
        Cli.Result again = Cli.run("replicate", seed(2), seed(3), "--exploratory", seed(4), "--out", out.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(Files.readAllBytes(out.resolve("replication.csv"))).isEqualTo(table);
        assertThat(Files.readAllBytes(out.resolve("REPORT.md"))).isEqualTo(md);
    }

    @Test
    void aFolderBesideItsSeedsIsItsOwn() throws Exception {
        // the committed layout: results/replication holds the seeds' folders and the replication's files
        Path rep = tmp.resolve("replication");
        Files.createDirectories(rep);
        Cli.Result copy = Cli.run("report", "--from", seed(2), "--out", rep.resolve("seed-2").toString());
        assertThat(copy.code()).as(copy.err()).isZero();
        Cli.Result r = Cli.run("replicate", rep.resolve("seed-2").toString(), seed(3), "--out", rep.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(rep.resolve("replication.csv")).isRegularFile();
    }

    @Test
    void badFoldersAreBadInputInOneLineAndNothingIsWritten() throws Exception {
        Path out = tmp.resolve("o");
        Cli.Result missing = Cli.run("replicate", tmp.resolve("nope").toString(), "--out", out.toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).contains("no such folder").doesNotContain("\n");
        Files.createDirectories(tmp.resolve("empty"));
        Cli.Result empty = Cli.run("replicate", tmp.resolve("empty").toString(), "--out", out.toString());
        assertThat(empty.code()).isEqualTo(2);
        assertThat(empty.err().strip()).contains("holds no decided figure").doesNotContain("\n");
        Cli.Result twice = Cli.run("replicate", seed(2), seed(2), "--out", out.toString());
        assertThat(twice.code()).isEqualTo(2);
        assertThat(twice.err()).contains("seed 2 given twice");
        assertThat(out).doesNotExist();
        Path foreign = Files.createDirectories(tmp.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        Cli.Result refused = Cli.run("replicate", seed(2), seed(3), "--out", foreign.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("not a replication folder");
        assertThat(foreign.resolve("replication.csv")).doesNotExist();
    }
}
