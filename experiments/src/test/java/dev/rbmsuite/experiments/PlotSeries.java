package dev.rbmsuite.experiments;

import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.Panel;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.SeriesStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
                : ((MatrixPanel) p).title()).toList();
    }

    /**
     * Issue 31: in every line panel, two series of different kernels (the style key without its {@code -L<k>}
     * suffix) differ in colour and in dash, and no two series share colour, dash and width, so kernel and L are
     * both decodable without colour vision.
     *
     * @param f a figure
     * @return the number of pairs of series checked
     * @throws AssertionError naming the panel and the two series that could be confused
     */
    public static int assertKernelsDecodable(Figure f) {
        int pairs = 0;
        for (int p = 0; p < f.panels().size(); p++) {
            if (!(f.panels().get(p) instanceof XyPanel xy)) {
                continue;
            }
            List<Series> lines = xy.series().stream().filter(s -> s.kind() == Series.Kind.LINE).toList();
            for (int i = 0; i < lines.size(); i++) {
                for (int j = i + 1; j < lines.size(); j++) {
                    Series a = lines.get(i);
                    Series b = lines.get(j);
                    SeriesStyle sa = Palette.style(a.styleKey());
                    SeriesStyle sb = Palette.style(b.styleKey());
                    String where = "panel " + p + ": '" + a.name() + "' and '" + b.name() + "'";
                    if (!kernel(a.styleKey()).equals(kernel(b.styleKey()))
                            && (sa.color().equals(sb.color()) || sa.dash() == sb.dash())) {
                        throw new AssertionError(where + " are different kernels sharing a colour or a dash");
                    }
                    if (sa.color().equals(sb.color()) && sa.dash() == sb.dash() && sa.width() == sb.width()) {
                        throw new AssertionError(where + " are drawn alike");
                    }
                    pairs++;
                }
            }
        }
        return pairs;
    }

    private static String kernel(String styleKey) {
        return styleKey.toLowerCase(Locale.ROOT).replaceFirst("-l\\d+$", "");
    }
}
