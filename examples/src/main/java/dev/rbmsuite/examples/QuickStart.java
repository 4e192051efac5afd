package dev.rbmsuite.examples;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.diagnostics.exact.ExactLikelihood;
import dev.rbmsuite.diagnostics.exact.ExactLogZ;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.learning.train.Trainer;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.util.Map;

/**
 * The suite as a library in about thirty lines: a data set, joint training of an RBM stack with the
 * round-trip kernel, the exact log-likelihood of the trained RBM, and samples from it. Run with
 * {@code java --add-modules jdk.incubator.vector -cp ... dev.rbmsuite.examples.QuickStart}.
 */
public final class QuickStart {
    private QuickStart() {
    }

    /**
     * @param epochs training epochs
     * @return {initial log-likelihood, final log-likelihood, mean activity of 500 samples}
     */
    public static double[] run(int epochs) {
        // the settings first: a library call that checks for the Vector API module before any
        // vectorised class (Rng among them) is linked (docs/architecture.md, "The Vector API module")
        TrainingSettings settings = TrainingSettings.builder().kernel("roundtrip").hidden(8, 4, 2)
                .epochs(epochs).learningRate(0.05).samples(50).seed(7).build();
        BinaryDataset data = Datasets.create("pentagon", Map.of("n", "12"), Rng.seeded(1));
        Trainer trainer = new Trainer(settings, data.toArray(), data.size(), data.dimension());
        double before = logLikelihood(trainer.model().bottom(), data);
        while (trainer.epoch() < settings.epochs()) {
            trainer.update();
        }
        double after = logLikelihood(trainer.model().bottom(), data);
        TransitionKernel kernel = KernelRegistry.installed().create("roundtrip", trainer.model());
        ChainState chains = kernel.init(500, Rng.seeded(8));
        Rng steps = Rng.seeded(9);
        for (int t = 0; t < 200; t++) {
            kernel.advance(steps.fork(t), chains); // a fresh stream per transition
        }
        double activity = chains.visible(0).meanNumber().doubleValue();
        return new double[] {before, after, activity};
    }

    private static double logLikelihood(Rbm rbm, BinaryDataset data) {
        return ExactLikelihood.logLikelihood(rbm, ExactLogZ.logZ(rbm), data.toArray(), data.size());
    }

    /** @param args unused */
    public static void main(String[] args) {
        double[] r = run(300);
        System.out.printf("log-likelihood %.4f -> %.4f; mean sample activity %.3f%n", r[0], r[1], r[2]);
    }
}
