package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.Theme;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figure-wide legend strip: one row when the entries fit, one row per entry when none fit beside another,
 * rows centred; line entries drawn as a line sample in the key's colour and dash, scatter entries as a marker.
 */
class LegendStripTest {

    private static final Theme T = Theme.PUBLICATION;

    private static BufferedImage canvas(int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.dispose();
        return img;
    }

    private static LegendStrip strip(List<LegendEntry> entries, int width) {
        Graphics2D g = canvas(10, 10).createGraphics();
        try {
            return new LegendStrip(g, entries, width, T);
        } finally {
            g.dispose();
        }
    }

    private static List<LegendEntry> lines(int n) {
        List<LegendEntry> e = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            e.add(LegendEntry.line("curve " + i, "cluster-" + i));
        }
        return e;
    }

    private static BufferedImage painted(List<LegendEntry> entries, int width, int top) {
        LegendStrip s = strip(entries, width);
        BufferedImage img = canvas(width, top + s.height());
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        s.paint(g, top, width);
        g.dispose();
        return img;
    }

    private static boolean is(BufferedImage img, int x, int y, Color c) {
        return (img.getRGB(x, y) & 0xFFFFFF) == (c.getRGB() & 0xFFFFFF);
    }

    @Test
    void noEntriesTakeNoHeight() {
        assertThat(strip(List.of(), 800).height()).isZero();
    }

    @Test
    void entriesShareARowWhenTheyFitAndWrapOnePerRowWhenNoneFit() {
        int one = strip(lines(1), 2000).height();
        int rowHeight = one - 2 * T.px(12);
        assertThat(rowHeight).isPositive();
        assertThat(strip(lines(4), 4000).height()).isEqualTo(one);
        for (int n = 1; n <= 5; n++) {
            // a strip one pixel wide fits no two entries side by side
            assertThat(strip(lines(n), 1).height()).as("%d entries", n).isEqualTo(n * rowHeight + 2 * T.px(12));
        }
        // at a width in between the number of rows lies in between
        int mid = strip(lines(6), 700).height();
        assertThat(mid).isGreaterThan(one).isLessThan(6 * rowHeight + 2 * T.px(12));
    }

    @Test
    void aLineEntryIsASampleInTheKeysColourCentredInTheStrip() {
        int width = 900;
        BufferedImage img = painted(List.of(LegendEntry.line("BGS", "bgs")), width, 0);
        Color c = Palette.color("bgs");
        int left = Integer.MAX_VALUE;
        int right = -1;
        int coloured = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < width; x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    left = Math.min(left, x);
                    right = Math.max(right, x);
                }
                coloured += is(img, x, y, c) ? 1 : 0;
            }
        }
        // the 50 px sample at 2.5 px width: at least 50 x 2 pixels of the colour
        assertThat(coloured).isGreaterThanOrEqualTo(100);
        // sample plus label centred: equal white margins within rounding
        assertThat(Math.abs(left - (width - 1 - right))).isLessThanOrEqualTo(4);
        // the sample sits left of the label, so the leftmost painted pixel has the key's colour in its column
        boolean leftmostIsSample = false;
        for (int y = 0; y < img.getHeight(); y++) {
            leftmostIsSample |= is(img, left + 1, y, c);
        }
        assertThat(leftmostIsSample).isTrue();
    }

    @Test
    void aDashedKeyGivesAGappedSampleAndASolidKeyAContinuousOne() {
        assertThat(runsOfColour(painted(List.of(LegendEntry.line("DT, L = 2", "dt-L2")), 600, 0),
                Palette.color("dt-L2"))).isGreaterThanOrEqualTo(2);
        assertThat(runsOfColour(painted(List.of(LegendEntry.line("BGS", "bgs")), 600, 0),
                Palette.color("bgs"))).isEqualTo(1);
    }

    @Test
    void aTrajectoryEntryIsContinuousWhateverItsKernelsDash() {
        assertThat(runsOfColour(painted(List.of(new LegendEntry("DT", "dt", Series.Kind.TRAJECTORY)),
                600, 0), Palette.color("dt"))).isEqualTo(1);
        assertThat(runsOfColour(painted(List.of(LegendEntry.line("DT", "dt")), 600, 0), Palette.color("dt")))
                .isGreaterThanOrEqualTo(2);
    }

    /** The largest number of separate runs of colour {@code c} along any pixel row. */
    private static int runsOfColour(BufferedImage img, Color c) {
        int best = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            int runs = 0;
            boolean in = false;
            for (int x = 0; x < img.getWidth(); x++) {
                boolean hit = is(img, x, y, c);
                if (hit && !in) {
                    runs++;
                }
                in = hit;
            }
            best = Math.max(best, runs);
        }
        return best;
    }

    @Test
    void aScatterEntryIsAMarkerEvenWhenItsStyleHasNone() {
        Series iid = Series.scatter("i.i.d.", "iid", new double[] {0}, new double[] {0});
        BufferedImage img = painted(List.of(LegendEntry.of(iid)), 600, 0);
        Color grey = Palette.color("iid");
        int minX = Integer.MAX_VALUE;
        int maxX = -1;
        int minY = Integer.MAX_VALUE;
        int maxY = -1;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (is(img, x, y, grey)) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = Math.max(maxY, y);
                }
            }
        }
        // a filled circle of 0.8 x the end-marker size, not a 50 px line
        double d = T.endMarkerSize() * 0.8;
        assertThat((double) (maxX - minX + 1)).isBetween(d - 2, d + 2);
        assertThat((double) (maxY - minY + 1)).isBetween(d - 2, d + 2);
    }

    @Test
    void paintStaysBelowTheTopAndRowsFollowTheEntryOrder() {
        int top = 40;
        List<LegendEntry> entries = List.of(LegendEntry.line("BGS", "bgs"), LegendEntry.line("DT", "dt"));
        // laid out for a width of one pixel (one entry per row), painted on a wider canvas to see the samples
        LegendStrip narrow = strip(entries, 1);
        BufferedImage wide = canvas(400, top + narrow.height());
        Graphics2D g = wide.createGraphics();
        narrow.paint(g, top, 400);
        g.dispose();
        int bgsRow = -1;
        int dtRow = -1;
        for (int y = 0; y < wide.getHeight(); y++) {
            for (int x = 0; x < wide.getWidth(); x++) {
                if (y < top) {
                    assertThat(wide.getRGB(x, y) & 0xFFFFFF).as("(%d, %d) above the strip", x, y).isEqualTo(0xFFFFFF);
                }
                if (bgsRow < 0 && is(wide, x, y, Palette.color("bgs"))) {
                    bgsRow = y;
                }
                if (dtRow < 0 && is(wide, x, y, Palette.color("dt"))) {
                    dtRow = y;
                }
            }
        }
        assertThat(bgsRow).isGreaterThanOrEqualTo(top);
        assertThat(dtRow).isGreaterThan(bgsRow);
    }
}
