package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The scalar twins of {@link VectorWarmUp} against the vector code they stand in for, bit for bit,
 * and both against plain scalar loops written from the definitions: the table sums, the dense
 * multiply-adds, the logistic Bernoulli draws and the uniforms. The same comparisons run in JVMs
 * with 16-, 32- and 64-byte vectors and with AVX2 only ({@link #main}), and a sampling run that
 * starts on the twins and switches to the vector code gives the same bits as one that never
 * switches.
 */
class VectorWarmUpTest {

    /** Binary or real inputs, rows x nIn. */
    private static double[] inputs(int rows, int nIn, boolean binary, Rng rng) {
        double[] x = new double[rows * nIn];
        for (int k = 0; k < x.length; k++) {
            x[k] = binary ? (rng.nextDouble() < 0.5 ? 1.0 : 0.0) : (rng.nextDouble() - 0.3) * 3.0;
        }
        return x;
    }

    /** Compares twin, vector code and plain loops of the conditional sums; returns mismatches. */
    static List<String> conditionalSums(long seed) {
        List<String> bad = new ArrayList<>();
        Rng rng = Rng.seeded(seed);
        int[] ins = {1, 3, 4, 5, 8, 10, 25, 100};
        int[] outs = {1, 2, 7, 8, 9, 25, 36, 100};
        for (int nIn : ins) {
            for (int nOut : outs) {
                double[] w = new double[nIn * nOut];
                double[] c = new double[nOut];
                for (int k = 0; k < w.length; k++) {
                    w[k] = rng.nextGaussian() * Math.scalb(1.0, rng.nextInt(12) - 6);
                }
                for (int k = 0; k < c.length; k++) {
                    c[k] = rng.nextGaussian();
                }
                ConditionalKernel kernel = new ConditionalKernel(nIn, nOut, w, c);
                int stride = kernel.stride();
                double[] vec = new double[stride];
                double[] twin = new double[stride];
                for (boolean binary : new boolean[] {true, false}) {
                    double[] x = inputs(1, nIn, binary, rng);
                    if (binary) {
                        int[] offsets = new int[(nIn + 3) / 4];
                        for (int g = 0; g < offsets.length; g++) {
                            int p = 0;
                            for (int k = 0; k < 4 && 4 * g + k < nIn; k++) {
                                p |= (int) x[4 * g + k] << k;
                            }
                            offsets[g] = (g * 16 + p) * stride;
                        }
                        kernel.tableRow(offsets, vec, true);
                        kernel.tableRow(offsets, twin, false);
                    } else {
                        kernel.denseRow(x, vec, true);
                        kernel.denseRow(x, twin, false);
                    }
                    for (int j = 0; j < nOut; j++) {
                        // the plain definition: the table sums add the rows of W in unit order
                        // within a group, groups in order; the dense form is one fma per input
                        double want = binary ? tableReference(w, c, x, nIn, nOut, j) : denseReference(w, c, x, nIn, nOut, j);
                        String where = (binary ? "table" : "dense") + " nIn=" + nIn + " nOut=" + nOut + " j=" + j;
                        if (Double.doubleToRawLongBits(vec[j]) != Double.doubleToRawLongBits(twin[j])) {
                            bad.add(where + ": vector " + vec[j] + " twin " + twin[j]);
                        }
                        if (Double.doubleToRawLongBits(twin[j]) != Double.doubleToRawLongBits(want)) {
                            bad.add(where + ": twin " + twin[j] + " plain loop " + want);
                        }
                    }
                }
            }
        }
        return bad;
    }

    /** c_j + sum over groups of (the group's sum of W_ij over its set units, added in unit order). */
    private static double tableReference(double[] w, double[] c, double[] x, int nIn, int nOut, int j) {
        double s = c[j];
        for (int g = 0; 4 * g < nIn; g++) {
            // the table row of a pattern is built by adding its lowest unit to the row of the rest
            double t = 0.0;
            boolean first = true;
            for (int k = 3; k >= 0; k--) {
                int i = 4 * g + k;
                if (i < nIn && x[i] == 1.0) {
                    t = first ? w[i * nOut + j] : t + w[i * nOut + j];
                    first = false;
                }
            }
            s += t;
        }
        return s;
    }

    private static double denseReference(double[] w, double[] c, double[] x, int nIn, int nOut, int j) {
        double s = c[j];
        for (int i = 0; i < nIn; i++) {
            s = Math.fma(w[i * nOut + j], x[i], s);
        }
        return s;
    }

    /** Compares twin, vector code and the exact draw of each element; returns mismatches. */
    static List<String> draws(long seed) {
        List<String> bad = new ArrayList<>();
        Rng rng = Rng.seeded(seed);
        double[] betas = {1.0, 0.3, 0.0, 2.5, 1e-3};
        for (double beta : betas) {
            for (int len = 0; len <= 70; len += (len < 20 ? 1 : 7)) {
                int off = rng.nextInt(9);
                double[] u = new double[off + len];
                double[] f = new double[off + len];
                for (int k = off; k < off + len; k++) {
                    double scale = Math.scalb(1.0, rng.nextInt(24) - 12);
                    f[k] = (rng.nextDouble() - 0.5) * scale;
                    u[k] = rng.nextDouble();
                    int kind = rng.nextInt(12);
                    if (kind == 0) {
                        // on the decision boundary: the exact draw decides
                        u[k] = 1.0 / (1.0 + VectorMath.expScalar(-beta * f[k]));
                    } else if (kind == 1) {
                        f[k] = new double[] {Double.NaN, 1e308, -1e308, Double.POSITIVE_INFINITY, -0.0}[rng.nextInt(5)];
                    }
                }
                double[] vec = f.clone();
                double[] twin = f.clone();
                VectorMath.bernoulliLogisticVector(u, off, vec, off, len, beta);
                VectorMath.bernoulliLogisticScalar(u, off, twin, off, len, beta);
                for (int k = off; k < off + len; k++) {
                    double want = Math.fma(u[k], VectorMath.expScalar(-beta * f[k]), u[k]) < 1.0 ? 1.0 : 0.0;
                    String where = "draw beta=" + beta + " f=" + f[k] + " u=" + u[k];
                    if (vec[k] != twin[k]) {
                        bad.add(where + ": vector " + vec[k] + " twin " + twin[k]);
                    }
                    if (twin[k] != want) {
                        bad.add(where + ": twin " + twin[k] + " exact " + want);
                    }
                }
            }
        }
        return bad;
    }

    /**
     * Compares the vector code of the pattern reader with its twin and with offsets and a binary
     * test written out here (bit k of a group's pattern is its k-th input; binary means every input
     * is 0 or 1, or -0 in a whole group of four), on binary rows and on rows with one input that is not binary (among them the
     * neighbours of 0 and 1, a subnormal, an infinity and NaN) at every position; returns mismatches.
     */
    static List<String> patterns(long seed) {
        List<String> bad = new ArrayList<>();
        Rng rng = Rng.seeded(seed);
        double[] odd = {0.5, Math.nextUp(1.0), Math.nextDown(1.0), Double.MIN_VALUE, -Double.MIN_VALUE, -1.0, 2.0,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 1e300};
        for (int nIn = 1; nIn <= 41; nIn++) {
            ConditionalKernel kernel = new ConditionalKernel(nIn, 3, new double[nIn * 3], new double[3]);
            int stride = kernel.stride();
            int groups = (nIn + 3) / 4;
            for (int trial = 0; trial <= nIn; trial++) {
                double[] x = inputs(1, nIn, true, rng);
                boolean want = true;
                if (trial < nIn && rng.nextDouble() < 0.3) {
                    // binary in a whole group of 4 (the test is x - x^2 == 0); the last, partial group
                    // compares raw bits, so there -0 sends the row down the dense path
                    x[trial] = -0.0;
                    want = trial < nIn / 4 * 4;
                }
                if (trial < nIn && rng.nextDouble() < 0.6) {
                    x[trial] = odd[rng.nextInt(odd.length)];
                    want = false;
                }
                int[] vec = new int[groups];
                int[] twin = new int[groups];
                boolean gotVec = kernel.patternRow(x, vec, true);
                boolean gotTwin = kernel.patternRow(x, twin, false);
                String where = "n = " + nIn + ", row " + Arrays.toString(x);
                if (gotVec != want || gotTwin != want) {
                    bad.add(where + ": binary vector " + gotVec + ", twin " + gotTwin + ", expected " + want);
                }
                if (want) {
                    for (int g = 0; g < groups; g++) {
                        int p = 0;
                        for (int k = 0; k < 4 && 4 * g + k < nIn; k++) {
                            p |= (x[4 * g + k] == 1.0 ? 1 : 0) << k;
                        }
                        int expected = (g * 16 + p) * stride;
                        if (vec[g] != expected || twin[g] != expected) {
                            bad.add(where + ", group " + g + ": offset vector " + vec[g] + ", twin " + twin[g]
                                    + ", expected " + expected);
                        }
                    }
                }
            }
        }
        return bad;
    }

    /** Compares twin, vector code and nextDouble draw by draw; returns mismatches. */
    static List<String> uniforms(long seed) {
        List<String> bad = new ArrayList<>();
        for (int len = 0; len <= 40; len++) {
            Rng a = Rng.seeded(seed + len);
            a.nextLong();
            Rng b = a.copy();
            Rng c = a.copy();
            double[] vec = new double[len + 3];
            double[] twin = new double[len + 3];
            a.fillUniformLanes(vec, 3, len);
            b.fillUniformScalar(twin, 3, len);
            for (int k = 0; k < len; k++) {
                double want = c.nextDouble();
                if (Double.doubleToRawLongBits(vec[3 + k]) != Double.doubleToRawLongBits(twin[3 + k])) {
                    bad.add("uniform " + k + " of " + len + ": vector " + vec[3 + k] + " twin " + twin[3 + k]);
                }
                if (Double.doubleToRawLongBits(twin[3 + k]) != Double.doubleToRawLongBits(want)) {
                    bad.add("uniform " + k + " of " + len + ": twin " + twin[3 + k] + " nextDouble " + want);
                }
            }
            long na = a.nextLong();
            long nb = b.nextLong();
            long nc = c.nextLong();
            if (na != nb || nb != nc) {
                bad.add("the streams are at different positions after " + len + " uniforms");
            }
        }
        return bad;
    }

    @Test
    void tableAndDenseTwinsGiveTheBitsOfTheVectorCodeAndOfPlainLoops() {
        assertThat(conditionalSums(11)).isEmpty();
    }

    @Test
    void drawTwinGivesTheDecisionsOfTheVectorCodeAndOfTheExactDraw() {
        assertThat(draws(12)).isEmpty();
    }

    @Test
    void patternTwinGivesTheOffsetsAndBinaryTestOfTheVectorCode() {
        assertThat(patterns(14)).isEmpty();
    }

    @Test
    void uniformTwinGivesTheDrawsOfTheVectorCodeAndOfNextDouble() {
        assertThat(uniforms(13)).isEmpty();
    }

    @Test
    void theWatchMovesARoutineToItsTwinOnlyAfterThreeClearlySlowerChecksInARowAndBackAfterThreeWins() {
        int b = 2; // the draws
        int routine = 1 << b;
        int[] streaks = new int[5];
        int bits = VectorWarmUp.ALL;
        // twice more than twice as slow, then a check within the factor: the streak starts again
        bits = VectorWarmUp.watchStep(bits, b, 2_100, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 2_100, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 2_000, 1_000, streaks);
        assertThat(bits).isEqualTo(VectorWarmUp.ALL);
        bits = VectorWarmUp.watchStep(bits, b, 2_100, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 2_100, 1_000, streaks);
        assertThat(bits).as("two slow checks in a row").isEqualTo(VectorWarmUp.ALL);
        bits = VectorWarmUp.watchStep(bits, b, 50_000, 1_000, streaks);
        assertThat(bits).as("the third slow check in a row").isEqualTo(VectorWarmUp.ALL & ~routine);
        // on the twin: back only after three wins of the vector code in a row
        bits = VectorWarmUp.watchStep(bits, b, 900, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 900, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 1_000, 1_000, streaks);
        assertThat(bits).as("a tie breaks the streak").isEqualTo(VectorWarmUp.ALL & ~routine);
        bits = VectorWarmUp.watchStep(bits, b, 900, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 900, 1_000, streaks);
        bits = VectorWarmUp.watchStep(bits, b, 900, 1_000, streaks);
        assertThat(bits).as("three wins in a row").isEqualTo(VectorWarmUp.ALL);
        // other routines are never touched
        assertThat(VectorWarmUp.watchStep(0, 0, 900, 1_000, new int[5])).isZero();
        assertThat(VectorWarmUp.watchStep(VectorWarmUp.ALL, 4, 9_000, 1_000, new int[] {0, 0, 0, 0, 2}))
                .isEqualTo(VectorWarmUp.ALL & ~VectorWarmUp.PATTERNS);
    }

    @Test
    void withoutEnableEveryRoutineRunsItsVectorCode() {
        // tests, benchmarks and library users never see the switch unless the command line enables it
        assertThat(VectorWarmUp.done()).isTrue();
    }

    @Test
    void twinsMatchTheVectorCodeAtEveryWidthAndAWarmedUpRunMatchesAColdOne() throws Exception {
        List<List<String>> settings = List.of(
                List.of("-XX:MaxVectorSize=64"),
                List.of("-XX:MaxVectorSize=32"),
                List.of("-XX:MaxVectorSize=16"),
                List.of("-XX:UseAVX=2"));
        // the reference: the vector code alone at the native width; every width must give its bits
        // when the run starts on the twins (and the twins must match the vector code: see main)
        String reference = fork(settings.get(0), "cold");
        for (List<String> flags : settings) {
            assertThat(fork(flags, "warm")).as("a run that starts on the twins, %s", flags).isEqualTo(reference);
        }
        // the command line's early start: the thread warms up while the run is already sampling
        assertThat(fork(settings.get(0), "early")).as("a run with the early warm-up thread").isEqualTo(reference);
    }

    /** Runs {@link #main} in a fresh JVM; returns the digest line it printed. */
    private static String fork(List<String> flags, String mode) throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
        cmd.add("-Xmx256m");
        cmd.addAll(flags);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(VectorWarmUpTest.class.getName());
        cmd.add(mode);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the JVM %s %s finished", flags, mode).isTrue();
        assertThat(p.exitValue()).as("exit status of %s %s; output: %s", flags, mode, out).isZero();
        String digest = null;
        for (String line : out.split("\n")) {
            if (line.startsWith("digest ")) {
                digest = line.trim();
            }
        }
        assertThat(digest).as("digest line of %s %s in: %s", flags, mode, out).isNotNull();
        return digest;
    }

    /**
     * In a fresh JVM: checks the twins against the vector code, and the blocked path of large layers
     * against the row-at-a-time path (exit 1 on a mismatch), then runs
     * 300 sweeps of batched Gibbs sampling on a 25 x 100 RBM, with {@link VectorWarmUp#enable()}
     * ("warm") or without ("cold"), and prints a digest of every state; "warm" also requires that the
     * run started on the twins and ends on the vector code.
     *
     * @param args "warm", "early" (the warm-up thread started at once) or "cold"
     * @throws InterruptedException never in practice
     */
    public static void main(String[] args) throws InterruptedException {
        List<String> bad = new ArrayList<>();
        bad.addAll(conditionalSums(21));
        bad.addAll(draws(22));
        bad.addAll(uniforms(23));
        bad.addAll(patterns(24));
        // the cache-blocked path of large layers against the row-at-a-time path, at this JVM's width
        bad.addAll(ConditionalKernelTest.blockedMismatches(25));
        // train --threads: the split conditionals against the sequential ones and the former digests
        bad.addAll(ConditionalKernelTest.splitMismatches());
        if (!bad.isEmpty()) {
            System.out.println("mismatch at " + Lanes.LANES + " lanes: " + bad.subList(0, Math.min(5, bad.size())));
            System.out.flush();
            System.exit(1);
        }
        boolean early = args.length > 0 && args[0].equals("early");
        boolean warm = early || args.length > 0 && args[0].equals("warm");
        if (warm) {
            VectorWarmUp.enable(early);
            if (VectorWarmUp.done()) {
                System.out.println("enable() did not switch to the twins");
                System.out.flush();
            System.exit(1);
            }
        }
        Rng rng = Rng.seeded(5);
        Rbm rbm = Rbm.xavier(25, 100, rng);
        int chains = 40;
        double[] v = inputs(chains, 25, true, rng);
        double[] h = new double[chains * 100];
        double[] scratch = new double[chains * 100];
        double[] means = new double[chains * 25];
        long digest = 17;
        for (int sweep = 0; sweep < 300; sweep++) {
            if (warm && sweep == 200 && !VectorWarmUp.await(VectorWarmUp.MAX_MILLIS + 5_000)) {
                System.out.println("the vector code was not switched back on");
                System.out.flush();
            System.exit(1);
            }
            rbm.sampleHidden(v, chains, h, rng, scratch);
            rbm.sampleVisible(h, chains, v, rng, scratch);
            rbm.hiddenField(v, chains, scratch);
            rbm.visibleMeans(h, chains, means);
            rbm.hiddenField(means, chains, scratch);
            for (double[] a : new double[][] {v, h, scratch}) {
                for (double x : a) {
                    digest = digest * 31 + Double.doubleToRawLongBits(x);
                }
            }
        }
        System.out.println("digest " + Long.toHexString(digest));
    }

    /**
     * The launcher, Maven's JVM (which runs the figures of {@code mvn verify -Pfigures}) and the
     * benchmarks' forks keep the same vector routines out of their callers (docs/methods.md,
     * section 10); every name in those commands is a method that exists (HotSpot
     * says nothing about a pattern that matches no method); every vector routine the warm-up
     * switches is among them; the launcher's exclusion of the timing loop names a method that
     * exists; every benchmark fork passes all of {@code JitFlags}; and the launcher and Maven's JVM
     * compile exactly the switched vector routines after 3 % of the usual calls.
     */
    @Test
    void theLauncherAndTheBenchmarksKeepTheSameExistingVectorRoutinesOutOfTheirCallers() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        StringBuilder commands = new StringBuilder();
        for (String line : Files.readAllLines(root.resolve("rbm"))) {
            if (!line.strip().startsWith("#")) {
                commands.append(line).append('\n');
            }
        }
        Set<String> launcher = methods("dontinline", commands);
        Path flags = root.resolve("benchmarks/src/main/java/dev/rbmsuite/benchmarks/JitFlags.java");
        Set<String> bench = methods("dontinline", Files.readString(flags));
        Set<String> switched = new TreeSet<>();
        for (Class<?> c : List.of(ConditionalKernel.class, VectorMath.class, RngLanes.class)) {
            for (Method method : c.getDeclaredMethods()) {
                // a switched routine's vector code: the scalar twins are named ...Scalar, or are the
                // public wrappers that choose between the two
                boolean vectorApi = List.of(method.getParameterTypes()).stream()
                        .anyMatch(t -> t.getPackageName().equals("jdk.incubator.vector"));
                if (!vectorApi && (method.getName().endsWith("Vector") || method.getName().startsWith("accumulate"))
                        && !method.getName().endsWith("Scalar") && !method.isSynthetic()) {
                    switched.add(c.getName() + "::" + method.getName());
                }
            }
        }
        assertThat(launcher).isEqualTo(bench).isEqualTo(switched).contains(
                "dev.rbmsuite.core.ConditionalKernel::accumulateTable",
                "dev.rbmsuite.core.ConditionalKernel::accumulateDense",
                "dev.rbmsuite.core.ConditionalKernel::buildGroupVector",
                "dev.rbmsuite.core.ConditionalKernel::patternsVector",
                "dev.rbmsuite.core.VectorMath::bernoulliLogisticVector",
                "dev.rbmsuite.core.VectorMath::bernoulliLogisticDeferredVector",
                "dev.rbmsuite.core.RngLanes::fillUniformVector");
        Set<String> excluded = methods("exclude", commands);
        assertThat(excluded).containsExactly("dev.rbmsuite.core.VectorWarmUp$Bench::time");
        // the figures run by Maven (mvn verify -Pfigures, exec:java) run in Maven's own JVM
        String maven = Files.readString(root.resolve(".mvn/jvm.config"));
        assertThat(methods("dontinline", maven)).as(".mvn/jvm.config").isEqualTo(launcher);
        assertThat(methods("exclude", maven)).as(".mvn/jvm.config").isEqualTo(excluded);
        // both JVMs that run commands and figures compile exactly the switched vector routines sooner
        assertThat(methods("CompileThresholdScaling", commands, ",0\\.03\\b")).as("the launcher")
                .isEqualTo(switched);
        assertThat(methods("CompileThresholdScaling", maven, ",0\\.03\\b")).as(".mvn/jvm.config")
                .isEqualTo(switched);
        // HotSpot applies the last matching CompileCommand: the launcher's 3 % lines must follow its
        // 10 % patterns (ConditionalKernel::*, ...), which also match the vector routines
        String launcherText = commands.toString();
        assertThat(launcherText.lastIndexOf(",0.1\n")).as("the launcher's 10 % lines come before its 3 % lines")
                .isPositive().isLessThan(launcherText.indexOf(",0.03\n"));
        assertThat(List.of(VectorWarmUp.Bench.class.getDeclaredMethods()))
                .as("the timing loop the launcher excludes").anyMatch(x -> x.getName().equals("time"));
        List<String> constants = new ArrayList<>();
        Matcher m = Pattern.compile("public static final String (\\w+)").matcher(Files.readString(flags));
        while (m.find()) {
            constants.add("JitFlags." + m.group(1));
        }
        assertThat(constants).hasSize(10);
        // the launcher's heap flags, young generation and object alignment, which the forks pass too;
        // the alignment also in Maven's JVM, where the figures of mvn verify run
        Matcher young = Pattern.compile("YOUNG_GENERATION = \"([^\"]+)\"").matcher(Files.readString(flags));
        Matcher alignment = Pattern.compile("OBJECT_ALIGNMENT = \"([^\"]+)\"").matcher(Files.readString(flags));
        assertThat(young.find()).isTrue();
        assertThat(alignment.find()).isTrue();
        assertThat(launcherText).contains("HEAP_FLAGS=(" + young.group(1) + " " + alignment.group(1) + ")");
        assertThat(maven).as(".mvn/jvm.config").contains(alignment.group(1));
        int forks = 0;
        try (Stream<Path> files = Files.walk(root.resolve("benchmarks/src/main/java"))) {
            for (Path f : files.filter(x -> x.toString().endsWith("Bench.java")).toList()) {
                String text = Files.readString(f);
                assertThat(text).as("%s: a benchmark forks with the launcher's JIT settings", f)
                        .contains("@Fork(").contains(constants);
                forks++;
            }
        }
        assertThat(forks).isGreaterThanOrEqualTo(6);
    }

    private static Set<String> methods(String command, CharSequence text) {
        return methods(command, text, "");
    }

    /** The methods named by {@code -XX:CompileCommand=COMMAND,METHOD} followed by {@code suffix} (a regex). */
    private static Set<String> methods(String command, CharSequence text, String suffix) {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile(command + ",([\\w.$]+::\\w+)" + suffix).matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
