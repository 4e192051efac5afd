package dev.rbmsuite.core;

/**
 * A computed quantity fell outside its mathematical range (a log-probability above 0, a TV distance
 * above 1, a non-finite log Z...). This is never the user's fault: the parameters were accepted by
 * {@link FloatLimits} up front, so a value outside its range is a defect of the suite or an estimator
 * failure it cannot repair, and the command line reports it as an internal error (exit code 1) in one
 * line naming the quantity, its value and the range it violates. It exists so that an impossible
 * number is never printed or written silently.
 */
public class RangeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line: the quantity, its value and why it is impossible */
    public RangeException(String message) {
        super(message);
    }
}
