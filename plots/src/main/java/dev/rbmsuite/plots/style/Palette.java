package dev.rbmsuite.plots.style;

import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fixed map from style key to {@link SeriesStyle}, so each kernel / estimator has one colour in every figure
 * (issue 7: "consistent colours per kernel across all figures").
 *
 * <p>Colours are the Okabe-Ito palette, which stays distinguishable under the common forms of colour
 * blindness (TOOLCHAIN.md, XChart section). Registered keys (case-insensitive):
 * <ul>
 *   <li>kernels, each with its own colour <em>and</em> its own dash, so that no two kernels share either and a
 *       line stays decodable in grey print or under any colour-vision deficiency (issue 31): {@code bgs}
 *       vermillion solid, {@code dt} blue dashed, {@code roundtrip} reddish purple dotted, {@code pt} bluish
 *       green dash-dot;</li>
 *   <li>lambda2 estimators (Fig 2, App. B): {@code count} orange, {@code rao-blackwell} sky blue;</li>
 *   <li>references: {@code exact} black, {@code iid} grey dashed (the i.i.d. TV floor of docs/methods.md
 *       section 6), {@code data} light grey (PCA point clouds, Figs 5 and 8).</li>
 * </ul>
 * A suffix {@code -L<k>} keeps the colour, dash and marker of the base key and sets the line width by depth,
 * so the kernel stays decodable by colour and dash while L tells apart by width (Fig 6): {@code L1} thin
 * (0.55 of the theme's width), {@code L2} medium (0.78), {@code L3} full (1), {@code L4} and deeper thick
 * (1.4). Thus {@code "dt"} and {@code "dt-L3"} (the paper's default L = 3) look the same.
 *
 * <p>Any other key gets a deterministic fallback colour chosen by {@link String#hashCode()} (specified by the
 * JLS, hence stable across runs and JVMs) from a second, dark, colour-blind-aware list (Paul Tol's "muted"
 * scheme) that avoids the registered colours.
 */
public final class Palette {

    /** Okabe-Ito black. */
    public static final Color BLACK = new Color(0x000000);
    /** Okabe-Ito orange. */
    public static final Color ORANGE = new Color(0xE69F00);
    /** Okabe-Ito sky blue. */
    public static final Color SKY_BLUE = new Color(0x56B4E9);
    /** Okabe-Ito bluish green. */
    public static final Color BLUISH_GREEN = new Color(0x009E73);
    /** Okabe-Ito yellow. */
    public static final Color YELLOW = new Color(0xF0E442);
    /** Okabe-Ito blue. */
    public static final Color BLUE = new Color(0x0072B2);
    /** Okabe-Ito vermillion. */
    public static final Color VERMILLION = new Color(0xD55E00);
    /** Okabe-Ito reddish purple. */
    public static final Color REDDISH_PURPLE = new Color(0xCC79A7);
    /** Mid grey for reference curves. */
    public static final Color GREY = new Color(0x777777);
    /** Light grey for background point clouds. */
    public static final Color LIGHT_GREY = new Color(0xC8C8C8);

    private static final List<Color> FALLBACK = List.of(
            new Color(0x332288), new Color(0x88CCEE), new Color(0x44AA99), new Color(0x117733),
            new Color(0x999933), new Color(0xDDCC77), new Color(0xCC6677), new Color(0x882255),
            new Color(0xAA4499));

    private static final Map<String, SeriesStyle> BASE = new LinkedHashMap<>();

    static {
        // each kernel has its own colour and its own dash (issue 31): the round trip in reddish purple, not
        // bluish green, since next to DT's blue, green lines were hard to tell apart in figure 6; blue and reddish
        // purple differ in hue and lightness for every common colour-vision deficiency, and the dash tells them
        // apart where colour cannot (grey print, overlapping curves)
        BASE.put("bgs", new SeriesStyle(VERMILLION, Dash.SOLID, MarkerShape.CIRCLE));
        BASE.put("dt", new SeriesStyle(BLUE, Dash.DASHED, MarkerShape.SQUARE));
        BASE.put("roundtrip", new SeriesStyle(REDDISH_PURPLE, Dash.DOTTED, MarkerShape.DIAMOND));
        BASE.put("pt", new SeriesStyle(BLUISH_GREEN, Dash.DASH_DOT, MarkerShape.TRIANGLE_UP));
        BASE.put("count", new SeriesStyle(ORANGE, Dash.SOLID, MarkerShape.TRIANGLE_DOWN));
        BASE.put("rao-blackwell", new SeriesStyle(SKY_BLUE, Dash.SOLID, MarkerShape.TRIANGLE_UP));
        BASE.put("exact", new SeriesStyle(BLACK, Dash.SOLID, MarkerShape.CIRCLE));
        BASE.put("iid", new SeriesStyle(GREY, Dash.DASHED, MarkerShape.NONE));
        BASE.put("data", new SeriesStyle(LIGHT_GREY, Dash.SOLID, MarkerShape.CIRCLE));
        // classes and mixture components of a data set: distinct colours and markers, in order
        Color[] clusterColors = {BLUE, ORANGE, BLUISH_GREEN, REDDISH_PURPLE, SKY_BLUE, VERMILLION, YELLOW, BLACK};
        MarkerShape[] clusterMarkers = {MarkerShape.CIRCLE, MarkerShape.SQUARE, MarkerShape.DIAMOND,
            MarkerShape.TRIANGLE_UP, MarkerShape.TRIANGLE_DOWN};
        for (int k = 0; k < clusterColors.length; k++) {
            BASE.put("cluster-" + k, new SeriesStyle(clusterColors[k], Dash.SOLID, clusterMarkers[k % clusterMarkers.length]));
        }
    }

    private static final Pattern DEPTH = Pattern.compile("^(.+)-l(\\d+)$");

    private Palette() {
    }

    /**
     * The style of a key: registered keys as listed in the class comment, {@code base-L<k>} variants, and
     * deterministic fallbacks for anything else. Same key, same style, in every run.
     *
     * @param key style key such as {@code "bgs"}, {@code "roundtrip-L2"} or {@code "rao-blackwell"}
     * @return the style
     * @throws IllegalArgumentException if the key is null or blank
     */
    public static SeriesStyle style(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("style key must not be blank");
        }
        String k = key.trim().toLowerCase(Locale.ROOT);
        SeriesStyle exact = BASE.get(k);
        if (exact != null) {
            return exact;
        }
        Matcher m = DEPTH.matcher(k);
        if (m.matches()) {
            SeriesStyle base = baseOrFallback(m.group(1));
            return new SeriesStyle(base.color(), base.dash(), base.marker(), widthForDepth(m.group(2)));
        }
        return fallback(k);
    }

    /**
     * Convenience for {@code style(key).color()}.
     *
     * @param key style key
     * @return its colour
     */
    public static Color color(String key) {
        return style(key).color();
    }

    /** @return the registered base keys, in registration order */
    public static List<String> registeredKeys() {
        return List.copyOf(BASE.keySet());
    }

    private static SeriesStyle baseOrFallback(String k) {
        SeriesStyle s = BASE.get(k);
        return s != null ? s : fallback(k);
    }

    private static SeriesStyle fallback(String k) {
        Color c = FALLBACK.get(Math.floorMod(k.hashCode(), FALLBACK.size()));
        MarkerShape[] shapes = {MarkerShape.CIRCLE, MarkerShape.SQUARE, MarkerShape.DIAMOND,
            MarkerShape.TRIANGLE_UP, MarkerShape.TRIANGLE_DOWN};
        return new SeriesStyle(c, Dash.SOLID, shapes[Math.floorMod(k.hashCode() / 7, shapes.length)]);
    }

    private static float widthForDepth(String digits) {
        int depth;
        try {
            depth = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return 1.4f;
        }
        return switch (depth) {
            case 0, 1 -> 0.55f;
            case 2 -> 0.78f;
            case 3 -> 1f;
            default -> 1.4f;
        };
    }
}
