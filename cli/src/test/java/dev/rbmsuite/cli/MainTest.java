package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * {@link Main}: the exit codes of the command line (0 done, 2 bad input with exactly one line on
 * stderr naming it, nothing on stdout), its help and version, and the folding of a multi-line message
 * into that one line.
 */
class MainTest {
    private static void assertOneLineBadInput(Cli.Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).endsWith(System.lineSeparator());
        assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("\tat ").startsWith("rbm: ").contains(fragments);
    }

    @Test
    void theExitCodesAreTheDocumentedOnes() {
        assertThat(Main.BAD_INPUT).isEqualTo(2);
        assertThat(Main.INTERNAL_ERROR).isEqualTo(1);
    }

    @Test
    void noCommandIsBadInputPointingToHelp() {
        Cli.Result r = Cli.run();
        assertOneLineBadInput(r, "a command is required", "--help");
    }

    @Test
    void anUnknownCommandOrOptionIsOneLineNamingIt() {
        assertOneLineBadInput(Cli.run("frobnicate"), "frobnicate");
        assertOneLineBadInput(Cli.run("--frobnicate"), "--frobnicate");
        assertOneLineBadInput(Cli.run("info", "--model", "m", "--frobnicate"), "--frobnicate");
        assertOneLineBadInput(Cli.run("info"), "--model");
        assertOneLineBadInput(Cli.run("logz", "--model", "m", "--method", "exact", "--layer", "one"), "--layer", "one");
    }

    @Test
    void helpListsEveryCommandDeclaredOnMain() {
        Cli.Result r = Cli.run("--help");
        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("Usage: rbm");
        Class<?>[] declared = Main.class.getAnnotation(Command.class).subcommands();
        assertThat(declared).isNotEmpty();
        for (Class<?> c : declared) {
            String name = c.getAnnotation(Command.class).name();
            assertThat(r.out()).as(name).containsPattern("(?m)^\\s+" + name + "\\s");
        }
        assertThat(Cli.run("help", "tv").out()).isEqualTo(Cli.run("tv", "--help").out());
    }

    @Test
    void versionIsTheSuitesVersionOnOneLine() {
        Cli.Result r = Cli.run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out()).isEqualTo(new VersionProvider().getVersion()[0] + System.lineSeparator());
    }

    @Test
    void aMultiLineMessageIsFoldedIntoOneLine() {
        assertThat(Main.oneLine("first\nsecond")).isEqualTo("first; second");
        assertThat(Main.oneLine("a \r\n  b\n")).isEqualTo("a; b;");
        assertThat(Main.oneLine("a\n\n\nb")).isEqualTo("a; b");
        assertThat(Main.oneLine("  plain  ")).isEqualTo("plain");
        assertThat(Main.oneLine(null)).isEmpty();
    }

    @Test
    void theWarmUpThreadStartsWithTheProcessOnlyForCommandsThatSampleAtOnce() {
        assertThat(Main.samplesAtOnce(new String[] {"sample", "--model", "m", "--steps", "1"})).isTrue();
        assertThat(Main.samplesAtOnce(new String[] {"train", "--data", "iris"})).isTrue();
        assertThat(Main.samplesAtOnce(new String[] {"tv"})).isTrue();
        assertThat(Main.samplesAtOnce(new String[] {"compare"})).isTrue();
        assertThat(Main.samplesAtOnce(new String[] {"sample", "--help"})).isFalse();
        assertThat(Main.samplesAtOnce(new String[] {"train", "-V"})).isFalse();
        assertThat(Main.samplesAtOnce(new String[] {"logz", "--method", "exact"})).isFalse();
        assertThat(Main.samplesAtOnce(new String[] {"report"})).isFalse();
        assertThat(Main.samplesAtOnce(new String[0])).isFalse();
    }

    /**
     * Issue 28, case 4: two names that differ only in bytes that are not UTF-8 ({@code m\xff},
     * {@code m\xfe}) were both read as {@code m\uFFFD}, so the second {@code init} replaced the first
     * model. Through a real JVM given the raw bytes: refused in one line, exit 2, nothing created.
     */
    @Test
    void aNameWithBytesThatAreNotUtf8IsRefusedInOneLine(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String octal : new String[] {"\\377", "\\376"}) {
            ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "exec \"$0\" -Xmx128m -cp \"$1\" " + Main.class.getName()
                    + " init --visible 4 --hidden 3 --out \"$(printf 'm" + octal + "')\"", javaBin, cp);
            pb.environment().put("LC_ALL", "C.UTF-8");
            Process p = pb.directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(err).isEqualTo(2);
            assertThat(err.lines().filter(l -> !l.startsWith("WARNING: Using incubator")).toList()).singleElement()
                    .asString().startsWith("rbm: argument 7 ('m?')").contains("not valid UTF-8");
        }
        assertThat(dir.toFile().list()).isEmpty();
        Cli.Result r = Cli.run("init", "--visible", "4", "--hidden", "3", "--out", dir.resolve("m\uFFFD").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("rbm: argument 7").hasLineCount(1);
        assertThat(dir.toFile().list()).isEmpty();
    }

    /**
     * Issue 28 follow-up: from a working folder whose name is not valid UTF-8 ({@code d\xff}), the JVM
     * read its name as {@code d\uFFFD}, so {@code --out m} wrote {@code d\uFFFD/m}, a folder beside the
     * user's. A relative path is refused there in one line, exit 2, nothing created; an absolute path
     * works. Through a real JVM started in that folder.
     */
    @Test
    void aRelativePathFromAWorkingFolderNamedWithBytesThatAreNotUtf8IsRefused(
            @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String[][] cases = {
            {"init --visible 4 --hidden 3 --out m", "option --out: the relative path 'm'"},
            {"dataset islands --param n=5 --out d.csv", "option --out: the relative path 'd.csv'"},
            {"loglik --model \"$2/abs\" --data x.csv --method exact", "option --data: the relative path 'x.csv'"},
            {"init --visible 4 --hidden 3 --out \"$2/abs\"", null},
        };
        for (String[] c : cases) {
            ProcessBuilder pb = new ProcessBuilder("/bin/bash", "-c", "mkdir -p $'d\\xff' && cd $'d\\xff' && exec \"$0\" "
                    + "--add-modules jdk.incubator.vector -Xmx128m -cp \"$1\" " + Main.class.getName() + " " + c[0], javaBin, cp, dir.toString());
            pb.environment().put("LC_ALL", "C.UTF-8");
            Process p = pb.directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            if (c[1] == null) {
                assertThat(p.exitValue()).as(err).isZero();
                continue;
            }
            assertThat(p.exitValue()).as(c[0] + ": " + err).isEqualTo(2);
            assertThat(err.lines().filter(l -> !l.startsWith("WARNING: Using incubator")).toList()).as(c[0])
                    .singleElement().asString().startsWith("rbm: " + c[1]).contains("not valid UTF-8", "absolute path");
        }
        // nothing in the real folder, and no folder of the U+FFFD name beside it
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(f -> f.getFileName().toString()).sorted().toList()).hasSize(2).contains("abs");
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(f -> !f.getFileName().toString().equals("abs")).toList()) {
                // a listed path keeps the name's bytes (a String would not)
                try (Stream<Path> inside = Files.list(f)) {
                    assertThat(inside.toList()).as("the folder d\\xff").isEmpty();
                }
            }
        }
    }

    /**
     * Issue 28, case 10: {@code ./rbm} run from a working folder that was deleted printed the JVM's
     * error on stdout with exit 1; now one line on stderr, exit 2, before any build or JVM start.
     */
    @Test
    void theLauncherInADeletedWorkingFolderSaysSoInOneLine(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path rbm = Path.of("").toAbsolutePath().getParent().resolve("rbm");
        assertThat(rbm).isRegularFile();
        Process p = new ProcessBuilder("/bin/bash", "-c",
                "mkdir gone && cd gone && rmdir ../gone && exec \"$0\" init --visible 3 --hidden 2 --out .", rbm.toString())
                .directory(dir.toFile()).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isEqualTo(2);
        assertThat(out).isEmpty();
        // bash itself may say that it could not read the folder before the launcher runs
        assertThat(err.lines().filter(l -> !l.startsWith("shell-init:") && !l.startsWith("chdir:")).toList())
                .singleElement().asString().startsWith("rbm: the working folder no longer exists");
    }

    /**
     * Issue 28, case 10: where ND4J cannot unpack its native libraries (its cache and the temporary
     * folder not writable, common on clusters; /proc stands for them here, unwritable even for root),
     * {@code figure fig5} printed a 61-line trace with exit 1. Its PCA no longer goes through ND4J and
     * the command line loads ND4J only at its first array ({@code Nd.initOnFirstUse}), so the figure
     * now succeeds there; a command that does load ND4J gets one line, exit 2
     * ({@link ExitCodesTest#nd4jsNativeLibrariesThatCannotBeLoadedGiveTwo}).
     */
    @Test
    void aFigureThatNeedsNoNd4jRunsWhereItsNativeLibrariesCannotBeUnpacked(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(javaBin, "--add-modules", "jdk.incubator.vector", "-Xmx512m",
                "-Dorg.bytedeco.javacpp.cachedir=/proc/rbm-no-cache", "-Djava.io.tmpdir=/proc/rbm-no-tmp",
                "-Duser.home=/proc/rbm-no-home", "-cp", cp, Main.class.getName(), "figure", "fig5", "--scale", "smoke",
                "--out", dir.resolve("figs").toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(err).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(dir.resolve("figs/fig5/islands-pca.csv")).isRegularFile();
    }
}
