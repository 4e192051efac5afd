package dev.rbmsuite.benchmarks.core;

import dev.rbmsuite.core.CacheSizes;
import dev.rbmsuite.core.Lanes;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The float64 fused multiply-add peak of one core as the suite's vector code can reach it: twelve
 * independent chains of vector FMAs (enough to cover the FMA latency of every current x86-64 and ARM
 * core on two units), no memory traffic. The roofline against which docs/performance.md states each
 * kernel's share of peak; {@link FmaPeakBench} is the JMH form, {@link #main} the probe the side-by-side
 * scripts print (one line: the CPU's peak GFLOP/s at the suite's vector width, and its caches).
 */
public final class FmaPeak {
    private static final VectorSpecies<Double> S = Lanes.SPECIES;
    /** Independent accumulators of {@link #run}. */
    static final int CHAINS = 12;

    private FmaPeak() {
    }

    /**
     * @param iterations loop iterations (each {@value #CHAINS} vector FMAs)
     * @return a sum of the accumulators, so the work is not eliminated
     */
    public static double run(long iterations) {
        DoubleVector a = DoubleVector.broadcast(S, 1.0000001);
        DoubleVector b = DoubleVector.broadcast(S, -1e-9);
        DoubleVector c0 = DoubleVector.broadcast(S, 0.1);
        DoubleVector c1 = c0.add(0.01);
        DoubleVector c2 = c0.add(0.02);
        DoubleVector c3 = c0.add(0.03);
        DoubleVector c4 = c0.add(0.04);
        DoubleVector c5 = c0.add(0.05);
        DoubleVector c6 = c0.add(0.06);
        DoubleVector c7 = c0.add(0.07);
        DoubleVector c8 = c0.add(0.08);
        DoubleVector c9 = c0.add(0.09);
        DoubleVector c10 = c0.add(0.10);
        DoubleVector c11 = c0.add(0.11);
        for (long k = 0; k < iterations; k++) {
            c0 = a.fma(c0, b);
            c1 = a.fma(c1, b);
            c2 = a.fma(c2, b);
            c3 = a.fma(c3, b);
            c4 = a.fma(c4, b);
            c5 = a.fma(c5, b);
            c6 = a.fma(c6, b);
            c7 = a.fma(c7, b);
            c8 = a.fma(c8, b);
            c9 = a.fma(c9, b);
            c10 = a.fma(c10, b);
            c11 = a.fma(c11, b);
        }
        return c0.add(c1).add(c2).add(c3).add(c4).add(c5).add(c6).add(c7).add(c8).add(c9).add(c10).add(c11)
                .reduceLanes(VectorOperators.ADD);
    }

    /** @return floating-point operations of {@link #run} per iteration (two per lane and FMA) */
    public static long flopsPerIteration() {
        return 2L * CHAINS * S.length();
    }

    /**
     * Prints the peak: the best of several timed runs of about 0.2 s after a warm-up, with the vector
     * width and the caches, for example
     * {@code fp64 FMA peak 111.2 GFLOP/s on one core (512-bit (8 doubles per vector); L1d 48 KB, L2 2048 KB)}.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        long iterations = 20_000_000L;
        double sink = 0;
        double best = 0;
        for (int round = 0; round < 12; round++) {
            long t0 = System.nanoTime();
            sink += run(iterations);
            long t = System.nanoTime() - t0;
            if (round >= 4) {
                best = Math.max(best, (double) flopsPerIteration() * iterations / t);
            }
        }
        System.out.printf("fp64 FMA peak %.1f GFLOP/s on one core (%s; %s)%s%n", best, Lanes.describe(),
                CacheSizes.describe(), Double.isNaN(sink) ? " (NaN)" : "");
    }
}
