package dev.rbmsuite.kernels;

import java.util.Arrays;

/**
 * Scratch buffers that a kernel reuses from one transition of a chain state to the next, so that
 * kernels themselves hold no mutable data and can be shared between threads (a state is used by one
 * thread at a time). A workspace is never part of a state's value: {@link ChainState#copy()} starts
 * an empty one and {@link ChainState#equals} ignores it. Buffers are found by a small integer key
 * that each kernel chooses; their contents are unspecified between calls.
 */
public final class Workspace {
    private double[][] doubles = new double[0][];
    private int[][] ints = new int[0][];
    private Object[] objects = new Object[0];

    /**
     * @param key the buffer's key (0 to 65535)
     * @param length the length needed
     * @return the buffer of that key, grown to at least {@code length}
     */
    public double[] doubles(int key, int length) {
        if (check(key) >= doubles.length) {
            doubles = Arrays.copyOf(doubles, key + 1);
        }
        double[] b = doubles[key];
        if (b == null || b.length < length) {
            b = new double[length];
            doubles[key] = b;
        }
        return b;
    }

    /**
     * @param key the buffer's key (0 to 65535)
     * @param length the length needed
     * @return the buffer of that key, grown to at least {@code length}
     */
    public int[] ints(int key, int length) {
        if (check(key) >= ints.length) {
            ints = Arrays.copyOf(ints, key + 1);
        }
        int[] b = ints[key];
        if (b == null || b.length < length) {
            b = new int[length];
            ints[key] = b;
        }
        return b;
    }

    /**
     * @param key the object's key (0 to 65535)
     * @return the object stored under the key, or null
     */
    public Object object(int key) {
        return check(key) < objects.length ? objects[key] : null;
    }

    /**
     * @param key the object's key (0 to 65535)
     * @param value the object to keep (for example pre-allocated swap slots)
     */
    public void setObject(int key, Object value) {
        if (check(key) >= objects.length) {
            objects = Arrays.copyOf(objects, key + 1);
        }
        objects[key] = value;
    }

    private static int check(int key) {
        if (key < 0 || key > 65_535) {
            throw new IllegalArgumentException("workspace keys lie in 0..65535, got " + key);
        }
        return key;
    }
}
