package dev.rbmsuite.experiments;

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
    private final int threads;
    private final PrintStream progress;
    private final long startNanos = System.nanoTime();

    /**
     * @param figureId the figure's id, for example "fig6"
     * @param dir the figure's output folder
     * @param scale how much work to do
     * @param seed the root seed
     * @param threads how many independent trials may run at once
     * @param progress where progress lines go (stderr)
     */
    public ExperimentContext(String figureId, Path dir, Scale scale, long seed, int threads, PrintStream progress) {
        this.figureId = figureId;
        this.dir = dir;
        this.scale = scale;
        this.seed = seed;
        this.threads = Math.max(1, threads);
        this.progress = progress;
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
    public java.util.List<String> render(dev.rbmsuite.plots.Figure figure, String name) throws java.io.IOException {
        dev.rbmsuite.core.io.AtomicFiles.write(file(name + ".png"), dev.rbmsuite.plots.render.FigureRenderer.png(figure));
        dev.rbmsuite.core.io.AtomicFiles.write(file(name + ".svg"), dev.rbmsuite.plots.render.FigureRenderer.svg(figure));
        return java.util.List.of(name + ".png", name + ".svg");
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
