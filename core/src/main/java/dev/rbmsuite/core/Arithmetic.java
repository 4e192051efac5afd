package dev.rbmsuite.core;

import java.util.List;
import java.util.Locale;

/**
 * The arithmetic of the suite's large products: the training update's outer products
 * ({@link Products#accumulate}) and the conditional fields of every RBM layer
 * ({@link Rbm#hiddenField} and the means and draws built on them).
 *
 * <ul>
 *   <li>{@link #FIXED_ORDER} (the default): the suite's own vector kernels, each element of a product
 *       summed in one fixed order, so that the same seed gives the same bytes on every machine, JDK,
 *       vector width and thread count.</li>
 *   <li>{@link #BLAS} (opt-in): OpenBLAS's {@code cblas_dgemm} (the library ND4J's CPU backend ships,
 *       through JavaCPP, called on the suite's arrays without copies), whose kernels are chosen per CPU
 *       model and whose summation order depends on them and on OpenBLAS's thread count
 *       ({@code OPENBLAS_NUM_THREADS}; the {@code ./rbm} launcher sets 1 unless it is set) and on the
 *       kernels it runs ({@code OPENBLAS_CORETYPE}; where it is unset the launcher names SkylakeX's on a
 *       CPU with AVX-512, since this OpenBLAS does not recognise CPUs newer than itself and runs
 *       generic kernels there: on an AMD EPYC Zen 5, JMH {@code pcd784} 81 ms against 31). Its bytes
 *       are reproducible on one machine with one thread count only; results agree with the fixed order
 *       to rounding (about 1e-15 relative per product), and a training run's manifest and checkpoint
 *       key record which arithmetic ran ({@code arithmetic: blas}), so a run is never resumed under the
 *       other. For users who want an optimised BLAS's speed on large layers and accept that.</li>
 * </ul>
 * The selection is process-wide and set for the duration of a scope ({@link #use}); a training run
 * opens one for its settings, so that its sampling kernels' fields take the same path. At the paper's
 * sizes (25 x 100) BLAS brings nothing: a call costs microseconds of overhead there.
 */
public enum Arithmetic {
    /** The suite's fixed-order vector kernels: the same bytes everywhere. */
    FIXED_ORDER("fixed-order"),
    /** OpenBLAS's dgemm: bytes reproducible per machine and thread count only. */
    BLAS("blas");

    private static volatile Arithmetic current = FIXED_ORDER;

    private final String optionName;

    Arithmetic(String optionName) {
        this.optionName = optionName;
    }

    /** @return the name on the command line and in manifests: fixed-order or blas */
    public String optionName() {
        return optionName;
    }

    /**
     * @param name fixed-order or blas
     * @return the arithmetic of that name
     * @throws IllegalArgumentException if none has that name; the message quotes it and lists the names
     */
    public static Arithmetic parse(String name) {
        return OptionNames.parse(List.of(values()), Arithmetic::optionName, name);
    }

    /** @return the arithmetic in force */
    public static Arithmetic current() {
        return current;
    }

    /** @return whether the BLAS arithmetic is in force */
    static boolean blas() {
        return current == BLAS;
    }

    /** A selection in force until closed, which restores the one before it. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Puts an arithmetic in force until the scope closes. Selecting BLAS loads the native library
     * first, so that a machine without it is refused before any work.
     *
     * @param arithmetic the arithmetic
     * @return the scope
     * @throws InputException if BLAS is selected and OpenBLAS cannot be loaded (the message says why)
     */
    public static Scope use(Arithmetic arithmetic) {
        if (arithmetic == BLAS) {
            NativeBlas.require();
        }
        Arithmetic before = current;
        current = arithmetic;
        return () -> current = before;
    }

    /**
     * @return a description of this arithmetic for manifests and reports: for BLAS the library, its
     *     thread count and the kernels named by {@code OPENBLAS_CORETYPE} (or that OpenBLAS chose)
     */
    public String describe() {
        if (this == FIXED_ORDER) {
            return "the suite's fixed-order vector kernels";
        }
        String threads = System.getenv("OPENBLAS_NUM_THREADS");
        String core = System.getenv("OPENBLAS_CORETYPE");
        return String.format(Locale.ROOT, "OpenBLAS %s dgemm through JavaCPP (OPENBLAS_NUM_THREADS=%s, %s)",
                NativeBlas.VERSION, threads == null ? "unset: OpenBLAS's default" : threads,
                core == null || core.isEmpty() ? "OPENBLAS_CORETYPE unset: kernels chosen by OpenBLAS"
                        : "OPENBLAS_CORETYPE=" + core);
    }
}
