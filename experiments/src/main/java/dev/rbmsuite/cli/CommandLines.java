package dev.rbmsuite.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Builds the {@code rbm} command line with help everywhere: every command, including those added
 * later, gets {@code -h/--help} (and {@code -V/--version}), shows the default of every option in its
 * usage message, and {@code rbm help COMMAND} prints that message. Help requests are answered before
 * the required options are checked, so {@code rbm sample --help} prints the options and exits 0.
 *
 * <p>{@link Main} runs this command line; {@link OptionTables} renders the same model as the
 * README's option tables, so the README cannot drift from the code.
 */
public final class CommandLines {
    private CommandLines() {
    }

    /** @return a fresh {@code rbm} command line, configured as described above */
    public static CommandLine create() {
        CommandLine cl = new CommandLine(new Main());
        if (!cl.getSubcommands().containsKey("help")) {
            cl.addSubcommand("help", new CommandLine.HelpCommand());
        }
        configure(cl);
        return cl;
    }

    /**
     * Keeps the "Default:" line of the usage message where it says something: not for required
     * options, flags, options without a default, or options whose description already states it
     * ("(default ...)", usually written with {@code ${DEFAULT-VALUE}}). Options are immutable, so those are rebuilt in place (same
     * bindings, same order).
     */
    private static void hideRedundantDefaults(CommandSpec spec) {
        List<OptionSpec> options = new ArrayList<>(spec.options());
        if (options.stream().noneMatch(CommandLines::redundantDefault)) {
            return;
        }
        for (OptionSpec o : options) {
            spec.remove(o);
        }
        for (OptionSpec o : options) {
            spec.addOption(redundantDefault(o) ? OptionSpec.builder(o).showDefaultValue(Visibility.NEVER).build() : o);
        }
    }

    private static boolean redundantDefault(OptionSpec o) {
        if (o.usageHelp() || o.versionHelp() || o.showDefaultValue() != Visibility.ON_DEMAND) {
            return false;
        }
        String d = o.defaultValueString();
        return o.required() || o.arity().max() == 0 || d == null || d.equals("null") || d.equals("{}") || d.equals("[]")
                || String.join(" ", o.description()).matches("(?s).*(\\$\\{DEFAULT-VALUE}|\\(default ).*");
    }

    private static void configure(CommandLine cl) {
        CommandSpec spec = cl.getCommandSpec();
        if (!(spec.userObject() instanceof CommandLine.HelpCommand)) {
            spec.mixinStandardHelpOptions(true);
        }
        spec.usageMessage().showDefaultValues(true);
        spec.usageMessage().width(100);
        hideRedundantDefaults(spec);
        for (CommandLine sub : cl.getSubcommands().values()) {
            configure(sub);
        }
    }
}
