package dev.rbmsuite.core;

import java.util.Locale;

/**
 * The resource guard: a request's memory is estimated before anything is allocated and a request
 * that cannot fit in the JVM's heap is refused as bad input (exit code 2, one line with the estimate
 * and the limit) instead of ending in OutOfMemoryError or NegativeArraySizeException
 * (docs/contract.md, "Limits").
 *
 * <p>The limit is the heap the JVM may still grow to: {@code maxMemory - (totalMemory - freeMemory)}.
 * Estimates count the large arrays only; they are lower bounds, so a request that passes can still
 * run out of memory late (the command line then reports that in one line too), but none that is
 * refused could have run.
 */
public final class Memory {
    /** Java arrays hold at most this many elements (a little below Integer.MAX_VALUE on HotSpot). */
    public static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private Memory() {
    }

    /** @return the bytes of heap the JVM can still allocate */
    public static long available() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Estimated bytes of {@code count} doubles, saturating instead of overflowing.
     *
     * @param factors the dimensions whose product is the number of doubles (each &gt;= 0)
     * @return 8 * product, or Long.MAX_VALUE if that overflows
     */
    public static long doubles(long... factors) {
        return bytes(8, factors);
    }

    /**
     * @param elementBytes bytes per element
     * @param factors dimensions (each &gt;= 0)
     * @return elementBytes * product, or Long.MAX_VALUE if that overflows
     */
    public static long bytes(long elementBytes, long... factors) {
        long r = elementBytes;
        for (long f : factors) {
            if (f < 0) {
                throw new IllegalArgumentException("negative dimension " + f);
            }
            if (f != 0 && r > Long.MAX_VALUE / f) {
                return Long.MAX_VALUE;
            }
            r *= f;
        }
        return r;
    }

    /**
     * @param a bytes
     * @param b bytes
     * @return a + b, saturating at Long.MAX_VALUE
     */
    public static long plus(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    /**
     * Refuses a request whose largest single array exceeds a Java array's length.
     *
     * @param elements the number of elements of the largest array
     * @param where the option or file that asked for it, and what it is
     * @throws InputException if elements exceeds {@link #MAX_ARRAY_LENGTH}
     */
    public static void requireArray(long elements, String where) {
        if (elements < 0 || elements > MAX_ARRAY_LENGTH) {
            throw new InputException(String.format(Locale.ROOT,
                    "%s: needs an array of %s elements, more than a Java array holds (%d)", where,
                    elements < 0 ? "more than 2^63" : Long.toString(elements), MAX_ARRAY_LENGTH));
        }
    }

    /**
     * Refuses a request that cannot fit in the heap.
     *
     * @param bytes the estimate (Long.MAX_VALUE for "overflows")
     * @param where the option or file that asked for it, and what it is
     * @throws InputException if the estimate exceeds {@link #available()}
     */
    public static void require(long bytes, String where) {
        long avail = available();
        if (bytes > avail) {
            throw new InputException(String.format(Locale.ROOT,
                    "%s: needs about %s of memory, more than the %s the JVM can still use (raise -Xmx through"
                            + " RBM_JAVA_OPTS, or ask for less)", where, human(bytes), human(avail)));
        }
    }

    /**
     * @param bytes a byte count
     * @return it in B, KiB, MiB, GiB or TiB with three significant digits (whole units from 100 on: "1010 MiB";
     *     "more than 8 EiB" when saturated)
     */
    public static String human(long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "more than 8 EiB";
        }
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double x = bytes;
        int u = 0;
        while (x >= 1024 && u < units.length - 1) {
            x /= 1024;
            u++;
        }
        // three significant digits in plain notation: 1010 MiB, not %.3g's "1.01e+03 MiB"
        return u == 0 ? bytes + " B" : x >= 100 ? String.format(Locale.ROOT, "%.0f %s", x, units[u])
                : String.format(Locale.ROOT, "%.3g %s", x, units[u]);
    }
}
