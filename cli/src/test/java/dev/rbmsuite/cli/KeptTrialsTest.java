package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, cases 1 to 3, through the command line: a {@code figure} or {@code compare} rerun with other
 * settings keeps every kept trial (and every user file beside them), with or without {@code --force},
 * and is refused naming the differing setting; {@code --restart} moves the old group aside whole rather
 * than deleting it; a whole-figure run honours the lock of a running {@code figure --trial} process, and
 * a {@code --trial} process the folder lock of a whole-figure run.
 */
class KeptTrialsTest {
    private static final String GROUP = "training/genrbm-bgs-lambda2";

    @TempDir
    Path tmp;

    /** @return every file below {@code dir} (relative name to bytes), lock files left out */
    static Map<String, byte[]> snapshot(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                if (!p.getFileName().toString().endsWith(".lock")) {
                    m.put(dir.relativize(p).toString(), Files.readAllBytes(p));
                }
            }
        }
        return m;
    }

    static void assertSame(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((k, v) -> assertThat(actual.get(k)).as(k).isEqualTo(v));
    }

    static void assertRefused(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        List<String> lines = r.err().lines().filter(l -> l.startsWith("rbm: ")).toList();
        assertThat(lines).as(r.err()).hasSize(1);
        assertThat(lines.get(0)).contains(fragments);
    }

    private static Cli.Result figure(Path out, String... extra) {
        List<String> a = new ArrayList<>(List.of("figure", "fig2", "--scale", "smoke", "--threads", "2", "--out",
                out.toString()));
        a.addAll(List.of(extra));
        return Cli.run(a.toArray(String[]::new));
    }

    @Test
    void aFigureRerunWithOtherSettingsLosesNothingAndARestartMovesTheTrialsAside() throws Exception {
        Path d = tmp.resolve("D");
        Cli.Result first = figure(d);
        assertThat(first.code()).as(first.err()).isZero();
        // a render at another scale names the folder's scale, which works (before, it suggested
        // --trial commands of the other scale, which were refused for their settings)
        assertRefused(Cli.run("figure", "fig2", "--scale", "quick", "--render-only", "--out", d.toString()),
                "computed at --scale smoke, not quick", "render it with --scale smoke");
        Cli.Result render = figure(d, "--render-only");
        assertThat(render.code()).as(render.err()).isZero();
        Path group = d.resolve(GROUP);
        Files.writeString(group.resolve("NOTES.txt"), "n\n");
        Files.writeString(group.resolve("data.txt"), "the user's\n");
        Map<String, byte[]> kept = snapshot(group);
        assertThat(kept).containsKeys("trial-0.csv", "trial-1.csv", "settings.json", "NOTES.txt");
        byte[] manifest = Files.readAllBytes(d.resolve("manifest.json"));

        // another seed, with and without --force: refused before any work, naming the setting and the way on
        assertRefused(figure(d, "--seed", "2"), GROUP, "setting seed: kept \"1\", this run \"2\"", "--restart");
        assertRefused(figure(d, "--seed", "2", "--force"), "setting seed", "--restart");
        assertRefused(figure(d, "--seed", "2", "--render-only"), "figure --render-only", "setting seed");
        assertSame(kept, snapshot(group));
        assertThat(Files.readAllBytes(d.resolve("manifest.json"))).as("a refused rerun leaves the folder's manifest")
                .isEqualTo(manifest);
        assertRefused(figure(d, "--restart", "--list-trials"), "option --restart", "--list-trials");

        // the restart: the old group is moved aside whole (the user's files with it), then recomputed
        Cli.Result restarted = figure(d, "--seed", "2", "--restart");
        assertThat(restarted.code()).as(restarted.err()).isZero();
        Path aside = d.resolve(GROUP + ".before-restart-1");
        assertThat(restarted.err()).contains("moved aside to " + aside.toAbsolutePath().normalize());
        assertSame(kept, snapshot(aside));
        assertThat(Files.readString(group.resolve("settings.json"))).contains("\"seed\" : \"2\"");
        assertThat(group.resolve("NOTES.txt")).doesNotExist();
        // the same settings again: the kept trials are reused, nothing is moved
        Cli.Result again = figure(d, "--seed", "2", "--restart");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("resumed 2 kept trial(s)").doesNotContain("moved aside");
        assertThat(d.resolve(GROUP + ".before-restart-2")).doesNotExist();
    }

    @Test
    void aUsersSettingsFileUnderForceIsRefusedNotReplaced() throws Exception {
        Path d = tmp.resolve("F");
        Path group = d.resolve(GROUP);
        Files.createDirectories(group);
        Files.writeString(d.resolve("mine.txt"), "foreign\n");
        Files.writeString(group.resolve("settings.json"), "{\"mine\": true}\n");
        Files.writeString(group.resolve("data.txt"), "the user's\n");
        Map<String, byte[]> before = snapshot(group);
        assertRefused(figure(d, "--force"), GROUP, "setting ", "--restart");
        assertSame(before, snapshot(group));
        Files.writeString(group.resolve("settings.json"), "not json\n");
        Cli.Result bad = figure(d, "--force");
        assertThat(bad.code()).as(bad.err()).isEqualTo(2);
        assertThat(bad.err()).contains("settings.json");
        assertThat(Files.readString(group.resolve("settings.json"))).isEqualTo("not json\n");
        assertThat(group.resolve("data.txt")).hasContent("the user's");
    }

    @Test
    void aCompareRerunWithOtherSettingsIsRefusedAndARestartMovesTheTrialsAside() throws Exception {
        Path data = CompareCommandTest.data(tmp);
        Path out = tmp.resolve("cmp");
        Cli.Result first = Cli.run(CompareCommandTest.args(data, out, "--trials", "1", "--epochs", "4"));
        assertThat(first.code()).as(first.err()).isZero();
        Map<String, byte[]> kept = snapshot(out.resolve("training"));
        byte[] manifest = Files.readAllBytes(out.resolve("manifest.json"));
        assertRefused(Cli.run(CompareCommandTest.args(data, out, "--trials", "1", "--epochs", "6")), "training/",
                "setting epochs: kept 4, this run 6", "--restart");
        assertThat(Files.readAllBytes(out.resolve("manifest.json"))).as("a refused rerun leaves the folder's manifest")
                .isEqualTo(manifest);
        assertRefused(Cli.run(CompareCommandTest.args(data, out, "--trials", "1", "--epochs", "4", "--seed", "6")),
                "setting seed");
        assertSame(kept, snapshot(out.resolve("training")));
        List<String> argv = new ArrayList<>(List.of(CompareCommandTest.args(data, out, "--trials", "1", "--epochs", "6")));
        argv.add("--restart");
        Cli.Result restarted = Cli.run(argv.toArray(String[]::new));
        assertThat(restarted.code()).as(restarted.err()).isZero();
        try (Stream<Path> s = Files.list(out.resolve("training"))) {
            List<String> names = s.map(p -> p.getFileName().toString()).sorted().toList();
            assertThat(names).anyMatch(n -> n.endsWith(".before-restart-1"));
            for (String n : names.stream().filter(n -> n.endsWith(".before-restart-1")).toList()) {
                String g = n.substring(0, n.length() - ".before-restart-1".length());
                Map<String, byte[]> moved = snapshot(out.resolve("training").resolve(n));
                kept.forEach((k, v) -> {
                    if (k.startsWith(g + "/")) {
                        assertThat(moved.get(k.substring(g.length() + 1))).as(k).isEqualTo(v);
                    }
                });
            }
        }
    }

    /** Starts the command line in its own JVM, as the launcher runs it. */
    static Process start(Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile()).start();
    }

    static void awaitFile(Path file, Process p) throws Exception {
        for (int i = 0; i < 600 && !Files.exists(file); i++) {
            assertThat(p.isAlive()).as("the process ended before " + file + " appeared").isTrue();
            Thread.sleep(50);
        }
        assertThat(file).exists();
    }

    @Test
    void aWholeFigureRunHonoursARunningTrialsLockAndATrialTheFolderLock() throws Exception {
        Path e = tmp.resolve("E");
        Path log = tmp.resolve("trial.log");
        Process trial = start(log, "figure", "fig2", "--scale", "smoke", "--threads", "1", "--out", e.toString(),
                "--trial", GROUP + "/0");
        try {
            awaitFile(e.resolve(GROUP).resolve(".trial-0.lock"), trial);
            String pid = "pid " + trial.pid();
            // the same settings: the whole figure must not compute the trial again nor clear its temporaries
            assertRefused(figure(e), "trial-0: in use by another writer", pid, "--trial " + GROUP + "/0");
            // other settings with a restart: the group the trial writes into is not moved aside under it
            assertRefused(figure(e, "--seed", "2", "--restart"), "in use by another writer", pid);
            assertThat(e.resolve(GROUP + ".before-restart-1")).doesNotExist();
            assertThat(trial.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(trial.exitValue()).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();
            assertThat(e.resolve(GROUP).resolve("trial-0.csv")).exists();
        } finally {
            trial.destroyForcibly();
        }

        // the other way round: a --trial process is refused while a whole-figure run holds the folder
        Path g = tmp.resolve("G");
        Process whole = start(tmp.resolve("whole.log"), "figure", "fig2", "--scale", "smoke", "--threads", "1", "--out",
                g.toString());
        try {
            awaitFile(g.resolve(GROUP).resolve("settings.json"), whole);
            assertRefused(Cli.run("figure", "fig2", "--scale", "smoke", "--out", g.toString(), "--trial", GROUP + "/1"),
                    "in use by another writer", "pid " + whole.pid(), "(rbm figure)");
        } finally {
            whole.destroy();
            whole.waitFor(60, TimeUnit.SECONDS);
        }
    }
}
