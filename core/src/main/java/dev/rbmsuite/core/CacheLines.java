package dev.rbmsuite.core;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * Where the elements of a double[] meet the 64-byte lines of the data caches, so that the hot
 * kernels can lay their tables out on line boundaries.
 *
 * <p>A vector load that straddles two cache lines costs two accesses. With 512-bit vectors every
 * load from an array that is not 64-byte aligned straddles two lines, and on an Intel Xeon
 * (Sapphire Rapids class) a loop of table-row additions from L1 or L2 ran at half speed for it: 0.68
 * against 0.35 ns per vector addition (docs/performance.md, "Cache lines"). Java does not say where
 * an array lies, and by default objects are placed on 8-byte boundaries, so one array in eight is
 * aligned by chance and the collector may move it elsewhere. A JVM started with
 * {@code -XX:ObjectAlignmentInBytes=64} (the {@code rbm} launcher, the benchmarks' forks and the
 * figures run by Maven pass it) places every object, when it is allocated and whenever it is moved,
 * on a 64-byte boundary; the elements of a double[] then start a fixed {@link #arrayBase()} bytes
 * after it, and element {@link #LEAD} of every double[] starts a line.
 *
 * <p>The kernels that use it ({@link ConditionalKernel}'s group tables) allocate {@link #LEAD} more
 * doubles and start their rows there. A layout changes where numbers are stored, never how they are
 * summed: the bits are the same with any lead, aligned or not, which is why a JVM started without the
 * flag (lead 0, the layout of before) is merely slower.
 */
public final class CacheLines {
    /** Bytes per cache line on every current x86-64 and ARM core. */
    public static final int LINE = 64;
    /**
     * The index of the first element of a double[] that starts a cache line in this JVM: 6 with
     * {@code -XX:ObjectAlignmentInBytes=64} (16 bytes of array header), 0 where objects are not
     * aligned to whole lines (nothing is known, so any index is as good).
     */
    public static final int LEAD = lead(objectAlignment(), arrayBase());

    private CacheLines() {
    }

    /**
     * @param objectAlignment the JVM's object alignment, bytes (8 by default)
     * @param arrayBase the offset of element 0 of a double[] from the array's start, bytes
     * @return the doubles to skip so that the next element starts a line; 0 when objects are not
     *     placed on whole lines or the base is not a whole number of doubles
     */
    static int lead(int objectAlignment, int arrayBase) {
        if (objectAlignment < LINE || objectAlignment % LINE != 0 || arrayBase < 0 || arrayBase % Double.BYTES != 0) {
            return 0;
        }
        return (LINE - arrayBase % LINE) % LINE / Double.BYTES;
    }

    /** @return the JVM's ObjectAlignmentInBytes, or 8 where the JVM does not say (not HotSpot) */
    static int objectAlignment() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return vm == null ? Long.BYTES : Integer.parseInt(vm.getVMOption("ObjectAlignmentInBytes").getValue());
        } catch (RuntimeException | LinkageError e) {
            return Long.BYTES;
        }
    }

    /**
     * @return the offset of element 0 of a double[] from the start of the array, bytes (16 on HotSpot
     *     with compressed class pointers), read from the constant {@code sun.misc.Unsafe} publishes;
     *     -1 where it cannot be read
     */
    static int arrayBase() {
        try {
            return Class.forName("sun.misc.Unsafe").getField("ARRAY_DOUBLE_BASE_OFFSET").getInt(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return -1;
        }
    }
}
