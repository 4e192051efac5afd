package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.CsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
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

    /** A copy of a seed's folder (every file, links as they are) for a test to damage. */
    private Path copyOf(int s) throws Exception {
        Path from = seeds.resolve("seed-" + s);
        return Trees.copy(from, tmp.resolve("copy-" + s));
    }

    /**
     * Issue 37: replicate reads a seed's folder as report --from reads its input. A manifest whose figure
     * is not its folder's, a foreign format or version, a truncated manifest, and a claims.csv truncated
     * (at a row's end or inside one) or edited against the figures' manifests are each refused, exit 2, in
     * one line naming the file, and nothing is written. (The raw CSVs the replication's figures read are
     * checked by the same ReportInputs as report's: ReportCommandTest.)
     */
    @Test
    void aDamagedSeedFolderIsRefusedNamingTheFileAndNothingIsWritten() throws Exception {
        Path out = tmp.resolve("rep");
        record Damage(String what, String file, UnaryOperator<String> edit, String... mentions) {
        }
        List<Damage> damages = List.of(
                new Damage("another figure's id", "fig5/manifest.json",
                        t -> t.replace("\"figure\" : \"fig5\"", "\"figure\" : \"fig2\""), "names figure \"fig2\"",
                        "'fig5'"),
                new Damage("a foreign format", "fig5/manifest.json",
                        t -> t.replace("\"format\" : \"figure\"", "\"format\" : \"other\""), "format \"other\"",
                        "this suite reads format \"figure\""),
                new Damage("a future version", "fig5/manifest.json",
                        t -> t.replaceFirst("\"version\" : 1", "\"version\" : 99"), "version 99", "reads version 1"),
                new Damage("a truncated manifest", "fig5/manifest.json", t -> t.substring(0, t.length() / 2),
                        "manifest.json"),
                new Damage("a truncated claims.csv", "claims.csv", t -> t.substring(0, t.lastIndexOf('\n',
                        t.length() - 2) + 1), "claims.csv: line", "claim row(s)", "truncated"),
                new Damage("a claims.csv cut inside a row", "claims.csv", t -> t.substring(0, t.length() - 20),
                        "claims.csv: line"),
                new Damage("an edited verdict in claims.csv", "claims.csv", t -> t.replaceFirst(",holds,", ",does not hold,"),
                        "claims.csv: line"));
        for (Damage d : damages) {
            Path copy = copyOf(2);
            Path file = copy.resolve(d.file());
            String text = Files.readString(file);
            String damaged = d.edit().apply(text);
            assertThat(damaged).as(d.what()).isNotEqualTo(text);
            Files.writeString(file, damaged);
            Cli.Result r = Cli.run("replicate", copy.toString(), seed(3), "--out", out.toString());
            HostileRoundFourTest.refused(r, d.what(), file.toString());
            assertThat(r.err()).as(d.what()).contains(d.mentions());
            assertThat(out).as(d.what()).doesNotExist();
            HostileRoundFourTest.deleteTree(copy);
        }
    }

    /**
     * Issue 37: a link inside a replication folder is never written through: one at a file name the
     * replication writes is replaced by the file (what it named is unchanged), one that names a folder is
     * refused before anything is written. A seed's folder inside the replication folder may be a link:
     * the replication only reads it.
     */
    @Test
    void linksInAReplicationFolderAreReplacedOrRefusedNeverWrittenThrough() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("precious.txt"), "mine\n");
        Path out = tmp.resolve("rep");
        Files.createDirectories(out);
        Files.createSymbolicLink(out.resolve("seed-2"), seeds.resolve("seed-2"));
        Cli.Result first = Cli.run("replicate", out.resolve("seed-2").toString(), seed(3), "--out", out.toString());
        assertThat(first.code()).as(first.err()).isZero();
        byte[] table = Files.readAllBytes(out.resolve("replication.csv"));
        Map<String, String> outsideBefore = HostileRoundFourTest.snapshot(outside);
        Files.delete(out.resolve("replication.csv"));
        Files.createSymbolicLink(out.resolve("replication.csv"), outside.resolve("precious.txt"));
        Cli.Result again = Cli.run("replicate", out.resolve("seed-2").toString(), seed(3), "--out", out.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(Files.isSymbolicLink(out.resolve("replication.csv"))).isFalse();
        assertThat(out.resolve("replication.csv")).hasBinaryContent(table);
        assertThat(HostileRoundFourTest.snapshot(outside)).isEqualTo(outsideBefore);

        Path link = Files.createSymbolicLink(out.resolve("replication-fig6.png"), outside);
        Map<String, String> before = HostileRoundFourTest.snapshot(out);
        HostileRoundFourTest.refused(Cli.run("replicate", out.resolve("seed-2").toString(), seed(3), "--out",
                out.toString()), "a linked folder at a replication name", link + ": a symbolic link (to " + outside + ")");
        assertThat(HostileRoundFourTest.snapshot(out)).isEqualTo(before);
        assertThat(HostileRoundFourTest.snapshot(outside)).isEqualTo(outsideBefore);
    }
}
