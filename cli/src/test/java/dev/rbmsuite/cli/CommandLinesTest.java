package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
                    List<String> names = new ArrayList<>(CommandLines.commandClasses().keySet());
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

    /**
     * Issue 28, case 12: every option of every command given twice is refused the same way, through
     * the whole command line (exit 2, one line naming the option), before the command runs; a
     * key=value option may repeat with different keys but not with the same key.
     */
    @Test
    void everyOptionOfEveryCommandGivenTwiceIsRefusedTheSameWay(@org.junit.jupiter.api.io.TempDir Path tmp) {
        int checked = 0;
        for (Map.Entry<String, Class<?>> e : CommandLines.commandClasses().entrySet()) {
            CommandLine.Model.CommandSpec spec = CommandLines.forArguments(e.getKey()).getSubcommands().get(e.getKey())
                    .getCommandSpec();
            for (CommandLine.Model.OptionSpec o : spec.options()) {
                if (o.usageHelp() || o.versionHelp()) {
                    continue;
                }
                List<String> args = new ArrayList<>(List.of(e.getKey()));
                for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
                    args.add(value(p, tmp, "a"));
                }
                for (CommandLine.Model.OptionSpec r : spec.options()) {
                    if (r.required() && r != o) {
                        args.add(r.longestName());
                        args.add(value(r, tmp, "a"));
                    }
                }
                for (String v : new String[] {"a", "b"}) {
                    args.add(o.longestName());
                    if (o.arity().max() > 0) {
                        args.add(value(o, tmp, v));
                    }
                }
                Cli.Result r = Cli.run(args.toArray(String[]::new));
                assertThat(r.code()).as("%s: %s", args, r.err()).isEqualTo(2);
                assertThat(r.err().strip()).as("%s", args).startsWith("rbm: ").contains(o.longestName())
                        .containsAnyOf("only once", "more than once").doesNotContain("\n");
                assertThat(r.out()).isEmpty();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(100);
        assertThat(tmp.toFile().list()).isEmpty();
    }

    @Test
    void aKeyValueOptionTakesDifferentKeysButNotOneKeyTwiceAndAListNoEmptyElement(
            @org.junit.jupiter.api.io.TempDir Path tmp) {
        String out = tmp.resolve("d.csv").toString();
        Cli.Result ok = Cli.run("dataset", "islands", "--param", "n=4", "--param", "size=10", "--out", out);
        assertThat(ok.code()).as(ok.err()).isZero();
        for (String[] bad : new String[][] {
            {"init", "--visible", "4", "--hidden", "3,", "--out", tmp.resolve("m").toString()},
            {"init", "--visible", "4", "--hidden", "3,,2", "--out", tmp.resolve("m").toString()},
            {"init", "--visible", "4", "--hidden", "4", "--hidden", "8", "--out", tmp.resolve("m").toString()},
        }) {
            Cli.Result r = Cli.run(bad);
            assertThat(r.code()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err()).startsWith("rbm: ").contains("option '--hidden'").hasLineCount(1);
        }
        assertThat(tmp.resolve("m")).doesNotExist();
    }

    /** A value of an option's type that the parser accepts (commands check ranges later, after the repeat rule). */
    private static String value(CommandLine.Model.ArgSpec a, Path tmp, String which) {
        Class<?> t = a.type();
        if (Map.class.isAssignableFrom(t)) {
            return "k=" + which;
        }
        if (t.isEnum()) {
            return t.getEnumConstants()[0].toString();
        }
        if (t == int.class || t == Integer.class || t == long.class || t == Long.class || t == int[].class) {
            return which.equals("a") ? "1" : "2";
        }
        if (t == double.class || t == Double.class) {
            return which.equals("a") ? "0.5" : "0.25";
        }
        if (t == Path.class) {
            return tmp.resolve(which).resolve("x").toString();
        }
        return which;
    }
}
