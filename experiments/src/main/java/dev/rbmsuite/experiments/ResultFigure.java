package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.plots.Figure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A figure in three steps: {@link #compute} runs the trials and gathers their numbers into a result
 * record R; {@link #write} keeps the raw numbers as CSV; {@link #plot} and {@link #claims} are pure
 * functions of R. {@link #read} rebuilds R from the CSVs alone, so {@code rbm report --from DIR}
 * re-plots and re-judges a figure without training anything, and a reader can audit each verdict
 * from the committed numbers.
 *
 * @param <R> the figure's result record
 */
public abstract class ResultFigure<R> implements Experiment {
    /**
     * Runs (or resumes) the trials.
     *
     * @param ctx folder, scale, seed, threads
     * @return the result
     * @throws Exception on failure
     */
    protected abstract R compute(ExperimentContext ctx) throws Exception;

    /**
     * Writes the raw numbers of a result.
     *
     * @param result the result
     * @param dir the figure's folder
     * @return the file names written, relative to dir
     * @throws IOException on write failure
     */
    protected abstract List<String> write(R result, Path dir) throws IOException;

    /**
     * Writes the files that {@link #write} derives from the raw numbers (a figure's means or
     * summaries), so that {@code report --from} recomputes them from the trials it has read and
     * checked rather than copying them as they are: an edited mean or summary never reaches the
     * rebuilt folder. {@link #write} writes them through this method.
     *
     * @param result the result
     * @param dir the figure's folder
     * @return the names written, relative to dir (none by default: every file is raw)
     * @throws IOException on write failure
     */
    protected List<String> writeDerived(R result, Path dir) throws IOException {
        return List.of();
    }

    /**
     * Reads a result back from the files {@link #write} wrote (files an older version did not
     * write are absent: the claims that need them say so).
     *
     * @param dir the figure's folder
     * @param manifest the figure's manifest (seed, settings)
     * @return the result
     * @throws IOException on read failure
     */
    protected abstract R read(Path dir, JsonNode manifest) throws IOException;

    /**
     * @param result the result
     * @return the figure
     */
    public abstract Figure plot(R result);

    /**
     * @param result the result
     * @return the paper's claims and the suite's own checks, undecided
     */
    public abstract List<Claim> claims(R result);

    /**
     * @param result the result
     * @return plain findings shown under the claims (descriptive numbers that decide nothing)
     */
    public List<String> notes(R result) {
        return List.of();
    }

    /**
     * @param result the result
     * @return the caption
     */
    public abstract String caption(R result);

    /**
     * @param result the result
     * @return every setting it was computed with
     */
    protected abstract Map<String, Object> settings(R result);

    @Override
    public final FigureOutcome run(ExperimentContext ctx) throws Exception {
        R result = compute(ctx);
        List<String> data = write(result, ctx.dir());
        return outcome(result, ctx.dir(), data, settings(result), ctx.computeSeconds());
    }

    /**
     * Re-plots and re-judges a figure from its raw numbers.
     *
     * @param from the figure's folder with the raw CSVs
     * @param to the folder the images go to (may be {@code from})
     * @param manifest the figure's manifest as recorded by the run (settings, compute time)
     * @param data the raw files kept next to the images
     * @return the outcome
     * @throws IOException on read or write failure
     */
    public final FigureOutcome rebuild(Path from, Path to, JsonNode manifest, List<String> data) throws IOException {
        R result = read(from, manifest);
        // recomputed from the trials just read (over the copies of the source's files)
        writeDerived(result, to);
        @SuppressWarnings("unchecked")
        Map<String, Object> settings = FigureRunner.json().convertValue(manifest.path("settings"), Map.class);
        double compute = manifest.path("computeSeconds").isNumber() ? manifest.path("computeSeconds").asDouble()
                : Double.NaN;
        return outcome(result, to, data, settings, compute);
    }

    private FigureOutcome outcome(R result, Path dir, List<String> data, Map<String, Object> settings, double compute)
            throws IOException {
        List<String> files = new ArrayList<>(FigureFiles.render(plot(result), dir, id()));
        files.addAll(data);
        List<Decision> decisions = ClaimEngine.decideAll(claims(result));
        return new FigureOutcome(caption(result), files, settings, decisions, notes(result), compute);
    }
}
