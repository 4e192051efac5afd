package dev.rbmsuite.claims;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The registered decision rules (issue 36): the document {@code registration-v1.md} beside this
 * class, committed before any confirmatory seed was decided, and its SHA-256 digest. Every figure
 * manifest a report decides records {@link #VERSION} and {@link #digest()}; the replication report
 * says, per seed, whether it was decided under the registered rules. The document is immutable: a
 * change of rules is a new version (with its deviations and their reasons), never an edit, and
 * {@code RegistrationTest} fails when the file's bytes no longer match {@link #REGISTERED_SHA256}.
 */
public final class Registration {
    /** The version of the rules the claim engine implements. */
    public static final String VERSION = "v1";
    /** The digest of {@code registration-v1.md} as committed (2026-12-06). */
    public static final String REGISTERED_SHA256 = "955e1eb1bc97b7946001881c5b22d2632e0f969655600cb31924a1efd454d91a";
    /** The resource holding the document, beside this class. */
    static final String RESOURCE = "registration-" + VERSION + ".md";

    private static final String DIGEST = sha256(text().getBytes(StandardCharsets.UTF_8));

    private Registration() {
    }

    /** @return the registration document, as shipped with the engine */
    public static String text() {
        try (InputStream in = Registration.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the claim engine's jar lacks its registration " + RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the SHA-256 digest (hex) of the document as shipped, which decisions record */
    public static String digest() {
        return DIGEST;
    }

    /** @return whether the shipped document is the registered one */
    public static boolean registered() {
        return DIGEST.equals(REGISTERED_SHA256);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
