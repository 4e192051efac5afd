package dev.rbmsuite.plots;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rbmsuite.plots.render.Drawing;
import dev.rbmsuite.plots.render.DrawingWriter;
import dev.rbmsuite.plots.render.FigureRenderer;
import dev.rbmsuite.plots.schematic.DeepTemperingSchematic;
import dev.rbmsuite.plots.schematic.RbmSchematic;
import dev.rbmsuite.plots.schematic.RoundTripSchematic;

/**
 * Renders every figure type of the paper from synthetic data, as the experiments will, and checks that each
 * PNG has the requested size. With {@code -Dplots.preview=/tmp/plots-preview} the images are kept there for a
 * visual check; otherwise they go to a temporary folder.
 */
class PreviewGalleryTest {

    @TempDir
    Path tmp;

    @Test
    void rendersTheGallery() throws IOException {
        String keep = System.getProperty("plots.preview");
        Path dir = Files.createDirectories(keep != null && !keep.isBlank() ? Path.of(keep) : tmp);
        Map<String, Figure> figures = gallery();
        for (Map.Entry<String, Figure> e : figures.entrySet()) {
            Path png = dir.resolve(e.getKey() + ".png");
            Files.write(png, FigureRenderer.png(e.getValue()));
            BufferedImage img = ImageIO.read(png.toFile());
            assertThat(img.getWidth()).as(e.getKey()).isEqualTo(e.getValue().width());
            assertThat(img.getHeight()).as(e.getKey()).isEqualTo(e.getValue().height());
        }
        Map<String, Drawing> schematics = Map.of("fig1-rbm", new RbmSchematic(),
                "fig3-deep-tempering", new DeepTemperingSchematic(), "fig4-round-trip", new RoundTripSchematic());
        for (Map.Entry<String, Drawing> e : schematics.entrySet()) {
            Path png = dir.resolve(e.getKey() + ".png");
            Files.write(png, DrawingWriter.png(e.getValue()));
            BufferedImage img = ImageIO.read(png.toFile());
            assertThat(img.getWidth()).as(e.getKey()).isEqualTo(e.getValue().width());
            assertThat(img.getHeight()).as(e.getKey()).isEqualTo(e.getValue().height());
        }
        Files.write(dir.resolve("fig9-tv.svg"), FigureRenderer.svg(figures.get("fig9-tv")));
        assertThat(Files.readString(dir.resolve("fig9-tv.svg"))).contains("<svg");
    }

    static Map<String, Figure> gallery() {
        Map<String, Figure> m = new TreeMap<>();
        m.put("fig2-failure", fig2());
        m.put("fig5-datasets", fig5());
        m.put("fig6-genrbm", fig6());
        m.put("fig7-clustered", fig7());
        m.put("fig8-trajectories", fig8());
        m.put("fig9-tv", fig9());
        return m;
    }

    private static final String[] KERNELS = {"bgs", "dt", "roundtrip"};
    private static final String[] KERNEL_LABELS = {"BGS", "DT", "round trip"};

    static Figure fig2() {
        SyntheticData r = new SyntheticData(2);
        double[] ep = SyntheticData.range(0, 100, 201);
        XyPanel ll = XyPanel.builder().title("log-likelihood").xLabel("epoch").yLabel("log-likelihood (nats)")
                .add(Series.line("BGS", "bgs", ep, r.learningCurve(ep, -6.9, -5.1, 6000, 0.9, 0.01))).build();
        Figure.Builder b = Figure.grid(2, 3).title("GenRBM, BGS: learning failure (mean over 10 trials)").panel(ll);
        for (String w : new String[] {"b", "c", "W"}) {
            double[] y = r.learningCurve(ep, 0.02, 0.01, 6000, -0.08, 0.002);
            b.panel(XyPanel.builder().title("MAE of " + w).xLabel("epoch").yLabel("MAE_" + w)
                    .add(Series.line("BGS", "bgs", ep, y)).build());
        }
        double[] count = new double[ep.length];
        double[] rb = new double[ep.length];
        for (int i = 0; i < ep.length; i++) {
            double base = 1 - 0.3 * Math.exp(-ep[i] / 4000);
            rb[i] = Math.min(1, base + 0.003 * r.gaussian());
            count[i] = Math.min(1, base + 0.05 * (1 - base) + 0.02);
        }
        b.panel(XyPanel.builder().title("second-largest eigenvalue").xLabel("epoch").yLabel("λ₂ estimate")
                .add(Series.line("count (paper)", "count", ep, count))
                .add(Series.line("Rao-Blackwellised", "rao-blackwell", ep, rb)).build());
        return b.size(2400, 1300).build();
    }

