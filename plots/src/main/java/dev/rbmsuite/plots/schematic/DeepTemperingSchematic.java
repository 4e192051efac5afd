package dev.rbmsuite.plots.schematic;

import java.awt.Color;

import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.Theme;

/**
 * Fig 3 of the paper: the RBM sequence of deep tempering for L = 2 (Sec. 3). Three RBMs in the simplified
 * notation of Fig 1(b), drawn as a staircase: the training RBM theta_0 at the bottom left, the auxiliary RBMs
 * theta_1 and theta_2 above and to the right. The hidden layer h_l of RBM l and the visible layer v_{l+1} of
 * RBM l+1 have the same size (n_{l+1} = m_l) and sit side by side; the double arrow between them is the swap
 * move S_{l,l+1} of Alg. 1 with acceptance probability a_{l,l+1} (Eq. swap_prob). Layer widths shrink up the
 * stack like the paper's (m_1, m_2) = (50, 25).
 */
public final class DeepTemperingSchematic extends ScaledSchematic {

    private static final int BASE_W = 1600;
    private static final int BASE_H = 900;

    /** The schematic at its natural size (1600 x 900 pixels). */
    public DeepTemperingSchematic() {
        this(1.0);
    }

    /**
     * @param scale size multiplier (1 = 1600 x 900 pixels)
     * @throws IllegalArgumentException if {@code scale} is not in (0, 8]
     */
    public DeepTemperingSchematic(double scale) {
        super(BASE_W, BASE_H, scale);
    }

    @Override
    void draw(Ink u) {
        double barH = 66;
        // layer widths: v0, h0 = v1, h1 = v2, h2
        double[] width = {420, 330, 240, 170};
        double[] levelY = {760, 530, 300, 70};
        double[] left = {110, 640, 1090};
        String[] role = {"training RBM", "auxiliary RBM", "auxiliary RBM"};
        for (int l = 0; l < 3; l++) {
            double wv = width[l];
            double wh = width[l + 1];
            double cx = left[l] + wv / 2;
            double yv = levelY[l];
            double yh = levelY[l + 1];
            for (int i = 0; i < 4; i++) {
                double bx = cx - wh / 2 + 40 + i * (wh - 80) / 3.0;
                double tx = cx - wv / 2 + 40 + i * (wv - 80) / 3.0;
                u.line(tx, yv, bx, yh + barH, Ink.EDGE, 3f);
            }
            u.box(cx - wv / 2, yv, wv, barH, 24, Ink.VISIBLE, Theme.INK, 2.5f);
            u.box(cx - wh / 2, yh, wh, barH, 24, Ink.HIDDEN, Theme.INK, 2.5f);
            u.math("v_" + l, cx, yv + barH / 2, 32, Theme.INK);
            u.math("h_" + l, cx, yh + barH / 2, 32, Theme.INK);
            double my = (yv + yh + barH) / 2;
            u.box(cx - 34, my - 24, 68, 48, 14, Color.WHITE, null, 0f);
            u.math("W_" + l, cx, my, 30, Theme.INK);
            double lx = cx + Math.max(wv, wh) / 2 + 30;
            u.left(role[l], lx, my - 18, u.text(22), Theme.INK);
            u.row(lx, my + 18, 22, Theme.INK, "$P_\u03b8" + l, "(", "$v_" + l, ", ", "$h_" + l, ")");
            if (l < 2) {
                // swap between h_l (this RBM) and v_{l+1} (next RBM), at the same height
                double nextCx = left[l + 1] + width[l + 1] / 2;
                double x1 = cx + wh / 2 + 12;
                double x2 = nextCx - width[l + 1] / 2 - 12;
                double y = yh + barH / 2;
                u.arrow(x1, y, x2, y, Palette.ORANGE.darker(), 4f, true);
                u.centred("swap", (x1 + x2) / 2, y - 30, u.text(22), Palette.ORANGE.darker().darker());
                u.math("S_" + l + "," + (l + 1), (x1 + x2) / 2, y + 32, 26, Palette.ORANGE.darker().darker());
            }
        }
        u.left("L = 2: one training RBM and two auxiliary RBMs", 940, 700, u.text(22), Theme.INK);
        u.left("used only for sampling;", 940, 736, u.text(22), Theme.INK);
        u.row(940, 772, 22, Theme.INK, "swapped layers have equal size ", "$n_\u2113+1", " = ", "$m_\u2113");
    }
}
