package dev.rbmsuite.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The suite's version, recorded in every manifest so that results can be traced to the code. */
public final class SuiteVersion {
    private static final String VERSION = load();

    private SuiteVersion() {
    }

    /** @return the Maven project version of the suite, for example {@code 0.1.0-SNAPSHOT} */
    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = SuiteVersion.class.getResourceAsStream("suite.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
