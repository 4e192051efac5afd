package dev.rbmsuite.cli;

import dev.rbmsuite.core.io.DecimalText;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * Builds the {@code rbm} command line with help everywhere: every command, including those added
 * later, gets {@code -h/--help} (and {@code -V/--version}), shows the default of every option in its
 * usage message, and {@code rbm help COMMAND} prints that message. Help requests are answered before
 * the required options are checked, so {@code rbm sample --help} prints the options and exits 0.
 *
 * <p>{@link Main} runs this command line; {@link OptionTables} renders the same model as the
 * option tables of docs/commands.md, so the command reference cannot drift from the code.
 */
public final class CommandLines {
    private CommandLines() {
    }

    /**
     * The command line for one invocation. When the first argument names a command, only that
     * command's model is built (picocli builds a command's model by reflection, about 60 ms of CPU
     * for all the commands at start-up); otherwise, for {@code rbm --help}, {@code rbm help ...} or a
     * mistake, the whole command line. Either way the command behaves, parses and reports errors
     * exactly as in {@link #create()}.
     *
     * @param args the command-line arguments
     * @return a configured command line able to run {@code args}
     */
    public static CommandLine forArguments(String... args) {
        Class<?> only = args.length == 0 ? null : commandClasses().get(args[0]);
        if (only == null) {
            return create();
        }
        Command main = Main.class.getAnnotation(Command.class);
        CommandSpec root = CommandSpec.wrapWithoutInspection(new Main());
        root.name(main.name());
        CommandLine cl = new CommandLine(root);
        try {
            Constructor<?> c = only.getDeclaredConstructor();
            c.setAccessible(true);
            cl.addSubcommand(args[0], c.newInstance());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the command " + args[0], e);
        }
        configure(cl);
        return cl;
    }

    /** @return the commands declared on {@link Main}, by name, in declaration order */
    static Map<String, Class<?>> commandClasses() {
        Map<String, Class<?>> out = new LinkedHashMap<>();
        for (Class<?> c : Main.class.getAnnotation(Command.class).subcommands()) {
            Command cmd = c.getAnnotation(Command.class);
            if (cmd != null) {
                out.put(cmd.name(), c);
            }
        }
        return out;
    }

    /** @return a fresh {@code rbm} command line with every command, configured as described above */
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

    /**
     * Converts a floating-point option value by the suite's one rule for numbers ({@link DecimalText}):
     * Java's {@link Double#parseDouble} also accepts surrounding spaces, a type suffix and hexadecimal,
     * so {@code --lr '1e-2 '} was taken while {@code --epochs '5 '} was refused.
     */
    static double strictDouble(String s) {
        return Strict.DOUBLE.convert(s);
    }

    /**
     * Numeric options by the suite's one rule for numbers ({@link DecimalText}), for the three types
     * the options use. picocli's own converters take more: {@link Double#valueOf} spaces, type
     * suffixes and hexadecimal, {@link Integer#valueOf} and {@link Long#valueOf} the digits of other
     * scripts ({@code --chains ١٠} ran ten chains while {@code --kernel-param temperatures=١٠} was
     * refused). One class, not method references: with two references to the same method (one per
     * converter type, two lambda proxy classes for one target) the JDK 17 JVM crashed at exit (SIGSEGV
     * in SystemDictionaryShared::adjust_lambda_proxy_class_dictionary) while it wrote the launcher's
     * class-data-sharing archive, in every command's first run.
     */
    private static final class Strict<T> implements CommandLine.ITypeConverter<T> {
        static final Strict<Double> DOUBLE = new Strict<>(Double.class, "a double");
        static final Strict<Integer> INT = new Strict<>(Integer.class, "an int");
        static final Strict<Long> LONG = new Strict<>(Long.class, "a long");

        private final Class<T> type;
        private final String what;

        private Strict(Class<T> type, String what) {
            this.type = type;
            this.what = what;
        }

        @Override
        public T convert(String value) {
            try {
                Object x = type == Double.class ? (Object) DecimalText.parseDouble(value)
                        : type == Long.class ? (Object) DecimalText.parseLong(value) : (Object) DecimalText.parseInt(value);
                return type.cast(x);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not " + what);
            }
        }
    }

