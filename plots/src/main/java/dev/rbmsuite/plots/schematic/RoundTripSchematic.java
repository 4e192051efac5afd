package dev.rbmsuite.plots.schematic;

import java.awt.Color;

import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.Theme;

/**
 * Fig 4 of the paper: one transition of the proposed round-trip kernel on an RBM sequence with L = 2
 * (Sec. 4, Alg. 3). Time runs left to right; the three RBMs are horizontal lanes (RBM 0, the training RBM,
 * at the bottom), each with a visible row v_l and a hidden row h_l.
 *
 * <p>Upward pass: h_0 ~ P(h_0 | v_0), swap S_{0,1}(h_0, v_1) giving (h_0^+, v_1^+), h_1 ~ P(h_1 | v_1^+),
 * swap S_{1,2}(h_1, v_2) giving (h_1^+, v_2^+). One BGS step at the top: h_2^+ ~ P(h_2 | v_2^+),
 * v-hat_2 ~ P(v_2 | h_2^+). Downward pass in reverse order: S_{1,2}(h_1^+, v-hat_2) giving (h_1^-, v_2'),
 * v-hat_1 ~ P(v_1 | h_1^-), S_{0,1}(h_0^+, v-hat_1) giving (h_0^-, v_1'), v_0' ~ P(v_0 | h_0^-). The new
 * state is V' = (v_0', v_1', v_2'). Solid arrows are conditional samples, orange boxes swap moves (Alg. 1,
 * accepted with probability a, Eq. swap_prob), dashed lines states carried unchanged.
 */
public final class RoundTripSchematic extends ScaledSchematic {

    private static final int BASE_W = 1960;
    private static final int BASE_H = 1080;
    private static final double R = 31;
    private static final double C0 = 300;
    private static final double DX = 111;
    /** Screen y of the rows v_0, h_0, v_1, h_1, v_2, h_2. */
    private static final double[] ROW = {850, 720, 580, 450, 310, 180};
    private static final Color SAMPLE = Theme.INK;
    private static final Color CARRY = new Color(0x9A9A9A);
    private static final Color SWAP_FILL = new Color(0xFCE9C4);
    private static final Color SWAP_EDGE = new Color(0xB07800);
    private static final Color BGS_FILL = new Color(0xE3F1EA);

    /** The schematic at its natural size (1960 x 1080 pixels). */
    public RoundTripSchematic() {
        this(1.0);
    }

    /**
     * @param scale size multiplier (1 = 1960 x 1080 pixels)
     * @throws IllegalArgumentException if {@code scale} is not in (0, 8]
     */
    public RoundTripSchematic(double scale) {
        super(BASE_W, BASE_H, scale);
    }

    private static double cx(int col) {
        return C0 + col * DX;
    }

    @Override
    void draw(Ink u) {
        lanes(u);
        phases(u);

        // BGS region at the top RBM
        u.box(cx(7) - 52, ROW[5] - 52, cx(8) - cx(7) + 104, ROW[4] - ROW[5] + 104, 26, BGS_FILL,
                Palette.BLUISH_GREEN, 2f);

        // carried (unchanged) states: dashed
        carry(u, 0, 2, 2);      // v_1 waits for the first swap
        carry(u, 0, 4, 5);      // v_2 waits for the second swap
        carry(u, 3, 1, 12);     // h_0^+ waits for the last swap
        carry(u, 6, 3, 9);      // h_1^+ waits for the third swap
        carry(u, 10, 4, 14);    // v_2' is final
        carry(u, 13, 2, 14);    // v_1' is final

        // conditional samples: solid arrows
        sample(u, 0, 0, 1, 1);    // h_0 ~ P(h_0 | v_0)
        sample(u, 3, 2, 4, 3);    // h_1 ~ P(h_1 | v_1^+)
        sample(u, 6, 4, 7, 5);    // h_2^+ ~ P(h_2 | v_2^+)
        sample(u, 7, 5, 8, 4);    // v-hat_2 ~ P(v_2 | h_2^+)
        sample(u, 10, 3, 11, 2);  // v-hat_1 ~ P(v_1 | h_1^-)
        sample(u, 13, 1, 14, 0);  // v_0' ~ P(v_0 | h_0^-)

        // swaps: inputs from the left, outputs to the right
        swap(u, 2, 0, 1, 0, "S_0,1");
        swap(u, 5, 1, 4, 0, "S_1,2");
        swap(u, 9, 1, 6, 8, "S_1,2");
        swap(u, 12, 0, 3, 11, "S_0,1");

        // nodes
        node(u, 0, 0, "v_0");
        node(u, 0, 2, "v_1");
        node(u, 0, 4, "v_2");
        node(u, 1, 1, "h_0");
        node(u, 3, 1, "h_0^+");
        node(u, 3, 2, "v_1^+");
        node(u, 4, 3, "h_1");
        node(u, 6, 3, "h_1^+");
        node(u, 6, 4, "v_2^+");
        node(u, 7, 5, "h_2^+");
        node(u, 8, 4, "\\hat v_2");
        node(u, 10, 3, "h_1^-");
        node(u, 10, 4, "v_2^\u2032");
        node(u, 11, 2, "\\hat v_1");
        node(u, 13, 1, "h_0^-");
        node(u, 13, 2, "v_1^\u2032");
        node(u, 14, 0, "v_0^\u2032");

        bracket(u, cx(0) - R - 22, "V", true);
        bracket(u, cx(14) + R + 22, "V^\u2032", false);
        legend(u);
    }

