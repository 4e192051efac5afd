package dev.rbmsuite.plots.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.LegendEntry;
import dev.rbmsuite.plots.LegendPosition;
import dev.rbmsuite.plots.MatrixPanel;
import dev.rbmsuite.plots.Panel;
import dev.rbmsuite.plots.Series;
import dev.rbmsuite.plots.XyPanel;
import dev.rbmsuite.plots.style.Palette;
import dev.rbmsuite.plots.style.Theme;

class FigureRendererTest {

    @TempDir
    Path dir;

    private static double[] range(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
        }
        return x;
    }

    static XyPanel linePanel() {
        double[] x = range(201);
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = -5 - Math.exp(-i / 30.0);
        }
        return XyPanel.builder().title("log-likelihood").xLabel("epoch").yLabel("log-likelihood (nats)")
                .add(Series.line("BGS", "bgs", x, y)).build();
    }

    static XyPanel bandPanel() {
        double[] x = range(101);
        x[0] = 0.5;
        double[] lo = new double[x.length];
        double[] med = new double[x.length];
        double[] hi = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            med[i] = 0.5;
            lo[i] = 0.0;
            hi[i] = 1.0;
        }
        return XyPanel.builder().title("TV").xLabel("step").yLabel("TV distance").logX(true).yRange(-1, 2)
                .add(Series.line("DT", "dt", x, med).withBand(lo, hi)).legend(LegendPosition.NONE).build();
    }

    static XyPanel planePanel() {
        double[] x = new double[60];
        double[] y = new double[60];
        for (int i = 0; i < 60; i++) {
            x[i] = Math.cos(i);
            y[i] = Math.sin(1.3 * i);
        }
        return XyPanel.builder().title("islands").xLabel("PC1").yLabel("PC2")
                .add(Series.scatter("data", "data", x, y))
                .add(Series.trajectory("round trip", "roundtrip", new double[] {0, 0.5, -0.5}, new double[] {0, 1, 0}))
                .build();
    }

    static MatrixPanel matrix(int rows, int cols, boolean checker, boolean ones) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m[i][j] = ones || checker && (i + j) % 2 == 0 ? 1 : 0;
            }
        }
        return MatrixPanel.of("samples", "variable i", "data point", m);
    }

    private BufferedImage roundTrip(Figure f, String name) throws IOException {
        Path png = dir.resolve(name + ".png");
        Files.write(png, FigureRenderer.png(f));
        return ImageIO.read(png.toFile());
    }

    @Test
    void everyPanelKindRendersAtTheRequestedSize() throws IOException {
        List<Panel> kinds = List.of(linePanel(), bandPanel(), planePanel(), matrix(100, 25, true, false));
        int k = 0;
        for (Panel p : kinds) {
            BufferedImage img = roundTrip(Figure.single(p, 777, 555), "kind" + k++);
            assertThat(img.getWidth()).isEqualTo(777);
            assertThat(img.getHeight()).isEqualTo(555);
        }
    }

    @Test
    void gridOfTwoByThreeHasTheRequestedSizeEvenWhenNotDivisible() throws IOException {
        Figure.Builder b = Figure.grid(2, 3).title("six panels");
        for (int i = 0; i < 6; i++) {
            b.panel(i % 2 == 0 ? linePanel() : planePanel());
        }
        BufferedImage img = roundTrip(b.size(1801, 1003).build(), "grid");
        assertThat(img.getWidth()).isEqualTo(1801);
        assertThat(img.getHeight()).isEqualTo(1003);
        Figure withLegend = Figure.grid(2, 3).panel(linePanel()).panel(linePanel()).size(2400, 1300)
                .sharedLegend(List.of(LegendEntry.line("BGS", "bgs"), LegendEntry.line("DT, L = 2", "dt-L2"),
                        LegendEntry.of(Series.scatter("data", "data", new double[] {0}, new double[] {0}))))
                .build();
        BufferedImage img2 = FigureRenderer.toImage(withLegend);
        assertThat(img2.getWidth()).isEqualTo(2400);
        assertThat(img2.getHeight()).isEqualTo(1300);
    }

    @Test
    void cellsTileTheCanvasExactly() {
        Figure f = Figure.grid(2, 3).panel(linePanel()).size(1001, 703).build();
        int[][] cells = FigureRenderer.cells(f, 50, 20);
        long area = 0;
        for (int[] c : cells) {
            area += (long) c[2] * c[3];
        }
        assertThat(area).isEqualTo(1001L * (703 - 50 - 20));
        assertThat(cells[5][0] + cells[5][2]).isEqualTo(1001);
        assertThat(cells[5][1] + cells[5][3]).isEqualTo(703 - 20);
        assertThatThrownBy(() -> FigureRenderer.cells(Figure.grid(2, 1).panel(linePanel()).size(100, 30).build(),
                20, 10)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too small");
    }

    @Test
    void panelLetters() {
        assertThat(FigureRenderer.letter(0)).isEqualTo("(a)");
        assertThat(FigureRenderer.letter(5)).isEqualTo("(f)");
        assertThat(FigureRenderer.letter(25)).isEqualTo("(z)");
        assertThat(FigureRenderer.letter(26)).isEqualTo("(aa)");
    }

    @Test
    void bandIsShadedWithTheKernelColour() {
        BufferedImage img = FigureRenderer.toImage(Figure.single(bandPanel(), 800, 600));
        Color c = Palette.color("dt");
        double a = Theme.BAND_ALPHA / 255.0;
        int er = (int) Math.round(255 * (1 - a) + c.getRed() * a);
        int eg = (int) Math.round(255 * (1 - a) + c.getGreen() * a);
        int eb = (int) Math.round(255 * (1 - a) + c.getBlue() * a);
        long shaded = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                if (Math.abs(((rgb >> 16) & 255) - er) <= 3 && Math.abs(((rgb >> 8) & 255) - eg) <= 3
                        && Math.abs((rgb & 255) - eb) <= 3) {
                    shaded++;
                }
            }
        }
        // the band covers a third of the y range over the whole x range: well above 10 % of the image
        assertThat(shaded).isGreaterThan(img.getWidth() * img.getHeight() / 10);
    }

    /** Pure black only where the matrix is one, and in the key's "1" swatch (the same in every matrix). */
    @Test
    void matrixCellsArePureBlackOnlyWhereTheMatrixIsOne() {
        long zeros = blackPixels(FigureRenderer.toImage(Figure.single(matrix(20, 10, false, false), 600, 500)));
        long checker = blackPixels(FigureRenderer.toImage(Figure.single(matrix(20, 10, true, false), 600, 500)));
        long ones = blackPixels(FigureRenderer.toImage(Figure.single(matrix(20, 10, false, true), 600, 500)));
        long key = zeros;
        assertThat(key).isBetween(1L, 400L);
        assertThat(checker - key).isGreaterThan(600 * 500 / 10);
        assertThat((double) (ones - key) / (checker - key)).isBetween(1.95, 2.05);
    }

    private static long blackPixels(BufferedImage img) {
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == 0) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void vectorOutputs() throws IOException {
        Figure f = Figure.grid(1, 2).panel(linePanel()).panel(matrix(10, 5, true, false)).size(1200, 500).build();
        Path svg = dir.resolve("f.svg");
        Path pdf = dir.resolve("f.pdf");
        Files.write(svg, FigureRenderer.svg(f));
        Files.write(pdf, FigureRenderer.pdf(f));
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertThat(text).contains("<svg").contains("<path").contains("variable i");
        assertThat(new String(Files.readAllBytes(pdf), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        List<Path> leftovers = new ArrayList<>();
        try (var s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".tmp")).forEach(leftovers::add);
        }
        assertThat(leftovers).isEmpty();
    }
}
