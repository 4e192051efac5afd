package dev.rbmsuite.experiments.fig8;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Pca;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.sampling.BestModels;
import dev.rbmsuite.experiments.sampling.ChainStats;
import dev.rbmsuite.experiments.sampling.KernelCost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Figure 8's raw numbers: {@code fig8-chains.csv} (every start's moves, distinct states and PCA
 * spread under each kernel), {@code fig8-trajectories.csv} (the plotted start's path) and
 * {@code fig8-cost.csv} (conditional sweeps of the bottom layer per transition, the deterministic
 * cost unit of the beyond-the-paper comparison; measured times live only in the manifests). The
 * training data's PCA plane is recomputed from the seed (cheap and deterministic). Results of versions that kept only chain 0's path and mean move rates
 * read back without per-start statistics.
 */
final class Fig8Files {
    static final String CHAINS = "fig8-chains.csv";
    static final String PATHS = "fig8-trajectories.csv";
    static final String COST = "fig8-cost.csv";

    private Fig8Files() {
    }

    static List<String> write(Figure8.Result r, Path dir) throws IOException {
        CsvTable.Builder chains = CsvTable.builder("dataset", "kernel", "chain", "moves", "distinctStates", "pcaSpread");
        CsvTable.Builder paths = CsvTable.builder("dataset", "kernel", "chain", "step", "pc1", "pc2");
        for (Fig8Panel p : r.panels()) {
            for (String k : BestModels.KERNELS) {
                for (ChainStats c : p.stats().get(k)) {
                    chains.row(p.dataset(), k, c.chain(), c.moves(), c.distinctStates(), c.pcaSpread());
                }
                double[][] path = p.paths().get(k);
                for (int s = 0; s < path[0].length; s++) {
                    paths.row(p.dataset(), k, p.shown(), s, path[0][s], path[1][s]);
                }
            }
        }
        chains.build().write(dir.resolve(CHAINS));
        paths.build().write(dir.resolve(PATHS));
        writeCost(r, dir);
        return List.of(CHAINS, PATHS, COST);
    }

    /**
     * Writes {@code fig8-cost.csv}: a property of the kernels, not a measurement, so a rebuild writes
     * it afresh ({@code ResultFigure.writeDerived}) rather than copying an edited file.
     *
     * @param r the result
     * @param dir the figure's folder
     * @return the name written
     * @throws IOException on write failure
     */
    static List<String> writeCost(Figure8.Result r, Path dir) throws IOException {
        CsvTable.Builder cost = CsvTable.builder("dataset", "kernel", "bottomSweepsPerStep");
        for (Fig8Panel p : r.panels()) {
            for (String k : BestModels.KERNELS) {
                cost.row(p.dataset(), k, KernelCost.bottomSweeps(k));
            }
        }
        cost.build().write(dir.resolve(COST));
        return List.of(COST);
    }

    static Figure8.Result read(Path dir, JsonNode manifest) throws IOException {
        long seed = PaperData.dataSeed(manifest);
        JsonNode settings = manifest.path("settings");
        CsvTable paths = CsvTable.read(dir.resolve(PATHS));
        CsvTable chains = Files.isRegularFile(dir.resolve(CHAINS)) ? CsvTable.read(dir.resolve(CHAINS)) : null;
        List<Fig8Panel> panels = new ArrayList<>();
        int starts = 0;
        for (String d : PaperData.NAMES) {
            BinaryDataset data = PaperData.dataset(d, seed);
            Pca pca = Pca.fit(data);
            double[] plane = new double[data.size() * 2];
            pca.project(data.toArray(), data.size(), 2, plane);
            Map<String, double[][]> path = new LinkedHashMap<>();
            Map<String, List<ChainStats>> stats = chains == null ? null : new LinkedHashMap<>();
            int shown = -1;
            for (String k : BestModels.KERNELS) {
                List<Integer> rows = rows(paths, d, k);
                double[][] xy = new double[2][rows.size()];
                double[] pc1 = paths.doubles("pc1");
                double[] pc2 = paths.doubles("pc2");
                double[] chain = paths.header().contains("chain") ? paths.doubles("chain") : null;
                for (int i = 0; i < rows.size(); i++) {
                    xy[0][i] = pc1[rows.get(i)];
                    xy[1][i] = pc2[rows.get(i)];
                    shown = chain == null ? -1 : (int) chain[rows.get(i)];
                }
                path.put(k, xy);
                if (stats != null) {
                    stats.put(k, stats(chains, d, k));
                    starts = stats.get(k).size();
                }
            }
            panels.add(new Fig8Panel(d, data.hasLabels(), plane, shown, path, stats, data.dimension()));
        }
        return new Figure8.Result(panels, chains == null ? settings.path("starts").asInt(0) : starts);
    }

    private static List<ChainStats> stats(CsvTable t, String d, String k) {
        List<ChainStats> out = new ArrayList<>();
        double[] chain = t.doubles("chain");
        double[] moves = t.doubles("moves");
        double[] distinct = t.doubles("distinctStates");
        double[] spread = t.doubles("pcaSpread");
        for (int r : rows(t, d, k)) {
            out.add(new ChainStats((int) chain[r], moves[r], distinct[r], spread[r]));
        }
        return out;
    }

    private static List<Integer> rows(CsvTable t, String d, String k) {
        List<String> ds = t.strings("dataset");
        List<String> ks = t.strings("kernel");
        List<Integer> out = new ArrayList<>();
        for (int r = 0; r < t.size(); r++) {
            if (ds.get(r).equals(d) && ks.get(r).equals(k)) {
                out.add(r);
            }
        }
        return out;
    }
}
