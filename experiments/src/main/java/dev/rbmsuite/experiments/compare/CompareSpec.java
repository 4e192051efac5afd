package dev.rbmsuite.experiments.compare;

import dev.rbmsuite.experiments.sampling.KernelCost;
import dev.rbmsuite.experiments.sampling.KernelVariant;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.TrainingProblem;
import dev.rbmsuite.kernels.KernelOrigin;
import dev.rbmsuite.kernels.KernelRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code rbm compare} runs: the paper's protocol (section 5.1: semi-second-order SMCI, AdaMax,
 * persistent chains, one kernel transition per update) for every kernel on one problem, T trials
 * each. The first kernel is the baseline every other kernel is compared with.
 *
 * @param dataName the data set's name (a registered name or the file's name), for the report
 * @param problem the data, hidden sizes, learning rate, N_s and kernel parameters
 * @param kernels installed kernel names, baseline first
 * @param trials T, trials per kernel
 * @param epochs E, full-batch updates per trial
 * @param evalEvery log-likelihood cadence in epochs (divides E)
 * @param aisTemperatures mAIS K where the log-likelihood is not exact (docs/methods.md section 7.2)
 * @param aisRuns mAIS N where the log-likelihood is not exact
 * @param tvSteps transitions of the TV comparison per start (0: none)
 * @param tvChains N_c chains per start of the TV comparison
 * @param tvStarts persistent chains of the trained model that start the TV runs
 */
public record CompareSpec(String dataName, TrainingProblem problem, List<String> kernels, int trials, int epochs,
                          int evalEvery, int aisTemperatures, int aisRuns, int tvSteps, int tvChains, int tvStarts) {
    /** The data set name every configuration of a comparison carries (names its trial folders). */
    static final String GROUP = "compare";

    /** Copies the kernel list. */
    public CompareSpec {
        kernels = List.copyOf(kernels);
    }

    /**
     * @param kernel a kernel name
     * @return L: the stack's upper layers for a kernel that uses them, 0 otherwise
     */
    int upperLayers(String kernel) {
        return KernelRegistry.installed().factory(KernelVariant.nameOf(kernel)).usesUpperLayers()
                ? problem.hidden().length - 1 : 0;
    }

    /**
     * @param kernel an entry of {@link #kernels()}
     * @return its conditional sweeps of the bottom layer per transition with the parameters it runs
     *     with ({@link KernelCost}), the unit of the comparisons per unit of work
     */
    public double bottomSweeps(String kernel) {
        return KernelCost.bottomSweeps(kernel, problem.data().dimension(), problem.kernelParams(kernel));
    }

    /** @return one training configuration per kernel, baseline first */
    /**
     * @return the names of the folders the comparison keeps its trials in, one per kernel for its training
     *     ({@code training/NAME}) and one for its TV chains ({@code trials/NAME}), so that a name the file
     *     system cannot hold is refused before the first trial
     */
    public List<String> groupNames() {
        List<String> names = new ArrayList<>();
        for (RunConfig c : configs()) {
            names.add(c.name());
        }
        for (String k : kernels) {
            names.add(GROUP + "-" + k);
        }
        return names;
    }

    List<RunConfig> configs() {
        List<RunConfig> out = new ArrayList<>();
        for (String k : kernels) {
            out.add(new RunConfig(GROUP, k, upperLayers(k), epochs, evalEvery, 0, 0, 0, aisTemperatures, aisRuns,
                    aisTemperatures, aisRuns, false, trials));
        }
        return out;
    }

    /** @return every setting, for the manifest and the kept trials */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("data", dataName);
        m.put("kernels", kernels);
        m.put("trials", trials);
        m.put("epochs", epochs);
        m.put("evalEvery", evalEvery);
        m.put("aisTemperatures", aisTemperatures);
        m.put("aisRuns", aisRuns);
        m.put("tvSteps", tvSteps);
        m.put("tvChains", tvChains);
        m.put("tvStarts", tvStarts);
        m.putAll(problem.asMap());
        Map<String, Double> sweeps = new LinkedHashMap<>();
        for (String k : kernels) {
            sweeps.put(k, bottomSweeps(k));
        }
        m.put("bottomSweepsPerStep", sweeps);
        Map<String, Object> records = new LinkedHashMap<>();
        for (String k : kernels) {
            KernelVariant v = KernelVariant.parse(k);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("name", v.name());
            r.put("parameters", KernelRegistry.resolved(v.factory(), problem.kernelParams(k)));
            r.putAll(KernelOrigin.of(v.factory()).asMap());
            records.put(k, r);
        }
        m.put("kernelRecords", records); // what each ran with (defaults written out) and where it came from
        return m;
    }
}
