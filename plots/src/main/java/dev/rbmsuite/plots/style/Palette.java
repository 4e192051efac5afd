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
 * blindness (TOOLCHAIN.md, XChart section), plus one strong magenta for the paper's own kernel. Registered
 * keys (case-insensitive):
 * <ul>
 *   <li>kernels, each with its own colour <em>and</em> its own marker shape, drawn as solid lines with a marker
 *       every few points (issue 41: dash patterns turn solid where points are dense, on figure 9's log axis
 *       or along a 20,000-epoch curve, while markers placed by distance along the axis stay apart):
 *       {@code bgs} vermillion circles, {@code dt} blue squares, {@code pt} black triangles, and the proposed
 *       {@code roundtrip} drawn strongest, a {@link #ROUNDTRIP_WIDTH 1.8 times} thicker line in
 *       {@link #MAGENTA} with diamonds, so the paper's kernel stands out in every figure;</li>
 *   <li>the depths L = 1, 2, 3 of the two stacked kernels, by colour (issue 41: widths alone were too alike;
 *       DT's by hue and, between sky blue and blue, by lightness, the proposed kernel's by hue):
 *       {@code dt-L1} sky blue, {@code dt-L2} bluish green, {@code dt-L3} blue; {@code roundtrip-L1} orange,
 *       {@code roundtrip-L2} violet, {@code roundtrip-L3} magenta. {@code dt} and {@code dt-L3} (the
 *       paper's default L = 3) look the same, as do {@code roundtrip} and {@code roundtrip-L3}; no two kernels
 *       share a colour at any of these depths. A depth beyond 3 keeps its kernel's L = 3 colour and marker and
 *       is drawn 1.4 times thicker; the depth of any other key keeps that key's colour and sets the width (L1
 *       0.55, L2 0.78, L3 1, deeper 1.4 times the base width);</li>
 *   <li>lambda2 estimators (Fig 2, App. B): {@code count} orange, {@code rao-blackwell} sky blue;</li>
 *   <li>references, without markers: {@code exact} grey solid, {@code iid} grey dashed (the i.i.d. TV floor of
 *       docs/methods.md section 6; a two-point line, where a dash pattern stays visible), {@code data} light
 *       grey (PCA point clouds, Figs 5 and 8).</li>
 * </ul>
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
    /**
     * Strong magenta of the proposed round-trip kernel: the hue of Okabe-Ito's reddish purple, dark and
     * saturated enough to be the most prominent line of a panel; under protanopia and deuteranopia it turns
     * a dark grey-blue, darker than {@link #BLUE} and far from {@link #VERMILLION}.
     */
    public static final Color MAGENTA = new Color(0xB0006E);
    /**
     * Violet of the proposed kernel at L = 2 (ColorBrewer's dark purple): a hue between {@link #BLUE} and
     * {@link #MAGENTA}, darker than both, so the three depths of the proposed kernel differ in hue.
     */
    public static final Color VIOLET = new Color(0x6A3D9A);
    /** Mid grey for reference curves. */
    public static final Color GREY = new Color(0x777777);
    /** Light grey for background point clouds. */
    public static final Color LIGHT_GREY = new Color(0xC8C8C8);

    /** Line width of the proposed round-trip kernel, as a multiple of the theme's line width. */
    public static final float ROUNDTRIP_WIDTH = 1.8f;

    private static final List<Color> FALLBACK = List.of(
            new Color(0x332288), new Color(0x88CCEE), new Color(0x44AA99), new Color(0x117733),
            new Color(0x999933), new Color(0xDDCC77), new Color(0xCC6677), new Color(0x882255),
            new Color(0xAA4499));

    private static final Map<String, SeriesStyle> BASE = new LinkedHashMap<>();

    static {
        // each kernel has its own colour and its own marker (issue 31: decodable without colour vision); the
        // round trip in a strong magenta and thick (issue 41: it was a thin, light, dotted line, the faintest of
        // every panel), DT in blue, BGS in vermillion; every kernel line solid, the dash patterns of issue 31
        // turned solid on dense curves
        BASE.put("bgs", new SeriesStyle(VERMILLION, Dash.SOLID, MarkerShape.CIRCLE));
        BASE.put("dt", new SeriesStyle(BLUE, Dash.SOLID, MarkerShape.SQUARE));
        BASE.put("roundtrip", new SeriesStyle(MAGENTA, Dash.SOLID, MarkerShape.DIAMOND, ROUNDTRIP_WIDTH));
        BASE.put("pt", new SeriesStyle(BLACK, Dash.SOLID, MarkerShape.TRIANGLE_UP));
        // L by colour within each stacked kernel (figure 6 draws L = 1, 2, 3 of both in one panel)
        BASE.put("dt-l1", new SeriesStyle(SKY_BLUE, Dash.SOLID, MarkerShape.SQUARE));
        BASE.put("dt-l2", new SeriesStyle(BLUISH_GREEN, Dash.SOLID, MarkerShape.SQUARE));
        BASE.put("dt-l3", BASE.get("dt"));
        BASE.put("roundtrip-l1", new SeriesStyle(ORANGE, Dash.SOLID, MarkerShape.DIAMOND, ROUNDTRIP_WIDTH));
        BASE.put("roundtrip-l2", new SeriesStyle(VIOLET, Dash.SOLID, MarkerShape.DIAMOND, ROUNDTRIP_WIDTH));
        BASE.put("roundtrip-l3", BASE.get("roundtrip"));
        BASE.put("count", new SeriesStyle(ORANGE, Dash.SOLID, MarkerShape.TRIANGLE_DOWN));
        BASE.put("rao-blackwell", new SeriesStyle(SKY_BLUE, Dash.SOLID, MarkerShape.TRIANGLE_UP));
        BASE.put("exact", new SeriesStyle(GREY, Dash.SOLID, MarkerShape.NONE));
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
            // a depth of its own beyond the registered ones: the kernel's L = 3 look (or the key's own), by width
            SeriesStyle deepest = BASE.get(m.group(1) + "-l3");
            SeriesStyle base = deepest != null ? deepest : baseOrFallback(m.group(1));
            return new SeriesStyle(base.color(), base.dash(), base.marker(),
                    base.width() * widthForDepth(m.group(2)));
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
