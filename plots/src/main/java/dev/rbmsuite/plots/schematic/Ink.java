package dev.rbmsuite.plots.schematic;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;

import dev.rbmsuite.plots.style.Theme;

/**
 * Drawing primitives shared by the schematics: nodes, layer bars, arrows, centred text and simple math
 * symbols with sub- and superscripts (e.g. {@code "v_0^+"}, {@code "\\hat v_2"}, {@code "\\theta_1"}), drawn
 * in an italic serif face like LaTeX math.
 */
final class Ink {

    /** Node fill for visible units. */
    static final Color VISIBLE = new Color(0xDCEBF7);
    /** Node fill for hidden units. */
    static final Color HIDDEN = new Color(0xFBE3CF);
    /** Edge colour for connections. */
    static final Color EDGE = new Color(0x8A8A8A);

    private final Graphics2D g;
    private final double scale;

    Ink(Graphics2D g, double scale) {
        this.g = g;
        this.scale = scale;
    }

    double px(double v) {
        return v * scale;
    }

    Font text(double pt) {
        return new Font(Theme.FONT_FAMILY, Font.PLAIN, 1).deriveFont((float) (pt * scale));
    }

    Font bold(double pt) {
        return new Font(Theme.FONT_FAMILY, Font.BOLD, 1).deriveFont((float) (pt * scale));
    }

    private Font math(double pt) {
        return new Font(Font.SERIF, Font.ITALIC, 1).deriveFont((float) (pt * scale));
    }

    private Font upright(double pt) {
        return new Font(Font.SERIF, Font.PLAIN, 1).deriveFont((float) (pt * scale));
    }

    /** Draws plain text centred horizontally at {@code cx}, vertically centred at {@code cy}. */
    void centred(String s, double cx, double cy, Font f, Color c) {
        FontMetrics fm = g.getFontMetrics(f);
        g.setFont(f);
        g.setColor(c);
        g.drawString(s, (float) (cx - fm.stringWidth(s) / 2.0), (float) (cy + (fm.getAscent() - fm.getDescent()) / 2.0));
    }

    /** Draws plain text with its left end at {@code x}, vertically centred at {@code cy}. */
    void left(String s, double x, double cy, Font f, Color c) {
        FontMetrics fm = g.getFontMetrics(f);
        g.setFont(f);
        g.setColor(c);
        g.drawString(s, (float) x, (float) (cy + (fm.getAscent() - fm.getDescent()) / 2.0));
    }

    /** Draws text rotated by -90 degrees, centred at {@code (cx, cy)}. */
    void vertical(String s, double cx, double cy, Font f, Color c) {
        AffineTransform saved = g.getTransform();
        g.translate(cx, cy);
        g.rotate(-Math.PI / 2);
        centred(s, 0, 0, f, c);
        g.setTransform(saved);
    }

    /**
     * Width of a math symbol.
     *
     * @param spec symbol such as {@code "v_0^+"}
     * @param pt base size in points
     * @return width in pixels
     */
    double mathWidth(String spec, double pt) {
        Sym s = Sym.parse(spec);
        FontMetrics base = g.getFontMetrics(s.italic ? math(pt) : upright(pt));
        FontMetrics small = g.getFontMetrics(upright(pt * 0.68));
        int supW = s.sup.equals("\u2032") ? g.getFontMetrics(upright(pt)).stringWidth(s.sup) + (int) px(1)
                : small.stringWidth(s.sup);
        return base.stringWidth(s.base) + Math.max(small.stringWidth(s.sub), supW)
                + (s.sub.isEmpty() && s.sup.isEmpty() ? 0 : px(1));
    }

    /**
     * Draws a math symbol centred at {@code (cx, cy)}: italic base, upright sub- and superscripts, optional hat.
     *
     * @param spec {@code [\\hat ]base[_sub][^sup]}; base may be {@code \\theta}
     * @param cx centre x
     * @param cy centre y
     * @param pt base size in points
     * @param c colour
     */
    void math(String spec, double cx, double cy, double pt, Color c) {
        Sym s = Sym.parse(spec);
        Font bf = s.italic ? math(pt) : upright(pt);
        boolean prime = s.sup.equals("\u2032");
        Font sf = upright(pt * 0.68);
        Font pf = upright(pt * 1.0);
        FontMetrics bm = g.getFontMetrics(bf);
        double w = mathWidth(spec, pt);
        double x = cx - w / 2;
        double baseline = cy + (bm.getAscent() - bm.getDescent()) / 2.0 - px(1);
        g.setColor(c);
        g.setFont(bf);
        g.drawString(s.base, (float) x, (float) baseline);
        double bw = bm.stringWidth(s.base);
        if (s.hat) {
            double hx = x + bw / 2 + px(1.5);
            double hy = baseline - bm.getAscent() * 0.78;
            Path2D.Double hat = new Path2D.Double();
            hat.moveTo(hx - px(5), hy + px(3));
            hat.lineTo(hx, hy - px(2));
            hat.lineTo(hx + px(5), hy + px(3));
            g.setStroke(new BasicStroke((float) px(1.6)));
            g.draw(hat);
        }
        g.setFont(sf);
        double sx = x + bw + px(1);
        if (!s.sub.isEmpty()) {
            g.drawString(s.sub, (float) sx, (float) (baseline + pt * scale * 0.25));
        }
        if (prime) {
            g.setFont(pf);
            g.drawString(s.sup, (float) (sx + px(1)), (float) (baseline - pt * scale * 0.05));
        } else if (!s.sup.isEmpty()) {
            g.drawString(s.sup, (float) sx, (float) (baseline - pt * scale * 0.42));
        }
    }

