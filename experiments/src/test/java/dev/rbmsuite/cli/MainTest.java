package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
}
