package dev.rbmsuite.plots.style;

/**
 * Line dash patterns. The suite's kernel lines are solid and told apart by colour and by markers placed every
 * few points (see {@link Palette}): a dash pattern turns solid where a curve's points are dense (issue 41).
 * Dashes remain for straight reference lines of two points, such as the i.i.d. floor.
 */
public enum Dash {
    /** Continuous line. */
    SOLID(null),
    /** Long dashes. */
    DASHED(new float[] {14f, 8f}),
    /** Short dots. */
    DOTTED(new float[] {3f, 6f}),
    /** Dash-dot. */
    DASH_DOT(new float[] {14f, 6f, 3f, 6f});

    private final float[] pattern;

    Dash(float[] pattern) {
        this.pattern = pattern;
    }

    /**
     * @param scale multiplier for the pattern lengths (use the line width / 2.5 to keep proportions)
     * @return the dash pattern in pixels, or {@code null} for a solid line
     */
    public float[] pattern(float scale) {
        if (pattern == null) {
            return null;
        }
        float[] p = pattern.clone();
        for (int i = 0; i < p.length; i++) {
            p[i] *= scale;
        }
        return p;
    }
}
