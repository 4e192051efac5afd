package dev.rbmsuite.datasets;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.core.cost.CostGuard;
import dev.rbmsuite.core.io.DecimalText;
import dev.rbmsuite.datasets.encoding.RankHot;
import dev.rbmsuite.datasets.encoding.RankHotEncoding;
import dev.rbmsuite.datasets.idx.IdxDataset;
import dev.rbmsuite.datasets.synthetic.GenRbm;
import dev.rbmsuite.datasets.synthetic.Islands;
import dev.rbmsuite.datasets.synthetic.Pentagon;
import dev.rbmsuite.datasets.uci.OptDigits;
import dev.rbmsuite.datasets.uci.UciReader;
import dev.rbmsuite.datasets.uci.UciSource;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The registry of the paper's six data sets (section 5.1, Table 1), and of {@code digits} beyond the paper, by name, with the paper's defaults and
 * string parameters as the command line passes them ({@code --param k=v}):
 *
 * <table>
 *   <caption>Data sets and parameters (defaults in brackets)</caption>
 *   <tr><th>name</th><th>parameters</th><th>what</th></tr>
 *   <tr><td>genrbm</td><td>n [10], m [100], std [0.1], steps [5000], size [100]</td><td>section 2.3, {@link GenRbm}</td></tr>
 *   <tr><td>islands</td><td>a [0.4], n [25], size [100]</td><td>Eq. P_islands, {@link Islands}</td></tr>
 *   <tr><td>pentagon</td><td>kappa [6], n [25], size [100]</td><td>Eq. P_pentagon, {@link Pentagon}</td></tr>
 *   <tr><td>iris, wine, seeds</td><td>k [6] (K_enc)</td><td>UCI data, rank-hot encoded (docs/methods.md section 4), n = 20, 65, 35</td></tr>
 *   <tr><td>digits</td><td>threshold [8]</td><td>beyond the paper: the UCI optdigits test set, 1,797 images of 8 x 8
 *       pixel counts binarised at count &gt;= threshold (n = 64), labelled by digit, {@link OptDigits}</td></tr>
 *   <tr><td>idx</td><td>images [required], labels [none], binarise [threshold], threshold [128], classes [all],
 *       size [all]</td><td>beyond the paper: MNIST-format (IDX) image files the user names, such as MNIST or
 *       Fashion-MNIST (n = 784), binarised and optionally selected by class, {@link IdxDataset}</td></tr>
 * </table>
 *
 * <p>Unknown names, unknown parameters and invalid values are {@link InputException}s naming the data set
 * and the parameter. Synthetic data sets draw all their randomness from the {@link Rng} passed in, so the
 * same seed gives the same data set; the UCI data sets are deterministic.
 */