    /**
     * Draws a row of plain-text and math parts left to right, vertically centred at {@code cy}. Parts starting
     * with {@code $} are math symbols (see {@link #math(String, double, double, double, Color)}), the others
     * plain sans-serif text.
     *
     * @return the x after the last part
     */
    double row(double x, double cy, double pt, Color c, String... parts) {
        double at = x;
        for (String part : parts) {
            if (part.startsWith("$")) {
                double w = mathWidth(part.substring(1), pt * 1.1);
                math(part.substring(1), at + w / 2, cy, pt * 1.1, c);
                at += w;
            } else {
                Font f = text(pt);
                left(part, at, cy, f, c);
                at += g.getFontMetrics(f).stringWidth(part);
            }
        }
        return at;
    }

    /** @return the width {@link #row} would use */
    double rowWidth(double pt, String... parts) {
        double w = 0;
        for (String part : parts) {
            w += part.startsWith("$") ? mathWidth(part.substring(1), pt * 1.1)
                    : g.getFontMetrics(text(pt)).stringWidth(part);
        }
        return w;
    }

    /** Draws a filled circle node with an outline. */
    void node(double cx, double cy, double r, Color fill) {
        Ellipse2D.Double e = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
        g.setColor(fill);
        g.fill(e);
        g.setColor(Theme.INK);
        g.setStroke(new BasicStroke((float) px(2)));
        g.draw(e);
    }

    /** Draws a rounded box. */
    void box(double x, double y, double w, double h, double arc, Color fill, Color edge, float edgeWidth) {
        RoundRectangle2D.Double r = new RoundRectangle2D.Double(x, y, w, h, arc, arc);
        if (fill != null) {
            g.setColor(fill);
            g.fill(r);
        }
        if (edge != null) {
            g.setColor(edge);
            g.setStroke(new BasicStroke((float) px(edgeWidth)));
            g.draw(r);
        }
    }

    /** Draws a straight line. */
    void line(double x1, double y1, double x2, double y2, Color c, float width) {
        g.setColor(c);
        g.setStroke(new BasicStroke((float) px(width), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    /** Draws a dashed line. */
    void dashed(double x1, double y1, double x2, double y2, Color c, float width) {
        g.setColor(c);
        g.setStroke(new BasicStroke((float) px(width), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                new float[] {(float) px(8), (float) px(6)}, 0f));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    /**
     * Draws an arrow from {@code (x1, y1)} to {@code (x2, y2)} with a filled head at the end (and at the start
     * too when {@code both}).
     */
    void arrow(double x1, double y1, double x2, double y2, Color c, float width, boolean both) {
        double head = px(8 + 2.2 * width);
        double len = StrictMath.hypot(x2 - x1, y2 - y1);
        double ux = (x2 - x1) / len;
        double uy = (y2 - y1) / len;
        double sx = both ? x1 + ux * head * 0.8 : x1;
        double sy = both ? y1 + uy * head * 0.8 : y1;
        line(sx, sy, x2 - ux * head * 0.8, y2 - uy * head * 0.8, c, width);
        head(x2, y2, ux, uy, head, c);
        if (both) {
            head(x1, y1, -ux, -uy, head, c);
        }
    }

    private void head(double tx, double ty, double ux, double uy, double size, Color c) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(tx, ty);
        p.lineTo(tx - ux * size - uy * size * 0.45, ty - uy * size + ux * size * 0.45);
        p.lineTo(tx - ux * size + uy * size * 0.45, ty - uy * size - ux * size * 0.45);
        p.closePath();
        g.setColor(c);
        g.fill(p);
    }

    /** A parsed math symbol. */
    private record Sym(String base, String sub, String sup, boolean hat, boolean italic) {
        static Sym parse(String spec) {
            String s = spec.trim();
            boolean hat = false;
            if (s.startsWith("\\hat ")) {
                hat = true;
                s = s.substring(5).trim();
            }
            String sup = "";
            int caret = s.indexOf('^');
            if (caret >= 0) {
                sup = s.substring(caret + 1).replace("-", "\u2212");
                s = s.substring(0, caret);
            }
            String sub = "";
            int us = s.indexOf('_');
            if (us >= 0) {
                sub = s.substring(us + 1);
                s = s.substring(0, us);
            }
            boolean italic = true;
            if (s.equals("\\theta")) {
                s = "\u03b8";
            } else if (s.startsWith("\\rm ")) {
                s = s.substring(4);
                italic = false;
            }
            return new Sym(s, sub, sup, hat, italic);
        }
    }
}