    /**
     * The one rule for repeated options, checked on the parsed command line before any command runs:
     * an option is given at most once, except a {@code key=value} option ({@code --param},
     * {@code --kernel-param}, {@code --data-param}), which may repeat with different keys; and a
     * comma-separated list has no empty element. picocli refuses a repeated single-valued option
     * ({@code --seed 1 --seed 2}) itself, but appends the values of a repeated list option
     * ({@code --hidden 4 --hidden 8} built two layers), keeps the last value of a repeated key, and
     * drops the empty last element of {@code --hidden 3,} ({@link String#split}).
     *
     * @param parsed the parse result of the whole command line
     * @throws CommandLine.ParameterException (exit 2) naming the option and the values
     */
    static void refuseRepeats(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult pr = parsed; pr != null; pr = pr.subcommand()) {
            for (OptionSpec o : new LinkedHashSet<>(pr.matchedOptions())) {
                List<String> given = o.originalStringValues();
                String name = o.longestName();
                if (Map.class.isAssignableFrom(o.type())) {
                    Map<String, String> seen = new LinkedHashMap<>();
                    for (String kv : given) {
                        String key = kv.contains("=") ? kv.substring(0, kv.indexOf('=')) : kv;
                        String before = seen.put(key, kv);
                        if (before != null) {
                            throw new CommandLine.ParameterException(pr.commandSpec().commandLine(), "option '" + name
                                    + "' sets '" + key + "' more than once ('" + before + "', '" + kv
                                    + "'): give each key once");
                        }
                    }
                    continue;
                }
                if (given.size() > 1) {
                    throw new CommandLine.ParameterException(pr.commandSpec().commandLine(), "option '" + name + "' ("
                            + o.paramLabel() + ") should be specified only once (given " + given.size() + " times: '"
                            + String.join("', '", given) + "')");
                }
                String split = o.splitRegex();
                if (split != null && !split.isEmpty()) {
                    for (String v : given) {
                        if (Arrays.asList(v.split(split, -1)).contains("")) {
                            throw new CommandLine.ParameterException(pr.commandSpec().commandLine(), "option '" + name
                                    + "' (" + o.paramLabel() + "): '" + v + "' has an empty element");
                        }
                    }
                }
            }
        }
    }

    /** Runs the command as picocli's default strategy does, after {@link #refuseRepeats} (a class, not a lambda: see {@link Strict}). */
    private static final class RepeatsRefused implements CommandLine.IExecutionStrategy {
        private final CommandLine.IExecutionStrategy run = new CommandLine.RunLast();

        @Override
        public int execute(CommandLine.ParseResult parsed) {
            refuseRepeats(parsed);
            WorkingFolder.refuseRelativePaths(parsed);
            return run.execute(parsed);
        }
    }

    private static void configure(CommandLine cl) {
        if (cl.getCommandSpec().parent() == null) {
            cl.setExecutionStrategy(new RepeatsRefused());
        }
        cl.registerConverter(Double.class, Strict.DOUBLE);
        cl.registerConverter(Double.TYPE, Strict.DOUBLE);
        cl.registerConverter(Integer.class, Strict.INT);
        cl.registerConverter(Integer.TYPE, Strict.INT);
        cl.registerConverter(Long.class, Strict.LONG);
        cl.registerConverter(Long.TYPE, Strict.LONG);
        CommandSpec spec = cl.getCommandSpec();
        if (!(spec.userObject() instanceof CommandLine.HelpCommand)) {
            spec.mixinStandardHelpOptions(true);
            // the mixed-in -V/--version of a command prints that command's version: without the suite's
            // provider, 'rbm train --version' printed nothing and exited 0
            spec.versionProvider(new VersionProvider());
        }
        spec.usageMessage().showDefaultValues(true);
        spec.usageMessage().width(100);
        hideRedundantDefaults(spec);
        for (CommandLine sub : cl.getSubcommands().values()) {
            configure(sub);
        }
    }
}
