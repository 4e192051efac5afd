package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Margins;
import dev.rbmsuite.claims.PaperQuote;
import dev.rbmsuite.experiments.sampling.TvCurves;
import dev.rbmsuite.experiments.sampling.TvPanel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark's claims, decided by the claim engine. One published sentence this benchmark can test,
 * quoted from the abstract of Zhang, Liu &amp; Liu (ICML 2022), with its evidence rows: DMALA and DULA
 * against Gibbs-with-Gradients, the popular gradient-based alternative they compare with, by exact TV
 * on every enumerable model, per start: its mean over steps 1..10 (figure 9's registered "more rapidly")
 * and its value at the last step (figure 9's "lower", unmeasurable where both lie at the i.i.d. floor),
 * and on the large model by the squared MMD to the reference at the last step and by ESS per CPU second
 * (per repetition). Beyond it, on the same numbers: each kernel against BGS at equal bottom-layer sweeps
 * (the work unit: one sweep draws h and v once, 2 n m multiply-adds, which one evaluation of a gradient
 * kernel also costs), early and at the end, and Gibbs-with-Gradients with exact against approximate flip
 * differences. DULA's exact bias is a note: one number per model, from its enumerated matrix
 * ({@link DulaBias}), not a sample.
 *
 * <p>A second published sentence, from the abstract of Grathwohl et al. (ICML 2021): Gibbs-with-Gradients
 * "outperforms generic samplers", among them on restricted Boltzmann machines, where their generic baseline
 * was single-site Gibbs compared per iteration (one coordinate update per iteration; they also ran a
 * Hamming-ball sampler, which the suite does not have, so the sentence is tested against Gibbs only). Its
 * evidence rows follow their axis: GWG against random-scan Gibbs with one site update per step, by exact TV
 * (early and at the last step) on every enumerable model and by the squared MMD at the last step on the large
 * model. Beyond it, at equal work (one GWG step evaluates lv and its n differences, about a sweep; n site
 * updates cost about the same): GWG against a random-scan sweep per step, by exact TV and by the large model's
 * MMD and ESS per CPU second.
 */
final class SamplerClaims {
    /** The sentence of Zhang, Liu &amp; Liu (2022) this benchmark tests, verbatim from their abstract. */
    static final PaperQuote DLP_OUTPERFORMS = new PaperQuote("Zhang, Liu & Liu, \"A Langevin-like Sampler for "
            + "Discrete Distributions\", ICML 2022, abstract", "DLP outperforms many popular alternatives on a wide "
            + "variety of tasks, including Ising models, restricted Boltzmann machines, deep energy-based models, "
            + "binary neural networks and language generation.");
    static final String DLP_SENTENCE = "samplers.dlp-outperforms";
    /** The sentence of Grathwohl et al. (2021) this benchmark tests, verbatim from their abstract. */
    static final PaperQuote GWG_OUTPERFORMS = new PaperQuote("Grathwohl, Swersky, Hashemi, Duvenaud & Maddison, \"Oops "
            + "I Took A Gradient: Scalable Sampling for Discrete Distributions\", ICML 2021, abstract", "We show "
            + "empirically that this approach outperforms generic samplers in a number of difficult settings including "
            + "Ising models, Potts models, restricted Boltzmann machines, and factorial hidden Markov models.");
    static final String GWG_SENTENCE = "samplers.gwg-outperforms";

    private SamplerClaims() {
    }

    /**
     * The early range of the exact rows, in steps or bottom-layer sweeps: figure 9's registered "decreased
     * more rapidly" statistic is the mean TV over steps 1..10 (docs/methods.md section 9).
     */
    static final int EARLY = 10;

    static List<Claim> claims(String fig, SamplersBenchmark.Result r) {
        List<Claim> out = new ArrayList<>();
        int steps = r.exact().steps();
        for (TvPanel p : r.panels()) {
            double margin = Margins.TV_FLOOR_FRACTION * p.floor();
            Claim.Bound floor = new Claim.Bound(p.floor(), false);
            String name = ExactModels.title(p.dataset(), r.exact().side());
            String d = p.dataset();
            for (SamplerEntry dlp : List.of(SamplerEntry.DMALA, SamplerEntry.DULA)) {
                String below = dlp.label() + " below GWG";
                out.add(Claim.builder(fig, "samplers.dlp." + dlp.tag() + ".vs.gwg.tv-early." + d)
                        .paper(DLP_OUTPERFORMS, DLP_SENTENCE)
                        .statement(name + ", mean exact TV over steps 1-" + EARLY + ": " + below)
                        .statistic("mean TV distance to the model over steps 1.." + EARLY + ", per start")
                        .effect("GWG - " + dlp.label()).paired(meanTv(p, SamplerEntry.GWG, EARLY), meanTv(p, dlp, EARLY))
                        .better(margin).build());
                out.add(Claim.builder(fig, "samplers.dlp." + dlp.tag() + ".vs.gwg.tv-end." + d)
                        .paper(DLP_OUTPERFORMS, DLP_SENTENCE)
                        .statement(name + ", exact TV at step " + steps + ": " + below)
                        .statistic("TV distance to the model at step " + steps + ", per start")
                        .effect("GWG - " + dlp.label()).paired(tvAt(p, SamplerEntry.GWG, steps), tvAt(p, dlp, steps))
                        .better(margin).bound(floor).build());
            }
            for (SamplerEntry k : SamplerEntry.PER_WORK) {
                double w = k.sweeps();
                int early = (int) Math.floor(EARLY / w);
                out.add(Claim.builder(fig, "samplers.work." + k.tag() + ".vs.bgs.tv-early." + d)
                        .statement(name + ", mean exact TV within the first " + EARLY + " bottom-layer sweeps: "
                                + k.label() + " (" + early + " steps of it) below BGS")
                        .statistic("mean TV distance over the steps within " + EARLY + " bottom-layer sweeps, per start")
                        .effect("BGS - " + k.label()).paired(meanTv(p, SamplerEntry.BGS, EARLY), meanTv(p, k, early))
                        .better(margin).build());
                out.add(Claim.builder(fig, "samplers.work." + k.tag() + ".vs.bgs.tv-end." + d)
                        .statement(name + ", exact TV after " + steps + " bottom-layer sweeps: " + k.label() + " below BGS")
                        .statistic("TV distance after " + steps + " bottom-layer sweeps (linear between steps), per start")
                        .effect("BGS - " + k.label()).paired(tvAt(p, SamplerEntry.BGS, steps), tvAt(p, k, steps / w))
                        .better(margin).bound(floor).build());
            }
            String site = SamplerEntry.GIBBS_SITE.label();
            out.add(Claim.builder(fig, "samplers.gwg.vs.rsgibbs-site.tv-early." + d)
                    .paper(GWG_OUTPERFORMS, GWG_SENTENCE)
                    .statement(name + ", mean exact TV over steps 1-" + EARLY + ": GWG below " + site)
                    .statistic("mean TV distance to the model over steps 1.." + EARLY + ", per start")
                    .effect(site + " - GWG").paired(meanTv(p, SamplerEntry.GIBBS_SITE, EARLY), meanTv(p, SamplerEntry.GWG,
                            EARLY)).better(margin).build());
            out.add(Claim.builder(fig, "samplers.gwg.vs.rsgibbs-site.tv-end." + d)
                    .paper(GWG_OUTPERFORMS, GWG_SENTENCE)
                    .statement(name + ", exact TV at step " + steps + ": GWG below " + site)
                    .statistic("TV distance to the model at step " + steps + ", per start")
                    .effect(site + " - GWG").paired(tvAt(p, SamplerEntry.GIBBS_SITE, steps), tvAt(p, SamplerEntry.GWG,
                            steps)).better(margin).bound(floor).build());
            String sweep = SamplerEntry.GIBBS.label();
            out.add(Claim.builder(fig, "samplers.work.gwg.vs.rsgibbs.tv-early." + d)
                    .statement(name + ", mean exact TV within the first " + EARLY + " bottom-layer sweeps: GWG below "
                            + sweep)
                    .statistic("mean TV distance over steps 1.." + EARLY + " (one sweep's work each), per start")
                    .effect(sweep + " - GWG").paired(meanTv(p, SamplerEntry.GIBBS, EARLY), meanTv(p, SamplerEntry.GWG,
                            EARLY)).better(margin).build());
            out.add(Claim.builder(fig, "samplers.work.gwg.vs.rsgibbs.tv-end." + d)
                    .statement(name + ", exact TV after " + steps + " bottom-layer sweeps: GWG below " + sweep)
                    .statistic("TV distance at step " + steps + " (one sweep's work each), per start")
                    .effect(sweep + " - GWG").paired(tvAt(p, SamplerEntry.GIBBS, steps), tvAt(p, SamplerEntry.GWG, steps))
                    .better(margin).bound(floor).build());
            out.add(Claim.builder(fig, "samplers.gwg-exact.vs.gradient.tv-early." + d)
                    .statement(name + ", mean exact TV over steps 1-" + EARLY + ": GWG with exact differences below GWG "
                            + "with the gradient approximation")
                    .statistic("mean TV distance over steps 1.." + EARLY + ", per start")
                    .effect("GWG (gradient) - GWG").paired(meanTv(p, SamplerEntry.GWG_GRADIENT, EARLY),
                            meanTv(p, SamplerEntry.GWG, EARLY)).better(margin).build());
        }
        out.addAll(large(fig, r));
        return out;
    }

    private static List<Claim> large(String fig, SamplersBenchmark.Result r) {
        List<Claim> out = new ArrayList<>();
        LargeModel.Runs l = r.runs();
        double burnIn = r.large().burnIn();
        String size = l.visible() + " x " + l.hidden();
        int last = (int) l.steps()[l.steps().length - 1];
        double mmdMargin = Margins.TV_FLOOR_FRACTION * l.referenceMmd();
        Claim.Bound floor = new Claim.Bound(l.referenceMmd(), false);
        for (SamplerEntry dlp : List.of(SamplerEntry.DMALA, SamplerEntry.DULA)) {
            out.add(Claim.builder(fig, "samplers.dlp." + dlp.tag() + ".vs.gwg.mmd")
                    .paper(DLP_OUTPERFORMS, DLP_SENTENCE)
                    .statement("Fashion-MNIST RBM " + size + ", squared MMD to the BGS reference at step " + last + ": "
                            + dlp.label() + " below GWG")
                    .statistic("squared MMD (exponentiated average Hamming kernel) to the reference, per repetition")
                    .effect("GWG - " + dlp.label()).paired(mmdAtEnd(l, SamplerEntry.GWG), mmdAtEnd(l, dlp))
                    .better(mmdMargin).bound(floor).build());
            double[] gwg = essPerSecond(l, SamplerEntry.GWG, burnIn);
            out.add(Claim.builder(fig, "samplers.dlp." + dlp.tag() + ".vs.gwg.ess-per-second")
                    .paper(DLP_OUTPERFORMS, DLP_SENTENCE)
                    .statement("Fashion-MNIST RBM " + size + ", ESS of random projections per CPU second: " + dlp.label()
                            + " above GWG")
                    .statistic("mean over watched chains of ESS / CPU seconds after burn-in, per repetition")
                    .effect(dlp.label() + " - GWG").paired(essPerSecond(l, dlp, burnIn), gwg)
                    .better(Margins.RANGE_RELATIVE * mean(gwg)).build());
        }
        String site = SamplerEntry.GIBBS_SITE.label();
        out.add(Claim.builder(fig, "samplers.gwg.vs.rsgibbs-site.mmd")
                .paper(GWG_OUTPERFORMS, GWG_SENTENCE)
                .statement("Fashion-MNIST RBM " + size + ", squared MMD to the BGS reference at step " + last + ": GWG "
                        + "below " + site)
                .statistic("squared MMD (exponentiated average Hamming kernel) to the reference, per repetition")
                .effect(site + " - GWG").paired(mmdAtEnd(l, SamplerEntry.GIBBS_SITE), mmdAtEnd(l, SamplerEntry.GWG))
                .better(mmdMargin).bound(floor).build());
        String sweep = SamplerEntry.GIBBS.label();
        out.add(Claim.builder(fig, "samplers.large.gwg.vs.rsgibbs.mmd")
                .statement("Fashion-MNIST RBM " + size + ", squared MMD at step " + last + " (one sweep's work each): GWG "
                        + "below " + sweep)
                .statistic("squared MMD to the reference, per repetition")
                .effect(sweep + " - GWG").paired(mmdAtEnd(l, SamplerEntry.GIBBS), mmdAtEnd(l, SamplerEntry.GWG))
                .better(mmdMargin).bound(floor).build());
        double[] gibbsEss = essPerSecond(l, SamplerEntry.GIBBS, burnIn);
        out.add(Claim.builder(fig, "samplers.large.gwg.vs.rsgibbs.ess-per-second")
                .statement("Fashion-MNIST RBM " + size + ", ESS of random projections per CPU second: GWG above " + sweep)
                .statistic("mean over watched chains of ESS / CPU seconds after burn-in, per repetition")
                .effect("GWG - " + sweep).paired(essPerSecond(l, SamplerEntry.GWG, burnIn), gibbsEss)
                .better(Margins.RANGE_RELATIVE * mean(gibbsEss)).build());
        double[] bgsMmd = mmdAtEnd(l, SamplerEntry.BGS);
        double[] bgsEss = essPerSecond(l, SamplerEntry.BGS, burnIn);
        for (SamplerEntry k : l.kernels()) {
            if (k == SamplerEntry.BGS) {
                continue;
            }
            out.add(Claim.builder(fig, "samplers.large." + k.tag() + ".vs.bgs.mmd")
                    .statement("Fashion-MNIST RBM " + size + ", squared MMD at step " + last + ": " + k.label() + " below BGS")
                    .statistic("squared MMD to the reference, per repetition")
                    .effect("BGS - " + k.label()).paired(bgsMmd, mmdAtEnd(l, k)).better(mmdMargin).bound(floor).build());
            out.add(Claim.builder(fig, "samplers.large." + k.tag() + ".vs.bgs.ess-per-second")
                    .statement("Fashion-MNIST RBM " + size + ", ESS per CPU second: " + k.label() + " above BGS")
                    .statistic("mean over watched chains of ESS / CPU seconds after burn-in, per repetition")
                    .effect(k.label() + " - BGS").paired(essPerSecond(l, k, burnIn), bgsEss)
                    .better(Margins.RANGE_RELATIVE * mean(bgsEss)).build());
        }
        return out;
    }

    static List<String> notes(SamplersBenchmark.Result r) {
        List<String> notes = new ArrayList<>();
        int steps = r.exact().steps();
        for (TvPanel p : r.panels()) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s: i.i.d. floor %.4f; median TV at step %d:",
                    ExactModels.title(p.dataset(), r.exact().side()), p.floor(), steps));
            for (SamplerEntry e : SamplerEntry.ALL) {
                sb.append(String.format(Locale.ROOT, " %s %.4f,", e.label(), TvCurves.at(p.steps(), p.bands()
                        .get(e.entry())[0], steps)));
            }
            notes.add(sb.substring(0, sb.length() - 1) + ".");
        }
        for (ExactModels.Bias b : r.bias()) {
            notes.add(String.format(Locale.ROOT, "%s: DULA's exact bias at step size %s: its stationary distribution, "
                    + "from its enumerated transition matrix, lies at TV %.4f from P, so the expected TV of DULA's chains stays "
                    + "at least this, however many and however long (the curves' floor, the expected TV of %d exact "
                    + "i.i.d. draws, is %.4f).",
                    ExactModels.title(b.model(), r.exact().side()), Double.toString(b.alpha()), b.tv(),
                    r.exact().chains(), floorOf(r, b.model())));
        }
        LargeModel.Runs l = r.runs();
        notes.add(String.format(Locale.ROOT, "Fashion-MNIST RBM %d x %d: mAIS log-likelihood %.2f nats per training "
                + "image (a coarse estimate: %d temperatures, %d runs); squared MMD between the reference and %d "
                + "held-out reference chains %.3g (the floor a sampler's %d chains can reach).", l.visible(), l.hidden(),
                l.logLikelihood(), r.large().aisTemperatures(), r.large().aisRuns(), r.large().holdout(), l.referenceMmd(),
                r.large().chains()));
        StringBuilder sb = new StringBuilder("Per kernel on it (medians over repetitions): CPU ms per transition of "
                + r.large().chains() + " chains, squared MMD at the last step, ESS per CPU second:");
        for (SamplerEntry e : l.kernels()) {
            sb.append(String.format(Locale.ROOT, " %s %.2f ms, %.3g, %.3g;", e.label(),
                    SamplerFiles.median(msPerStep(l, e)), SamplerFiles.median(mmdAtEnd(l, e)),
                    SamplerFiles.median(essPerSecond(l, e, r.large().burnIn()))));
        }
        notes.add(sb.substring(0, sb.length() - 1) + ". The CPU time was measured on a machine shared with other work; a "
                + "rerun does not reproduce it.");
        return notes;
    }

    private static double floorOf(SamplersBenchmark.Result r, String model) {
        return r.panels().stream().filter(p -> p.dataset().equals(model)).mapToDouble(TvPanel::floor).findFirst()
                .orElse(Double.NaN);
    }

    /** @return per start, the mean TV over steps 1..k */
    static double[] meanTv(TvPanel p, SamplerEntry e, int k) {
        return Arrays.stream(p.perStart().get(e.entry())).mapToDouble(tv -> TvCurves.meanUpTo(p.steps(), tv, k)).toArray();
    }

    /** @return per start, the TV at step k (linear between recorded steps) */
    static double[] tvAt(TvPanel p, SamplerEntry e, double k) {
        return Arrays.stream(p.perStart().get(e.entry())).mapToDouble(tv -> TvCurves.at(p.steps(), tv, k)).toArray();
    }

    /** @return per repetition, the squared MMD at the last recorded step */
    static double[] mmdAtEnd(LargeModel.Runs l, SamplerEntry e) {
        return Arrays.stream(l.mmd().get(e.tag())).mapToDouble(m -> m[m.length - 1]).toArray();
    }

    /** @return per repetition, the CPU milliseconds per transition of all chains */
    static double[] msPerStep(LargeModel.Runs l, SamplerEntry e) {
        double last = l.steps()[l.steps().length - 1];
        return Arrays.stream(l.cpu().get(e.tag())).mapToDouble(c -> 1000 * c[c.length - 1] / last).toArray();
    }

    /**
     * @return per repetition, the mean over watched chains of ESS per CPU second of the transitions after the
     *     burn-in (the peers' ESS per second: ESS over the time of the whole run times the kept fraction)
     */
    static double[] essPerSecond(LargeModel.Runs l, SamplerEntry e, double burnIn) {
        double[][] ess = l.ess().get(e.tag());
        double[][] cpu = l.cpu().get(e.tag());
        double[] out = new double[ess.length];
        for (int r = 0; r < ess.length; r++) {
            double seconds = cpu[r][cpu[r].length - 1] * (1 - burnIn);
            out[r] = mean(ess[r]) / seconds;
        }
        return out;
    }

    static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }
}
