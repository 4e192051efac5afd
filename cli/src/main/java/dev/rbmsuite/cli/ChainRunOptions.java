package dev.rbmsuite.cli;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.InputException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Mixin;
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
            description = "an installed kernel: bgs, dt, roundtrip, pt, gwg, dmala, dula, pas, rsgibbs or a plug-in (see rbm kernels)")
    String kernel;

    @Option(names = "--kernel-param", paramLabel = "k=v",
            description = "a parameter of the kernel (see rbm kernels), e.g. temperatures=5; repeatable")
    Map<String, String> kernelParams = new LinkedHashMap<>();

    @Option(names = "--chains", required = true, paramLabel = "N", description = "number of independent chains")
    int chains;

    @Option(names = "--steps", required = true, paramLabel = "S", description = "number of transitions")
    int steps;

    @Mixin
    ArithmeticOption arithmetic;

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
