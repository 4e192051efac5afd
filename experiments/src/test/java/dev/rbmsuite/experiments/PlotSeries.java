package dev.rbmsuite.experiments;

import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.Panel;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import java.util.ArrayList;
import java.util.List;

/** What the figures' tests read off a plot: panel titles and series names, without rendering. */
public final class PlotSeries {
    private PlotSeries() {
    }

    /**
     * @param f a figure
     * @return per panel, the names of its series (empty for a matrix panel)
     */
    public static List<List<String>> names(Figure f) {
        List<List<String>> out = new ArrayList<>();
        for (Panel p : f.panels()) {
            out.add(p instanceof XyPanel xy ? xy.series().stream().map(Series::name).toList() : List.of());
        }
        return out;
    }

    /**
     * @param f a figure
     * @param panel a panel index
     * @param name a series name
     * @return that series
     */
    public static Series series(Figure f, int panel, String name) {
        return ((XyPanel) f.panels().get(panel)).series().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no series " + name + " in panel " + panel));
    }

    /**
     * @param f a figure
     * @return the panels' titles
     */
    public static List<String> titles(Figure f) {
        return f.panels().stream().map(p -> p instanceof XyPanel xy ? xy.title()
                : ((dev.rbmsuite.plots.MatrixPanel) p).title()).toList();
    }
}
