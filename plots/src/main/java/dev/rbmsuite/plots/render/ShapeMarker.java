package dev.rbmsuite.plots.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;

import org.knowm.xchart.style.markers.Marker;

import dev.rbmsuite.plots.style.MarkerShape;

/**
 * An XChart marker with its own size, fill and optional edge. XChart 4 has one marker size per chart; this
 * marker ignores it so that small scatter points and large trajectory end markers can share a chart.
 */
final class ShapeMarker extends Marker {

    private final MarkerShape shape;
    private final double size;
    private final Color fill;
    private final Color edge;
    private final float edgeWidth;

    /**
     * @param shape marker shape
     * @param size marker width in pixels
     * @param fill fill colour
     * @param edge edge colour, or {@code null} for none
     * @param edgeWidth edge stroke width in pixels
     */
    ShapeMarker(MarkerShape shape, double size, Color fill, Color edge, float edgeWidth) {
        this.shape = shape;
        this.size = size;
        this.fill = fill;
        this.edge = edge;
        this.edgeWidth = edgeWidth;
    }

    @Override
    public void paint(Graphics2D g, double cx, double cy, int ignoredSize) {
        Shape s = shape(shape, cx, cy, size);
        if (s == null) {
            return;
        }
        Color saved = g.getColor();
        g.setColor(fill);
        g.fill(s);
        if (edge != null) {
            g.setColor(edge);
            g.setStroke(new BasicStroke(edgeWidth, BasicStroke.CAP_ROUND, BasicStroke.JOIN_MITER));
            g.draw(s);
        }
        g.setColor(saved);
    }

    /**
     * The outline of a marker centred at {@code (cx, cy)}; shared with the legend painter of the figure.
     *
     * @param shape marker shape
     * @param cx centre x
     * @param cy centre y
     * @param size width in pixels
     * @return the shape, or {@code null} for {@link MarkerShape#NONE}
     */
    static Shape shape(MarkerShape shape, double cx, double cy, double size) {
        double r = size / 2;
        switch (shape) {
            case NONE:
                return null;
            case CIRCLE:
                return new Ellipse2D.Double(cx - r, cy - r, size, size);
            case SQUARE: {
                double q = r * 0.9;
                return new Rectangle2D.Double(cx - q, cy - q, 2 * q, 2 * q);
            }
            case DIAMOND:
                return polygon(new double[] {cx, cx + r, cx, cx - r}, new double[] {cy - r, cy, cy + r, cy});
            case TRIANGLE_UP:
                return polygon(new double[] {cx, cx + r, cx - r}, new double[] {cy - r, cy + r * 0.8, cy + r * 0.8});
            case TRIANGLE_DOWN:
                return polygon(new double[] {cx, cx + r, cx - r}, new double[] {cy + r, cy - r * 0.8, cy - r * 0.8});
            default:
                throw new IllegalStateException("unknown marker " + shape);
        }
    }

    private static Shape polygon(double[] xs, double[] ys) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        p.closePath();
        return p;
    }
}
