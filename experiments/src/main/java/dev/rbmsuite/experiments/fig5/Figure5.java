package dev.rbmsuite.experiments.fig5;

import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Pca;
import dev.rbmsuite.datasets.io.DatasetCsv;
import dev.rbmsuite.experiments.Claim;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.core.io.CsvTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Figure 5 of the paper: (a) islands samples as a binary matrix (points x 25 variables), (b) their
 * PCA projection, (c) and (d) the same for pentagon (a = 0.4, kappa = 6, n = 25, N_d = 100;
 * docs/methods.md section 6). Rows of the images are ordered by mixture component so the modes are visible;
 * the PCA plane is coloured by component.
 */
public final class Figure5 implements Experiment {
    @Override
    public String id() {
        return "fig5";
    }

    @Override
    public String title() {
        return "Synthetic data sets: islands and pentagon";
    }

    @Override
    public FigureOutcome run(ExperimentContext ctx) throws Exception {
        Figure.Builder fig = Figure.grid(2, 2).size(1800, 1500).letters(true);
        List<String> files = new ArrayList<>();
        List<Claim> claims = new ArrayList<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        for (String name : List.of("islands", "pentagon")) {
            BinaryDataset data = PaperData.dataset(name, ctx.seed());
            settings.put(name, Map.of("rows", data.size(), "columns", data.dimension()));
            DatasetCsv.write(data, ctx.file(name + ".csv"));
            files.add(name + ".csv");
            Integer[] order = IntStream.range(0, data.size()).boxed().toArray(Integer[]::new);
            Arrays.sort(order, Comparator.comparingInt(data::label));
            double[][] image = new double[data.size()][];
            for (int r = 0; r < order.length; r++) {
                image[r] = data.row(order[r]);
            }
            fig.panel(MatrixPanel.of(name + " samples", "variable i", "data point (sorted by component)", image));
            Pca pca = Pca.fit(data);
            double[] xy = new double[data.size() * 2];
            pca.project(data.toArray(), data.size(), 2, xy);
            int components = Arrays.stream(data.labels()).max().orElse(0) + 1;
            XyPanel.Builder plane = XyPanel.builder().title(name + " in the PCA plane").xLabel("PC1").yLabel("PC2");
            CsvTable.Builder csv = CsvTable.builder("pc1", "pc2", "component");
            for (int k = 0; k < components; k++) {
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (int r = 0; r < data.size(); r++) {
                    if (data.label(r) == k) {
                        xs.add(xy[2 * r]);
                        ys.add(xy[2 * r + 1]);
                    }
                }
                plane.add(Series.scatter("component " + (k + 1), "cluster-" + k,
                        xs.stream().mapToDouble(Double::doubleValue).toArray(),
                        ys.stream().mapToDouble(Double::doubleValue).toArray()));
            }
            for (int r = 0; r < data.size(); r++) {
                csv.row(xy[2 * r], xy[2 * r + 1], data.label(r) + 1);
            }
            csv.build().write(ctx.file(name + "-pca.csv"));
            files.add(name + "-pca.csv");
            fig.panel(plane.build());
            double ratio = separation(xy, data.labels(), components);
            String expected = name.equals("islands") ? "two" : "five";
            claims.add(Claim.of(id(), "The " + name + " data set has " + expected
                    + " well-separated modes visible in its PCA plane (Fig. 5)",
                    String.format(Locale.ROOT, "%d components; mean distance between component centres / mean "
                            + "within-component spread in the PCA plane = %.2f; PC1+PC2 explain %.0f%% of the variance",
                            components, ratio, 100 * (pca.explainedVariance(0) + pca.explainedVariance(1)) / total(pca)),
                    ratio > 1.5));
        }
        List<String> images = ctx.render(fig.build(), "fig5");
        files.addAll(0, images);
        return new FigureOutcome("Figure 5. (a) Samples and (b) PCA projection of the islands data set (a = 0.4); "
                + "(c) samples and (d) PCA projection of the pentagon data set (kappa = 6); n = 25, N_d = 100. "
                + "Image rows are sorted by mixture component.", files, settings, claims);
    }

    private static double total(Pca pca) {
        double s = 0;
        for (int k = 0; k < pca.dimension(); k++) {
            s += pca.explainedVariance(k);
        }
        return s;
    }

    /** Mean distance between component centres over mean distance of points to their own centre. */
    static double separation(double[] xy, int[] labels, int components) {
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
            within += Math.hypot(xy[2 * r] - centre[labels[r]][0], xy[2 * r + 1] - centre[labels[r]][1]);
        }
        within /= labels.length;
        double between = 0;
        int pairs = 0;
        for (int a = 0; a < components; a++) {
            for (int b = a + 1; b < components; b++) {
                between += Math.hypot(centre[a][0] - centre[b][0], centre[a][1] - centre[b][1]);
                pairs++;
            }
        }
        return pairs == 0 ? 0 : between / pairs / within;
    }
}