    static Figure fig6() {
        SyntheticData r = new SyntheticData(6);
        double[] ep = SyntheticData.range(0, 100, 201);
        List<Series> ll = new ArrayList<>();
        List<List<Series>> mae = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        ll.add(Series.line("BGS", "bgs", ep, r.learningCurve(ep, -6.9, -5.1, 6000, 0.9, 0.01)));
        for (int k = 0; k < 3; k++) {
            mae.get(k).add(Series.line("BGS", "bgs", ep, r.learningCurve(ep, 0.02, 0.01, 6000, -0.08, 0.002)));
        }
        for (String kern : new String[] {"dt", "roundtrip"}) {
            for (int l = 1; l <= 3; l++) {
                double drop = (kern.equals("dt") ? 0.6 : 0.45) / l - (l == 3 && kern.equals("roundtrip") ? 0.15 : 0);
                String label = (kern.equals("dt") ? "DT" : "round trip") + ", L = " + l;
                ll.add(Series.line(label, kern + "-L" + l, ep,
                        r.learningCurve(ep, -6.9, -5.1, 6000 + 2000 * l, Math.max(0, drop), 0.01)));
                for (int k = 0; k < 3; k++) {
                    mae.get(k).add(Series.line(label, kern + "-L" + l, ep,
                            r.learningCurve(ep, 0.02, 0.01, 6000 + 2000 * l, -Math.max(0, drop) / 10, 0.001)));
                }
            }
        }
        Figure.Builder b = Figure.grid(2, 2);
        b.panel(XyPanel.builder().title("log-likelihood").xLabel("epoch").yLabel("log-likelihood (nats)")
                .addAll(ll).legend(LegendPosition.NONE).build());
        String[] names = {"b", "c", "W"};
        for (int k = 0; k < 3; k++) {
            b.panel(XyPanel.builder().title("MAE of " + names[k]).xLabel("epoch").yLabel("MAE_" + names[k])
                    .addAll(mae.get(k)).legend(LegendPosition.NONE).build());
        }
        b.sharedLegend(ll.stream().map(LegendEntry::of).toList());
        return b.size(1800, 1480).build();
    }

    static Figure fig7() {
        SyntheticData r = new SyntheticData(7);
        double[] ep = SyntheticData.range(0, 100, 201);
        String[] sets = {"islands", "pentagon", "iris", "wine (mAIS)", "seeds (mAIS)"};
        Figure.Builder b = Figure.grid(2, 3);
        for (String s : sets) {
            XyPanel.Builder pb = XyPanel.builder().title(s).xLabel("epoch").yLabel("log-likelihood (nats)");
            for (int k = 0; k < 3; k++) {
                pb.add(Series.line(KERNEL_LABELS[k], KERNELS[k], ep,
                        r.learningCurve(ep, -17, -11 + k * 0.4, 5000 + 3000 * k, 1.0 - 0.4 * k, 0.03)));
            }
            b.panel(pb.build());
        }
        return b.size(2400, 1200).build();
    }

