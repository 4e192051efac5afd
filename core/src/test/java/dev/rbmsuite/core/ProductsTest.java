package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Products}: the blocked vector kernel and its scalar twin against the loops that computed
 * {@code E[v h^T]} before it (one {@link VectorMath#axpy} per row of C and data row, or
 * {@link VectorMath#add} for v = 1 and nothing for v = 0), bit for bit, at odd sizes (every residue
 * of n modulo the tile's 4 rows, of m modulo 8 and the 4-vector tile, rows across several packed
 * blocks), and in JVMs limited to 16-, 32- and 64-byte vectors or to blocks of 16 rows.
 */
class ProductsTest {
    private static final int[][] SHAPES = {
        {1, 1, 1}, {3, 7, 5}, {5, 9, 2}, {25, 100, 100}, {13, 33, 131}, {4, 32, 128}, {7, 17, 257},
        {10, 100, 37}, {2, 65, 3}, {9, 31, 300}, {64, 40, 129}, {6, 8, 1}, {11, 71, 0},
        // whole panels and a partial one of C's rows past the 3-vector tiles: at 8 lanes an 8 x 2 tile
        // (43 columns) and a one-vector tile over two blocks of rows (131 columns, 150 rows)
        {21, 43, 37}, {19, 131, 150}
    };

    /** The loop of Moments.setSampleMeans before the kernel: axpy, or add for 1 and nothing for 0. */
    static void legacy(double[] a, double[] b, int rows, int n, int m, double[] c) {
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                double x = a[r * n + i];
                if (x == 1.0) {
                    VectorMath.add(c, i * m, b, r * m, m);
                } else if (x != 0.0) {
                    VectorMath.axpy(x, c, i * m, b, r * m, m);
                }
            }
        }
    }

    /**
     * A: binary (mode 0), probabilities with exact 0 and 1 among them (1), signed reals (2), or binary
     * with 10 % ones (3: the sparse kernel's kind, which {@link Products#accumulate} dispatches to).
     */
    private static double[] matrixA(int len, int mode, Rng rng) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            double u = rng.nextDouble();
            x[k] = mode == 0 ? (u < 0.45 ? 1.0 : 0.0)
                    : mode == 1 ? (u < 0.2 ? 0.0 : u > 0.8 ? 1.0 : rng.nextDouble())
                    : mode == 3 ? (u < 0.1 ? 1.0 : 0.0)
                    : (u - 0.5) * 7;
        }
        if (mode == 2 && len > 2) {
            x[1] = -0.0;
            x[2] = 0.0;
        }
        return x;
    }

    private static double[] matrixB(int len, Rng rng) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = k % 11 == 0 ? (rng.nextDouble() - 0.5) * 1e6 : rng.nextDouble();
        }
        return x;
    }

    /**
     * Runs every shape and kind of A; returns the mismatches against the legacy loop (empty when all
     * agree) and feeds every result into the digest.
     */
    static List<String> check(MessageDigest md) {
        List<String> bad = new ArrayList<>();
        Rng rng = Rng.seeded(2024);
        Products p = new Products();
        for (int rep = 0; rep < 3; rep++) {
            for (int[] s : SHAPES) {
                int n = s[0];
                int m = s[1];
                int rows = s[2];
                for (int mode = 0; mode < 4; mode++) {
                    double[] a = matrixA(rows * n, mode, rng);
                    double[] b = matrixB(rows * m, rng);
                    double[] start = new double[n * m];
                    if (rep == 2) {
                        for (int k = 0; k < start.length; k++) {
                            start[k] = rng.nextDouble(); // accumulates into a non-zero C as well
                        }
                    }
                    double[] want = start.clone();
                    legacy(a, b, rows, n, m, want);
                    double[] vec = start.clone();
                    p.accumulateVector(a, b, rows, n, m, vec);
                    double[] sca = start.clone();
                    Products.accumulateScalar(a, b, rows, n, m, sca);
                    double[] sparse = start.clone();
                    p.accumulateSparse(a, b, rows, n, m, sparse);
                    double[] dispatched = start.clone();
                    p.accumulate(a, b, rows, n, m, dispatched);
                    String what = n + "x" + m + " rows " + rows + " mode " + mode + " rep " + rep;
                    if (!bitsEqual(sparse, want)) {
                        bad.add("sparse " + what);
                    }
                    if (!bitsEqual(vec, want)) {
                        bad.add("vector " + what);
                    }
                    if (!bitsEqual(sca, want)) {
                        bad.add("scalar " + what);
                    }
                    if (!bitsEqual(dispatched, want)) {
                        bad.add("accumulate " + what);
                    }
                    if (rows > 0 && rep == 0 && !bitsEqual(mean(p, a, b, rows, n, m), meanOfLegacy(a, b, rows, n, m))) {
                        bad.add("mean " + what);
                    }
                    ByteBuffer buf = ByteBuffer.allocate(16 * vec.length);
                    for (double x : sparse) {
                        buf.putLong(Double.doubleToRawLongBits(x));
                    }
                    for (double x : vec) {
                        buf.putLong(Double.doubleToRawLongBits(x));
                    }
                    md.update(buf.array());
                }
            }
        }
        return bad;
    }

    /** What {@code Moments.setSampleMeans} did before {@link Products#mean}: zero, the legacy loop, then * (1 / rows). */
    static double[] meanOfLegacy(double[] a, double[] b, int rows, int n, int m) {
        double[] c = new double[n * m];
        legacy(a, b, rows, n, m, c);
        double s = 1.0 / rows;
        for (int k = 0; k < c.length; k++) {
            c[k] *= s;
        }
        return c;
    }

    /** {@link Products#mean} into a C that holds NaN and values beforehand (none of which may survive). */
    private static double[] mean(Products p, double[] a, double[] b, int rows, int n, int m) {
        double[] c = new double[n * m];
        for (int k = 0; k < c.length; k++) {
            c[k] = k % 3 == 0 ? Double.NaN : k;
        }
        p.mean(a, b, rows, n, m, c);
        return c;
    }

    /**
     * The mean on the scalar twin (the kernel of a JVM whose Vector API is not yet compiled), on the
     * calling thread and split over two: zeroed, summed and scaled with the bits of the loops it
     * replaces; and a mean of no rows is refused.
     */
    @Test
    void theMeanOnTheScalarTwinHasTheBitsOfTheLoops() {
        Rng rng = Rng.seeded(12);
        Products p = new Products();
        boolean was = Products.vectorEnabled();
        Products.enableVector(false);
        try {
            for (int[] z : SHAPES) {
                int n = z[0];
                int m = z[1];
                int rows = z[2];
                for (int mode = 0; rows > 0 && mode < 4; mode++) {
                    double[] a = matrixA(rows * n, mode, rng);
                    double[] b = matrixB(rows * m, rng);
                    assertThat(bitsEqual(mean(p, a, b, rows, n, m), meanOfLegacy(a, b, rows, n, m)))
                            .as("%s mode %d", Arrays.toString(z), mode).isTrue();
                }
            }
            // and split over threads by chunks of rows of C, each chunk on the twin
            try (ChunkPool pool = ChunkPool.of(2); ChunkPool.Scope scope = pool.enter()) {
                int rows = 100;
                int n = 65;
                int m = 701;
                double[] a = matrixA(rows * n, 1, rng);
                double[] b = matrixB(rows * m, rng);
                long before = pool.splits();
                assertThat(bitsEqual(mean(p, a, b, rows, n, m), meanOfLegacy(a, b, rows, n, m))).as("split").isTrue();
                assertThat(pool.splits()).as("the mean was split").isGreaterThan(before);
            }
        } finally {
            Products.enableVector(was);
        }
        assertThatThrownBy(() -> p.mean(new double[0], new double[0], 0, 2, 2, new double[4]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one row");
    }

    /** The check can fail: a mean that skipped the zeroing, or the scaling of the unfused columns, is seen. */
    @Test
    void theMeanComparisonSeesAMissingZeroOrScale() {
        int n = 9;
        int m = 13; // columns 8..12 are unfused at 8 lanes
        int rows = 20;
        Rng rng = Rng.seeded(13);
        double[] a = matrixA(rows * n, 0, rng);
        double[] b = matrixB(rows * m, rng);
        double[] want = meanOfLegacy(a, b, rows, n, m);
        double[] unzeroed = new double[n * m];
        Arrays.fill(unzeroed, 1.0);
        legacy(a, b, rows, n, m, unzeroed);
        for (int k = 0; k < unzeroed.length; k++) {
            unzeroed[k] *= 1.0 / rows;
        }
        assertThat(bitsEqual(unzeroed, want)).isFalse();
        double[] tailUnscaled = want.clone();
        for (int i = 0; i < n; i++) {
            tailUnscaled[i * m + 12] *= rows;
        }
        assertThat(bitsEqual(tailUnscaled, want)).isFalse();
        assertThat(bitsEqual(mean(new Products(), a, b, rows, n, m), want)).isTrue();
    }

    private static boolean bitsEqual(double[] x, double[] y) {
        if (x.length != y.length) {
            return false;
        }
        for (int k = 0; k < x.length; k++) {
            if (Double.doubleToRawLongBits(x[k]) != Double.doubleToRawLongBits(y[k])) {
                return false;
            }
        }
        return true;
    }

    @Test
    void vectorKernelAndScalarTwinGiveTheBitsOfTheRowByRowLoops() throws Exception {
        assertThat(check(MessageDigest.getInstance("SHA-256"))).isEmpty();
    }

    /** The check can fail: a kernel that fuses the tail columns (or skips none) differs in the last bits. */
    @Test
    void theComparisonSeesAFusedTail() {
        int n = 3;
        int m = 13; // columns 8..12 take a multiply and an add
        int rows = 50;
        Rng rng = Rng.seeded(5);
        double[] a = matrixA(rows * n, 2, rng);
        double[] b = matrixB(rows * m, rng);
        double[] want = new double[n * m];
        legacy(a, b, rows, n, m, want);
        double[] fusedEverywhere = new double[n * m];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    fusedEverywhere[i * m + j] = Math.fma(a[r * n + i], b[r * m + j], fusedEverywhere[i * m + j]);
                }
            }
        }
        assertThat(bitsEqual(fusedEverywhere, want)).isFalse();
        double[] got = new double[n * m];
        new Products().accumulate(a, b, rows, n, m, got);
        assertThat(bitsEqual(got, want)).isTrue();
    }

    /** With b finite and C never -0, a zero entry of A changes nothing; with an infinite b it would. */
    @Test
    void zerosOfAAreSkippedExactlyForFiniteB() {
        double[] a = {0.0, 1.0};
        double[] b = {Double.POSITIVE_INFINITY, 2.0};
        double[] c = new double[2];
        Products.accumulateScalar(a, b, 1, 2, 1, c);
        assertThat(c[0]).isNaN(); // the fma sees 0 * inf: why Moments checks h for finiteness first
        double[] legacy = new double[2];
        legacy(a, b, 1, 2, 1, legacy);
        assertThat(legacy[0]).isZero();
    }

    /**
     * The warm-up starts calls on the twin and ends on the vector kernel within its time limit; the
     * bits are those of the legacy loops throughout.
     */
    @Test
    void warmUpStartsOnTheTwinAndEndsOnTheVectorKernel() throws Exception {
        Products.warmUp();
        assertThat(Products.vectorEnabled()).as("armed only: the vector kernel until the first call").isTrue();
        new Products().accumulate(new double[2], new double[2], 1, 2, 2, new double[4]);
        boolean startedOnTwin = !Products.vectorEnabled();
        long end = System.nanoTime() + (Products.WARM_UP_MILLIS + 5_000) * 1_000_000L;
        Rng rng = Rng.seeded(9);
        Products p = new Products();
        while (!Products.vectorEnabled() && System.nanoTime() < end) {
            double[] a = matrixA(40 * 13, 1, rng);
            double[] b = matrixB(40 * 37, rng);
            double[] want = new double[13 * 37];
            legacy(a, b, 40, 13, 37, want);
            double[] got = new double[13 * 37];
            p.accumulate(a, b, 40, 13, 37, got);
            assertThat(bitsEqual(got, want)).isTrue();
            Thread.sleep(5);
        }
        assertThat(startedOnTwin).as("the first calls run the twin").isTrue();
        assertThat(Products.vectorEnabled()).as("the vector kernel after the warm-up").isTrue();
        Products.warmUp(); // idempotent: no second thread, the kernel stays on
        assertThat(Products.vectorEnabled()).isTrue();
    }

    /**
     * The sparse kernel is chosen for at most {@link Products#SPARSE_PERCENT} % non-zeros, counted exactly
     * (by vectors, with an early stop once A is too dense): at the limit and one past it, at lengths
     * around a vector, around the count's stride and beyond it, with the non-zeros first, last or
     * spread; NaN counts as non-zero, -0.0 as zero (as {@code a != 0.0}).
     */
    @Test
    void theSparseTestCountsEveryNonZero() {
        Rng rng = Rng.seeded(25);
        for (int len : new int[] {1, 7, 9, 100, 4095, 4101, 8192 + 5, 30000}) {
            long limit = (long) Products.SPARSE_PERCENT * len / 100;
            for (long nz : new long[] {limit, limit + 1}) {
                for (int layout = 0; layout < 3; layout++) {
                    double[] a = new double[len + 3];
                    Arrays.fill(a, len, a.length, 1.0); // past len: never counted
                    for (int k = 0; k < len; k++) {
                        a[k] = k % 3 == 0 ? -0.0 : 0.0;
                    }
                    int[] order = new int[len];
                    for (int k = 0; k < len; k++) {
                        order[k] = layout == 0 ? k : layout == 1 ? len - 1 - k : k;
                    }
                    for (int k = len - 1; layout == 2 && k > 0; k--) {
                        int j = rng.nextInt(k + 1);
                        int t = order[k];
                        order[k] = order[j];
                        order[j] = t;
                    }
                    for (int q = 0; q < nz && q < len; q++) {
                        a[order[q]] = q % 7 == 0 ? Double.NaN : q % 5 == 1 ? -Double.MIN_VALUE : 1.0 + q;
                    }
                    boolean expected = Math.min(nz, len) * 100 <= (long) Products.SPARSE_PERCENT * len;
                    assertThat(Products.sparse(a, len)).as("len %d, %d non-zeros, layout %d", len, nz, layout)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void wrongSizesAreRefused() {
        assertThatThrownBy(() -> new Products().accumulate(new double[5], new double[6], 2, 3, 3, new double[9]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyVectorWidthGivesTheSameBits() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        assertThat(check(md)).isEmpty();
        String here = "digest " + HexFormat.of().formatHex(md.digest());
        // and with blocks of 16 rows, so that every shape past 16 rows crosses blocks whatever the L1 cache
        for (String flag : List.of("-XX:MaxVectorSize=64", "-XX:MaxVectorSize=32", "-XX:MaxVectorSize=16",
                "-Drbm.products.kc=16")) {
            assertThat(fork(flag)).as("bits at %s", flag).isEqualTo(here);
        }
    }

    private static String fork(String flag) throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
        cmd.add("-Xmx256m");
        cmd.add(flag);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(ProductsTest.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the JVM %s finished", flag).isTrue();
        assertThat(p.exitValue()).as("exit status at %s; output: %s", flag, out).isZero();
        for (String line : out.split("\n")) {
            if (line.startsWith("digest ")) {
                return line.trim();
            }
        }
        throw new AssertionError("no digest line at " + flag + ": " + out);
    }

    /**
     * In a fresh JVM: the check (exit 1 on any mismatch with the legacy loops), then the digest of the
     * vector kernel's results, with the lane count.
     *
     * @param args ignored
     * @throws Exception never in practice
     */
    public static void main(String[] args) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        List<String> bad = check(md);
        bad.addAll(splitMismatches());
        System.out.println("lanes " + Lanes.LANES);
        if (!bad.isEmpty()) {
            System.out.println("mismatches: " + bad);
            System.exit(1);
        }
        System.out.println("digest " + HexFormat.of().formatHex(md.digest()));
    }

    /**
     * train --threads: with a pool installed, a large product is split by chunks of 64 rows of C (a
     * partial last chunk at n = 65, 129 and 191; two blocks of rows at 200 rows), the dense vector kernel
     * with its packed B shared, the sparse kernel and the twin per chunk, and gives the bits of the scalar
     * twin; n = 64 and small products stay on the calling thread. {@link #main} runs the same check, so
     * {@link #everyVectorWidthGivesTheSameBits} makes it at 16, 32 and 64-byte vectors.
     */
    @Test
    void splittingOverThreadsKeepsTheBitsOfTheScalarTwin() {
        assertThat(splitMismatches()).isEmpty();
    }

    /** @return the mismatches of split products against the scalar twin (and of split counts), empty when none */
    @SuppressWarnings("try")
    static List<String> splitMismatches() {
        List<String> bad = new ArrayList<>();
        Rng rng = Rng.seeded(65);
        int[][] sizes = {{100, 65, 701}, {60, 129, 555}, {48, 191, 460}, {200, 64, 400}, {200, 67, 333}, {10, 70, 70}};
        Products p = new Products(); // one instance over every shape: its kept buffers must not leak between calls
        for (int t : new int[] {2, 3}) {
            try (ChunkPool pool = ChunkPool.of(t); ChunkPool.Scope scope = pool.enter()) {
                for (int[] z : sizes) {
                    int rows = z[0];
                    int n = z[1];
                    int m = z[2];
                    for (int mode = 0; mode < 4; mode++) {
                        // modes 0 to 2 as matrixA; 3: binary with 10 % ones (the sparse kernel)
                        double[] a = matrixA(rows * n, mode < 3 ? mode : 0, rng);
                        for (int q = 0; mode == 3 && q < a.length; q++) {
                            a[q] = rng.nextDouble() < 0.1 ? 1.0 : 0.0;
                        }
                        double[] b = matrixB(rows * m, rng);
                        double[] expected = matrixB(n * m, rng);
                        double[] c = expected.clone();
                        Products.accumulateScalar(a, b, rows, n, m, expected);
                        long before = pool.splits();
                        p.accumulate(a, b, rows, n, m, c);
                        String what = Arrays.toString(z) + " mode " + mode + " T = " + t;
                        if (!bitsEqual(c, expected)) {
                            bad.add("split " + what);
                        }
                        double[] mean = mean(p, a, b, rows, n, m);
                        double[] meanWanted = new double[n * m];
                        Products.accumulateScalar(a, b, rows, n, m, meanWanted);
                        for (int k = 0; k < meanWanted.length; k++) {
                            meanWanted[k] *= 1.0 / rows;
                        }
                        if (!bitsEqual(mean, meanWanted)) {
                            bad.add("split mean " + what);
                        }
                        boolean split = (long) rows * n * m >= Products.MIN_WORK && n > Products.SPLIT_ROWS;
                        if ((pool.splits() > before) != split) {
                            bad.add((split ? "not split " : "split ") + what);
                        }
                    }
                }
            }
        }
        return bad;
    }
}
