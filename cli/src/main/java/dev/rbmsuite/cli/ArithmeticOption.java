package dev.rbmsuite.cli;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.core.InputException;
import picocli.CommandLine.Option;

/** {@code --arithmetic fixed-order|blas}: the products' arithmetic of a command (core {@link Arithmetic}). */
final class ArithmeticOption {
    @Option(names = "--arithmetic", paramLabel = "fixed-order|blas",
            description = "the products' and fields' arithmetic: fixed-order, the same bytes on every machine; or blas, "
                    + "OpenBLAS's dgemm, bytes reproducible per machine, OPENBLAS_NUM_THREADS and OPENBLAS_CORETYPE only "
                    + "(recorded in the manifest) (default ${DEFAULT-VALUE})")
    String value = Arithmetic.FIXED_ORDER.optionName();

    /**
     * @return the arithmetic named
     * @throws InputException naming the option for an unknown value
     */
    Arithmetic parse() {
        return Choices.parse("--arithmetic", value, Arithmetic::parse);
    }

    /**
     * Puts the arithmetic in force for a command's run.
     *
     * @return the scope, to close when the run ends
     * @throws InputException for an unknown value, or blas where OpenBLAS cannot be loaded
     */
    Arithmetic.Scope scope() {
        return Arithmetic.use(parse());
    }
}
