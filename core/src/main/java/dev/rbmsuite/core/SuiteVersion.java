package dev.rbmsuite.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The suite's version, recorded in every manifest so that results can be traced to the code: the
 * Maven version with the git commit of the build as build metadata, for example
 * {@code 0.1.0-SNAPSHOT+1c53944abc}, and {@code .dirty} appended when the working tree had
 * uncommitted changes. A build outside a git checkout records the Maven version alone.
 */
public final class SuiteVersion {
    private static final String VERSION = load();

    private SuiteVersion() {
    }

    /** @return the version, for example {@code 0.1.0-SNAPSHOT+1c53944abc} (see the class comment) */
    public static String get() {
        return VERSION;
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

    private static String load() {
        try (InputStream in = SuiteVersion.class.getResourceAsStream("suite.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return format(p.getProperty("version", "unknown"), p.getProperty("commit", ""),
                    p.getProperty("dirty", ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
