package dev.rbmsuite.diagnostics.exact;

/**
 * The suite's enumeration order of binary states: state x in [0, 2^n) has unit i equal to bit i of x
 * (unit 0 is the least significant bit). Used by every table of P(v) and every transition matrix.
 */
public final class StateIndex {
    private StateIndex() {
    }

    /**
     * @param rows states, row-major, rows x n, values 0 or 1
     * @param row which row
     * @param n units per row (at most 62)
     * @return the index of that row's state
     * @throws IllegalArgumentException if a value is not 0 or 1
     */
    public static long index(double[] rows, int row, int n) {
        long x = 0;
        int o = row * n;
        for (int i = 0; i < n; i++) {
            double v = rows[o + i];
            if (v == 1.0) {
                x |= 1L << i;
            } else if (v != 0.0) {
                throw new IllegalArgumentException("state row " + row + " unit " + i + " is " + v + ", not 0 or 1");
            }
        }
        return x;
    }

    /**
     * Writes the state with index x into row {@code row} of {@code out}.
     *
     * @param x state index
     * @param n units
     * @param out destination, row-major
     * @param row which row
     */
    public static void state(long x, int n, double[] out, int row) {
        int o = row * n;
        for (int i = 0; i < n; i++) {
            out[o + i] = (x >>> i) & 1L;
        }
    }

    /**
     * @param n units (at most 24)
     * @return all 2^n states as a row-major (2^n x n) matrix, in index order
     */
    public static double[] allStates(int n) {
        if (n > 24) {
            throw new IllegalArgumentException("refusing to materialise 2^" + n + " states");
        }
        int count = 1 << n;
        double[] out = new double[count * n];
        for (int x = 0; x < count; x++) {
            state(x, n, out, x);
        }
        return out;
    }
}
