package dev.rbmsuite.cli;

import static dev.rbmsuite.cli.HostileRoundFourTest.deleteTree;
import static dev.rbmsuite.cli.HostileRoundFourTest.refused;
import static dev.rbmsuite.cli.HostileRoundFourTest.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37, "nothing outside --out is written": a symbolic link anywhere inside an output folder the suite
 * owns (a training run's folder, a figures folder with its trial folders, a report folder; the
 * replication's in {@link ReplicateCommandTest}) is never written through. A link that names a folder is
 * refused before any work, exit 2, in one line naming the link; a link at one of the suite's own file
 * names is replaced by the file, atomically. Each case shows that what the link names, outside the
 * folder, is left byte for byte as it was.
 */
class LinksInOutputFoldersTest {
    @TempDir
    Path dir;

    /** A folder outside every output folder, with a file in it, that links will name. */
    private Path outside() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("precious.txt"), "mine\n");
        return outside;
    }

    private static void replaceByLink(Path entry, Path target) throws Exception {
        if (Files.isDirectory(entry)) {
            deleteTree(entry);
        } else {
            Files.deleteIfExists(entry);
        }
        Files.createSymbolicLink(entry, target);
    }

    @Test
    void aFiguresFolderRefusesLinkedFoldersAndReplacesLinkedFiles() throws Exception {
        Path outside = outside();
        Path figs = dir.resolve("figs");
        Cli.Result first = Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString());
        assertThat(first.code()).as(first.err()).isZero();
        String csv;
        try (Stream<Path> s = Files.list(figs.resolve("fig5"))) {
            csv = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".csv")).sorted().findFirst()
                    .orElseThrow();
        }
        byte[] csvBytes = Files.readAllBytes(figs.resolve("fig5").resolve(csv));
        byte[] report = Files.readAllBytes(figs.resolve("REPORT.md"));
        Map<String, String> outsideBefore = snapshot(outside);

        // links at the suite's own file names: the rerun puts its files in their place, the files named stay
        replaceByLink(figs.resolve("REPORT.md"), outside.resolve("precious.txt"));
        replaceByLink(figs.resolve("fig5").resolve(csv), outside.resolve("precious.txt"));
        Cli.Result rerun = Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString());
        assertThat(rerun.code()).as(rerun.err()).isZero();
        for (Path p : new Path[] {figs.resolve("REPORT.md"), figs.resolve("fig5").resolve(csv)}) {
            assertThat(Files.isSymbolicLink(p)).as(p.toString()).isFalse();
        }
        assertThat(figs.resolve("fig5").resolve(csv)).hasBinaryContent(csvBytes);
        assertThat(figs.resolve("REPORT.md")).hasBinaryContent(report);
        assertThat(snapshot(outside)).isEqualTo(outsideBefore);

        // a figure's folder, and the shared training folder, as links to a folder elsewhere: refused, whole
        // figures and one trial alike, before anything is written
        Path kept = dir.resolve("fig5-kept");
        Files.move(figs.resolve("fig5"), kept);
        Files.createSymbolicLink(figs.resolve("fig5"), outside);
        Map<String, String> figsBefore = snapshot(figs);
        refused(Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString()), "fig5 linked",
                figs.resolve("fig5") + ": a symbolic link (to " + outside + ")", "never writes through a link");
        assertThat(snapshot(outside)).isEqualTo(outsideBefore);
        assertThat(snapshot(figs)).isEqualTo(figsBefore);
        Files.delete(figs.resolve("fig5"));
        Files.move(kept, figs.resolve("fig5"));

        Files.createSymbolicLink(figs.resolve("training"), outside);
        figsBefore = snapshot(figs);
        refused(Cli.run("figure", "fig2", "--scale", "smoke", "--out", figs.toString()), "training linked",
                figs.resolve("training") + ": a symbolic link");
        String trial = Cli.run("figure", "fig2", "--scale", "smoke", "--list-trials", "--out", figs.toString()).out()
                .lines().findFirst().orElseThrow();
        refused(Cli.run("figure", "fig2", "--scale", "smoke", "--trial", trial, "--out", figs.toString()),
                "training linked, one trial", figs.resolve("training") + ": a symbolic link");
        assertThat(snapshot(figs)).isEqualTo(figsBefore);
        // one group's folder a link (a group of trials shared with another folder): refused the same way
        Files.delete(figs.resolve("training"));
        Path group = figs.resolve(trial.substring(0, trial.lastIndexOf('/')));
        Files.createDirectories(group.getParent());
        Files.createSymbolicLink(group, outside);
        figsBefore = snapshot(figs);
        refused(Cli.run("figure", "fig2", "--scale", "smoke", "--trial", trial, "--out", figs.toString()),
                "a group linked, one trial", group + ": a symbolic link");
        refused(Cli.run("figure", "fig2", "--scale", "smoke", "--out", figs.toString()), "a group linked",
                group + ": a symbolic link");
        assertThat(snapshot(figs)).isEqualTo(figsBefore);
        assertThat(snapshot(outside)).isEqualTo(outsideBefore);
    }

    @Test
    void aReportFolderRefusesALinkedFigureFolder() throws Exception {
        Path outside = outside();
        Path figs = dir.resolve("figs");
        assertThat(Cli.run("figure", "fig5", "--scale", "smoke", "--out", figs.toString()).code()).isZero();
        Path rep = dir.resolve("rep");
        Cli.Result first = Cli.run("report", "--from", figs.toString(), "--out", rep.toString());
        assertThat(first.code()).as(first.err()).isZero();
        Map<String, String> outsideBefore = snapshot(outside);
        replaceByLink(rep.resolve("fig5"), outside);
        Map<String, String> repBefore = snapshot(rep);
        refused(Cli.run("report", "--from", figs.toString(), "--out", rep.toString()), "report into a linked figure",
                rep.resolve("fig5") + ": a symbolic link (to " + outside + ")");
        assertThat(snapshot(rep)).isEqualTo(repBefore);
        assertThat(snapshot(outside)).isEqualTo(outsideBefore);
    }

    /**
     * A training run: metrics.csv a link to a file elsewhere is replaced by the run's own (as the contract
     * already had it); a layer folder of the run's model a link to a folder elsewhere is refused, with or
     * without --force, before any epoch.
     */
    @Test
    void aTrainingRunReplacesALinkedFileAndRefusesALinkedLayerFolder() throws Exception {
        Path outside = outside();
        Path data = TrainCommandTest.csv(dir);
        Path run = dir.resolve("run");
        assertThat(Cli.run(TrainCommandTest.args(data, run, 5)).code()).isZero();
        Path straight = dir.resolve("straight");
        assertThat(Cli.run(TrainCommandTest.args(data, straight, 10)).code()).isZero();
        Map<String, String> outsideBefore = snapshot(outside);
        replaceByLink(run.resolve("metrics.csv"), outside.resolve("precious.txt"));
        Cli.Result extended = Cli.run(TrainCommandTest.args(data, run, 10));
        assertThat(extended.code()).as(extended.err()).isZero();
        assertThat(Files.isSymbolicLink(run.resolve("metrics.csv"))).isFalse();
        assertThat(run.resolve("metrics.csv")).hasSameBinaryContentAs(straight.resolve("metrics.csv"));
        assertThat(snapshot(outside)).isEqualTo(outsideBefore);

        Path layer = Files.createDirectories(outside.resolve("layer0"));
        Files.copy(run.resolve("model/layer0/W.npy"), layer.resolve("W.npy"));
        outsideBefore = snapshot(outside);
        replaceByLink(run.resolve("model/layer0"), layer);
        Map<String, String> runBefore = snapshot(run);
        for (String[] c : new String[][] {TrainCommandTest.args(data, run, 15),
            TrainCommandTest.args(data, run, 15, "--force"), TrainCommandTest.args(data, run, 5, "--restart")}) {
            refused(Cli.run(c), String.join(" ", c), run.resolve("model/layer0") + ": a symbolic link (to " + layer + ")");
            assertThat(snapshot(run)).isEqualTo(runBefore);
            assertThat(snapshot(outside)).isEqualTo(outsideBefore);
        }
    }
}
