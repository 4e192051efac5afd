package dev.rbmsuite.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Ranges;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.diagnostics.ais.AisOptions;
import dev.rbmsuite.diagnostics.ais.AisResult;
import dev.rbmsuite.diagnostics.ais.AnnealingSchedule;
import dev.rbmsuite.diagnostics.ais.JointAis;
import dev.rbmsuite.diagnostics.ais.MarginalAis;
import dev.rbmsuite.diagnostics.ais.ReverseAis;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.diagnostics.exact.VisibleDistribution;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logz}: the log partition function of one layer, exactly (enumeration of the smaller layer,
 * min(n, m) &lt;= 30) or by mAIS, joint AIS or reverse AIS (docs/methods.md section 1; uniform base,
 * Salakhutdinov-Murray piecewise schedule rescaled to the number of temperatures). Reverse AIS starts
 * from exact samples when n &lt;= 20 and otherwise from BGS chains run for {@value #RAIS_BURN_IN} sweeps
 * from uniform (approximate: the upper-bound property then holds only as far as they have mixed).
 */
@Command(name = "logz", description = "Log partition function of a layer: exact, mAIS, AIS or reverse AIS.")
final class LogzCommand implements Callable<Integer> {
    static final int RAIS_BURN_IN = 10_000;
    static final int EXACT_START_MAX_VISIBLE = 20;

    @Mixin
    CommonOptions common;

    @Mixin
    CostOptions cost;

    @Option(names = "--model", required = true, paramLabel = "DIR", description = "model folder")
    Path model;

    @Option(names = "--layer", paramLabel = "K", description = "layer (default ${DEFAULT-VALUE})")
    int layer = 0;

    @Option(names = "--method", required = true, paramLabel = "exact|mais|ais|rais", description = "estimator")
    String method;

    @Mixin
    AnnealingOptions annealing;

    @Override
    public Integer call() {
        LogZMethod how = Choices.parse("--method", method, LogZMethod::parse);
        annealing.validate();
        Rbm rbm = ModelLoading.layer(model, layer);
        if (how != LogZMethod.EXACT) {
            annealing.requireMemory(rbm);
        }
        ObjectNode result = Output.object();
        long t0 = System.nanoTime();
        if (how == LogZMethod.EXACT) {
            if (Math.min(rbm.numVisible(), rbm.numHidden()) > 30) {
                throw new InputException("option --method: exact enumeration needs min(n, m) <= 30, layer " + layer
                        + " has n = " + rbm.numVisible() + ", m = " + rbm.numHidden());
            }
            result.put("logZ", Ranges.finite("logZ", ExactLogZ.logZ(rbm, cost.guard())));
        } else {
            AisOptions o = new AisOptions(AnnealingSchedule.piecewise(annealing.temperatures), annealing.runs, null);
            Rng rng = common.rng();
            AisResult r = switch (how) {
                case MAIS -> MarginalAis.estimate(rbm, o, rng);
                case AIS -> JointAis.estimate(rbm, o, rng);
                case RAIS -> ReverseAis.estimate(rbm, o, modelStates(rbm, annealing.runs, rng.fork(1), cost.guard()), rng.fork(2));
                case EXACT -> throw new IllegalStateException("exact log Z is enumerated above");
            };
            result.put("logZ", Ranges.finite("logZ", r.logZ()));
            result.put("stderr", Ranges.nonNegative("stderr", r.stdErr()));
            result.put("logWeightSd", Ranges.nonNegative("logWeightSd", r.logWeightSd()));
            result.put("ess", Ranges.nonNegative("ess", r.ess()));
        }
        result.put("method", how.optionName());
        result.put("seconds", (System.nanoTime() - t0) / 1e9);
        Output.print(common, result, r -> String.format("log Z = %.10g (%s%s), %.2f s", r.get("logZ").asDouble(), how.optionName(),
                r.has("stderr") ? String.format(", stderr %.3g, ESS %.1f", r.get("stderr").asDouble(),
                        r.get("ess").asDouble()) : "", r.get("seconds").asDouble()));
        return 0;
    }

    /** Exact samples for n &lt;= 20, otherwise the end states of long BGS chains from uniform. */
    static double[] modelStates(Rbm rbm, int count, Rng rng, CostGuard guard) {
        int n = rbm.numVisible();
        if (n <= EXACT_START_MAX_VISIBLE) {
            return VisibleDistribution.of(rbm, guard).sample(count, rng);
        }
        int m = rbm.numHidden();
        double[] v = new double[count * n];
        double[] h = new double[count * m];
        double[] scratch = new double[count * Math.max(n, m)];
        Arrays.fill(v, 0.5);
        rng.bernoulliInPlace(v, 0, v.length, scratch);
        for (int s = 0; s < RAIS_BURN_IN; s++) {
            rbm.sampleHidden(v, count, h, rng, scratch);
            rbm.sampleVisible(h, count, v, rng, scratch);
        }
        return v;
    }
}
