package dev.rbmsuite.experiments.fig9;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.KernelCost;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Figure 9's raw numbers: {@code fig9-tv.csv} (median and 10th/90th percentiles per step, the
 * i.i.d. floor), {@code fig9-tv-starts.csv} (every start's TV curve and cluster occupancy, for the
 * paired claims) and {@code fig9-cost.csv} (conditional sweeps of the bottom layer per transition,
 * the deterministic cost unit; measured times live only in the manifests). Results written by
 * versions that kept only the quantiles read back without per-start curves.
 */
public final class TvFiles {
    static final String BANDS = "fig9-tv.csv";
    static final String STARTS = "fig9-tv-starts.csv";
    static final String COST = "fig9-cost.csv";

    private TvFiles() {
    }

    static List<String> write(Figure9.Result r, Path dir) throws IOException {
        CsvTable.Builder bands = CsvTable.builder("dataset", "kernel", "step", "median", "p10", "p90", "iidFloor");
        CsvTable.Builder starts = CsvTable.builder("dataset", "kernel", "start", "step", "tv", "occupancy",
                "startClusterMass");
        for (TvPanel p : r.panels()) {
            for (String k : BestModels.KERNELS) {
                double[][] b = p.bands().get(k);
                for (int s = 0; s < p.steps().length; s++) {
                    bands.row(p.dataset(), k, (long) p.steps()[s], b[0][s], b[1][s], b[2][s], p.floor());
                }
                double[][] tv = p.perStart().get(k);
                double[][] occ = p.occupancy() == null ? null : p.occupancy().get(k);
                for (int st = 0; st < tv.length; st++) {
                    for (int s = 0; s < p.steps().length; s++) {
                        starts.row(p.dataset(), k, st, (long) p.steps()[s], tv[st][s],
                                occ == null ? Double.NaN : occ[st][s], occ == null ? Double.NaN : p.startMass()[st]);
                    }
                }
            }
        }
        bands.build().write(dir.resolve(BANDS));
        starts.build().write(dir.resolve(STARTS));
        writeCost(r, dir);
        return List.of(BANDS, STARTS, COST);
    }

    /**
     * Writes {@code fig9-cost.csv}: a property of the kernels, not a measurement, so a rebuild writes
     * it afresh ({@code ResultFigure.writeDerived}) rather than copying an edited file.
     *
     * @param r the result
     * @param dir the figure's folder
     * @return the name written
     * @throws IOException on write failure
     */
    static List<String> writeCost(Figure9.Result r, Path dir) throws IOException {
        CsvTable.Builder cost = CsvTable.builder("dataset", "kernel", "bottomSweepsPerStep");
        for (TvPanel p : r.panels()) {
            for (String k : BestModels.KERNELS) {
                cost.row(p.dataset(), k, KernelCost.bottomSweeps(k));
            }
        }
        cost.build().write(dir.resolve(COST));
        return List.of(COST);
    }

    static Figure9.Result read(Path dir, JsonNode settings) throws IOException {
        CsvTable bands = CsvTable.read(dir.resolve(BANDS));
        CsvTable starts = Files.isRegularFile(dir.resolve(STARTS)) ? CsvTable.read(dir.resolve(STARTS)) : null;
        List<TvPanel> panels = new ArrayList<>();
        for (String d : Figure9.DATASETS) {
            panels.add(panel(d, bands, starts));
        }
        return new Figure9.Result(panels, settings.path("steps").asInt(), settings.path("chainsPerStart").asInt(),
                settings.path("starts").asInt());
    }

    private static TvPanel panel(String d, CsvTable bands, CsvTable starts) {
        Map<String, double[][]> b = new LinkedHashMap<>();
        double[] steps = null;
        double floor = Double.NaN;
        for (String k : BestModels.KERNELS) {
            List<double[]> rows = select(bands, d, k, List.of("step", "median", "p10", "p90", "iidFloor"));
            steps = column(rows, 0);
            floor = rows.get(0)[4];
            b.put(k, new double[][] {column(rows, 1), column(rows, 2), column(rows, 3)});
        }
        Map<String, double[][]> perStart = starts == null ? null : new LinkedHashMap<>();
        Map<String, double[][]> occupancy = starts == null ? null : new LinkedHashMap<>();
        double[] mass = null;
        for (String k : starts == null ? List.<String>of() : BestModels.KERNELS) {
            List<double[]> rows = select(starts, d, k, List.of("start", "tv", "occupancy", "startClusterMass"));
            int count = (int) column(rows, 0)[rows.size() - 1] + 1;
            int len = rows.size() / count;
            double[][] tv = new double[count][len];
            double[][] occ = new double[count][len];
            mass = new double[count];
            for (int i = 0; i < rows.size(); i++) {
                tv[i / len][i % len] = rows.get(i)[1];
                occ[i / len][i % len] = rows.get(i)[2];
                mass[i / len] = rows.get(i)[3];
            }
            perStart.put(k, tv);
            occupancy.put(k, occ);
        }
        boolean clustered = mass != null && Double.isFinite(mass[0]);
        return new TvPanel(d, floor, steps, b, perStart, clustered ? occupancy : null, clustered ? mass : null);
    }

    private static List<double[]> select(CsvTable t, String d, String k, List<String> columns) {
        List<String> ds = t.strings("dataset");
        List<String> ks = t.strings("kernel");
        List<double[]> cols = new ArrayList<>();
        columns.forEach(c -> cols.add(t.doubles(c)));
        List<double[]> out = new ArrayList<>();
        for (int r = 0; r < t.size(); r++) {
            if (ds.get(r).equals(d) && ks.get(r).equals(k)) {
                double[] row = new double[columns.size()];
                for (int c = 0; c < row.length; c++) {
                    row[c] = cols.get(c)[r];
                }
                out.add(row);
            }
        }
        return out;
    }

    private static double[] column(List<double[]> rows, int c) {
        double[] out = new double[rows.size()];
        for (int r = 0; r < out.length; r++) {
            out[r] = rows.get(r)[c];
        }
        return out;
    }
}
