package dev.rbmsuite.benchmarks.kernels;

import dev.rbmsuite.benchmarks.JitFlags;
import dev.rbmsuite.core.Products;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One transition of 100 chains of each gradient-based kernel at MNIST size (n = 784, m = 500), the
 * workload of the PyTorch comparison in docs/performance.md ("Gradient-based samplers",
 * {@code benchmarks/peers/samplers.py}): W, b, c ~ N(0, 0.01^2) as {@code ./rbm init --weight-std 0.01},
 * every step from the state the previous one left (so the Metropolis kernels reuse the accepted
 * proposal's evaluations, as in a run). {@code kernel} is a registered name with optional parameters
 * after a colon ({@code gwg:differences=gradient}); {@code rsgibbs}, the generic baseline, makes one
 * random-scan sweep of 784 site updates per chain and transition. The two products every step of the gradient
 * kernels makes are measured alone beside them: the hidden fields of 100 binary rows (core's group
 * tables) and the gradient b + sig(zeta) W^T of 100 rows (core's {@link Products}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = {JitFlags.QUIET, JitFlags.TABLE, JitFlags.DENSE, JitFlags.BUILD, JitFlags.PATTERNS, JitFlags.DRAWS,
        JitFlags.DEFERRED_DRAWS, JitFlags.UNIFORMS,
        JitFlags.YOUNG_GENERATION, JitFlags.OBJECT_ALIGNMENT},
        jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
public class GradientKernelBench {
    static final int CHAINS = 100;

    @Param({"bgs", "gwg", "gwg:differences=gradient", "pas", "dmala", "dula", "rsgibbs"})
    String kernel;

    TransitionKernel k;
    ChainState state;
    Rng rng;
    Rbm rbm;
    double[] v;
    double[] zeta;
    double[] means;
    double[] wt;
    double[] gradient;
    Products products;
    long step;

    /** Builds the model, the kernel and its chains. */
    @Setup
    public void setup() {
        Rng root = Rng.seeded(42);
        RbmStack stack = RbmStack.gaussian(784, new int[] {500}, 0.01, root.fork(1));
        rbm = stack.bottom();
        String[] parts = kernel.split(":", 2);
        Map<String, String> params = new LinkedHashMap<>();
        if (parts.length == 2) {
            for (String kv : parts[1].split(",")) {
                String[] p = kv.split("=", 2);
                params.put(p[0], p[1]);
            }
        }
        k = KernelRegistry.installed().create(parts[0], stack, params);
        state = k.init(CHAINS, root.fork(2));
        rng = root.fork(3);
        int n = rbm.numVisible();
        int m = rbm.numHidden();
        v = state.buffer(0).clone();
        zeta = new double[CHAINS * m];
        means = new double[m * CHAINS];
        rbm.hiddenMeans(v, CHAINS, zeta);
        for (int r = 0; r < CHAINS; r++) {
            for (int j = 0; j < m; j++) {
                means[j * CHAINS + r] = zeta[r * m + j];
            }
        }
        double[] w = rbm.weightsArray();
        wt = new double[m * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                wt[j * n + i] = w[i * m + j];
            }
        }
        gradient = new double[CHAINS * n];
        products = new Products();
    }

    /** @return the info, so the work is not eliminated: one transition of every chain */
    @Benchmark
    public StepInfo transition() {
        return k.advance(rng.fork(step++), state);
    }

    /** @return the hidden fields of 100 binary rows */
    @Benchmark
    public double[] hiddenFields() {
        rbm.hiddenField(v, CHAINS, zeta);
        return zeta;
    }

    /** @return sig(zeta) W^T of 100 rows by core's Products (the gradient's product) */
    @Benchmark
    public double[] gradientProduct() {
        Arrays.fill(gradient, 0.0);
        products.accumulate(means, wt, rbm.numHidden(), CHAINS, rbm.numVisible(), gradient);
        return gradient;
    }
}