public final class Datasets {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    /** The largest number of rank-hot bins per feature accepted for parameter k. */
    public static final int MAX_BINS = 1000;
    /** The name of the handwritten-digits data set (beyond the paper). */
    public static final String DIGITS = "digits";
    private static final Map<String, Map<String, String>> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put(GenRbm.NAME, ordered("n", GenRbm.DEFAULT_N, "m", GenRbm.DEFAULT_M, "std", GenRbm.DEFAULT_STD,
                "steps", GenRbm.DEFAULT_STEPS, "size", GenRbm.DEFAULT_SIZE));
        DEFAULTS.put(Islands.NAME, ordered("a", Islands.DEFAULT_A, "n", Islands.DEFAULT_N, "size", Islands.DEFAULT_SIZE));
        DEFAULTS.put(Pentagon.NAME, ordered("kappa", Pentagon.DEFAULT_KAPPA, "n", Pentagon.DEFAULT_N,
                "size", Pentagon.DEFAULT_SIZE));
        for (UciSource s : UciSource.values()) {
            DEFAULTS.put(s.id(), ordered("k", RankHot.DEFAULT_BINS));
        }
        DEFAULTS.put(DIGITS, ordered("threshold", OptDigits.DEFAULT_THRESHOLD));
        Map<String, String> idx = new LinkedHashMap<>();
        idx.put(IdxDataset.IMAGES, "");
        idx.putAll(IdxDataset.defaults());
        DEFAULTS.put(IdxDataset.NAME, Collections.unmodifiableMap(idx));
    }

    private Datasets() {
    }

    private static Map<String, String> ordered(Object... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], String.valueOf(kv[i + 1]));
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * @return the registered names: the paper's in its order (genrbm, islands, pentagon, iris, wine, seeds), then
     *     digits and idx
     */
    public static List<String> names() {
        return List.copyOf(DEFAULTS.keySet());
    }

    /**
     * @param name a registered name
     * @return its parameters and their default values (the paper's settings), in a fixed order
     * @throws InputException for an unknown name
     */
    public static Map<String, String> defaults(String name) {
        return DEFAULTS.get(canonical(name));
    }

    /**
     * Creates a data set by name.
     *
     * @param name one of {@link #names()} (case-insensitive)
     * @param params parameter overrides as strings, for example {"a": "0.3"}; may be empty
     * @param rng the random stream of synthetic data sets and of idx's stochastic binarisation (unused by iris,
     *     wine, seeds and digits)
     * @return the data set, named {@code name}
     * @throws InputException for an unknown name, an unknown parameter or an invalid value
     */
    public static BinaryDataset create(String name, Map<String, String> params, Rng rng) {
        return create(name, params, rng, CostGuard.UNLIMITED);
    }

    /**
     * Creates a data set by name within a cost limit: only genrbm, whose chains can be asked to run for
     * hours ({@link GenRbm#estimatedSeconds}), can exceed it; the others are cheap.
     *
     * @param name one of {@link #names()} (case-insensitive)
     * @param params parameter overrides as strings; may be empty
     * @param rng the random stream of synthetic data sets
     * @param guard the cost limit and progress reports
     * @return the data set, named {@code name}
     * @throws InputException for an unknown name, an unknown parameter or an invalid value
     * @throws dev.rbmsuite.core.cost.CostLimitException if genrbm's estimate exceeds the guard's limit
     */
    public static BinaryDataset create(String name, Map<String, String> params, Rng rng, CostGuard guard) {
        String key = canonical(name);
        Map<String, String> p = resolve(key, params);
        switch (key) {
            case GenRbm.NAME:
                return genRbm(p).generate(Objects.requireNonNull(rng, "rng"), guard).data();
            case Islands.NAME:
                return build(key, () -> new Islands(dbl(key, p, "a"), integer(key, p, "n"), integer(key, p, "size")))
                        .generate(Objects.requireNonNull(rng, "rng"));
            case Pentagon.NAME:
                return build(key, () -> new Pentagon(dbl(key, p, "kappa"), integer(key, p, "n"), integer(key, p, "size")))
                        .generate(Objects.requireNonNull(rng, "rng"));
            case DIGITS: {
                int t = integer(key, p, "threshold");
                if (t < 1 || t > OptDigits.MAX_PIXEL) {
                    throw new InputException("dataset " + key + ": parameter threshold=" + t + ": must be an integer in [1, "
                            + OptDigits.MAX_PIXEL + "]");
                }
                return OptDigits.load().binarised(key, t);
            }
            case IdxDataset.NAME:
                return IdxDataset.create(p, rng);
            default:
                return rankHot(key, p).data();
        }
    }

    /**
     * The GenRBM generator with the given overrides, for callers that also want the generating RBM.
     *
     * @param params overrides of n, m, std, steps, size
     * @return the generator (call {@link GenRbm#generate(Rng)})
     * @throws InputException for an unknown parameter or an invalid value
     */
    public static GenRbm genRbm(Map<String, String> params) {
        String key = GenRbm.NAME;
        Map<String, String> p = resolve(key, params);
        return build(key, () -> new GenRbm(integer(key, p, "n"), integer(key, p, "m"), dbl(key, p, "std"),
                integer(key, p, "steps"), integer(key, p, "size")));
    }

    /**
     * A UCI data set with its rank-hot encoding details (cut points and per-feature bin counts).
     *
     * @param name "iris", "wine" or "seeds"
     * @param params overrides of k (K_enc)
     * @return the encoding, whose {@link RankHotEncoding#data()} is what {@link #create} returns
     * @throws InputException for a name that is not a UCI data set, an unknown parameter or an invalid value
     */
    public static RankHotEncoding rankHot(String name, Map<String, String> params) {
        String key = canonical(name);
        UciSource source = UciSource.byId(key);
        if (source == null) {
            throw new InputException("dataset " + key + ": is not one of the UCI data sets iris, wine, seeds");
        }
        Map<String, String> p = resolve(key, params);
        int k = integer(key, p, "k");
        if (k < 2 || k > MAX_BINS) {
            throw new InputException("dataset " + key + ": parameter k=" + k + ": must be an integer in [2, " + MAX_BINS + "]");
        }
        return RankHot.encode(UciReader.load(source), k);
    }

    private static String canonical(String name) {
        String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (!DEFAULTS.containsKey(key)) {
            throw new InputException("unknown data set '" + name + "'; expected one of " + String.join(", ", names()));
        }
        return key;
    }

    private static Map<String, String> resolve(String key, Map<String, String> params) {
        Map<String, String> defaults = DEFAULTS.get(key);
        Map<String, String> p = new LinkedHashMap<>(defaults);
        if (params != null) {
            for (Map.Entry<String, String> e : params.entrySet()) {
                if (!defaults.containsKey(e.getKey())) {
                    throw new InputException("dataset " + key + ": unknown parameter '" + e.getKey()
                            + "'; known parameters: " + String.join(", ", defaults.keySet()));
                }
                p.put(e.getKey(), e.getValue() == null ? "" : e.getValue());
            }
        }
        return p;
    }

    private static int integer(String key, Map<String, String> p, String param) {
        String v = p.get(param);
        try {
            return DecimalText.parseInt(v);
        } catch (NumberFormatException e) {
            throw new InputException("dataset " + key + ": parameter " + param + "=" + v + ": not an integer");
        }
    }

    private static double dbl(String key, Map<String, String> p, String param) {
        String v = p.get(param);
        double x;
        try {
            x = DecimalText.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new InputException("dataset " + key + ": parameter " + param + "=" + v + ": not a number");
        }
        if (!Double.isFinite(x)) {
            throw new InputException("dataset " + key + ": parameter " + param + "=" + v + ": not a finite number");
        }
        return x;
    }

    private static <T> T build(String key, Supplier<T> ctor) {
        try {
            return ctor.get();
        } catch (IllegalArgumentException e) {
            throw new InputException("dataset " + key + ": " + e.getMessage(), e);
        }
    }
}
