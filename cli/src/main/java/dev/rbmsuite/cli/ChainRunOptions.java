package dev.rbmsuite.cli;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.OptionNames;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of a command that runs N chains of a kernel for S transitions on a model ({@code sample}
 * and {@code tv}): the model folder, the kernel with its parameters, the chains, the steps and the
 * arithmetic of the fields.
 */
final class ChainRunOptions {
    @Option(names = "--model", required = true, paramLabel = "DIR", description = "model folder")
    Path model;

    @Option(names = "--kernel", required = true, paramLabel = "K",
            description = "an installed kernel: bgs, dt, roundtrip, pt, gwg, dmala, dula, pas or a plug-in (see rbm kernels)")
    String kernel;

    @Option(names = "--kernel-param", paramLabel = "k=v",
            description = "a parameter of the kernel (see rbm kernels), e.g. temperatures=5; repeatable")
    Map<String, String> kernelParams = new LinkedHashMap<>();

    @Option(names = "--chains", required = true, paramLabel = "N", description = "number of independent chains")
    int chains;

    @Option(names = "--steps", required = true, paramLabel = "S", description = "number of transitions")
    int steps;

    @Option(names = "--arithmetic", paramLabel = "fixed-order|blas",
            description = "the fields' and products' arithmetic: fixed-order, the same bytes on every machine; or blas, "
                    + "OpenBLAS's dgemm, faster on large layers, bytes reproducible per machine and OPENBLAS_NUM_THREADS "
                    + "only (recorded in the manifest) (default ${DEFAULT-VALUE})")
    String arithmetic = Arithmetic.FIXED_ORDER.value();

    /**
     * Puts the chosen arithmetic in force for the run (core {@link Arithmetic}).
     *
     * @return the scope, to close when the run ends
     * @throws InputException for an unknown value, or blas where OpenBLAS cannot be loaded
     */
    Arithmetic.Scope arithmeticScope() {
        Arithmetic a = Choices.parse("--arithmetic", arithmetic,
                name -> OptionNames.parse(List.of(Arithmetic.values()), Arithmetic::value, name));
        try {
            return Arithmetic.use(a);
        } catch (IllegalStateException e) {
            throw new InputException("option --arithmetic: " + e.getMessage(), e);
        }
    }

    /**
     * @param kernelRecord the kernel's manifest record (KernelChoice.record)
     * @return the run's manifest records: the kernel, and under blas the library and its threads
     */
    Map<String, Object> records(Object kernelRecord) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", kernelRecord);
        if (Arithmetic.current() == Arithmetic.BLAS) {
            m.put("arithmeticLibrary", Arithmetic.BLAS.describe());
        }
        return m;
    }

    /** Refuses a number of chains below 1 or of steps below 0, naming the option. */
    void validate() {
        if (chains <= 0) {
            throw new InputException("option --chains: must be a positive integer, got " + chains);
        }
        if (steps < 0) {
            throw new InputException("option --steps: must be a non-negative integer, got " + steps);
        }
    }
}