    private static void lanes(Ink u) {
        String[] name = {"RBM 0", "RBM 1", "RBM 2"};
        String[] role = {"training", "auxiliary", "auxiliary"};
        for (int l = 0; l < 3; l++) {
            double top = ROW[2 * l + 1] - 58;
            double bottom = ROW[2 * l] + 58;
            u.box(30, top, BASE_W - 60, bottom - top, 24, l % 2 == 0 ? new Color(0xF4F6F8) : new Color(0xFAFAFA),
                    new Color(0xDDDDDD), 1.5f);
            double mid = (top + bottom) / 2;
            u.left(name[l], 52, mid - 20, u.bold(22), Theme.INK);
            u.row(52, mid + 16, 20, Theme.INK, "(", "$\\theta_" + l, ", " + role[l] + ")");
        }
    }

    private static void phases(Ink u) {
        double y = 72;
        Color c = Theme.INK;
        u.arrow(cx(0) - 10, y + 26, cx(6) + 30, y + 26, c, 2.5f, false);
        u.centred("upward pass: swaps from lower to upper RBMs", (cx(0) + cx(6)) / 2, y - 6, u.text(22), c);
        u.centred("one-step BGS", (cx(7) + cx(8)) / 2, y - 6, u.text(22), Palette.BLUISH_GREEN.darker());
        u.centred("at the top", (cx(7) + cx(8)) / 2, y + 24, u.text(22), Palette.BLUISH_GREEN.darker());
        u.arrow(cx(9) - 30, y + 26, cx(14) + 10, y + 26, c, 2.5f, false);
        u.centred("downward pass: swaps in reverse order", (cx(9) + cx(14)) / 2, y - 6, u.text(22), c);
    }

    private static void node(Ink u, int col, int row, String label) {
        u.node(cx(col), ROW[row], R, row % 2 == 0 ? Ink.VISIBLE : Ink.HIDDEN);
        u.math(label, cx(col), ROW[row], 24, Theme.INK);
    }

    private static void sample(Ink u, int c1, int r1, int c2, int r2) {
        double x1 = cx(c1);
        double y1 = ROW[r1];
        double x2 = cx(c2);
        double y2 = ROW[r2];
        double len = StrictMath.hypot(x2 - x1, y2 - y1);
        double ux = (x2 - x1) / len;
        double uy = (y2 - y1) / len;
        u.arrow(x1 + ux * (R + 3), y1 + uy * (R + 3), x2 - ux * (R + 4), y2 - uy * (R + 4), SAMPLE, 2.5f, false);
    }

    private static void carry(Ink u, int fromCol, int row, int toCol) {
        double end = cx(toCol) - (toCol == 14 ? 0 : 32);
        u.dashed(cx(fromCol) + R, ROW[row], end - (toCol == 14 ? 0 : 16), ROW[row], CARRY, 2.5f);
        if (toCol != 14) {
            u.arrow(end - 22, ROW[row], end, ROW[row], CARRY, 2.5f, false);
        }
    }

    /**
     * A swap box at column {@code col} between rows h_l (2l+1) and v_{l+1} (2l+2); inputs come from the
     * given columns (the carried input already reaches the box through its dashed line).
     */
    private static void swap(Ink u, int col, int level, int hFromCol, int vFromCol, String label) {
        double x = cx(col);
        double yh = ROW[2 * level + 1];
        double yv = ROW[2 * level + 2];
        double w = 60;
        u.box(x - w / 2, yv - 44, w, yh - yv + 88, 18, SWAP_FILL, SWAP_EDGE, 2.5f);
        u.math(label, x, (yh + yv) / 2, 22, SWAP_EDGE.darker());
        // arrows into the box from the previous node on the same row
        if (hFromCol == col - 1) {
            u.arrow(cx(hFromCol) + R + 3, yh, x - w / 2 - 2, yh, SAMPLE, 2.5f, false);
        }
        if (vFromCol == col - 1) {
            u.arrow(cx(vFromCol) + R + 3, yv, x - w / 2 - 2, yv, SAMPLE, 2.5f, false);
        }
        // outputs to the next column
        u.arrow(x + w / 2 + 2, yh, cx(col + 1) - R - 3, yh, SWAP_EDGE, 2.5f, false);
        u.arrow(x + w / 2 + 2, yv, cx(col + 1) - R - 3, yv, SWAP_EDGE, 2.5f, false);
    }

    private static void bracket(Ink u, double x, String label, boolean left) {
        double top = ROW[4] - 40;
        double bottom = ROW[0] + 40;
        double d = left ? 12 : -12;
        u.line(x, top, x, bottom, Theme.INK, 2f);
        u.line(x, top, x + d, top, Theme.INK, 2f);
        u.line(x, bottom, x + d, bottom, Theme.INK, 2f);
        u.math(label, left ? x - 24 : x + 30, (top + bottom) / 2, 30, Theme.INK);
    }

    private static void legend(Ink u) {
        double y = 990;
        double x = 80;
        u.arrow(x, y, x + 70, y, SAMPLE, 2.5f, false);
        x = u.row(x + 85, y, 20, Theme.INK, "sample from the RBM conditional, e.g. ", "$h_0", " ~ ", "$P", "(",
                "$h_0", " | ", "$v_0", ")");
        x += 50;
        u.box(x, y - 22, 44, 44, 12, SWAP_FILL, SWAP_EDGE, 2.5f);
        x = u.row(x + 58, y, 20, Theme.INK, "swap (Alg. 1), accepted with probability ", "$a_\u2113,\u2113+1");
        x += 50;
        u.dashed(x, y, x + 70, y, CARRY, 2.5f);
        u.row(x + 85, y, 20, Theme.INK, "state kept unchanged");
    }
}
