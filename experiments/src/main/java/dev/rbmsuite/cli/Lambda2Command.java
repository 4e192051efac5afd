package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.diagnostics.spectral.BgsTransitionMatrix;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code lambda2}: the second eigenvalue of the BGS transition matrix of layer 0 and its relaxation
 * time (paper Appendix B; docs/methods.md section 5): the paper's count estimator (default N2 = 2^15),
 * the Rao-Blackwellised estimator (default N2 = 1024) or the exact value (m &lt;= 16).
 */
@Command(name = "lambda2", description = "Second eigenvalue of the BGS transition matrix of layer 0 (Appendix B).")
final class Lambda2Command implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    CostOptions cost;

    @Option(names = "--model", required = true, paramLabel = "DIR", description = "model folder")
    Path model;

    @Option(names = "--estimator", required = true, paramLabel = "counts|rao-blackwell|exact", description = "estimator")
    String estimator;

    @Option(names = "--repeats", paramLabel = "N2", description = "transitions (counts) or hidden draws (rao-blackwell) per state")
    Integer repeats;

    @Override
    public Integer call() {
        Lambda2.Estimator e = switch (estimator) {
            case "counts" -> Lambda2.Estimator.COUNTS;
            case "rao-blackwell" -> Lambda2.Estimator.RAO_BLACKWELL;
            case "exact" -> Lambda2.Estimator.EXACT;
            default -> throw new InputException("option --estimator: '" + estimator
                    + "' is not one of counts, rao-blackwell, exact");
        };
        if (repeats != null && repeats < 1) {
            throw new InputException("option --repeats: must be positive, got " + repeats);
        }
        Rbm rbm = ModelLoading.layer(model, 0);
        if (rbm.numVisible() > BgsTransitionMatrix.MAX_VISIBLE) {
            throw new InputException("option --model: lambda2 enumerates 2^n x 2^n transitions, n <= "
                    + BgsTransitionMatrix.MAX_VISIBLE + ", layer 0 has n = " + rbm.numVisible());
        }
        if (e == Lambda2.Estimator.EXACT && rbm.numHidden() > 16) {
            throw new InputException("option --estimator: exact needs m <= 16, layer 0 has m = " + rbm.numHidden());
        }
        Lambda2.Result r = Lambda2.estimate(rbm, e, repeats == null ? 0 : repeats, common.rng(), cost.guard());
        ObjectNode result = Output.object();
        result.put("lambda2", r.lambda2());
        result.put("relaxationTime", r.relaxationTime());
        Output.print(common, result, x -> String.format("lambda2 = %.10g, relaxation time %.6g steps (%s)",
                r.lambda2(), r.relaxationTime(), estimator));
        return 0;
    }
}
