package dev.rbmsuite.plots.style;

/**
 * Line dash patterns. In the paper's figures the dash tells the stack depth L apart while the colour tells
 * the kernel (Fig 6: DT and the round trip for L = 1, 2, 3).
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
