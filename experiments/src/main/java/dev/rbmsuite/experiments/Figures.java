package dev.rbmsuite.experiments;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.experiments.fig2.Figure2;
import dev.rbmsuite.experiments.fig5.Figure5;
import dev.rbmsuite.experiments.fig6.Figure6;
import dev.rbmsuite.experiments.fig7.Figure7;
import dev.rbmsuite.experiments.fig8.Figure8;
import dev.rbmsuite.experiments.fig9.Figure9;
import dev.rbmsuite.experiments.schematics.SchematicFigure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The registry of figure experiments, by id ("fig1" ... "fig9"), in the paper's order, followed by
 * the suite's own experiments beyond the paper ("lambda2").
 */
public final class Figures {
    private static final Map<String, Supplier<Experiment>> REGISTRY = new LinkedHashMap<>();

    static {
        REGISTRY.put("fig1", SchematicFigure::figure1);
        REGISTRY.put("fig2", Figure2::new);
        REGISTRY.put("fig3", SchematicFigure::figure3);
        REGISTRY.put("fig4", SchematicFigure::figure4);
        REGISTRY.put("fig5", Figure5::new);
        REGISTRY.put("fig6", Figure6::new);
        REGISTRY.put("fig7", Figure7::new);
        REGISTRY.put("fig8", Figure8::new);
        REGISTRY.put("fig9", Figure9::new);
        // beyond the paper: the lambda2 estimators of figure 2 against the exact value
        REGISTRY.put("lambda2", dev.rbmsuite.experiments.lambda2.Lambda2Study::new);
    }

    private Figures() {
    }

    /** @return the ids of every registered figure, in order */
    public static List<String> ids() {
        return new ArrayList<>(REGISTRY.keySet());
    }

    /**
     * @param id a figure id, or "all"
     * @return the experiments to run
     * @throws InputException naming the id if it is unknown
     */
    public static List<Experiment> select(String id) {
        List<Experiment> list = new ArrayList<>();
        if (id.equals("all")) {
            REGISTRY.values().forEach(s -> list.add(s.get()));
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
