package dev.rbmsuite.experiments;

import dev.rbmsuite.plots.Figure;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.DoubleAdder;
import dev.rbmsuite.core.Rng;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Everything a figure experiment needs to run: its output folder, the scale, the seed from which
 * all its randomness flows, how many trials may run at once, and a progress channel (stderr).
 */
public final class ExperimentContext {
    private final String figureId;
    private final Path dir;
    private final Scale scale;
    private final long seed;
    private final long dataSeed;
    private final int threads;
    private final PrintStream progress;
    private final TrialUnits.Selection unit;
    private final boolean keptOnly;
    private final boolean restart;
    private final long startNanos = System.nanoTime();
    private final DoubleAdder computeSeconds = new DoubleAdder();
    private final AtomicInteger unrecorded = new AtomicInteger();

    /**
     * @param figureId the figure's id, for example "fig6"
     * @param dir the figure's output folder
     * @param scale how much work to do
     * @param seed the root seed
     * @param threads how many independent trials may run at once
     * @param progress where progress lines go (stderr)
     */
    public ExperimentContext(String figureId, Path dir, Scale scale, long seed, int threads, PrintStream progress) {
        this(figureId, dir, scale, seed, seed, threads, progress, null, false, false);
    }

    private ExperimentContext(String figureId, Path dir, Scale scale, long seed, long dataSeed, int threads,
                              PrintStream progress, TrialUnits.Selection unit, boolean keptOnly, boolean restart) {
        this.figureId = figureId;
        this.dir = dir;
        this.scale = scale;
        this.seed = seed;
        this.dataSeed = dataSeed;
        this.threads = Math.max(1, threads);
        this.progress = progress;
        this.unit = unit;
        this.keptOnly = keptOnly;
        this.restart = restart;
    }

    /**
     * @param selected one trial
     * @return this context running only that trial ({@code figure --trial}): other trials must be kept
     */
    public ExperimentContext forUnit(TrialUnits.Selection selected) {
        return new ExperimentContext(figureId, dir, scale, seed, dataSeed, threads, progress, selected, false, false);
    }

    /** @return this context running no trial: every trial must be kept ({@code figure --render-only}) */
    public ExperimentContext keptOnly() {
        return new ExperimentContext(figureId, dir, scale, seed, dataSeed, threads, progress, null, true, false);
    }

    /**
     * @param restart whether the user asked for a restart ({@code --restart})
     * @return this context, restarting groups whose kept trials were computed with other settings: their
     *     folders are moved aside (experiments Trials), never deleted; without it such groups are refused
     */
    public ExperimentContext withRestart(boolean restart) {
        return new ExperimentContext(figureId, dir, scale, seed, dataSeed, threads, progress, unit, keptOnly, restart);
    }

    /**
     * @param dataSeed the seed the paper's synthetic data sets are generated from ({@code figure
     *     --data-seed}); by default the root seed, so that replicates over seeds can share one data set
     *     while their initial parameters, trained models and chains are new
     * @return this context with that data seed
     */
    public ExperimentContext withDataSeed(long dataSeed) {
        return new ExperimentContext(figureId, dir, scale, seed, dataSeed, threads, progress, unit, keptOnly, restart);
    }

    /** @return the seed the synthetic data sets are generated from: the root seed unless set apart */
    public long dataSeed() {
        return dataSeed;
    }

    /** @return whether groups kept with other settings are moved aside and recomputed ({@code --restart}) */
    public boolean restart() {
        return restart;
    }

    /** @return the one trial to run, or null when every missing trial runs */
    public TrialUnits.Selection unit() {
        return unit;
    }

    /** @return whether trials are only read, never run */
    public boolean isKeptOnly() {
        return keptOnly;
    }

    /**
     * Whether the figure's code must reach a group of its own trials: always, unless one trial is
     * selected ({@code figure --trial}); then only the groups of this figure whose name starts with
     * the prefix, so a figure skips the groups it would otherwise run first.
     *
     * @param prefix a group name or its beginning (for example "islands-" or "islands-dt")
     * @return whether to go on
     */
    public boolean wants(String prefix) {
        return unit == null || unit.group().folder().equals(figureId) && unit.group().name().startsWith(prefix);
    }

    /** @return the figures' root: the parent of the figure's folder */
    public Path root() {
        return dir.toAbsolutePath().normalize().getParent();
    }

    /** @return the figure id */
    public String figureId() {
        return figureId;
    }

    /** @return the folder the figure writes into */
    public Path dir() {
        return dir;
    }

    /** @return the scale */
    public Scale scale() {
        return scale;
    }

    /** @return the root seed */
    public long seed() {
        return seed;
    }

    /** @return how many trials may run at once */
    public int threads() {
        return threads;
    }

    /**
     * The figure's own root stream: the same seed gives the same stream; different figures get
     * independent streams.
     *
     * @return a fresh copy of the figure's root stream
     */
    public Rng rng() {
        return Rng.seeded(seed).fork(label(figureId));
    }

    /**
     * @param name a file name
     * @return the path of that file inside the figure's folder
     */
    public Path file(String name) {
        return dir.resolve(name);
    }

    /**
     * Adds the compute time recorded with one trial the figure used (computed now or kept from an
     * earlier run).
     *
     * @param seconds the trial's recorded seconds, NaN when the kept trial has no record
     */
    public void addCompute(double seconds) {
        if (Double.isFinite(seconds)) {
            computeSeconds.add(seconds);
        } else {
            unrecorded.incrementAndGet();
        }
    }

    /**
     * @return the sum of the compute times recorded with every trial the figure used (trials run
     *     in parallel add up their own times), NaN if any trial has no record (kept by an older
     *     version), 0 for a figure without trials
     */
    public double computeSeconds() {
        return unrecorded.get() > 0 ? Double.NaN : computeSeconds.sum();
    }

    /** @param message a progress line, printed to stderr with the figure id and elapsed time */
    public synchronized void progress(String message) {
        double s = (System.nanoTime() - startNanos) / 1e9;
        progress.printf(Locale.ROOT, "[%s %7.1fs] %s%n", figureId, s, message);
        progress.flush();
    }

    /**
     * Renders a figure as {@code NAME.png} and {@code NAME.svg} in the figure's folder.
     *
     * @param figure the figure
     * @param name the file name without extension
     * @return the two file names, PNG first
     * @throws java.io.IOException on write failure
     */
    public List<String> render(Figure figure, String name) throws IOException {
        return FigureFiles.render(figure, dir, name);
    }

    /**
     * A stable numeric label for a name, for {@link Rng#fork(long...)}.
     *
     * @param name any string
     * @return a label that depends only on the characters of the name
     */
    public static long label(String name) {
        long h = 1125899906842597L;
        for (int i = 0; i < name.length(); i++) {
            h = 31 * h + name.charAt(i);
        }
        return h;
    }
}
