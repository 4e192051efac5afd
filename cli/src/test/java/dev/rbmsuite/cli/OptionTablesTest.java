package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command reference's (docs/commands.md) command and option tables are the ones
 * {@link OptionTables} generates from the code, and every command answers {@code --help}, {@code -h}
 * and {@code help COMMAND} with every option and its default, exit code 0. To regenerate the page
 * after adding or changing an option, run
 * {@code mvn -q -pl cli test -Dtest=OptionTablesTest -Ddocs.update=true} (or set
 * {@code RBM_UPDATE_DOCS=1}; the older {@code -Dreadme.update=true} and {@code RBM_UPDATE_README=1}
 * still work).
 */
class OptionTablesTest {
    private static final Path PAGE = Path.of(System.getProperty("user.dir")).resolve("../docs/commands.md").normalize();

    @Test
    void commandReferenceTablesMatchTheCode() throws IOException {
        assertThat(PAGE).as("the command reference docs/commands.md").exists();
        String text = Files.readString(PAGE, StandardCharsets.UTF_8);
        String expected = OptionTables.replaceBlock(text);
        boolean update = Boolean.getBoolean("docs.update") || Boolean.getBoolean("readme.update")
                || System.getenv("RBM_UPDATE_DOCS") != null || System.getenv("RBM_UPDATE_README") != null;
        if (!expected.equals(text) && update) {
            Files.writeString(PAGE, expected, StandardCharsets.UTF_8);
            text = expected;
        }
        assertThat(text).as("docs/commands.md's option tables differ from the code; regenerate them with "
                + "mvn -q -pl cli test -Dtest=OptionTablesTest -Ddocs.update=true").isEqualTo(expected);
    }

    @Test
    void theTablesNameEveryCommandAndEveryOption() {
        String md = OptionTables.markdown();
        CommandLine root = CommandLines.create();
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            assertThat(md).contains("| `" + e.getKey() + "` |");
            CommandSpec spec = e.getValue().getCommandSpec();
            if (spec.userObject() instanceof CommandLine.HelpCommand) {
                continue;
            }
            String section = section(md, e.getKey());
            for (OptionSpec o : spec.options()) {
                if (!o.usageHelp() && !o.versionHelp()) {
                    assertThat(section).as("option %s of %s", o.longestName(), e.getKey()).contains("`" + o.names()[0]);
                }
            }
        }
        // the options the issue found missing from the hand-written table
        assertThat(section(md, "sample")).contains("--temperatures", "--beta-min");
        assertThat(section(md, "train")).contains("--data-param", "--data-seed", "--loglik-method", "--ais-runs",
                "--ais-temperatures", "--ais-schedule", "--lambda2-estimator", "--lambda2-every", "--restart", "--quiet");
        assertThat(section(md, "train")).contains("| `--lr R` | `0.01` |", "| `--epochs E` | required |", "| `--quiet` | off |");
    }

    @Test
    void everyCommandAnswersHelpWithItsOptionsAndDefaults() {
        CommandLine root = CommandLines.create();
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            String name = e.getKey();
            CommandSpec spec = e.getValue().getCommandSpec();
            for (String[] args : new String[][] {{name, "--help"}, {name, "-h"}, {"help", name}}) {
                Cli.Result r = Cli.run(args);
                assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isZero();
                assertThat(r.out()).as(String.join(" ", args)).contains("Usage: rbm " + name);
                if (spec.userObject() instanceof CommandLine.HelpCommand) {
                    continue;
                }
                for (OptionSpec o : spec.options()) {
                    assertThat(r.out()).as("%s shows %s", String.join(" ", args), o.longestName()).contains(o.longestName());
                    String d = o.defaultValueString();
                    if (!o.required() && o.arity().max() > 0 && o.defaultValue() != null) {
                        assertThat(r.out()).as("%s shows the default of %s", String.join(" ", args), o.longestName())
                                .contains(d);
                    }
                }
            }
        }
    }

    @Test
    void helpOfTheWholeCommandLineListsTheHelpCommand() {
        Cli.Result r = Cli.run("help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("help", "sample", "train");
    }

    private static String section(String md, String command) {
        int b = md.indexOf("#### `rbm " + command + "`");
        assertThat(b).as("section of " + command).isNotNegative();
        int e = md.indexOf("#### ", b + 5);
        return e < 0 ? md.substring(b) : md.substring(b, e);
    }
}
