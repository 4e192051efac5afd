package dev.rbmsuite.experiments.training;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.sampling.KernelVariant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a training configuration is trained on: the data, the hidden sizes of the full stack
 * (m_0, m_1, ...; a configuration with L upper layers uses the first L + 1), the AdaMax learning
 * rate, N_s and the kernel's parameters. The paper's figures take it from Table 1
 * ({@link #paper}); {@code rbm compare} from the user's options.
 *
 * @param data the training data
 * @param hidden hidden sizes of the full stack, bottom first
 * @param learningRate AdaMax learning rate epsilon
 * @param samples N_s, persistent chains per layer
 * @param kernelParams the kernel's parameters by name (empty for its defaults)
 * @param batchSize rows per update: 0 for the full batch (the paper's update), else mini-batches
 *     (TrainingSettings#batchSize)
 * @param dataSha256 the SHA-256 of the data's rows (core.io.DataDigest), recorded with the kept
 *     trials where the data come from the user ({@code rbm compare}); {@code null} for the paper's
 *     data sets, which are identified by their name and the seed they are generated from
 */
public record TrainingProblem(BinaryDataset data, int[] hidden, double learningRate, int samples,
                              Map<String, String> kernelParams, int batchSize, String dataSha256) {
    /** Copies the arrays and maps. */
    public TrainingProblem {
        hidden = hidden.clone();
        kernelParams = Collections.unmodifiableMap(new TreeMap<>(kernelParams));
        if (batchSize < 0) {
            throw new IllegalArgumentException("batch size must be non-negative, got " + batchSize);
        }
    }

    /**
     * A full-batch problem without a recorded data digest (the paper's protocol).
     *
     * @param data the training data
     * @param hidden hidden sizes of the full stack, bottom first
     * @param learningRate AdaMax learning rate epsilon
     * @param samples N_s, persistent chains per layer
     * @param kernelParams the kernel's parameters by name (empty for its defaults)
     */
    public TrainingProblem(BinaryDataset data, int[] hidden, double learningRate, int samples,
                           Map<String, String> kernelParams) {
        this(data, hidden, learningRate, samples, kernelParams, 0, null);
    }

    /**
     * @param dataset one of the paper's data sets
     * @param seed the root seed (synthetic data sets are generated from it)
     * @return the data set with its Table 1 settings and m_1..m_3 = 50, 25, 12
     */
    public static TrainingProblem paper(String dataset, long seed) {
        PaperData.Setting s = PaperData.setting(dataset);
        return new TrainingProblem(PaperData.dataset(dataset, seed), PaperData.stackHidden(s.hidden(), 3),
                s.learningRate(), s.samples(), Map.of());
    }

    /**
     * @param upperLayers L
     * @return m_0, ..., m_L
     * @throws IllegalArgumentException if the stack has fewer layers
     */
    public int[] stack(int upperLayers) {
        if (upperLayers + 1 > hidden.length) {
            throw new IllegalArgumentException("hidden: " + (upperLayers + 1) + " sizes needed, " + hidden.length + " given");
        }
        return Arrays.copyOf(hidden, upperLayers + 1);
    }

    /**
     * @param kernel an installed kernel's name, or a variant with parameters of its own
     *     ({@link KernelVariant}: {@code NAME:k=v})
     * @return the kernel parameters that kernel declares (the others are meant for other kernels),
     *     overridden by the variant's own
     */
    public Map<String, String> kernelParams(String kernel) {
        return KernelVariant.parse(kernel).params(kernelParams);
    }

    /**
     * @param kernel an installed kernel's name, or a variant with parameters of its own
     * @return the shared parameters ({@code --kernel-param}) that this kernel declares, by name: what
     *     a kernel's kept trials record as {@code kernelParams} (a variant's own parameters are in its
     *     name), so that a parameter meant for another kernel does not tie this kernel's trials to it
     */
    public Map<String, String> sharedKernelParams(String kernel) {
        Map<String, String> declared = KernelVariant.parse(kernel).factory().parameters();
        Map<String, String> m = new TreeMap<>(kernelParams);
        m.keySet().retainAll(declared.keySet());
        return Collections.unmodifiableMap(m);
    }

    /**
     * @return the settings the trials depend on beyond the configuration's own (recorded with the
     *     kept trials, so that a change is refused): the data's shape and content hash (and SHA-256
     *     where recorded), the hidden sizes, learning rate, N_s, kernel parameters and a mini-batch size
     */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dataRows", data.size());
        m.put("dataColumns", data.dimension());
        m.put("dataHash", Long.toHexString(Arrays.hashCode(data.toArray()) & 0xffffffffL));
        m.put("hidden", Arrays.stream(hidden).boxed().toList());
        m.put("learningRate", learningRate);
        m.put("samples", samples);
        m.put("kernelParams", kernelParams);
        // recorded only where they apply, so that the kept trials of earlier versions stay valid:
        // Arrays.hashCode of 0/1 rows varies in few bits (two edited cells can keep it), so user data
        // are identified by their SHA-256; a mini-batch size is part of what the trials computed
        if (dataSha256 != null) {
            m.put("dataSha256", dataSha256);
        }
        if (batchSize != 0) {
            m.put("batchSize", batchSize);
        }
        return m;
    }
}