    static Figure fig9() {
        SyntheticData r = new SyntheticData(9);
        double[] steps = SyntheticData.range(1, 1, 100);
        String[] sets = {"GenRBM", "islands", "pentagon", "iris"};
        Figure.Builder b = Figure.grid(2, 2);
        for (int d = 0; d < sets.length; d++) {
            XyPanel.Builder pb = XyPanel.builder().title(sets[d]).xLabel("step s").yLabel("TV distance")
                    .logX(true).yRange(0, 1);
            for (int k = 0; k < 3; k++) {
                double tau = new double[] {40, 12, 2.5}[k] * (1 + 0.3 * d);
                double[] med = new double[steps.length];
                double[] lo = new double[steps.length];
                double[] hi = new double[steps.length];
                for (int i = 0; i < steps.length; i++) {
                    double floor = 0.05;
                    med[i] = floor + (0.95 - floor) * Math.exp(-steps[i] / tau) + 0.005 * r.gaussian();
                    lo[i] = Math.max(0, med[i] - 0.08 * Math.exp(-steps[i] / (2 * tau)) - 0.01);
                    hi[i] = Math.min(1, med[i] + 0.10 * Math.exp(-steps[i] / (2 * tau)) + 0.01);
                }
                pb.add(Series.line(KERNEL_LABELS[k], KERNELS[k], steps, med).withBand(lo, hi));
            }
            pb.add(Series.line("i.i.d. floor", "iid", new double[] {1, 100}, new double[] {0.05, 0.05}));
            b.panel(pb.build());
        }
        return b.size(1800, 1400).build();
    }

    /** Two-cluster or five-cluster point clouds in a PCA-like plane. */
    static double[][] cloud(SyntheticData r, int clusters, int n) {
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int c = i % clusters;
            double a = 2 * Math.PI * c / clusters;
            double rad = clusters == 2 ? 3 : 2.5;
            x[i] = rad * Math.cos(a) + 0.45 * r.gaussian();
            y[i] = rad * Math.sin(a) + 0.45 * r.gaussian();
        }
        return new double[][] {x, y};
    }

    static Figure fig5() {
        SyntheticData r = new SyntheticData(5);
        Figure.Builder b = Figure.grid(2, 2);
        for (int clusters : new int[] {2, 5}) {
            int n = 100;
            int vars = 25;
            double[][] mat = new double[n][vars];
            for (int i = 0; i < n; i++) {
                int c = i * clusters / n;
                for (int j = 0; j < vars; j++) {
                    double p = clusters == 2 ? (c == 0 ? 0.9 : 0.1) : (j * 5 / vars == c ? 0.85 : 0.15);
                    mat[i][j] = r.uniform() < p ? 1 : 0;
                }
            }
            String name = clusters == 2 ? "islands (a = 0.4)" : "pentagon (κ = 6)";
            b.panel(MatrixPanel.of(name + ": samples", "variable i", "data point", mat));
            double[][] xy = cloud(r, clusters, 400);
            b.panel(XyPanel.builder().title(name + ": PCA").xLabel("PC1").yLabel("PC2")
                    .add(Series.scatter("data", "data", xy[0], xy[1]).hiddenFromLegend())
                    .legend(LegendPosition.NONE).build());
        }
        return b.size(1600, 1400).build();
    }

    static Figure fig8() {
        SyntheticData r = new SyntheticData(8);
        Figure.Builder b = Figure.grid(2, 3);
        for (int clusters : new int[] {2, 5}) {
            double[][] xy = cloud(r, clusters, 300);
            for (int k = 0; k < 3; k++) {
                int steps = 101;
                double[] tx = new double[steps];
                double[] ty = new double[steps];
                int c = 0;
                for (int s = 0; s < steps; s++) {
                    if (r.uniform() < new double[] {0.0, 0.03, 0.25}[k]) {
                        c = (c + 1 + (int) (r.uniform() * (clusters - 1))) % clusters;
                    }
                    double a = 2 * Math.PI * c / clusters;
                    double rad = clusters == 2 ? 3 : 2.5;
                    tx[s] = rad * Math.cos(a) + 0.45 * r.gaussian();
                    ty[s] = rad * Math.sin(a) + 0.45 * r.gaussian();
                }
                b.panel(XyPanel.builder().title((clusters == 2 ? "islands" : "pentagon") + ", " + KERNEL_LABELS[k])
                        .xLabel("PC1").yLabel("PC2")
                        .add(Series.scatter("data", "data", xy[0], xy[1]))
                        .add(Series.trajectory(KERNEL_LABELS[k], KERNELS[k], tx, ty)).build());
            }
        }
        return b.size(2400, 1400).build();
    }
}
