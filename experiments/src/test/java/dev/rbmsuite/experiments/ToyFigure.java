package dev.rbmsuite.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A figure small enough for the runner's and the report's tests: {@link #TRIALS} kept trials of
 * {@link #ROWS} uniform draws in [10, 11) each, one beyond-the-paper claim (the per-trial mean
 * lies above 0, which holds whatever the draws), one line plot of 400 x 300 pixels. Its id
 * {@value #ID} is a figure folder name a figures root accepts.
 */
class ToyFigure extends ResultFigure<ToyFigure.Result> {
    static final String ID = "fig99";
    static final String CSV = "toy.csv";
    static final int TRIALS = 3;
    static final int ROWS = 4;

    /** @param values trial, row, value */
    record Result(CsvTable values) {
        double[] perTrialMeans() {
            double[] t = values.doubles("trial");
            double[] v = values.doubles("value");
            double[] sum = new double[TRIALS];
            int[] n = new int[TRIALS];
            for (int r = 0; r < t.length; r++) {
                sum[(int) t[r]] += v[r];
                n[(int) t[r]]++;
            }
            for (int k = 0; k < TRIALS; k++) {
                sum[k] /= n[k];
            }
            return sum;
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "A toy figure";
    }

    @Override
    public List<TrialUnits.Group> trialGroups(Scale scale) {
        return List.of(new TrialUnits.Group(ID, "toy", TRIALS, this::compute));
    }

    @Override
    protected Result compute(ExperimentContext ctx) throws Exception {
        List<CsvTable> trials = Trials.run(ctx, "toy", TRIALS, Map.of("rows", ROWS), (trial, rng, artifacts) -> {
            CsvTable.Builder b = CsvTable.builder("value");
            for (int r = 0; r < ROWS; r++) {
                b.row(10 + rng.nextDouble());
            }
            return b.build();
        });
        CsvTable.Builder all = CsvTable.builder("trial", "row", "value");
        for (int t = 0; t < trials.size(); t++) {
            double[] v = trials.get(t).doubles("value");
            for (int r = 0; r < v.length; r++) {
                all.row(t, r, v[r]);
            }
        }
        return new Result(all.build());
    }

    @Override
    protected List<String> write(Result result, Path dir) throws IOException {
        result.values().write(dir.resolve(CSV));
        return List.of(CSV);
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) throws IOException {
        return new Result(CsvTable.read(dir.resolve(CSV)));
    }

    @Override
    public Figure plot(Result result) {
        double[] x = new double[TRIALS];
        for (int k = 0; k < TRIALS; k++) {
            x[k] = k;
        }
        return Figure.single(XyPanel.builder().title("toy").add(Series.line("trial means", "bgs", x,
                result.perTrialMeans())).build(), 400, 300);
    }

    @Override
    public List<Claim> claims(Result result) {
        return List.of(Claim.builder(ID, ID + ".positive").statement("the toy values are positive")
                .statistic("mean value, per trial").oneSample(result.perTrialMeans()).threshold(0).build());
    }

    @Override
    public List<String> notes(Result result) {
        return List.of(result.values().size() + " values");
    }

    @Override
    public String caption(Result result) {
        return "Toy figure over " + TRIALS + " trials.";
    }

    @Override
    protected Map<String, Object> settings(Result result) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("rows", ROWS);
        s.put("trials", new ArrayList<>(List.of(TRIALS)));
        return s;
    }
}
