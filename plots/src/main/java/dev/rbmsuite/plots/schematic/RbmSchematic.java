package dev.rbmsuite.plots.schematic;

import dev.rbmsuite.plots.style.Theme;
import java.awt.Color;

/**
 * Fig 1 of the paper: (a) an RBM as a complete bipartite graph, the visible layer v (biases b) at the bottom,
 * the hidden layer h (biases c) at the top, every visible unit joined to every hidden unit by a weight of W
 * (Eq. energy: E(v, h) = -b^T v - c^T h - v^T W h); (b) its simplified representation as two layer bars
 * joined by one thick link, the notation Figs 3 and 4 build on.
 */
public final class RbmSchematic extends ScaledSchematic {

    private static final int BASE_W = 1600;
    private static final int BASE_H = 760;

    /** The schematic at its natural size (1600 x 760 pixels). */
    public RbmSchematic() {
        this(1.0);
    }

    /**
     * @param scale size multiplier (1 = 1600 x 760 pixels)
     * @throws IllegalArgumentException if {@code scale} is not in (0, 8]
     */
    public RbmSchematic(double scale) {
        super(BASE_W, BASE_H, scale);
    }

    @Override
    void draw(Ink u) {
        paintFull(u);
        paintSimplified(u);
        u.line(960, 60, 960, 700, Theme.GRID, 2f);
    }

    private static void paintFull(Ink u) {
        u.left("(a)", 30, 50, u.bold(28), Theme.INK);
        double r = 34;
        double yh = 210;
        double yv = 560;
        String[] hid = {"h_1", "h_2", "h_3", "h_m"};
        double[] hx = {230, 390, 550, 770};
        String[] vis = {"v_1", "v_2", "v_3", "v_4", "v_n"};
        double[] vx = {150, 300, 450, 600, 820};
        for (double x1 : vx) {
            for (double x2 : hx) {
                u.line(x1, yv - r, x2, yh + r, Ink.EDGE, 1.6f);
            }
        }
        for (int i = 0; i < hid.length; i++) {
            u.node(hx[i], yh, r, Ink.HIDDEN);
            u.math(hid[i], hx[i], yh, 28, Theme.INK);
        }
        for (int i = 0; i < vis.length; i++) {
            u.node(vx[i], yv, r, Ink.VISIBLE);
            u.math(vis[i], vx[i], yv, 28, Theme.INK);
        }
        u.centred("\u22ef", 660, yh, u.text(34), Theme.INK);
        u.centred("\u22ef", 710, yv, u.text(34), Theme.INK);
        u.centred("hidden layer  h \u2208 {0,1}\u1d50,  biases c", 485, yh - 85, u.text(24), Theme.INK);
        u.centred("visible layer  v \u2208 {0,1}\u207f,  biases b", 485, yv + 85, u.text(24), Theme.INK);
        u.box(850, 360, 70, 48, 14, Color.WHITE, null, 0f);
        u.math("W", 885, 384, 32, Theme.INK);
        u.centred("weights", 885, 420, u.text(18), Ink.EDGE.darker());
    }

    private static void paintSimplified(Ink u) {
        u.left("(b)", 990, 50, u.bold(28), Theme.INK);
        double x = 1080;
        double w = 400;
        double h = 74;
        double yh = 210 - h / 2;
        double yv = 560 - h / 2;
        for (int i = 0; i < 5; i++) {
            double lx = x + 70 + i * (w - 140) / 4.0;
            u.line(lx, yv, lx, yh + h, Ink.EDGE, 3f);
        }
        u.box(x, yh, w, h, 26, Ink.HIDDEN, Theme.INK, 2.5f);
        u.box(x, yv, w, h, 26, Ink.VISIBLE, Theme.INK, 2.5f);
        u.math("h", x + w / 2, yh + h / 2, 34, Theme.INK);
        u.math("v", x + w / 2, yv + h / 2, 34, Theme.INK);
        u.box(x + w / 2 - 36, 360, 72, 48, 14, Color.WHITE, null, 0f);
        u.math("W", x + w / 2, 384, 32, Theme.INK);
        u.centred("m hidden units", x + w / 2, yh - 40, u.text(24), Theme.INK);
        u.centred("n visible units", x + w / 2, yv + h + 40, u.text(24), Theme.INK);
        u.centred("\u03b8 = (b, c, W)", x + w / 2, 700, u.text(24), Theme.INK);
    }
}
