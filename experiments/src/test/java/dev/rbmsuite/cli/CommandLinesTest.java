package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CommandLinesTest {
    @Test
    void aNamedCommandGetsOnlyItsOwnModelWithTheSameUsageAsTheWholeCommandLine() {
        CommandLine full = CommandLines.create();
        for (Map.Entry<String, Class<?>> e : CommandLines.commandClasses().entrySet()) {
            CommandLine one = CommandLines.forArguments(e.getKey(), "--whatever");
            assertThat(one.getSubcommands()).containsOnlyKeys(e.getKey());
            assertThat(one.getCommandName()).isEqualTo("rbm");
            assertThat(one.getSubcommands().get(e.getKey()).getUsageMessage())
                    .isEqualTo(full.getSubcommands().get(e.getKey()).getUsageMessage());
        }
    }

    @Test
    void everyCommandOfTheWholeCommandLineIsDeclaredOnMainOrIsHelp() {
        assertThat(CommandLines.create().getSubcommands().keySet())
                .containsExactlyElementsOf(() -> {
                    java.util.List<String> names = new java.util.ArrayList<>(CommandLines.commandClasses().keySet());
                    names.add("help");
                    return names.iterator();
                });
    }

    @Test
    void floatingPointOptionsAreReadAsStrictlyAsIntegers() {
        for (String ok : new String[] {"0.01", "1e-2", "-3", "+2.5E+3", ".5", "5.", "NaN", "Infinity", "-Infinity"}) {
            assertThat(Double.doubleToRawLongBits(CommandLines.strictDouble(ok))).as(ok)
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(ok)));
        }
        for (String bad : new String[] {"1e-2 ", " 1", "0.01d", "2f", "0x1p3", "", "1,5", "e3", "1e", "inf"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> CommandLines.strictDouble(bad)).as("'%s'", bad)
                    .isInstanceOf(CommandLine.TypeConversionException.class).hasMessageContaining("'" + bad + "'");
        }
    }

    @Test
    void anythingElseGetsTheWholeCommandLine() {
        for (String[] args : new String[][] {{}, {"--help"}, {"help", "sample"}, {"nonsense"}, {"--json", "sample"}}) {
            assertThat(CommandLines.forArguments(args).getSubcommands()).containsKeys("sample", "train", "help");
        }
    }

    @Test
    void everyCommandPrintsTheSuitesVersion() {
        Cli.Result whole = Cli.run("--version");
        assertThat(whole.code()).isZero();
        assertThat(whole.out()).startsWith("rbm-suite ");
        for (String command : CommandLines.commandClasses().keySet()) {
            for (String flag : new String[] {"--version", "-V"}) {
                Cli.Result r = Cli.run(command, flag);
                assertThat(r.code()).as(command + " " + flag).isZero();
                assertThat(r.out()).as(command + " " + flag).isEqualTo(whole.out());
            }
        }
    }

    @Test
    void errorsOfANamedCommandAreStillOneLineWithExitCode2() {
        Cli.Result r = Cli.run("sample", "--chains", "x");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().strip().lines()).hasSize(1);
        Cli.Result unknown = Cli.run("sampel");
        assertThat(unknown.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(unknown.err()).startsWith("rbm: ");
    }
}
