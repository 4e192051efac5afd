package dev.rbmsuite.cli;

/**
 * Entry point for running a command inside Maven's JVM ({@code mvn verify -Pfigures}): like
 * {@link Main#main} but it throws instead of calling {@code System.exit}, so the build reports the
 * failure and finishes normally on success.
 */
public final class MavenEntry {
    private MavenEntry() {
    }

    /**
     * @param args command-line arguments
     * @throws IllegalStateException if the command exits with a non-zero code
     */
    public static void main(String[] args) {
        int code = Main.execute(args);
        if (code != 0) {
            throw new IllegalStateException("rbm " + String.join(" ", args) + " failed with exit code " + code);
        }
    }
}
