package dev.rbmsuite.experiments.fig5;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Pca;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.ResultFigure;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Figure 5 of the paper: (a) islands samples as a binary matrix (points x 25 variables), (b) their
 * PCA projection, (c) and (d) the same for pentagon (a = 0.4, kappa = 6, n = 25, N_d = 100;
 * docs/methods.md section 6). Rows of the images are ordered by mixture component so the modes are
 * visible; the PCA plane is coloured by component. The data sets are generated from the seed (no
 * training), so {@link #read} regenerates them; the suite's check (beyond the paper) is that the
 * components are separated in the PCA plane, tested per data point.
 */
public final class Figure5 extends ResultFigure<Figure5.Result> {
    private static final List<String> NAMES = List.of("islands", "pentagon");

    /**
     * @param data the two data sets
     * @param planes their PCA projections, x0, y0, x1, y1, ...
     */
    public record Result(List<BinaryDataset> data, List<double[]> planes) {
    }

    @Override
    public String id() {
        return "fig5";
    }

    @Override
    public String title() {
        return "Synthetic data sets: islands and pentagon";
    }

    @Override
    protected Result compute(ExperimentContext ctx) {
        return generate(ctx.dataSeed());
    }

    private static Result generate(long seed) {
        List<BinaryDataset> data = new ArrayList<>();
        List<double[]> planes = new ArrayList<>();
        for (String name : NAMES) {
            BinaryDataset d = PaperData.dataset(name, seed);
            double[] xy = new double[d.size() * 2];
            Pca.fit(d).project(d.toArray(), d.size(), 2, xy);
            data.add(d);
            planes.add(xy);
        }
        return new Result(data, planes);
    }

    @Override
    protected Map<String, Object> settings(Result r) {
        Map<String, Object> settings = new LinkedHashMap<>();
        r.data().forEach(d -> settings.put(d.name(), Map.of("rows", d.size(), "columns", d.dimension())));
        return settings;
    }

    @Override
    protected List<String> write(Result r, Path dir) throws IOException {
        return writeDerived(r, dir);
    }

    /** Every file: the data sets and their planes are generated from the seed, which {@link #read} uses. */
    @Override
    protected List<String> writeDerived(Result r, Path dir) throws IOException {
        List<String> files = new ArrayList<>();
        for (int i = 0; i < NAMES.size(); i++) {
            BinaryDataset d = r.data().get(i);
            DatasetCsv.write(d, dir.resolve(NAMES.get(i) + ".csv"));
            CsvTable.Builder csv = CsvTable.builder("pc1", "pc2", "component");
            for (int row = 0; row < d.size(); row++) {
                csv.row(r.planes().get(i)[2 * row], r.planes().get(i)[2 * row + 1], d.label(row) + 1);
            }
            csv.build().write(dir.resolve(NAMES.get(i) + "-pca.csv"));
            files.add(NAMES.get(i) + ".csv");
            files.add(NAMES.get(i) + "-pca.csv");
        }
        return files;
    }

    @Override
    protected Result read(Path dir, JsonNode manifest) {
        return generate(PaperData.dataSeed(manifest));
    }

    @Override
    public Figure plot(Result r) {
        Figure.Builder fig = Figure.grid(2, 2).size(1800, 1500).letters(true);
        for (int i = 0; i < NAMES.size(); i++) {
            BinaryDataset data = r.data().get(i);
            Integer[] order = IntStream.range(0, data.size()).boxed().toArray(Integer[]::new);
            Arrays.sort(order, Comparator.comparingInt(data::label));
            double[][] image = new double[data.size()][];
            for (int row = 0; row < order.length; row++) {
                image[row] = data.row(order[row]);
            }
            fig.panel(MatrixPanel.of(NAMES.get(i) + " samples", "variable i", "data point (sorted by component)", image));
            XyPanel.Builder plane = XyPanel.builder().title(NAMES.get(i) + " in the PCA plane").xLabel("PC1").yLabel("PC2");
            double[] xy = r.planes().get(i);
            for (int k = 0; k < components(data); k++) {
                final int c = k;
                int[] rows = IntStream.range(0, data.size()).filter(row -> data.label(row) == c).toArray();
                plane.add(Series.scatter("component " + (k + 1), "cluster-" + k,
                        Arrays.stream(rows).mapToDouble(row -> xy[2 * row]).toArray(),
                        Arrays.stream(rows).mapToDouble(row -> xy[2 * row + 1]).toArray()));
            }
            fig.panel(plane.build());
        }
        return fig.build();
    }

    private static int components(BinaryDataset d) {
        return Arrays.stream(d.labels()).max().orElse(0) + 1;
    }

    @Override
    public List<Claim> claims(Result r) {
        List<Claim> claims = new ArrayList<>();
        for (int i = 0; i < NAMES.size(); i++) {
            BinaryDataset d = r.data().get(i);
            claims.add(Claim.builder(id(), "fig5.separated." + NAMES.get(i))
                    .statement("the " + components(d) + " components of " + NAMES.get(i) + " are separated in the PCA plane")
                    .statistic("per data point: distance to the nearest other component's centre minus the distance to "
                            + "its own, over the mean distance of points to their own centre")
                    .effect("separation margin").oneSample(margins(r.planes().get(i), d.labels(), components(d)))
                    .threshold(1).build());
        }
        return claims;
    }

    /** Per point: (nearest other centre - own centre distance) / mean within-component distance. */
    static double[] margins(double[] xy, int[] labels, int components) {
        double[][] centre = new double[components][2];
        int[] count = new int[components];
        for (int r = 0; r < labels.length; r++) {
            centre[labels[r]][0] += xy[2 * r];
            centre[labels[r]][1] += xy[2 * r + 1];
            count[labels[r]]++;
        }
        for (int k = 0; k < components; k++) {
            centre[k][0] /= Math.max(1, count[k]);
            centre[k][1] /= Math.max(1, count[k]);
        }
        double within = 0;
        for (int r = 0; r < labels.length; r++) {
            within += StrictMath.hypot(xy[2 * r] - centre[labels[r]][0], xy[2 * r + 1] - centre[labels[r]][1]) / labels.length;
        }
        double[] m = new double[labels.length];
        for (int r = 0; r < labels.length; r++) {
            double own = StrictMath.hypot(xy[2 * r] - centre[labels[r]][0], xy[2 * r + 1] - centre[labels[r]][1]);
            double other = Double.POSITIVE_INFINITY;
            for (int k = 0; k < components; k++) {
                if (k != labels[r]) {
                    other = Math.min(other, StrictMath.hypot(xy[2 * r] - centre[k][0], xy[2 * r + 1] - centre[k][1]));
                }
            }
            m[r] = (other - own) / within;
        }
        return m;
    }

    @Override
    public String caption(Result r) {
        return "Figure 5. (a) Samples and (b) PCA projection of the islands data set (a = 0.4); (c) samples and (d) PCA "
                + "projection of the pentagon data set (kappa = 6); n = 25, N_d = 100. Image rows are sorted by mixture "
                + "component.";
    }
}
