package dev.rbmsuite.cli;

import static dev.rbmsuite.cli.HostileRoundFourTest.refused;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37, "names checked before work": every file and folder name a command will make is checked
 * against the file system before any computation, and a name it cannot hold (a component over 255 bytes,
 * a path beyond the system's 4096, a folder where nothing can be made) is refused in one line naming
 * the option and the name, exit 2, with nothing written. Covered: {@code figure} (whole figures, one
 * trial, render only: the trial and figure folders it derives from --out), {@code replicate},
 * {@code report}, {@code train}, {@code compare}, {@code init} and {@code sample}; {@code compare}'s
 * {@code --kernels} entries are in {@link HostileRoundFourTest}.
 */
class NamesBeforeWorkTest {
    /** Longer than the 255 bytes a name may have on Linux file systems. */
    private static final String LONG = "n".repeat(256);

    @TempDir
    Path dir;

    private List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * @return a new folder whose absolute name is {@code length} characters long (nested folders of 200
     *     characters, so each name fits), for a path whose deeper names exceed the system's 4096 bytes
     */
    private Path deep(int length) throws IOException {
        Path p = dir.toAbsolutePath().resolve("deep");
        while (p.toString().length() + 201 < length) {
            p = p.resolve("d".repeat(200));
        }
        p = p.resolve("e".repeat(length - p.toString().length() - 1));
        assertThat(p.toString()).hasSize(length);
        return Files.createDirectories(p);
    }

    @Test
    void aNameComponentTooLongIsRefusedBeforeAnyWorkNamingTheOption() throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Path model = dir.resolve("m");
        assertThat(Cli.run("init", "--visible", "5", "--hidden", "3", "--out", model.toString()).code()).isZero();
        List<String> before = names(dir);
        String[][] commands = {
            {"figure", "fig5", "--scale", "smoke", "--out", dir.resolve(LONG).toString()},
            {"figure", "fig2", "--scale", "smoke", "--render-only", "--out", dir.resolve(LONG).toString()},
            // the seeds are not even read: the output's names come first
            {"replicate", dir.resolve("no-such-seed").toString(), "--out", dir.resolve(LONG).toString()},
            {"report", "--from", dir.toString(), "--out", dir.resolve(LONG).toString()},
            TrainCommandTest.args(data, dir.resolve(LONG), 5),
            {"compare", "--data", data.toString(), "--kernels", "bgs,pt", "--hidden", "3", "--trials", "1", "--epochs",
                "2", "--out", dir.resolve(LONG).toString()},
            {"init", "--visible", "5", "--hidden", "3", "--out", dir.resolve(LONG).toString()},
            // 250 bytes fit, but not the temporary sibling .NAME.tmp-PID-N a model folder is written as
            {"init", "--visible", "5", "--hidden", "3", "--out", dir.resolve("m".repeat(250)).toString()},
            {"sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "3", "--steps", "2", "--out",
                dir.resolve(LONG + ".csv").toString()}};
        for (String[] c : commands) {
            String what = String.join(" ", c).replace(LONG, "LONG");
            refused(Cli.run(c), what, "option --out: ", "cannot write");
            assertThat(names(dir)).as(what).isEqualTo(before);
        }
    }

    /**
     * A figures folder whose own name is still short enough, but whose trial folders are not: refused
     * before the first trial, naming --out and the derived name, with nothing made. At 4020 characters
     * the root's manifest and the figure folders fit the system's 4096 bytes, and the first training
     * trial's model ({@code figs/training/genrbm-bgs-lambda2/trial-1/.model.tmp-PID-N/layer0/W.npy}) does
     * not: the run would have failed after the trial's work.
     */
    @Test
    void theTrialFoldersAFigureDerivesAreCheckedToo() throws Exception {
        Path base = deep(4020);
        Path figs = base.resolve("figs");
        Cli.Result list = Cli.run("figure", "fig2", "--scale", "smoke", "--list-trials", "--out", figs.toString());
        assertThat(list.code()).as(list.err()).isZero();
        String first = list.out().lines().findFirst().orElseThrow();
        assertThat(first).startsWith("training/");
        String[][] commands = {
            {"figure", "fig2", "--scale", "smoke", "--out", figs.toString()},
            {"figure", "fig2", "--scale", "smoke", "--trial", first, "--out", figs.toString()}};
        for (String[] c : commands) {
            Cli.Result r = Cli.run(c);
            refused(r, String.join(" ", c), "option --out: " + figs.resolve("training"), "cannot write");
            assertThat(names(base)).as(String.join(" ", c)).isEmpty();
        }
        // the figures themselves fit: a render of no trials is refused for the missing trials, not the names
        Cli.Result render = Cli.run("figure", "fig2", "--scale", "smoke", "--render-only", "--out", figs.toString());
        assertThat(render.code()).isEqualTo(2);
        assertThat(render.err()).contains("unfinished trial(s)").doesNotContain("option --out");
    }
}
