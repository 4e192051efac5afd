package dev.rbmsuite.experiments;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.experiments.schematics.SchematicFigure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * The registry of figure experiments, by id ("fig1" ... "fig9"), in the paper's order, followed by
 * the suite's own experiments beyond the paper ("lambda2"). The figures with a no-argument
 * constructor are found through {@link ServiceLoader} (META-INF/services/dev.rbmsuite.experiments.Experiment),
 * so that no class outside a figure's package imports it (each figure's package is its own room); the
 * schematic figures come from {@link SchematicFigure}.
 */
public final class Figures {
    private static final Map<String, Supplier<Experiment>> REGISTRY = registry();

    private Figures() {
    }

    private static Map<String, Supplier<Experiment>> registry() {
        Map<String, Supplier<Experiment>> found = new LinkedHashMap<>();
        found.put("fig1", SchematicFigure::figure1);
        found.put("fig3", SchematicFigure::figure3);
        found.put("fig4", SchematicFigure::figure4);
        // each Provider.get() of a class-path provider is a new instance: every select gets fresh figures
        for (ServiceLoader.Provider<Experiment> p : ServiceLoader.load(Experiment.class, Figures.class.getClassLoader())
                .stream().toList()) {
            String id = p.get().id();
            if (found.putIfAbsent(id, p::get) != null) {
                throw new IllegalStateException("two figure experiments have the id " + id);
            }
        }
        Map<String, Supplier<Experiment>> ordered = new LinkedHashMap<>();
        found.keySet().stream().sorted(Comparator.comparing(Figures::order)).forEach(k -> ordered.put(k, found.get(k)));
        return ordered;
    }

    /**
     * The paper's figures (fig1, fig2, ..., fig10) by number, then the studies beyond the paper
     * ("lambda2") by name.
     */
    static String order(String id) {
        return id.matches("fig\\d{1,5}") ? String.format(Locale.ROOT, "%05d", Integer.parseInt(id.substring(3)))
                : "99999" + id;
    }

    /** @return the ids of every registered figure, in order */
    public static List<String> ids() {
        return new ArrayList<>(REGISTRY.keySet());
    }

    /**
     * @param id a figure id, or "all" (every figure whose {@link Experiment#inAll} is true)
     * @return the experiments to run
     * @throws InputException naming the id if it is unknown
     */
    public static List<Experiment> select(String id) {
        List<Experiment> list = new ArrayList<>();
        if (id.equals("all")) {
            // the figures that need nothing from outside the suite (Experiment.inAll)
            REGISTRY.values().forEach(s -> {
                Experiment e = s.get();
                if (e.inAll()) {
                    list.add(e);
                }
            });
            return list;
        }
        String key = REGISTRY.containsKey(id) || id.startsWith("fig") ? id : "fig" + id;
        Supplier<Experiment> s = REGISTRY.get(key);
        if (s == null) {
            throw new InputException("figure: unknown figure '" + id + "' (expected one of " + ids() + " or all)");
        }
        list.add(s.get());
        return list;
    }
}
