package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's raw numbers, from which {@code rbm report --from} rebuilds its figure and claims:
 * <ul>
 *   <li>{@value #TV_STARTS}: every exact model's TV curve per kernel and start, with the panel's i.i.d. floor;</li>
 *   <li>{@value #MMD}: the large model's squared MMD to the reference per kernel, repetition and recorded
 *       step, with the CPU seconds of the kernel's transitions up to that step;</li>
 *   <li>{@value #ESS}: the median ESS over the random projections, per kernel, repetition and watched chain;</li>
 *   <li>{@value #MODEL}: the large model's size, its mAIS log-likelihood and the reference's own MMD;</li>
 *   <li>{@value #BIAS}: DULA's exact bias, TV(pi_DULA, P), on the exact models small enough for its matrix;</li>
 * </ul>
 * and, derived from them and written afresh by a rebuild, {@value #TV} (median and 10th/90th percentiles
 * per step) and {@value #COST} (bottom-layer sweeps per transition, the median CPU time of a transition of
 * the large model and its ESS per CPU second).
 */
final class SamplerFiles {
    static final String TV_STARTS = "samplers-tv-starts.csv";
    static final String MMD = "samplers-mmd.csv";
    static final String ESS = "samplers-ess.csv";
    static final String MODEL = "samplers-model.csv";
    static final String BIAS = "samplers-dula-bias.csv";
    static final String TV = "samplers-tv.csv";
    static final String COST = "samplers-cost.csv";

    private SamplerFiles() {
    }

    static List<String> write(SamplersBenchmark.Result r, Path dir) throws IOException {
        CsvTable.Builder starts = CsvTable.builder("model", "kernel", "start", "step", "tv", "iidFloor");
        for (TvPanel p : r.panels()) {
            for (SamplerEntry e : SamplerEntry.ALL) {
                double[][] tv = p.perStart().get(e.entry());
                for (int st = 0; st < tv.length; st++) {
                    for (int s = 0; s < p.steps().length; s++) {
                        starts.row(p.dataset(), e.tag(), st, (long) p.steps()[s], tv[st][s], p.floor());
                    }
                }
            }
        }
        starts.build().write(dir.resolve(TV_STARTS));
        LargeModel.Runs l = r.runs();
        CsvTable.Builder mmd = CsvTable.builder("kernel", "repetition", "step", "mmd", "cpuSeconds");
        CsvTable.Builder ess = CsvTable.builder("kernel", "repetition", "chain", "ess");
        for (SamplerEntry e : l.kernels()) {
            double[][] m = l.mmd().get(e.tag());
            double[][] c = l.cpu().get(e.tag());
            double[][] es = l.ess().get(e.tag());
            for (int rep = 0; rep < m.length; rep++) {
                for (int s = 0; s < l.steps().length; s++) {
                    mmd.row(e.tag(), rep, (long) l.steps()[s], m[rep][s], c[rep][s]);
                }
                for (int ch = 0; ch < es[rep].length; ch++) {
                    ess.row(e.tag(), rep, ch, es[rep][ch]);
                }
            }
        }
        mmd.build().write(dir.resolve(MMD));
        ess.build().write(dir.resolve(ESS));
        CsvTable.builder("quantity", "value").row("visible", (long) l.visible()).row("hidden", (long) l.hidden())
                .row("logLikelihood", l.logLikelihood()).row("referenceMmd", l.referenceMmd()).build()
                .write(dir.resolve(MODEL));
        CsvTable.Builder bias = CsvTable.builder("model", "alpha", "tv");
        for (ExactModels.Bias b : r.bias()) {
            bias.row(b.model(), b.alpha(), b.tv());
        }
        bias.build().write(dir.resolve(BIAS));
        List<String> names = new ArrayList<>(List.of(TV_STARTS, MMD, ESS, MODEL, BIAS));
        names.addAll(writeDerived(r, dir));
        return names;
    }

    static List<String> writeDerived(SamplersBenchmark.Result r, Path dir) throws IOException {
        CsvTable.Builder bands = CsvTable.builder("model", "kernel", "step", "median", "p10", "p90", "iidFloor");
        for (TvPanel p : r.panels()) {
            for (SamplerEntry e : SamplerEntry.ALL) {
                double[][] b = p.bands().get(e.entry());
                for (int s = 0; s < p.steps().length; s++) {
                    bands.row(p.dataset(), e.tag(), (long) p.steps()[s], b[0][s], b[1][s], b[2][s], p.floor());
                }
            }
        }
        bands.build().write(dir.resolve(TV));
        CsvTable.Builder cost = CsvTable.builder("kernel", "bottomSweepsPerStepLarge", "cpuMsPerStepLarge",
                "essPerCpuSecond");
        for (SamplerEntry e : SamplerEntry.ALL) {
            boolean large = r.runs().mmd().containsKey(e.tag());
            cost.row(e.tag(), e.sweeps(r.runs().visible()), large ? median(SamplerClaims.msPerStep(r.runs(), e)) : Double.NaN,
                    large ? median(SamplerClaims.essPerSecond(r.runs(), e, r.large().burnIn())) : Double.NaN);
        }
        cost.build().write(dir.resolve(COST));
        return List.of(TV, COST);
    }

    static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : 0.5 * (s[h - 1] + s[h]);
    }

    /**
     * @param dir the figure's folder
     * @param exact the exact half's settings (its models, in order)
     * @param large the large half's settings
     * @return the panels and runs read back from the raw files
     * @throws IOException on read failure
     */
    static SamplersBenchmark.Result read(Path dir, ExactModels.Settings exact, LargeModel.Settings large,
                                         Map<String, Object> settings) throws IOException {
        CsvTable starts = CsvTable.read(dir.resolve(TV_STARTS));
        List<String> model = starts.strings("model");
        List<String> kernel = starts.strings("kernel");
        double[] start = starts.doubles("start");
        double[] step = starts.doubles("step");
        double[] tv = starts.doubles("tv");
        double[] floor = starts.doubles("iidFloor");
        List<TvPanel> panels = new ArrayList<>();
        for (String d : exact.models()) {
            Map<String, double[][]> perStart = new LinkedHashMap<>();
            double[] steps = null;
            double f = Double.NaN;
            for (SamplerEntry e : SamplerEntry.ALL) {
                List<Integer> rows = new ArrayList<>();
                for (int i = 0; i < model.size(); i++) {
                    if (model.get(i).equals(d) && kernel.get(i).equals(e.tag())) {
                        rows.add(i);
                    }
                }
                int count = (int) start[rows.get(rows.size() - 1)] + 1;
                int len = rows.size() / count;
                double[][] curve = new double[count][len];
                steps = new double[len];
                for (int k = 0; k < rows.size(); k++) {
                    int i = rows.get(k);
                    curve[k / len][k % len] = tv[i];
                    steps[k % len] = step[i];
                    f = floor[i];
                }
                perStart.put(e.entry(), curve);
            }
            panels.add(new TvPanel(d, f, steps, TvCurves.bands(perStart), perStart, null, null));
        }
        CsvTable mmd = CsvTable.read(dir.resolve(MMD));
        CsvTable ess = CsvTable.read(dir.resolve(ESS));
        CsvTable info = CsvTable.read(dir.resolve(MODEL));
        double[] recorded = LargeModel.recorded(large);
        Map<String, double[][]> m = new LinkedHashMap<>();
        Map<String, double[][]> c = new LinkedHashMap<>();
        Map<String, double[][]> es = new LinkedHashMap<>();
        for (SamplerEntry e : SamplerEntry.BOTTOM) {
            double[][] mm = new double[large.trials()][recorded.length];
            double[][] cc = new double[large.trials()][recorded.length];
            List<String> mk = mmd.strings("kernel");
            double[] rep = mmd.doubles("repetition");
            double[] st = mmd.doubles("step");
            double[] mv = mmd.doubles("mmd");
            double[] cv = mmd.doubles("cpuSeconds");
            for (int i = 0; i < mk.size(); i++) {
                if (mk.get(i).equals(e.tag())) {
                    int s = (int) (st[i] / large.every());
                    mm[(int) rep[i]][s] = mv[i];
                    cc[(int) rep[i]][s] = cv[i];
                }
            }
            List<String> ek = ess.strings("kernel");
            double[] erep = ess.doubles("repetition");
            double[] ech = ess.doubles("chain");
            double[] ev = ess.doubles("ess");
            int watched = 0;
            for (int i = 0; i < ek.size(); i++) {
                if (ek.get(i).equals(e.tag())) {
                    watched = Math.max(watched, (int) ech[i] + 1);
                }
            }
            double[][] ee = new double[large.trials()][watched];
            for (int i = 0; i < ek.size(); i++) {
                if (ek.get(i).equals(e.tag())) {
                    ee[(int) erep[i]][(int) ech[i]] = ev[i];
                }
            }
            m.put(e.tag(), mm);
            c.put(e.tag(), cc);
            es.put(e.tag(), ee);
        }
        Map<String, Double> q = new LinkedHashMap<>();
        List<String> names = info.strings("quantity");
        double[] values = info.doubles("value");
        for (int i = 0; i < names.size(); i++) {
            q.put(names.get(i), values[i]);
        }
        LargeModel.Runs runs = new LargeModel.Runs(SamplerEntry.BOTTOM, recorded, m, c, es, q.get("referenceMmd"),
                q.get("logLikelihood"), q.get("visible").intValue(), q.get("hidden").intValue());
        CsvTable b = CsvTable.read(dir.resolve(BIAS));
        List<ExactModels.Bias> bias = new ArrayList<>();
        double[] alpha = b.doubles("alpha");
        double[] btv = b.doubles("tv");
        for (int i = 0; i < b.size(); i++) {
            bias.add(new ExactModels.Bias(b.strings("model").get(i), alpha[i], btv[i]));
        }
        return new SamplersBenchmark.Result(exact, panels, bias, large, runs, settings);
    }
}
