package dev.rbmsuite.experiments;

import dev.rbmsuite.core.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials of the figures as units of work for an outside scheduler ({@code figure --list-trials},
 * {@code --trial ID}, {@code --render-only}; docs/contract.md "Figures on a cluster").
 *
 * <p>A trial's id is {@code FOLDER/GROUP/R}: trial R of group GROUP kept in
 * {@code ROOT/training/GROUP/trial-R.csv} (FOLDER {@code training}, the training runs several
 * figures share) or in {@code ROOT/FOLDER/trials/GROUP/trial-R.csv} (a figure's own trials, FOLDER
 * its id). Training trials need nothing else; a figure's own trials may read finished training
 * trials (figures 8 and 9 sample from the best trained model), so a scheduler runs every
 * {@code training/...} id before the others. The list is derived from the same configurations the
 * figures run, and {@link Trials} refuses at render time any trial the list did not announce.
 */
public final class TrialUnits {
    /** The folder of the shared training runs. */
    public static final String TRAINING = "training";

    private TrialUnits() {
    }

    /** How a group's trials are run: the figure's own code path, with the unit selected in the context. */
    @FunctionalInterface
    public interface Runner {
        /**
         * Runs the figure code that reaches the group's trials ({@link Trials#run} runs the selected one
         * and stops the run with {@link Done}).
         *
         * @param ctx a context of the owning figure with the unit selected
         * @throws Exception on failure
         */
        void run(ExperimentContext ctx) throws Exception;
    }

    /**
     * A group of independent trials.
     *
     * @param folder {@value #TRAINING} or the owning figure's id
     * @param name the group name (a training configuration, or a figure's own group)
     * @param count the number of trials
     * @param runner the code path that runs them
     */
    public record Group(String folder, String name, int count, Runner runner) {
        /**
         * @param root the figures' root
         * @return the folder holding the group's trials
         */
        public Path dir(Path root) {
            return groupDir(root, folder, name);
        }

        /**
         * @param r a trial index
         * @return the trial's id
         */
        public String id(int r) {
            return folder + "/" + name + "/" + r;
        }
    }

    /**
     * One selected trial.
     *
     * @param id its id
     * @param group its group
     * @param trial its index
     * @param groupDir the absolute, normalised folder of its group
     */
    public record Selection(String id, Group group, int trial, Path groupDir) {
    }

    /** Ends a figure's code path once the selected trial is kept: a control-flow signal, never an error. */
    public static final class Done extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Done() {
            super("trial finished", null, false, false);
        }
    }

    /**
     * @param root the figures' root
     * @param folder {@value #TRAINING} or a figure id
     * @param name the group name
     * @return {@code root/training/name} or {@code root/folder/trials/name}
     */
    public static Path groupDir(Path root, String folder, String name) {
        return folder.equals(TRAINING) ? root.resolve(TRAINING).resolve(name)
                : root.resolve(folder).resolve("trials").resolve(name);
    }

    /**
     * @param root the figures' root
     * @param groupDir a group's folder below it
     * @param r a trial index
     * @return the trial's id
     */
    static String idOf(Path root, Path groupDir, int r) {
        Path rel = root.toAbsolutePath().normalize().relativize(groupDir.toAbsolutePath().normalize());
        String folder = rel.getName(0).toString();
        return folder + "/" + rel.getFileName() + "/" + r;
    }

    /**
     * The groups the figures need, each once (training runs shared by several figures are listed by
     * the first), training groups first, then the figures' own groups in figure order.
     *
     * @param experiments the figures
     * @param scale the scale
     * @return the groups
     */
    public static List<Group> groups(List<Experiment> experiments, Scale scale) {
        Map<String, Group> training = new LinkedHashMap<>();
        Map<String, Group> own = new LinkedHashMap<>();
        for (Experiment e : experiments) {
            for (Group g : e.trialGroups(scale)) {
                (g.folder().equals(TRAINING) ? training : own).putIfAbsent(g.folder() + "/" + g.name(), g);
            }
        }
        List<Group> out = new ArrayList<>(training.values());
        out.addAll(own.values());
        return out;
    }

    /**
     * @param groups the groups
     * @return every trial id, in order
     */
    public static List<String> ids(List<Group> groups) {
        List<String> out = new ArrayList<>();
        for (Group g : groups) {
            for (int r = 0; r < g.count(); r++) {
                out.add(g.id(r));
            }
        }
        return out;
    }

    /**
     * @param groups the groups
     * @param id a trial id
     * @param root the figures' root
     * @return the selection
     * @throws InputException naming the option if the figures need no such trial
     */
    public static Selection select(List<Group> groups, String id, Path root) {
        for (Group g : groups) {
            for (int r = 0; r < g.count(); r++) {
                if (g.id(r).equals(id)) {
                    return new Selection(id, g, r, g.dir(root).toAbsolutePath().normalize());
                }
            }
        }
        throw new InputException("option --trial: the figures need no trial '" + id
                + "' at this scale (list them with --list-trials)");
    }

    /**
     * @param groups the groups
     * @param root the figures' root
     * @return the ids of the trials whose table is not kept under root, in order
     */
    public static List<String> missing(List<Group> groups, Path root) {
        List<String> out = new ArrayList<>();
        for (Group g : groups) {
            for (int r = 0; r < g.count(); r++) {
                if (!Files.isRegularFile(g.dir(root).resolve("trial-" + r + ".csv"))) {
                    out.add(g.id(r));
                }
            }
        }
        return out;
    }
}
