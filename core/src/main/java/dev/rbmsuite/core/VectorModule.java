package dev.rbmsuite.core;

/**
 * The check that the Vector API module ({@code jdk.incubator.vector}) is present, so that a library
 * user who starts {@code java} without {@code --add-modules jdk.incubator.vector} reads one line
 * naming that option instead of {@code NoClassDefFoundError: jdk/incubator/vector/Vector}.
 *
 * <p>Why a class of its own: the JVM needs the vector classes to <em>verify</em> every class whose
 * code uses them ({@link Rng}, {@link VectorMath}, {@code ConditionalKernel}, ...), and verification
 * comes before a class's static initialiser, so no check inside those classes could ever run. This
 * class refers to no vector type, and the library's entry points that refer to none either
 * ({@link Rbm}, {@link RbmStack}, and in the other modules the kernel registry, the data sets, the
 * trainer and its settings, the exact partition function) call {@link #require()} first in their
 * static initialisers, so the check runs before any vectorised class is linked. A program whose
 * first call into the library is {@link Rng} (for example {@code Rng.seeded}) still meets the JVM's
 * own error: {@code Rng} itself holds vector code (its JIT flags name it), see docs/architecture.md.
 *
 * <p>The test asks the defining class loader of the library for {@code jdk.incubator.vector.Vector}
 * without initialising it: exactly the lookup the verifier makes, so it answers correctly for the
 * class path, the module path and class loaders of plug-in hosts alike.
 */
public final class VectorModule {
    /** The option that adds the module, as {@code java}, {@code javac} and Maven's forks take it. */
    public static final String OPTION = "--add-modules jdk.incubator.vector";
    /** The one line a caller without the module reads. */
    public static final String MESSAGE = "the Vector API module is missing: start java with " + OPTION
            + " (and give it to javac, to surefire's argLine and to exec:java; or export JDK_JAVA_OPTIONS='"
            + OPTION + "'); see docs/architecture.md, \"The Vector API module\"";
    private static final boolean PRESENT = lookup(VectorModule.class.getClassLoader());

    private VectorModule() {
    }

    /**
     * @param loader the class loader that loads the library's vectorised classes ({@code null}: the
     *     boot loader)
     * @return whether that loader can load the Vector API's classes
     */
    static boolean lookup(ClassLoader loader) {
        try {
            Class.forName("jdk.incubator.vector.Vector", false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** @return whether the Vector API module is readable by the library */
    public static boolean present() {
        return PRESENT;
    }

    /**
     * Throws {@link MissingError} (one line, no stack trace) when the module is missing; free otherwise.
     * An {@link Error}, so that a static initialiser passes it on as it is (the JVM wraps exceptions
     * of static initialisers in {@link ExceptionInInitializerError}).
     *
     * @throws MissingError without {@code --add-modules jdk.incubator.vector}
     */
    public static void require() {
        if (!PRESENT) {
            throw new MissingError();
        }
    }

    /**
     * The Vector API module is missing. A {@link LinkageError}, as the JVM's own error in that case
     * ({@code NoClassDefFoundError}), but with a message that names the option; it carries no stack
     * trace, so an uncaught one prints a single line.
     */
    public static final class MissingError extends LinkageError {
        private static final long serialVersionUID = 1L;

        MissingError() {
            super(MESSAGE);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
