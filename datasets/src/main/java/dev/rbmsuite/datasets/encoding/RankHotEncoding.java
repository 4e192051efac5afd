package dev.rbmsuite.datasets.encoding;

import dev.rbmsuite.datasets.BinaryDataset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of a rank-hot encoding (docs/methods.md section 4): the binary data set, and per feature its cut
 * points and how many rows fell into each of the K bins. docs/methods.md asks to log the per-feature bin counts:
 * {@link #summary()} gives them in a form ready for a manifest.
 */
public final class RankHotEncoding {
    private final BinaryDataset data;
    private final int bins;
    private final List<String> featureNames;
    private final double[][] cutPoints;
    private final int[][] binCounts;

    RankHotEncoding(BinaryDataset data, int bins, List<String> featureNames, double[][] cutPoints, int[][] binCounts) {
        this.data = data;
        this.bins = bins;
        this.featureNames = List.copyOf(featureNames);
        this.cutPoints = cutPoints;
        this.binCounts = binCounts;
    }

    /** @return the encoded binary data set, n = F(K-1) columns, labels kept */
    public BinaryDataset data() {
        return data;
    }

    /** @return K, the number of bins per feature */
    public int bins() {
        return bins;
    }

    /** @return F, the number of continuous features */
    public int features() {
        return featureNames.size();
    }

    /** @return the names of the features, in order */
    public List<String> featureNames() {
        return featureNames;
    }

    /**
     * @param feature feature index
     * @return a copy of its K-1 cut points t_1..t_{K-1}
     */
    public double[] cutPoints(int feature) {
        return cutPoints[feature].clone();
    }

    /**
     * @param feature feature index
     * @return a copy of its bin counts: element k-1 is the number of rows in bin k (k-1 leading ones)
     */
    public int[] binCounts(int feature) {
        return binCounts[feature].clone();
    }

    /**
     * @return {"encoding":"rank-hot", "bins":K, "features":[{"name", "cutPoints", "binCounts"}, ...]}: plain
     *         maps and lists, ready to be written into a JSON manifest
     */
    public Map<String, Object> summary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("encoding", "rank-hot");
        m.put("quantile", "linear interpolation (Hyndman-Fan type 7)");
        m.put("bins", bins);
        List<Object> fs = new ArrayList<>();
        for (int f = 0; f < featureNames.size(); f++) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("name", featureNames.get(f));
            e.put("cutPoints", cutPoints[f].clone());
            e.put("binCounts", binCounts[f].clone());
            fs.add(e);
        }
        m.put("features", fs);
        return m;
    }
}
