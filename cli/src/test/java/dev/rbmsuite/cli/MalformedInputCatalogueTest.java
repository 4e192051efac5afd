package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The malformed-input catalogue of issue 16: hostile options, size bombs, parameters beyond float64,
 * special files and corrupt model files, each run through the real command line in-process. Every case
 * must exit with its code (2: bad input or an unusable setting), print exactly one line on stderr that
 * starts with "rbm: " and names the place, print no stack trace and no "internal error", and leave the
 * folder exactly as it was (no partial output, no empty --out folder). {@link #CASES} says how many.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MalformedInputCatalogueTest {
    /** The number of cases in the catalogue (checked against the list, so it cannot drift). */
    static final int CASES = 92;

    @TempDir
    static Path dir;

    /**
     * One hostile command.
     *
     * @param name what it tries
     * @param code the exit code it must give
     * @param mention a text the error line must contain (the option, file or quantity)
     * @param args the command line, with {D} standing for the test folder
     */
    record Case(String name, int code, String mention, String... args) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static String p(String name) {
        return dir.resolve(name).toString();
    }

    @BeforeAll
    void setUp() throws IOException {
        RbmStack stack = RbmStack.gaussian(6, new int[] {4, 3}, 0.5, Rng.seeded(1));
        ModelStore.save(stack, dir.resolve("m"), Map.of());
        ModelStore.save(RbmStack.of(Rbm.of(6, 4, fill(24, 1e299), new double[6], new double[4])), dir.resolve("huge"),
                Map.of());
        // 30 x 100,000 zeros: 2^30 states of the visible layer times 100,000 hidden units (24 MB of .npy)
        ModelStore.save(RbmStack.of(Rbm.of(30, 100_000, new double[3_000_000], new double[30], new double[100_000])),
                dir.resolve("wide30"), Map.of());
        ModelStore.save(RbmStack.of(Rbm.gaussian(26, 2, 1e17, Rng.seeded(2))), dir.resolve("wide17"), Map.of());
        Files.write(dir.resolve("d.csv"), List.of("v0,v1,v2,v3,v4,v5", "0,1,0,1,1,0", "1,1,0,0,0,1"));
        Files.write(dir.resolve("wide.csv"), List.of(
                IntStream.range(0, 26).mapToObj(i -> "v" + i).collect(Collectors.joining(",")),
                "0," .repeat(25) + "1"));
        Files.write(dir.resolve("narrow.csv"), List.of("v0,v1,v2", "0,1,0"));
        Files.write(dir.resolve("ragged.csv"), List.of("v0,v1,v2,v3,v4,v5", "0,1,0,1,1"));
        Files.write(dir.resolve("nonbinary.csv"), List.of("v0,v1,v2,v3,v4,v5", "0,1,0,1,1,2"));
        Files.write(dir.resolve("noheader.csv"), List.of("0,1,0,1,1,0"));
        Files.write(dir.resolve("binary.csv"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
        Files.writeString(dir.resolve("plain.txt"), "not a folder");
        Files.createDirectories(dir.resolve("folder"));
        Files.createSymbolicLink(dir.resolve("zero.csv"), Path.of("/dev/zero"));
        // a FIFO, where the system has mkfifo (Linux, macOS); without it the case reads the link to /dev/zero
        Path fifo = dir.resolve("fifo.csv");
        try {
            if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() != 0) {
                Files.createSymbolicLink(fifo, Path.of("/dev/zero"));
            }
        } catch (IOException | InterruptedException e) {
            Files.createSymbolicLink(fifo, Path.of("/dev/zero"));
        }
        Path fifoManifest = dir.resolve("fifo2.manifest.json");
        Files.createSymbolicLink(fifoManifest, fifo);
        // corrupt model folders, each a copy of m with one defect
        corrupt("dupkey", "manifest.json", s -> s.replaceFirst("\\{", "{\"format\": \"rbm-stack\", "));
        corrupt("trailing", "manifest.json", s -> s + "\n{}");
        corrupt("nanjson", "manifest.json", s -> s.replaceFirst("\"version\" : 1", "\"version\" : 1, \"x\": NaN"));
        corrupt("strversion", "manifest.json", s -> s.replaceFirst("\"version\" : 1", "\"version\" : \"1\""));
        corrupt("fracsize", "manifest.json", s -> s.replaceFirst("\"visible\" : 6", "\"visible\" : 6.5"));
        corrupt("bignum", "manifest.json", s -> s.replaceFirst("\"version\" : 1", "\"version\" : 1, \"x\": 1e400"));
        corrupt("comment", "manifest.json", s -> "// a comment\n" + s);
        corrupt("fortran", "layer0/W.npy", s -> s.replace("'fortran_order': False", "'fortran_order': True "));
        corrupt("npyjunk", "layer0/W.npy", s -> s.replace("), }", "), }x"));
        corrupt("npydescr", "layer0/W.npy", s -> s.replace("'<f8'", "'<i8'"));
        corrupt("npyshape", "layer0/W.npy", s -> s.replace("(6, 4)", "(6, 5)"));
        corrupt("npytrail", "layer0/b.npy", s -> s + "12345678");
        corrupt("npymagic", "layer0/c.npy", s -> "X" + s.substring(1));
        copyModel("devnpy");
        Files.delete(dir.resolve("devnpy/layer0/W.npy"));
        Files.createSymbolicLink(dir.resolve("devnpy/layer0/W.npy"), Path.of("/dev/zero"));
        copyModel("devmanifest");
        Files.delete(dir.resolve("devmanifest/manifest.json"));
        Files.createSymbolicLink(dir.resolve("devmanifest/manifest.json"), Path.of("/dev/zero"));
        // a training-run folder whose checkpoint is a link to a device
        Files.createDirectories(dir.resolve("devck"));
        Files.writeString(dir.resolve("devck/manifest.json"), "{\"format\":\"training-run\",\"version\":1}");
        Files.createSymbolicLink(dir.resolve("devck/checkpoint.bin"), Path.of("/dev/zero"));
    }

    private static double[] fill(int n, double x) {
        double[] a = new double[n];
        Arrays.fill(a, x);
        return a;
    }

    private static void copyModel(String name) throws IOException {
        Trees.copy(dir.resolve("m"), dir.resolve(name));
    }

    private static void corrupt(String name, String file, UnaryOperator<String> change) throws IOException {
        copyModel(name);
        Path f = dir.resolve(name).resolve(file);
        String s = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        String t = change.apply(s);
        if (t.equals(s)) {
            throw new IllegalStateException("the corruption of " + name + " changed nothing");
        }
        Files.write(f, t.getBytes(StandardCharsets.ISO_8859_1));
    }

    List<Case> cases() {
        String m = p("m");
        String d = p("d.csv");
        List<Case> c = new ArrayList<>();
        // init: options
        c.add(new Case("init --hidden ,", 2, "--hidden", "init", "--visible", "3", "--hidden", ",", "--out", p("o")));
        c.add(new Case("init --hidden 5,-1", 2, "--hidden", "init", "--visible", "3", "--hidden", "5,-1", "--out", p("o")));
        c.add(new Case("init --hidden x", 2, "--hidden", "init", "--visible", "3", "--hidden", "x", "--out", p("o")));
        c.add(new Case("init --visible 0", 2, "--visible", "init", "--visible", "0", "--hidden", "2", "--out", p("o")));
        c.add(new Case("init --visible 1e3", 2, "--visible", "init", "--visible", "1e3", "--hidden", "2", "--out", p("o")));
        c.add(new Case("init --weight-std 1e308", 2, "--weight-std", "init", "--visible", "3", "--hidden", "2", "--weight-std",
                "1e308", "--out", p("o")));
        c.add(new Case("init --weight-std NaN", 2, "--weight-std", "init", "--visible", "3", "--hidden", "2", "--weight-std",
                "NaN", "--out", p("o")));
        c.add(new Case("init --weight-std -1", 2, "--weight-std", "init", "--visible", "3", "--hidden", "2", "--weight-std",
                "-1", "--out", p("o")));
        c.add(new Case("init 30000 x 30000 (20 GiB)", 2, "needs about", "init", "--visible", "30000", "--hidden", "30000",
                "--out", p("o")));
        c.add(new Case("init 50000 x 50000 (beyond a Java array)", 2, "--hidden", "init", "--visible", "50000", "--hidden",
                "50000", "--out", p("o")));
        c.add(new Case("init --out a regular file", 2, "plain.txt", "init", "--visible", "3", "--hidden", "2", "--out",
                p("plain.txt")));
        c.add(new Case("init --out below a regular file", 2, "plain.txt", "init", "--visible", "3", "--hidden", "2", "--out",
                p("plain.txt/sub")));
        // logz
        c.add(new Case("logz --temperatures 2000000000", 2, "--temperatures", "logz", "--model", m, "--method", "ais",
                "--temperatures", "2000000000"));
        c.add(new Case("logz --runs 2000000000", 2, "--runs", "logz", "--model", m, "--method", "mais", "--runs", "2000000000"));
        c.add(new Case("logz --method bogus", 2, "--method", "logz", "--model", m, "--method", "bogus"));
        c.add(new Case("logz --runs 1", 2, "--runs", "logz", "--model", m, "--method", "ais", "--runs", "1"));
        c.add(new Case("logz --layer 7", 2, "--layer", "logz", "--model", m, "--method", "exact", "--layer", "7"));
        c.add(new Case("logz of a missing model", 2, "nowhere", "logz", "--model", p("nowhere"), "--method", "exact"));
        c.add(new Case("logz of |W| = 1e299 (beyond float64)", 2, "too large for float64", "logz", "--model", p("huge"),
                "--method", "exact"));
        c.add(new Case("logz mais of |W| = 1e299", 2, "too large for float64", "logz", "--model", p("huge"), "--method", "mais"));
        // loglik and data files
        c.add(new Case("loglik of |W| = 1e299", 2, "too large for float64", "loglik", "--model", p("huge"), "--data", d,
                "--method", "exact"));
        c.add(new Case("loglik --data too narrow", 2, "narrow.csv", "loglik", "--model", m, "--data", p("narrow.csv"),
                "--method", "exact"));
        c.add(new Case("loglik --data ragged", 2, "ragged.csv:2", "loglik", "--model", m, "--data", p("ragged.csv"),
                "--method", "exact"));
        c.add(new Case("loglik --data non-binary", 2, "nonbinary.csv:2", "loglik", "--model", m, "--data",
                p("nonbinary.csv"), "--method", "exact"));
        c.add(new Case("loglik --data without header", 2, "noheader.csv:1", "loglik", "--model", m, "--data",
                p("noheader.csv"), "--method", "exact"));
        c.add(new Case("loglik --data not UTF-8", 2, "binary.csv", "loglik", "--model", m, "--data", p("binary.csv"),
                "--method", "exact"));
        c.add(new Case("loglik --data /dev/zero", 2, "not a regular file", "loglik", "--model", m, "--data", p("zero.csv"),
                "--method", "exact"));
        c.add(new Case("loglik --data a FIFO", 2, "not a regular file", "loglik", "--model", m, "--data", p("fifo.csv"),
                "--method", "exact"));
        c.add(new Case("loglik --data a folder", 2, "folder", "loglik", "--model", m, "--data", p("folder"), "--method",
                "exact"));
        // tv
        c.add(new Case("tv --chains 2000000000", 2, "--chains", "tv", "--model", m, "--kernel", "bgs", "--chains",
                "2000000000", "--steps", "1", "--out", p("t.csv")));
        c.add(new Case("tv --steps 2147483647", 2, "--steps", "tv", "--model", m, "--kernel", "bgs", "--chains", "2",
                "--steps", "2147483647", "--out", p("t.csv")));
        c.add(new Case("tv --chains 0", 2, "--chains", "tv", "--model", m, "--kernel", "bgs", "--chains", "0", "--steps", "1",
                "--out", p("t.csv")));
        c.add(new Case("tv of |W| = 1e299", 2, "too large for float64", "tv", "--model", p("huge"), "--kernel", "bgs",
                "--chains", "2", "--steps", "1", "--out", p("t.csv")));
        // sample
        c.add(new Case("sample --chains 2000000000", 2, "--chains", "sample", "--model", m, "--kernel", "bgs", "--chains",
                "2000000000", "--steps", "1", "--out", p("s.csv")));
        c.add(new Case("sample --kernel nope", 2, "--kernel", "sample", "--model", m, "--kernel", "nope", "--chains", "2",
                "--steps", "1", "--out", p("s.csv")));
        c.add(new Case("sample --beta-min 2", 2, "--beta-min", "sample", "--model", m, "--kernel", "pt", "--chains", "2",
                "--steps", "1", "--beta-min", "2", "--out", p("s.csv")));
        c.add(new Case("sample --kernel-param with a Java type suffix", 2, "beta-min", "sample", "--model", m, "--kernel", "pt",
                "--chains", "2", "--steps", "1", "--kernel-param", "beta-min=0.1d", "--out", p("s.csv")));
        c.add(new Case("sample --kernel-param with a leading space", 2, "temperatures", "sample", "--model", m, "--kernel",
                "pt", "--chains", "2", "--steps", "1", "--kernel-param", "temperatures= 5", "--out", p("s.csv")));
        c.add(new Case("sample --init /dev/zero", 2, "not a regular file", "sample", "--model", m, "--kernel", "bgs",
                "--chains", "2", "--steps", "1", "--init", p("zero.csv"), "--out", p("s.csv")));
        // train: nothing may be created
        c.add(new Case("train --samples 2000000000", 2, "--samples", "train", "--data", d, "--kernel", "bgs", "--hidden", "3",
                "--epochs", "2", "--samples", "2000000000", "--out", p("run")));
        c.add(new Case("train --lr 1e308", 2, "--lr", "train", "--data", d, "--kernel", "bgs", "--hidden", "3", "--epochs", "2",
                "--lr", "1e308", "--out", p("run")));
        c.add(new Case("train --kernel-param the kernel refuses", 2, "beta-min", "train", "--data", d, "--kernel", "pt",
                "--hidden", "3", "--epochs", "2", "--kernel-param", "beta-min=2", "--out", p("run")));
        c.add(new Case("train --kernel-param with a Java type suffix", 2, "beta-min", "train", "--data", d, "--kernel",
                "pt", "--hidden", "3", "--epochs", "2", "--kernel-param", "beta-min=0.1d", "--out", p("run")));
        c.add(new Case("train --epochs in Arabic-Indic digits", 2, "--epochs", "train", "--data", d, "--kernel", "bgs",
                "--hidden", "3", "--epochs", "\u0662", "--out", p("run")));
        c.add(new Case("train --lr NaN", 2, "--lr", "train", "--data", d, "--kernel", "bgs", "--hidden", "3", "--epochs", "2",
                "--lr", "NaN", "--out", p("run")));
        c.add(new Case("train --lr with a trailing space", 2, "--lr", "train", "--data", d, "--kernel", "bgs", "--hidden",
                "3", "--epochs", "2", "--lr", "1e-2 ", "--out", p("run")));
        c.add(new Case("train --lr with a Java type suffix", 2, "--lr", "train", "--data", d, "--kernel", "bgs", "--hidden",
                "3", "--epochs", "2", "--lr", "0.01d", "--out", p("run")));
        c.add(new Case("train --hidden ,", 2, "--hidden", "train", "--data", d, "--kernel", "bgs", "--hidden", ",", "--epochs",
                "2", "--out", p("run")));
        c.add(new Case("train --epochs 0", 2, "--epochs", "train", "--data", d, "--kernel", "bgs", "--hidden", "3",
                "--epochs", "0", "--out", p("run")));
        c.add(new Case("train --ais-temperatures 2000000000", 2, "--ais-temperatures", "train", "--data", d, "--kernel",
                "bgs", "--hidden", "3", "--epochs", "2", "--ais-temperatures", "2000000000", "--out", p("run")));
        c.add(new Case("train --data /dev/zero", 2, "not a regular file", "train", "--data", p("zero.csv"), "--kernel", "bgs",
                "--hidden", "3", "--epochs", "2", "--out", p("run")));
        c.add(new Case("train --out a regular file", 2, "plain.txt", "train", "--data", d, "--kernel", "bgs", "--hidden", "3",
                "--epochs", "2", "--out", p("plain.txt")));
        // lambda2, figure, dataset
        c.add(new Case("lambda2 --repeats 2000000000", 2, "--allow-slow", "lambda2", "--model", m, "--estimator", "counts",
                "--repeats", "2000000000"));
        c.add(new Case("lambda2 --repeats 0", 2, "--repeats", "lambda2", "--model", m, "--estimator", "counts", "--repeats",
                "0"));
        c.add(new Case("lambda2 --estimator foo", 2, "--estimator", "lambda2", "--model", m, "--estimator", "foo"));
        c.add(new Case("figure --threads 2000000000", 2, "--threads", "figure", "fig3", "--scale", "smoke", "--threads",
                "2000000000", "--out", p("figs")));
        c.add(new Case("figure --threads 0", 2, "--threads", "figure", "fig3", "--scale", "smoke", "--threads", "0", "--out",
                p("figs")));
        c.add(new Case("figure fig99", 2, "fig99", "figure", "fig99", "--scale", "smoke", "--out", p("figs")));
        c.add(new Case("dataset genrbm size=2000000000", 2, "size", "dataset", "genrbm", "--param", "size=2000000000", "--out",
                p("g.csv")));
        // corrupt model files (info reads and checks every array)
        c.add(new Case("manifest with a duplicate key", 2, "dupkey", "info", "--model", p("dupkey")));
        c.add(new Case("manifest with trailing tokens", 2, "trailing", "info", "--model", p("trailing")));
        c.add(new Case("manifest with NaN", 2, "nanjson", "info", "--model", p("nanjson")));
        c.add(new Case("manifest version as a string", 2, "version", "info", "--model", p("strversion")));
        c.add(new Case("manifest with a fractional size", 2, "fracsize", "info", "--model", p("fracsize")));
        c.add(new Case("manifest with a number beyond float64", 2, "float64", "info", "--model", p("bignum")));
        c.add(new Case("manifest with a comment", 2, "comment", "info", "--model", p("comment")));
        c.add(new Case(".npy in Fortran order", 2, "Fortran", "info", "--model", p("fortran")));
        c.add(new Case(".npy header with trailing garbage", 2, "header", "info", "--model", p("npyjunk")));
        c.add(new Case(".npy of int64", 2, "dtype", "info", "--model", p("npydescr")));
        c.add(new Case(".npy shape disagrees with its data", 2, "npyshape", "info", "--model", p("npyshape")));
        return c;
    }

    List<Case> moreCases() {
        List<Case> c = new ArrayList<>();
        c.add(new Case(".npy with trailing bytes", 2, "trailing bytes", "info", "--model", p("npytrail")));
        c.add(new Case(".npy with bad magic", 2, "magic", "info", "--model", p("npymagic")));
        c.add(new Case(".npy that is /dev/zero", 2, "not a regular file", "info", "--model", p("devnpy")));
        c.add(new Case("manifest that is /dev/zero", 2, "not a regular file", "info", "--model", p("devmanifest")));
        c.add(new Case("train --lambda2 at n = 26", 2, "--lambda2", "train", "--data", p("wide.csv"), "--kernel", "bgs",
                "--hidden", "3", "--epochs", "2", "--lambda2", "--out", p("run")));
        c.add(new Case("logz exact of 2^30 states x 100000 units", 2, "--allow-slow", "logz", "--model", p("wide30"), "--method",
                "exact"));
        c.add(new Case("sample --out a FIFO", 2, "not a regular file", "sample", "--model", p("m"), "--kernel", "bgs",
                "--chains", "2", "--steps", "1", "--out", p("fifo.csv")));
        c.add(new Case("tv --out a link to /dev/zero", 2, "not a regular file", "tv", "--model", p("m"), "--kernel", "bgs",
                "--chains", "2", "--steps", "1", "--out", p("zero.csv")));
        c.add(new Case("dataset --param with a leading space", 2, "n", "dataset", "islands", "--param", "n= 13", "--out",
                p("d.csv")));
        c.add(new Case("dataset --out a FIFO", 2, "not a regular file", "dataset", "islands", "--out", p("fifo.csv")));
        c.add(new Case("dataset --out below a regular file", 2, "plain.txt", "dataset", "islands", "--out",
                p("plain.txt/x.csv")));
        c.add(new Case("sample --out with a FIFO as its manifest", 2, "fifo2.manifest.json", "sample", "--model", p("m"),
                "--kernel", "bgs", "--chains", "2", "--steps", "1", "--out", p("fifo2.csv")));
        c.add(new Case("tv at n = 26 with |W| ~ 1e17", 2, "rounding error", "tv", "--model", p("wide17"), "--kernel", "bgs",
                "--chains", "2", "--steps", "1", "--out", p("t.csv")));
        c.add(new Case("train --data /dev/zero (no .csv in the name)", 2, "/dev/zero: not a regular file", "train", "--data",
                "/dev/zero", "--kernel", "bgs", "--hidden", "3", "--epochs", "2", "--out", p("run")));
        c.add(new Case("train --data a folder (no .csv in the name)", 2, "is a folder", "train", "--data", p("folder"),
                "--kernel", "bgs", "--hidden", "3", "--epochs", "2", "--out", p("run")));
        c.add(new Case("train --data a missing path (no .csv in the name)", 2, "nowhere/data: no such file", "train",
                "--data", p("nowhere/data"), "--kernel", "bgs", "--hidden", "3", "--epochs", "2", "--out", p("run")));
        c.add(new Case("train with a checkpoint linked to /dev/zero", 2, "checkpoint.bin: not a regular file", "train",
                "--data", p("d.csv"), "--kernel", "bgs", "--hidden", "3", "--epochs", "2", "--out", p("devck")));
        c.add(new Case("train --restart with a checkpoint linked to /dev/zero", 2, "checkpoint.bin: not a regular file",
                "train", "--data", p("d.csv"), "--kernel", "bgs", "--hidden", "3", "--epochs", "2", "--restart", "--out",
                p("devck")));
        c.add(new Case("dataset genrbm steps=999999999", 2, "--allow-slow", "dataset", "genrbm", "--param", "steps=999999999",
                "--out", p("g.csv")));
        c.add(new Case("train --data genrbm steps=999999999", 2, "option --data-param: genrbm would take about", "train",
                "--data", "genrbm", "--data-param", "steps=999999999", "--kernel", "bgs", "--hidden", "3", "--epochs", "2",
                "--out", p("run")));
        c.add(new Case("no command", 2, "command", new String[0]));
        c.add(new Case("unknown command", 2, "frobnicate", "frobnicate"));
        return c;
    }

    List<Case> all() {
        List<Case> c = new ArrayList<>(cases());
        c.addAll(moreCases());
        return c;
    }

    @Test
    void theCatalogueHasItsStatedSize() {
        assertThat(all()).hasSize(CASES);
        assertThat(all().stream().map(Case::name).distinct().count()).isEqualTo(CASES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("all")
    void eachCaseFailsInOneLineAndLeavesNothingBehind(Case k) throws IOException {
        List<String> before = tree();
        Cli.Result r = Cli.run(k.args());
        assertThat(r.code()).as("exit code of %s; stderr: %s", k, r.err()).isEqualTo(k.code());
        String err = r.err().strip();
        assertThat(err.lines().count()).as("one line on stderr: %s", r.err()).isEqualTo(1);
        assertThat(err).startsWith("rbm: ").contains(k.mention()).doesNotContain("internal error")
                .doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
        assertThat(tree()).as("files after %s", k).isEqualTo(before);
    }

    private static List<String> tree() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(x -> dir.relativize(x).toString()).sorted().collect(Collectors.toList());
        }
    }

    @AfterAll
    void noTemporaryNamesAnywhere() throws IOException {
        assertThat(tree()).noneMatch(x -> x.contains(".tmp"));
    }
}
