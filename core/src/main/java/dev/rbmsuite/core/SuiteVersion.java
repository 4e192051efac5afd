package dev.rbmsuite.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The suite's version, recorded in every manifest so that results can be traced to the code: the
 * Maven version with the git commit of the build as build metadata, for example
 * {@code 0.1.0+1c53944abc}, and {@code .dirty} appended when the working tree had
 * uncommitted changes. A build outside a git checkout records the Maven version alone.
 */
public final class SuiteVersion {
    private static final Properties PROPERTIES = load();
    private static final String VERSION = format(PROPERTIES.getProperty("version", "unknown"),
            PROPERTIES.getProperty("commit", ""), PROPERTIES.getProperty("dirty", ""));

    private SuiteVersion() {
    }

    /** @return the version, for example {@code 0.1.0+1c53944abc} (see the class comment) */
    public static String get() {
        return VERSION;
    }

    /** @return the Maven version alone, for example {@code 0.1.0} */
    public static String maven() {
        return PROPERTIES.getProperty("version", "unknown");
    }

    /**
     * @return the abbreviated git commit of the build, with {@code .dirty} appended when the working
     *     tree had uncommitted changes; {@code "unknown"} for a build outside a git checkout
     */
    public static String commit() {
        String v = VERSION;
        int plus = v.indexOf('+');
        return plus < 0 ? "unknown" : v.substring(plus + 1);
    }

    /**
     * @param version the Maven version
     * @param commit the abbreviated commit, or an unfiltered placeholder / empty when unknown
     * @param dirty "true" when the working tree had uncommitted changes
     * @return {@code version[+commit[.dirty]]}
     */
    static String format(String version, String commit, String dirty) {
        if (commit.isEmpty() || commit.startsWith("${")) {
            return version;
        }
        return version + "+" + commit + ("true".equals(dirty) ? ".dirty" : "");
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = SuiteVersion.class.getResourceAsStream("suite.properties")) {
            if (in != null) {
                p.load(in);
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
