package dev.rbmsuite.core;

/**
 * Bad input from a user: a malformed file, a wrong shape, a non-binary value, an invalid option.
 *
 * <p>The message is one line that names the problem and the place (file, line, option). The
 * command line maps this exception to exit code 2; every other exception is an internal error
 * (exit code 1).
 */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the problem and where it is */
    public InputException(String message) {
        super(message);
    }

    /**
     * @param message one line naming the problem and where it is
     * @param cause the underlying failure
     */
    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
