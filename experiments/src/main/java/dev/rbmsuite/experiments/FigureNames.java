package dev.rbmsuite.experiments;

import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.OutputFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a {@code figure} command will create below its root, the deepest of each kind of folder,
 * so that the command line can check their names against the file system before the first trial
 * (issue 37, "names checked before work"): the root's manifest and report, each figure's manifest,
 * and for each group of trials its last trial's files, with the model folder a training trial keeps
 * (experiments.training.TrainedModel writes {@code trial-R/model/} and {@code trial-R/chains-layerK.npy})
 * and, with {@code --restart}, the name its folder is moved aside to. The names below the root are
 * the suite's own and short; what they check is the root's own names and the length of the whole path.
 */
public final class FigureNames {
    private FigureNames() {
    }

    /**
     * @param experiments the figures to run
     * @param scale how much work
     * @param root the figures' root
     * @param restart whether kept groups of other settings may be moved aside
     * @return the files a run of whole figures creates
     */
    public static List<Path> forRun(List<Experiment> experiments, Scale scale, Path root, boolean restart) {
        List<Path> files = forRender(experiments, root);
        for (TrialUnits.Group g : TrialUnits.groups(experiments, scale)) {
            files.addAll(group(g, root, g.count() - 1));
            if (restart) {
                Path dir = g.dir(root);
                files.add(dir.resolveSibling(dir.getFileName() + ".before-restart-1"));
            }
        }
        return files;
    }

    /**
     * @param experiments the figures
     * @param scale how much work
     * @param root the figures' root
     * @param id the trial's id (from {@code --list-trials})
     * @return the files {@code figure --trial ID} creates: the root's manifest and the trial's own
     */
    public static List<Path> forTrial(List<Experiment> experiments, Scale scale, Path root, String id) {
        TrialUnits.Selection unit = TrialUnits.select(TrialUnits.groups(experiments, scale), id, root);
        List<Path> files = new ArrayList<>(List.of(root.resolve(OutputFolder.MANIFEST)));
        files.addAll(group(unit.group(), root, unit.trial()));
        return files;
    }

    /**
     * @param experiments the figures
     * @param root the figures' root
     * @return the files {@code figure --render-only} creates: the root's and each figure's manifest
     *     and report files
     */
    public static List<Path> forRender(List<Experiment> experiments, Path root) {
        List<Path> files = new ArrayList<>(List.of(root.resolve(OutputFolder.MANIFEST), root.resolve("index.html")));
        for (Experiment e : experiments) {
            files.add(root.resolve(e.id()).resolve(OutputFolder.MANIFEST));
        }
        return files;
    }

    /** @return the deepest files of trial r of a group: its lock, time and, for training, model and chains */
    private static List<Path> group(TrialUnits.Group g, Path root, int r) {
        Path dir = g.dir(root);
        List<Path> files = new ArrayList<>();
        files.add(dir.resolve(".trial-" + r + ".lock"));
        files.add(dir.resolve("trial-" + r + ".seconds"));
        if (g.folder().equals(TrialUnits.TRAINING)) {
            Path trial = dir.resolve("trial-" + r);
            files.addAll(ModelStore.files(trial.resolve("model"), 1));
            files.add(trial.resolve("chains-layer0.npy"));
        }
        return files;
    }
}
