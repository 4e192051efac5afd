package dev.rbmsuite.cli;

import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.Nd;
import dev.rbmsuite.core.Products;
import dev.rbmsuite.core.VectorWarmUp;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * Entry point of the {@code rbm} command line.
 *
 * <p>Exit codes ({@link ExitCodes}): 0 success; 2 bad input or an unusable setting (an unknown option,
 * a malformed file, a wrong shape, a path that cannot be written, a full disk, a request larger than
 * the memory), with exactly one line on stderr naming the problem and the place; 1 an internal error
 * (including an impossible result refused by {@link dev.rbmsuite.core.Ranges}); 130 / 143 stopped by
 * SIGINT / SIGTERM (train and figure at a safe point, resumable; core Interruption). Set the
 * environment variable {@code RBM_DEBUG=1} to get the stack trace of an internal error.
 */
@Command(name = "rbm", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Restricted Boltzmann machines: training, sampling and exact diagnostics.",
        subcommands = {
            InitCommand.class,
            InfoCommand.class,
            DatasetCommand.class,
            SampleCommand.class,
            FigureCommand.class,
            ReportCommand.class,
            ReplicateCommand.class,
            TrainCommand.class,
            LogzCommand.class,
            LoglikCommand.class,
            Lambda2Command.class,
            TvCommand.class,
            KernelsCommand.class,
            CompareCommand.class,
        })
public final class Main implements Runnable {
    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;
    /** Exit code for an internal error. */
    public static final int INTERNAL_ERROR = 1;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "a command is required (try --help)");
    }

    /**
     * @param args command-line arguments
     * @return the exit code
     */
    public static int execute(String... args) {
        // the command line's choice (the library leaves ND4J's global data type alone), made when the
        // first ND4J array is created: a command that creates none never loads ND4J's native libraries
        Nd.initOnFirstUse();
        CommandLine cl = CommandLines.forArguments(args);
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("rbm: " + oneLine(ex.getMessage()));
            err.flush();
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            PrintWriter err = cmd.getErr();
            if (ex instanceof Interruption.Stopped stopped) {
                // a second signal that stopped the JVM at once has printed the stop's one line
                if (Interruption.claimLine()) {
                    err.println("rbm: " + oneLine(ex.getMessage()));
                    err.flush();
                }
                return stopped.exitCode();
            }
            ExitCodes.Outcome o = ExitCodes.of(ex);
            err.println("rbm: " + o.message());
            if (o.internal() && System.getenv("RBM_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return o.code();
        });
        String undecodable = undecodable(args);
        if (undecodable != null) {
            cl.getErr().println("rbm: " + undecodable);
            cl.getErr().flush();
            return BAD_INPUT;
        }
        try {
            int code = cl.execute(args);
            String late = Interruption.finishedAnyway();
            if (code == 0 && late != null && Interruption.claimLine()) {
                cl.getErr().println("rbm: " + late);
                cl.getErr().flush();
            }
            // a backstop for what a command printed outside Output.print (help, --list-trials): a lost
            // stdout is an error, never exit 0
            if (code == 0 && System.out.checkError()) {
                cl.getErr().println("rbm: " + Output.stdoutFailure().getMessage());
                cl.getErr().flush();
                return BAD_INPUT;
            }
            return code;
        } catch (OutOfMemoryError | LinkageError e) {
            // The backstop only: requests are sized before they allocate (core.Memory). A linkage error
            // (ND4J's native libraries that cannot be unpacked) escapes picocli, which handles exceptions.
            ExitCodes.Outcome o = ExitCodes.of(e);
            cl.getErr().println("rbm: " + o.message());
            if (o.internal() && System.getenv("RBM_DEBUG") != null) {
                e.printStackTrace(cl.getErr());
            }
            cl.getErr().flush();
            return o.code();
        }
    }

    /**
     * Runs the command line and exits with its code.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        LauncherStderr.use();
        Interruption.install(System.err);
        VectorWarmUp.enable(samplesAtOnce(args));
        if (samplesAtOnce(args) && TRAINING.contains(args[0])) {
            Products.warmUp();
        }
        System.exit(execute(args));
    }

    /**
     * Commands whose work starts with sampling: the warm-up thread starts with the process (a new
     * command that samples from its start belongs here; any other gets the thread after its first calls).
     */
    private static final Set<String> SAMPLING = Set.of("sample", "train", "tv", "compare");
    /** Commands that train: the outer products of the gradient start on their scalar twin (core.Products). */
    private static final Set<String> TRAINING = Set.of("train", "compare");

    /**
     * @param args the command line
     * @return whether the command samples from its start (so the warm-up thread should start at once;
     *     not for help or version requests, which finish at once)
     */
    static boolean samplesAtOnce(String[] args) {
        if (args.length == 0 || !SAMPLING.contains(args[0])) {
            return false;
        }
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Paths are bytes, and the JVM decodes the command line's bytes with the locale's character set,
     * replacing every byte sequence it cannot decode by U+FFFD: two different names ({@code m\xff},
     * {@code m\xfe}) became one folder {@code m\uFFFD} and the second {@code init} replaced the first
     * model. Such a name cannot be preserved, so every argument holding U+FFFD is refused before
     * anything runs (a name really holding U+FFFD is refused too: it cannot be told apart).
     *
     * @param args the command line as the JVM decoded it
     * @return the one-line problem, or null when every argument decoded cleanly
     */
    static String undecodable(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].indexOf('\uFFFD') >= 0) {
                String cs = System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name());
                return "argument " + (i + 1) + " ('" + args[i].replace('\uFFFD', '?') + "') holds bytes that are not valid "
                        + cs + " (read as U+FFFD, so two different names would name one file): use names in "
                        + (cs.equalsIgnoreCase("UTF-8") ? "UTF-8" : "UTF-8 under a UTF-8 locale (LC_ALL=C.UTF-8)");
            }
        }
        return null;
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", "; ").trim();
    }
}
