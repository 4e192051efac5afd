package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RangeException;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.AisResult;
import dev.rbmsuite.diagnostics.ais.AnnealingSchedule;
import dev.rbmsuite.diagnostics.ais.BaseRate;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
import dev.rbmsuite.diagnostics.exact.ExactLikelihood;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code loglik}: the mean log-likelihood of a data file under layer 0 (paper Eq. log_likelihood),
 * with ln Z exact or from mAIS (base-rate start from the same data, piecewise schedule; docs/methods.md
 * sections 1.3-1.4 and 7.2).
 */
@Command(name = "loglik", description = "Mean log-likelihood of a data file under layer 0 (exact or mAIS log Z).")
final class LoglikCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    CostOptions cost;

    @Option(names = "--model", required = true, paramLabel = "DIR", description = "model folder")
    Path model;

    @Option(names = "--data", required = true, paramLabel = "FILE.csv", description = "data file (v0..v{n-1}[,label])")
    Path data;

    @Option(names = "--method", required = true, paramLabel = "exact|mais", description = "how to get log Z")
    String method;

    @Mixin
    AnnealingOptions annealing;

    @Override
    public Integer call() {
        LogZMethod how = Choices.parse("--method", method, LogZMethod::parseLoglik);
        annealing.validate();
        Rbm rbm = ModelLoading.layer(model, 0);
        if (how == LogZMethod.MAIS) {
            annealing.requireMemory(rbm);
        }
        BinaryDataset d = DataFiles.read(data, rbm.numVisible(), "--data");
        double[] values = d.toArray();
        ObjectNode result = Output.object();
        double logZ;
        if (how == LogZMethod.EXACT) {
            if (Math.min(rbm.numVisible(), rbm.numHidden()) > 30) {
                throw new InputException("option --method: exact enumeration needs min(n, m) <= 30, got n = "
                        + rbm.numVisible() + ", m = " + rbm.numHidden());
            }
            logZ = ExactLogZ.logZ(rbm, cost.guard());
        } else {
            AisOptions o = new AisOptions(AnnealingSchedule.piecewise(annealing.temperatures), annealing.runs,
                    BaseRate.visibleBias(values, d.size(), d.dimension()));
            AisResult r = MarginalAis.estimate(rbm, o, common.rng());
            logZ = r.logZ();
            result.put("stderr", Ranges.nonNegative("stderr", r.stdErr()));
            result.put("ess", Ranges.nonNegative("ess", r.ess()));
        }
        Ranges.finite("logZ", logZ);
        double ll = how == LogZMethod.EXACT ? ExactLikelihood.checkedLogLikelihood(rbm, logZ, values, d.size())
                : ExactLikelihood.logLikelihood(rbm, logZ, values, d.size());
        if (how == LogZMethod.MAIS && !(ll <= 0)) {
            throw new RangeException("logLikelihood = " + ll + " is a log-probability, so it must be <= 0: the mAIS"
                    + " estimate log Z = " + logZ + " is too low (try more --runs or --temperatures)");
        }
        result.put("logLikelihood", Ranges.logProbability("logLikelihood", ll));
        result.put("logZ", logZ);
        Output.print(common, result, r -> String.format("mean log-likelihood %.10g (log Z = %.10g, %s)",
                r.get("logLikelihood").asDouble(), logZ, how.optionName()));
        return 0;
    }
}
