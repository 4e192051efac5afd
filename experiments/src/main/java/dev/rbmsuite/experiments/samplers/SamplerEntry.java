package dev.rbmsuite.experiments.samplers;

import dev.rbmsuite.experiments.sampling.KernelCost;
import dev.rbmsuite.experiments.sampling.KernelVariant;
import java.util.List;
import java.util.Map;

/**
 * One kernel of the benchmark: its entry in the syntax of {@code rbm compare --kernels} (an installed
 * kernel's name, optionally with its own parameters, {@link KernelVariant}), its legend label and the
 * palette key of its line.
 *
 * @param entry the kernel and its parameters, for example {@code gwg:differences=gradient}
 * @param label the legend label
 * @param style the palette key
 */
record SamplerEntry(String entry, String label, String style) {
    /** Blocked Gibbs sampling: the RBM's own block sampler and the reference of the field's benchmark. */
    static final SamplerEntry BGS = new SamplerEntry("bgs", "BGS", "bgs");
    /** Deep tempering (L = 3). */
    static final SamplerEntry DT = new SamplerEntry("dt", "DT (L = 3)", "dt");
    /** The round trip (L = 3). */
    static final SamplerEntry ROUND_TRIP = new SamplerEntry("roundtrip", "round trip (L = 3)", "roundtrip");
    /** Gibbs-with-Gradients with the exact flip differences. */
    static final SamplerEntry GWG = new SamplerEntry("gwg", "GWG", "gwg");
    /** Gibbs-with-Gradients with the gradient approximation of the original. */
    static final SamplerEntry GWG_GRADIENT = new SamplerEntry("gwg:differences=gradient", "GWG (gradient)", "gwg-approx");
    /** Path auxiliary proposals with a path of 3 flips. */
    static final SamplerEntry PAS = new SamplerEntry("pas", "PAS (R = 3)", "pas");
    /** Metropolis-adjusted discrete Langevin, step size 0.2 (as in Zhang, Liu &amp; Liu's RBM experiment). */
    static final SamplerEntry DMALA = new SamplerEntry("dmala", "DMALA (0.2)", "dmala");
    /** Unadjusted discrete Langevin, step size 0.1 (as there). */
    static final SamplerEntry DULA = new SamplerEntry("dula", "DULA (0.1)", "dula");
    /** Random-scan single-site Gibbs, one random-scan sweep (n site updates) per transition: a sweep's work. */
    static final SamplerEntry GIBBS = new SamplerEntry("rsgibbs", "Gibbs (random scan, n sites)", "rs-gibbs");
    /**
     * Random-scan single-site Gibbs, one site update per transition: the "Gibbs" iteration of Grathwohl et
     * al.'s comparisons (1 / n of a sweep's work, so it has no rows per unit of work).
     */
    static final SamplerEntry GIBBS_SITE = new SamplerEntry("rsgibbs:sites=1", "Gibbs (one site)", "rsgibbs-site");

    /** The kernels on the bottom RBM alone, in legend order: all that the 784-unit model runs. */
    static final List<SamplerEntry> BOTTOM = List.of(BGS, GWG, GWG_GRADIENT, PAS, DMALA, DULA, GIBBS, GIBBS_SITE);
    /** Every kernel of the exact panels, in legend order: the bottom ones and the paper's nonlocal kernels. */
    static final List<SamplerEntry> ALL = List.of(BGS, DT, ROUND_TRIP, GWG, GWG_GRADIENT, PAS, DMALA, DULA, GIBBS,
            GIBBS_SITE);
    /** The kernels compared with BGS per bottom-layer sweep: those whose transition costs at least one sweep. */
    static final List<SamplerEntry> PER_WORK = List.of(DT, ROUND_TRIP, GWG, GWG_GRADIENT, PAS, DMALA, DULA, GIBBS);

    /** @return the installed kernel's name */
    String kernel() {
        return KernelVariant.nameOf(entry);
    }

    /** @return the kernel's parameters: the entry's own (defaults for the rest) */
    Map<String, String> params() {
        return KernelVariant.parse(entry).params(Map.of());
    }

    /**
     * @return conditional sweeps of the bottom layer per transition, for an entry whose work does not depend on
     *     the model (every entry of {@link #PER_WORK})
     * @throws IllegalArgumentException for one whose work does ({@link #GIBBS_SITE})
     */
    double sweeps() {
        return KernelCost.bottomSweeps(entry, params());
    }

    /**
     * @param visible n, the visible units of the model it runs on
     * @return conditional sweeps of the bottom layer per transition, the work unit of the per-work panels
     */
    double sweeps(int visible) {
        return KernelCost.bottomSweeps(entry, visible, params());
    }

    /**
     * @return the entry as a file and claim name: {@code gwg:differences=gradient} becomes {@code gwg-gradient},
     *     {@code rsgibbs:sites=1} {@code rsgibbs-site}
     */
    String tag() {
        if (entry.equals(GWG_GRADIENT.entry)) {
            return "gwg-gradient";
        }
        return entry.equals(GIBBS_SITE.entry) ? "rsgibbs-site" : KernelVariant.nameOf(entry);
    }

    /**
     * @param entries kernels
     * @param entry an entry's text
     * @return the kernel of that text
     * @throws IllegalArgumentException if none has it
     */
    static SamplerEntry of(List<SamplerEntry> entries, String entry) {
        for (SamplerEntry e : entries) {
            if (e.entry.equals(entry) || e.tag().equals(entry)) {
                return e;
            }
        }
        throw new IllegalArgumentException("no sampler " + entry);
    }
}
