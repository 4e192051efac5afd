package dev.rbmsuite.benchmarks;

/**
 * The {@code ./rbm} launcher's settings that keep the vector routines out of their callers, for the
 * benchmarks' forks, so that JMH measures the code a command runs. They go in
 * {@code @Fork(jvmArgsPrepend = ...)}: a {@code -jvmArgsAppend} on the JMH command line, such as
 * {@code -XX:MaxVectorSize=16}, then adds to them instead of replacing them.
 *
 * <p>The suite's vector routines are compiled on their own and never inlined into their callers.
 * Inlined into {@code ConditionalKernel.apply}, a routine's last Vector API calls could be left as
 * virtual calls when C2's node budget for the caller ran out, and every vector of the routine's loop
 * was then boxed: at 16-byte vectors, JMH forks of the BGS sweep took 85 to 280 µs instead of 55 µs,
 * depending on the order in which C2 compiled the methods (the measurements are in docs/methods.md,
 * section 10). The launcher's other JIT settings (lower compile thresholds for the routines and their
 * twins, the warm-up's timing loop kept interpreted) serve its warm-up, which benchmarks do not run.
 * The launcher's list and this one must agree ({@code VectorWarmUpTest} checks it). The launcher's heap
 * flags are here too, its young generation ({@link #YOUNG_GENERATION}) and its object alignment
 * ({@link #OBJECT_ALIGNMENT}): they do not change which code runs, but how fast the per-update
 * allocations of a training update are written (docs/performance.md, "Young generation") and whether
 * the kernels' vector loads straddle cache lines ("Cache lines").
 */
public final class JitFlags {
    /** Keeps the warning about a compile command quiet. */
    public static final String QUIET = "-XX:CompileCommand=quiet";
    /** {@code ConditionalKernel.accumulateTable} compiled on its own. */
    public static final String TABLE = "-XX:CompileCommand=dontinline,dev.rbmsuite.core.ConditionalKernel::accumulateTable";
    /** {@code ConditionalKernel.accumulateDense} compiled on its own. */
    public static final String DENSE = "-XX:CompileCommand=dontinline,dev.rbmsuite.core.ConditionalKernel::accumulateDense";
    /** {@code ConditionalKernel.buildGroupVector} (the blocked path's table build) compiled on its own. */
    public static final String BUILD = "-XX:CompileCommand=dontinline,dev.rbmsuite.core.ConditionalKernel::buildGroupVector";
    /** {@code ConditionalKernel.patternsVector} compiled on its own. */
    public static final String PATTERNS = "-XX:CompileCommand=dontinline,dev.rbmsuite.core.ConditionalKernel::patternsVector";
    /** {@code VectorMath.bernoulliLogisticVector} compiled on its own. */
    public static final String DRAWS = "-XX:CompileCommand=dontinline,dev.rbmsuite.core.VectorMath::bernoulliLogisticVector";
    /** {@code VectorMath.bernoulliLogisticDeferredVector} compiled on its own. */
    public static final String DEFERRED_DRAWS =
            "-XX:CompileCommand=dontinline,dev.rbmsuite.core.VectorMath::bernoulliLogisticDeferredVector";
    /** {@code RngLanes.fillUniformVector} compiled on its own. */
    public static final String UNIFORMS = "-XX:CompileCommand=dontinline,dev.rbmsuite.core.RngLanes::fillUniformVector";

    /** The launcher's young generation of 16 MB (its {@code HEAP_FLAGS}). */
    public static final String YOUNG_GENERATION = "-Xmn16m";
    /**
     * The launcher's objects on 64-byte boundaries (its {@code HEAP_FLAGS}): the kernels' tables then
     * start cache lines ({@code core.CacheLines}).
     */
    public static final String OBJECT_ALIGNMENT = "-XX:ObjectAlignmentInBytes=64";

    private JitFlags() {
    }
}
