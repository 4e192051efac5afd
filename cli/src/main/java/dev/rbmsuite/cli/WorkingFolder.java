package dev.rbmsuite.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine;

/**
 * Relative paths from a working folder whose name is not valid UTF-8. The JVM decodes the working
 * folder's name ({@code user.dir}) with the locale's character set, U+FFFD in place of bytes it
 * cannot read, and resolves every relative path against that string: from {@code /tmp/d\xff},
 * {@code --out m} became {@code /tmp/d\uFFFD/m}, a folder of another name (created there, outside
 * the one the user was in), while the operating system would resolve {@code m} against the real
 * bytes. Java cannot resolve against the real bytes (the default folder is read once, from
 * {@code user.dir}), so such a relative path is refused before any command runs, as an argument that
 * is not valid UTF-8 is (docs/contract.md, "Names are bytes"); absolute paths work as everywhere.
 */
final class WorkingFolder {
    private static volatile Boolean exact;

    private WorkingFolder() {
    }

    /**
     * @return whether the working folder's name survives the JVM's decoding: on Linux, whether
     *     {@code user.dir} names the same bytes as {@code /proc/self/cwd}; elsewhere, whether it holds
     *     no U+FFFD
     */
    static boolean roundTrips() {
        Boolean known = exact;
        if (known == null) {
            String dir = System.getProperty("user.dir", "");
            boolean ok;
            try {
                // paths compare by their bytes: a name read as U+FFFD encodes to other bytes than the real ones
                ok = Files.readSymbolicLink(Path.of("/proc/self/cwd")).equals(Path.of(dir));
            } catch (IOException | UnsupportedOperationException | InvalidPathException | SecurityException e) {
                ok = dir.indexOf('\uFFFD') < 0;
            }
            known = ok;
            exact = known;
        }
        return known;
    }

    /**
     * Refuses a relative path among the arguments (an option or positional parameter of type Path,
     * or a {@code NAME|FILE.csv} option that names a file) when the working folder's name does not
     * round-trip ({@link #roundTrips()}).
     *
     * @param parsed the parse result of the whole command line
     * @throws CommandLine.ParameterException (exit 2, one line) naming the option and the path
     */
    static void refuseRelativePaths(CommandLine.ParseResult parsed) {
        if (roundTrips()) {
            return;
        }
        for (CommandLine.ParseResult pr = parsed; pr != null; pr = pr.subcommand()) {
            List<ArgSpec> given = new ArrayList<>(pr.matchedOptions());
            given.addAll(pr.matchedPositionals());
            for (ArgSpec a : given) {
                boolean paths = Path.class.isAssignableFrom(a.type()) || File.class.isAssignableFrom(a.type())
                        || List.of(a.auxiliaryTypes()).contains(Path.class);
                boolean files = a.type() == String.class && a.paramLabel().contains("FILE");
                if (!paths && !files) {
                    continue;
                }
                for (String v : a.originalStringValues()) {
                    if (v.startsWith("/") || (files && !TrainingInputs.isFile(v))) {
                        continue;
                    }
                    String name = a.isOption() ? "option " + ((CommandLine.Model.OptionSpec) a).longestName()
                            : "argument " + a.paramLabel();
                    throw new CommandLine.ParameterException(pr.commandSpec().commandLine(), name + ": the relative "
                            + "path '" + v + "' would resolve against the working folder, whose name ("
                            + System.getProperty("user.dir").replace('\uFFFD', '?') + ") this JVM cannot read: it is not valid "
                            + "UTF-8, or the locale (LC_ALL, LANG) is not UTF-8 (./rbm runs Java under C.UTF-8), and "
                            + "it would be read as another folder: give an absolute path, or cd to a folder whose "
                            + "name is valid UTF-8");
                }
            }
        }
    }
}
