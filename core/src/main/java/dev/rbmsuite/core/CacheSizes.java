package dev.rbmsuite.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The data cache sizes of the first CPU as the operating system reports them (Linux:
 * {@code /sys/devices/system/cpu/cpu0/cache/index*}), from which the blocked kernels choose their
 * block sizes ({@link Products#KC}). Block sizes change only the speed, never a bit of a result, so a
 * machine that reports nothing (another operating system, a container without {@code /sys}) gets the
 * defaults and the same results.
 */
public final class CacheSizes {
    /** The L1 data cache assumed where none is reported: 32 KB, the smallest of current x86-64 and ARM cores. */
    static final long DEFAULT_L1D = 32L << 10;
    /** The L2 cache assumed where none is reported: 1 MB. */
    static final long DEFAULT_L2 = 1L << 20;
    private static final Path CACHES = Path.of("/sys/devices/system/cpu/cpu0/cache");
    private static final long L1D = find(CACHES, 1, DEFAULT_L1D);
    private static final long L2 = find(CACHES, 2, DEFAULT_L2);

    private CacheSizes() {
    }

    /** @return the L1 data cache of one core, bytes */
    public static long l1Data() {
        return L1D;
    }

    /** @return the L2 cache (unified or data), bytes */
    public static long l2() {
        return L2;
    }

    /** @return the sizes in words, for example "L1d 48 KB, L2 2048 KB" */
    public static String describe() {
        return "L1d " + (L1D >> 10) + " KB, L2 " + (L2 >> 10) + " KB";
    }

    /**
     * @param dir a cpu's cache folder (index0, index1, ... with level, type and size)
     * @param level 1 or 2
     * @param fallback the size where none is found
     * @return the size of the data (or unified) cache of that level, bytes
     */
    static long find(Path dir, int level, long fallback) {
        for (int k = 0; k < 16; k++) {
            Path index = dir.resolve("index" + k);
            if (!Files.isDirectory(index)) {
                continue;
            }
            try {
                String lv = Files.readString(index.resolve("level")).trim();
                String type = Files.readString(index.resolve("type")).trim();
                if (lv.equals(Integer.toString(level)) && !type.equals("Instruction")) {
                    long size = parse(Files.readString(index.resolve("size")));
                    if (size > 0) {
                        return size;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable entry tells nothing: keep looking, or fall back
            }
        }
        return fallback;
    }

    /**
     * @param text a size as sysfs writes it: "48K", "2048K", "2M" or a number of bytes
     * @return bytes, or -1 if the text is not a size
     */
    static long parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("K")) {
            unit = 1L << 10;
        } else if (t.endsWith("M")) {
            unit = 1L << 20;
        } else if (t.endsWith("G")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            long v = Long.parseLong(digits.trim());
            return v > 0 && v < (1L << 40) / unit ? v * unit : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
