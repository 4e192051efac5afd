package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.Ranges;
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
        Lambda2.Estimator e = Choices.parse("--estimator", estimator, Lambda2.Estimator::parse);
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
        long states = 1L << rbm.numVisible();
        // the transition matrix estimate and the projected symmetric matrix, 2^n x 2^n each, plus the eigen solver's copy
        Memory.require(Memory.doubles(3, states, states), "option --model: lambda2 of n = " + rbm.numVisible()
                + " visible units (three 2^n x 2^n matrices)");
        Lambda2.Result r = Lambda2.estimate(rbm, e, repeats == null ? 0 : repeats, common.rng(), cost.guard());
        ObjectNode result = Output.object();
        double l2 = r.lambda2();
        if (e == Lambda2.Estimator.EXACT) {
            // the exact matrix is stochastic: its eigenvalues lie in [-1, 1], up to rounding
            Ranges.eigenvalue("lambda2", l2 > 1 && l2 <= 1 + 1e-12 ? 1.0 : l2 < -1 && l2 >= -1 - 1e-12 ? -1.0 : l2);
        } else {
            Ranges.finite("lambda2", l2);
        }
        result.put("lambda2", l2);
        // An estimate (counts, rao-blackwell) is not guaranteed to lie in [-1, 1]: it is flagged, not refused.
        boolean inRange = Ranges.isEigenvalue(l2);
        result.put("lambda2InRange", inRange);
        double t = r.relaxationTime();
        if (Double.isFinite(t) && t >= 0 && inRange) {
            result.put("relaxationTime", t);
        } else {
            // lambda2 = 1 (the chain does not mix in float64) or outside [-1, 1]: no finite relaxation time exists
            result.putNull("relaxationTime");
        }
        Output.print(common, result, x -> String.format("lambda2 = %.10g, relaxation time %s steps (%s)%s",
                l2, result.get("relaxationTime").isNull() ? "undefined (infinite)" : String.format("%.6g", t), e.optionName(),
                inRange ? "" : "; warning: the estimate lies outside [-1, 1], where no eigenvalue of a stochastic matrix can"));
        return 0;
    }
}
