package dev.rbmsuite.datasets.uci;

import java.util.List;

/**
 * The three UCI classification data sets of the paper (section 5.1, Table 1), with the layout of their
 * original text files as shipped in this module's resources ({@code dev/rbmsuite/datasets/uci/}, with
 * {@code PROVENANCE.md}: UCI Machine Learning Repository, CC BY 4.0), and the counts a correct file has.
 *
 * <ul>
 *   <li>{@link #IRIS}: {@code iris.data}, 150 rows, 4 features then the class name, comma-separated
 *       (R. A. Fisher, 1936; the original UCI file, not {@code bezdekIris.data}).</li>
 *   <li>{@link #WINE}: {@code wine.data}, 178 rows, the class (1, 2, 3) then 13 features, comma-separated,
 *       values such as {@code .28} (S. Aeberhard, M. Forina, 1991).</li>
 *   <li>{@link #SEEDS}: {@code seeds_dataset.txt}, 210 rows, 7 features then the class (1, 2, 3),
 *       tab-separated where a run of tabs is one separator (M. Charytanowicz et al., 2010).</li>
 * </ul>
 */
public enum UciSource {
    /** UCI Iris. */
    IRIS("iris", "iris.data", ",", false,
            List.of("sepal length", "sepal width", "petal length", "petal width"),
            List.of("Iris-setosa", "Iris-versicolor", "Iris-virginica"),
            new int[] {50, 50, 50},
            "596ffd580471ca4d4880f8e439c7281f3b50d8249a5960353cb200b1490f63a0"),
    /** UCI Wine. */
    WINE("wine", "wine.data", ",", true,
            List.of("alcohol", "malic acid", "ash", "alcalinity of ash", "magnesium", "total phenols", "flavanoids",
                    "nonflavanoid phenols", "proanthocyanins", "color intensity", "hue",
                    "OD280/OD315 of diluted wines", "proline"),
            List.of("1", "2", "3"),
            new int[] {59, 71, 48},
            "6be6b1203f3d51df0b553a70e57b8a723cd405683958204f96d23d7cd6aea659"),
    /** UCI Seeds. */
    SEEDS("seeds", "seeds_dataset.txt", "\t", false,
            List.of("area", "perimeter", "compactness", "length of kernel", "width of kernel",
                    "asymmetry coefficient", "length of kernel groove"),
            List.of("1", "2", "3"),
            new int[] {70, 70, 70},
            "44f959266e566334b082aa6274dcae0f2decda1650b6f24d337f3686aa5dc2ee");

    private final String id;
    private final String resource;
    private final String separator;
    private final boolean classFirst;
    private final List<String> featureNames;
    private final List<String> classNames;
    private final int[] classCounts;
    private final String sha256;

    UciSource(String id, String resource, String separator, boolean classFirst, List<String> featureNames,
              List<String> classNames, int[] classCounts, String sha256) {
        this.id = id;
        this.resource = resource;
        this.separator = separator;
        this.classFirst = classFirst;
        this.featureNames = featureNames;
        this.classNames = classNames;
        this.classCounts = classCounts;
        this.sha256 = sha256;
    }

    /** @return the short name used by the registry and the command line ("iris", "wine", "seeds") */
    public String id() {
        return id;
    }

    /** @return the file name of the shipped resource, as in the UCI repository */
    public String resource() {
        return resource;
    }

    /**
     * @return the field separator: "," or a tab (for seeds, a run of tabs counts as one separator)
     */
    public String separator() {
        return separator;
    }

    /** @return whether the class is the first field (wine) rather than the last (iris, seeds) */
    public boolean classFirst() {
        return classFirst;
    }

    /** @return names of the continuous features, in file order */
    public List<String> featureNames() {
        return featureNames;
    }

    /** @return the class tokens as they appear in the file; label k is element k */
    public List<String> classNames() {
        return classNames;
    }

    /** @return the number of rows of a correct file */
    public int expectedRows() {
        int s = 0;
        for (int c : classCounts) {
            s += c;
        }
        return s;
    }

    /** @return the number of rows of each class in a correct file, indexed like {@link #classNames()} */
    public int[] expectedClassCounts() {
        return classCounts.clone();
    }

    /** @return the SHA-256 (hex) of the shipped resource file */
    public String sha256() {
        return sha256;
    }

    /**
     * @param name "iris", "wine" or "seeds" (case-insensitive)
     * @return the matching source, or null
     */
    public static UciSource byId(String name) {
        for (UciSource s : values()) {
            if (s.id.equalsIgnoreCase(name)) {
                return s;
            }
        }
        return null;
    }
}
