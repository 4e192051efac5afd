package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.NamedKernelFactory;
import dev.rbmsuite.kernels.StepInfo;
import dev.rbmsuite.kernels.TransitionKernel;
import dev.rbmsuite.learning.train.Checkpoint;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fourth hostile round (issue 37, "Resume means the same run"): each numbered case of the issue run
 * through the command line in-process, with the right result or one line {@code rbm: ...}, exit 2, and
 * nothing lost. The stops at every kind of batch boundary are in {@link FaultSuiteTest}.
 */
class HostileRoundFourTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** Asserts a refusal: exit 2, nothing on stdout, one stderr line starting {@code rbm: } with every text. */
    static void refused(Cli.Result r, String what, String... mentions) {
        assertThat(r.code()).as("%s: %s", what, r.err()).isEqualTo(2);
        assertThat(r.out()).as(what).isEmpty();
        // progress lines aside ("train: epoch 5 ...", "report: rebuilt fig2 ...")
        List<String> lines = r.err().lines().filter(l -> !l.startsWith("train: ") && !l.startsWith("report: ")).toList();
        assertThat(lines).as(what).singleElement().asString().startsWith("rbm: ").contains(mentions)
                .doesNotContain("Exception", "internal error", "\tat ");
    }

    /** Every file under a folder, by relative path, with its bytes (links as their target's text). */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> m = new TreeMap<>();
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return m;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.toList()) {
                String rel = root.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    m.put(rel, "-> " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p)) {
                    m.put(rel, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(Files.readAllBytes(p))));
                } else {
                    m.put(rel, "/");
                }
            }
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        return m;
    }

    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static String[] train(Path data, Path out, int epochs, String... extra) {
        return TrainCommandTest.args(data, out, epochs, extra);
    }

    /**
     * Item 0: RUN/model a symbolic link to a model folder outside --out (to share it). A rerun, an
     * extension, --restart and --restart --force are each refused in one line naming the link, before any
     * work; the linked model is untouched, the run's folder keeps what it had and no lock is left. A
     * forced write into a model folder whose layer folder is a link is refused the same way.
     */
    @Test
    void item0TrainNeverWritesItsModelThroughALink(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Path run = dir.resolve("run");
        assertThat(Cli.run(train(data, run, 5)).code()).isZero();
        Path shared = dir.resolve("shared");
        assertThat(Cli.run("init", "--visible", "5", "--hidden", "6,4,3", "--out", shared.toString()).code()).isZero();
        deleteTree(run.resolve("model"));
        Files.createSymbolicLink(run.resolve("model"), shared);
        Map<String, String> sharedBefore = snapshot(shared);
        Map<String, String> runBefore = snapshot(run);
        String[][] commands = {train(data, run, 5), train(data, run, 10), train(data, run, 5, "--restart"),
            train(data, run, 5, "--restart", "--force")};
        for (String[] c : commands) {
            String what = String.join(" ", c);
            refused(Cli.run(c), what, run.resolve("model").toString(), "symbolic link", shared.toString());
            assertThat(snapshot(shared)).as(what).isEqualTo(sharedBefore);
            assertThat(snapshot(run)).as(what).isEqualTo(runBefore);
        }
        // the link removed, the same command trains the run's own model folder
        Files.delete(run.resolve("model"));
        assertThat(Cli.run(train(data, run, 10)).code()).isZero();
        assertThat(Files.isSymbolicLink(run.resolve("model"))).isFalse();
        assertThat(snapshot(shared)).isEqualTo(sharedBefore);

        // a model folder with a foreign file and a layer folder that is a link: --force writes the model's
        // own files beside the foreign one, never through the link
        Path forced = dir.resolve("forced");
        assertThat(Cli.run(train(data, forced, 5)).code()).isZero();
        Files.writeString(forced.resolve("model/notes.txt"), "mine\n");
        deleteTree(forced.resolve("model/layer1"));
        Files.createSymbolicLink(forced.resolve("model/layer1"), shared.resolve("layer1"));
        refused(Cli.run(train(data, forced, 10, "--force")), "--force", "layer1", "symbolic link");
        assertThat(snapshot(shared)).isEqualTo(sharedBefore);
    }

    /**
     * Item 1: the batch size is part of the checkpoint's key. A run of 10 epochs in batches of 10, then 20
     * epochs in batches of 20, then 30 at the full batch: the second and third are refused in one line naming
     * --batch-size and both values, and the run's files stay as the first left them. A mid-epoch checkpoint
     * resumed with a batch size whose batch count still covers the saved position (8 and 9 rows: 4 batches
     * of 30 rows) is refused the same way. --batch-size 30 on 30 rows is the full-batch run: its manifest
     * and checkpoint are that run's, byte for byte, and each resumes the other.
     */
    @Test
    void item1TheBatchSizeIsInTheCheckpointKey(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Path run = dir.resolve("run");
        assertThat(Cli.run(train(data, run, 10, "--batch-size", "10")).code()).isZero();
        Map<String, String> before = snapshot(run);
        refused(Cli.run(train(data, run, 20, "--batch-size", "20")), "20 after 10",
                "--batch-size is 20 here and 10 in the checkpoint");
        refused(Cli.run(train(data, run, 30, "--batch-size", "0")), "0 after 10",
                "--batch-size is 0 (the full batch) here and 10 in the checkpoint");
        refused(Cli.run(train(data, run, 30)), "default after 10", "--batch-size is 0 (the full batch) here and 10 in the checkpoint");
        assertThat(snapshot(run)).isEqualTo(before);

        Path mid = dir.resolve("mid");
        assertThat(FaultSuiteTest.stoppedAt("after batch 3 of 4 in epoch 4", train(data, mid, 10, "--batch-size", "8"))
                .code()).isEqualTo(143);
        Map<String, String> midBefore = snapshot(mid);
        refused(Cli.run(train(data, mid, 10, "--batch-size", "9")), "9 after a stop at batch 3 of 4 of batches of 8",
                "--batch-size is 9 here and 8 in the checkpoint");
        assertThat(snapshot(mid)).isEqualTo(midBefore);
        Cli.Result same = Cli.run(train(data, mid, 10, "--batch-size", "8"));
        assertThat(same.code()).as(same.err()).isZero();

        // --batch-size N_d is the full batch: the same manifest (up to its timing) and checkpoint bytes
        Path full = dir.resolve("full");
        Path all = dir.resolve("all");
        assertThat(Cli.run(train(data, full, 5)).code()).isZero();
        assertThat(Cli.run(train(data, all, 5, "--batch-size", "30")).code()).isZero();
        assertThat(Provenance.withoutTiming(JSON.readTree(all.resolve("manifest.json").toFile())))
                .isEqualTo(Provenance.withoutTiming(JSON.readTree(full.resolve("manifest.json").toFile())));
        assertThat(Files.readAllBytes(all.resolve("checkpoint.bin"))).isEqualTo(Files.readAllBytes(full.resolve("checkpoint.bin")));
        assertThat(Cli.run(train(data, all, 10)).code()).isZero();
        assertThat(Cli.run(train(data, full, 10, "--batch-size", "31")).code()).isZero();
        assertThat(snapshot(all).get("model/layer0/W.npy")).isEqualTo(snapshot(full).get("model/layer0/W.npy"));
    }

    /**
     * Item 1 for checkpoints of earlier versions, whose key had no batch size: the count of updates in the
     * checkpoint must be its position in this run's epochs, so a checkpoint of mini-batches (4 updates per
     * epoch) is refused by a full-batch rerun, naming --batch-size, instead of continuing it.
     */
    @Test
    void item1ACheckpointWithoutABatchSizeIsCheckedByItsUpdateCount(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Path run = dir.resolve("run");
        assertThat(FaultSuiteTest.stoppedAt("after epoch 3", train(data, run, 10, "--batch-size", "8")).code())
                .isEqualTo(143);
        Path ck = run.resolve("checkpoint.bin");
        Checkpoint c = Checkpoint.read(ck);
        assertThat(c.settingsKey()).contains("batchSize=8, ");
        // as an earlier version wrote it: the key without the batch size
        new Checkpoint(c.settingsKey().replace("batchSize=8, ", ""), c.dataFingerprint(), c.snapshot(), c.metricsRows())
                .write(ck);
        refused(Cli.run(train(data, run, 10)), "full batch on a mini-batch checkpoint without its size",
                "option --batch-size: 0 (the full batch) makes 1 update(s) per epoch here", "4 per epoch");
    }

    /**
     * Item 2: --epochs E after a stop inside epoch E + 1 of a longer run is refused in one line naming
     * --epochs and the position (its state holds batches that a run of E epochs does not make); so is
     * --epochs E after a stop at epoch E that was no evaluation epoch (a run of E epochs evaluates at its
     * end). --epochs E after a stop at an evaluation epoch E trains the straight E-epoch run, byte for byte,
     * and so does the longer run itself.
     */
    @Test
    void item2EpochsBelowACheckpointsPositionAreRefusedNeverMislabelled(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Path cut = dir.resolve("cut");
        assertThat(FaultSuiteTest.stoppedAt("after batch 2 of 4 in epoch 7", train(data, cut, 10, "--batch-size", "8"))
                .code()).isEqualTo(143);
        Map<String, String> before = snapshot(cut);
        refused(Cli.run(train(data, cut, 6, "--batch-size", "8")), "--epochs 6 at batch 2 of epoch 7",
                "option --epochs: 6 is below the checkpoint's position (batch 2 of epoch 7)", "--epochs 7 or more");
        refused(Cli.run(train(data, cut, 5, "--batch-size", "8")), "--epochs 5", "option --epochs: 5 is below");
        assertThat(snapshot(cut)).isEqualTo(before);

        Path boundary = dir.resolve("boundary");
        assertThat(FaultSuiteTest.stoppedAt("after epoch 6", train(data, boundary, 10, "--batch-size", "8")).code())
                .isEqualTo(143);
        Map<String, String> atSix = snapshot(boundary);
        refused(Cli.run(train(data, boundary, 6, "--batch-size", "8")), "--epochs 6 at a stop after epoch 6",
                "option --epochs: 6 ends at the checkpoint's epoch", "--epochs 7 or more");
        assertThat(snapshot(boundary)).isEqualTo(atSix);

        // a stop at the evaluation epoch 5: --epochs 5 is the straight 5-epoch run
        Path five = dir.resolve("five");
        assertThat(FaultSuiteTest.stoppedAt("after epoch 5", train(data, five, 10, "--batch-size", "8")).code())
                .isEqualTo(143);
        Path straight = dir.resolve("straight");
        Cli.Result s = Cli.run(train(data, straight, 5, "--batch-size", "8"));
        Cli.Result r = Cli.run(train(data, five, 5, "--batch-size", "8"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(s.out());
        for (String f : List.of("metrics.csv", "checkpoint.bin", "model/layer0/W.npy", "model/manifest.json")) {
            assertThat(Files.readAllBytes(five.resolve(f))).as(f).isEqualTo(Files.readAllBytes(straight.resolve(f)));
        }
        // the longer run resumes to its straight run
        Path ten = dir.resolve("ten");
        Cli.Result t = Cli.run(train(data, ten, 10, "--batch-size", "8"));
        Cli.Result rest = Cli.run(train(data, cut, 10, "--batch-size", "8"));
        assertThat(rest.code()).as(rest.err()).isZero();
        assertThat(rest.out()).isEqualTo(t.out());
        assertThat(Files.readAllBytes(cut.resolve("model/layer0/W.npy"))).isEqualTo(Files.readAllBytes(ten.resolve("model/layer0/W.npy")));
        assertThat(Files.readAllBytes(cut.resolve("metrics.csv"))).isEqualTo(Files.readAllBytes(ten.resolve("metrics.csv")));
    }

    /**
     * Item 3: a mid-epoch checkpoint rerun with a batch size of another batch count (1 batch, or 2) is
     * one line naming --batch-size and both values, exit 2, not an internal IllegalArgumentException.
     */
    @Test
    void item3AMidEpochCheckpointWithAnotherBatchSizeIsOneLine(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Path run = dir.resolve("run");
        assertThat(FaultSuiteTest.stoppedAt("after batch 3 of 4 in epoch 2", train(data, run, 10, "--batch-size", "8"))
                .code()).isEqualTo(143);
        Map<String, String> before = snapshot(run);
        for (String b : List.of("0", "30", "15", "1")) {
            refused(Cli.run(train(data, run, 10, "--batch-size", b)), "--batch-size " + b,
                    "--batch-size is " + (b.equals("30") || b.equals("0") ? "0 (the full batch)" : b)
                            + " here and 8 in the checkpoint");
            assertThat(snapshot(run)).isEqualTo(before);
        }
        List<String> args = new ArrayList<>(List.of(train(data, run, 10, "--batch-size", "8")));
        assertThat(Cli.run(args.toArray(String[]::new)).code()).isZero();
    }

    /** A smoke figures folder with fig2 and lambda2, made once per test that needs it. */
    private Path figures() throws IOException {
        Path figs = tmp.resolve("figs");
        if (!Files.exists(figs)) {
            for (String id : List.of("fig2", "lambda2")) {
                Cli.Result r = Cli.run("figure", id, "--scale", "smoke", "--out", figs.toString());
                assertThat(r.code()).as(r.err()).isZero();
            }
        }
        return figs;
    }

    /** @return a copy of the figures folder with one file changed */
    private Path edited(String name, String file, UnaryOperator<String> change) throws IOException {
        Path figs = figures();
        Path copy = Trees.copy(figs, tmp.resolve(name));
        Path f = copy.resolve(file);
        if (change == null) {
            Files.delete(f);
        } else {
            Files.writeString(f, change.apply(Files.readString(f)));
        }
        return copy;
    }

    /** A report that must be refused: exit 2, one line with the texts, and no output folder, nothing beside it. */
    private void reportRefused(Path from, String what, String... mentions) throws IOException {
        Path out = tmp.resolve("out-" + from.getFileName());
        Map<String, String> before = snapshot(from);
        refused(Cli.run("report", "--from", from.toString(), "--out", out.toString()), what, mentions);
        assertThat(out).as(what).doesNotExist();
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).as(what).noneMatch(n -> n.contains(".tmp-"));
        }
        assertThat(snapshot(from)).as(what).isEqualTo(before);
        // in place, the folder keeps every byte
        refused(Cli.run("report", "--from", from.toString(), "--out", from.toString()), what + " in place", mentions);
        assertThat(snapshot(from)).as(what + " in place").isEqualTo(before);
    }

    /**
     * Item 4: the figure's id comes from its folder (a fig2 folder whose manifest says fig5 is refused,
     * naming both), the file list is the figure's own (a path out of the folder, a raw CSV left out, a name
     * twice are refused), and another format or a future version of a figure's or the folder's manifest is
     * refused naming the supported ones.
     */
    @Test
    void item4ReportTrustsNoFieldOfAFigureManifest() throws Exception {
        String m = "fig2/manifest.json";
        reportRefused(edited("fig5", m, t -> t.replace("\"figure\" : \"fig2\"", "\"figure\" : \"fig5\"")), "fig5 in fig2",
                "fig2/manifest.json", "names figure \"fig5\"", "folder 'fig2'");
        reportRefused(edited("passwd", m, t -> t.replace("\"fig2-trials.csv\" ]", "\"../../../etc/passwd\" ]")),
                "a path out of the folder", "'files' entry \"../../../etc/passwd\"");
        reportRefused(edited("leftout", m, t -> t.replace(", \"fig2-trials.csv\" ]", " ]")), "a raw CSV left out",
                "'files' leaves out fig2-trials.csv");
        reportRefused(edited("twice", m, t -> t.replace("\"fig2-trials.csv\" ]", "\"fig2-mean.csv\" ]")), "twice",
                "names \"fig2-mean.csv\" twice");
        reportRefused(edited("v99", m, t -> t.replaceFirst("\"version\" : 1", "\"version\" : 99")), "version 99",
                "version 99 of format \"figure\" is not supported (this suite reads version 1)");
        reportRefused(edited("format", m, t -> t.replaceFirst("\"format\" : \"figure\"", "\"format\" : \"chart\"")),
                "another format", "format \"chart\" is not a figure's manifest", "format \"figure\", version 1");
        reportRefused(edited("root", "manifest.json", t -> t.replaceFirst("\"version\" : 1", "\"version\" : 2")),
                "the folder's manifest", "version 2 of format \"report\" is not supported");
    }

    /**
     * Item 5: hand-edited raw CSVs (a dropped or repeated row, a renamed column, a header-only file, a trial
     * numbered out of turn, a trial count other than the settings') are refused with exit 2 naming the file
     * and line, in the long tables of the training figures and in lambda2's table.
     */
    @Test
    void item5EditedRawCsvsAreTheFilesErrors() throws Exception {
        String t = "fig2/fig2-trials.csv";
        reportRefused(edited("dropped", t, x -> dropLine(x, 2)), "dropped row", t, "line 4", "differ");
        reportRefused(edited("repeated", t, x -> repeatLine(x, 2)), "repeated row", t, "line 4", "repeats the row of line 3");
        reportRefused(edited("renamed", t, x -> x.replaceFirst("maeW", "maeX")), "renamed column", t, "line 1",
                "the columns must be");
        reportRefused(edited("header", t, x -> x.substring(0, x.indexOf('\n') + 1)), "header only", t, "line 1",
                "no rows");
        reportRefused(edited("renumbered", t, x -> x.replace("lambda2,1,", "lambda2,2,")), "trial 2 after 0", t,
                "line 4, column 'trial': 2 where 1 comes next");
        reportRefused(edited("onetrial", t, x -> dropLine(dropLine(x, 4), 3)), "one trial of two", t,
                "has 1 trial(s), the figure's settings say 2");
        reportRefused(edited("infinity", t, x -> x.replaceFirst("\n(genrbm-bgs-lambda2,0,10.0,)-[0-9.]+,", "\n$1-Infinity,")),
                "-Infinity", t, "line 2, column 'logLikelihood': -Infinity is out of range");
        String l = "lambda2/lambda2-trials.csv";
        reportRefused(edited("l2dropped", l, x -> dropLine(x, 2)), "lambda2 dropped row", l, "line 4", "differ");
        reportRefused(edited("l2repeated", l, x -> repeatLine(x, 3)), "lambda2 repeated row", l, "repeats the row");
        reportRefused(edited("l2missing", l, null), "lambda2 raw CSV missing", "lambda2-trials.csv", "missing");
    }

    private static String dropLine(String text, int line) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        lines.remove(line);
        return String.join("\n", lines) + "\n";
    }

    private static String repeatLine(String text, int line) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        lines.add(line, lines.get(line));
        return String.join("\n", lines) + "\n";
    }

    /**
     * Item 6: a report refused while it writes (a full disk at any write or rename) leaves nothing in a new
     * output folder: the folder does not appear, nor any temporary beside it; refusals on reading (a missing
     * raw CSV, -Infinity) are in {@link #item5EditedRawCsvsAreTheFilesErrors}.
     */
    @Test
    void item6ARefusedReportLeavesNoNewFolderBehind() throws Exception {
        Path figs = figures();
        int points = FullDisk.points("report", "--from", figs.toString(), "--out", tmp.resolve("count").toString());
        for (int k = 0; k < points; k++) {
            Path out = tmp.resolve("deep" + k).resolve("out");
            Cli.Result r = FullDisk.at(k, "report", "--from", figs.toString(), "--out", out.toString());
            refused(r, "full disk at " + k, "No space left on device");
            assertThat(tmp.resolve("deep" + k)).as("full disk at %d", k).doesNotExist();
        }
    }

    /** A kernel plug-in of the tests: a factory of one RBM whose kernel is made by {@link #kernel}. */
    public abstract static class TestPlugin extends NamedKernelFactory {
        TestPlugin(String name) {
            super(name, false, "a hostile test plug-in");
        }

        /** @return the first state's value and width from the bottom layer's n */
        abstract double value();

        int width(int n) {
            return n;
        }

        /** What one transition does besides nothing (the states are left as they are). */
        void advanced() {
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            int n = width(stack.bottom().numVisible());
            String name = name();
            return new TransitionKernel() {
                @Override
                public String name() {
                    return name;
                }

                @Override
                public ChainState init(int chains, Rng rng) {
                    double[] v = new double[chains * n];
                    Arrays.fill(v, value());
                    return new ChainState(chains, new int[] {n}, new double[][] {v});
                }

                @Override
                public ChainState init(ChainState positions) {
                    return positions.copy();
                }

                @Override
                public StepInfo advance(Rng rng, ChainState state) {
                    advanced();
                    return StepInfo.NONE;
                }
            };
        }
    }

    /** States of 0.5. */
    public static final class Half extends TestPlugin {
        public Half() {
            super("half");
        }

        @Override
        double value() {
            return 0.5;
        }
    }

    /** Chains of n + 3 units. */
    public static final class Wide extends TestPlugin {
        public Wide() {
            super("wide");
        }

        @Override
        double value() {
            return 0;
        }

        @Override
        int width(int n) {
            return n + 3;
        }
    }

    /** Ends the JVM at its first transition. */
    public static final class Quits extends TestPlugin {
        public Quits() {
            super("quits");
        }

        @Override
        double value() {
            return 1;
        }

        @Override
        void advanced() {
            System.exit(0);
        }
    }

    /** Prints to System.out at every transition. */
    public static final class Chatty extends TestPlugin {
        public Chatty() {
            super("chatty");
        }

        @Override
        double value() {
            return 0;
        }

        @Override
        void advanced() {
            System.out.println("chatty: a transition");
        }
    }

    /** @return a jar holding a services file naming the test plug-ins (their classes come from the test class path) */
    private static Path pluginJar(Path dir) throws IOException {
        Path jar = dir.resolve("hostile-plugins.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + KernelFactory.class.getName()));
            out.write((Half.class.getName() + "\n" + Wide.class.getName() + "\n" + Quits.class.getName() + "\n"
                    + Chatty.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    /** The outcome of a command run in its own JVM. */
    record Jvm(int code, String out, List<String> err) {
    }

    /** Runs the command line in its own JVM (as ./rbm execs it) with the jar on its class path. */
    static Jvm rbm(Path dir, Path jar, String... args) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))
                + File.pathSeparator + jar;
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-Xmx256m", "-cp", cp, Main.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Jvm(p.exitValue(), Files.readString(out), Files.readAllLines(err).stream()
                .filter(l -> !l.startsWith("WARNING: Using incubator")).toList());
    }

    /**
     * Items 7 and 11: a plug-in's non-binary states (0.5) and chains of the wrong width (n + 3 units) are
     * refused by train, sample and tv alike, exit 2, in one line naming the kernel and its jar (train
     * trained on them, sample and tv failed with an internal ArrayIndexOutOfBoundsException); a plug-in
     * that calls System.exit ends sample and train with exit 2 and one line, no output and no lock file
     * (it was exit 0, no line); one that prints to System.out leaves stdout to the result (its lines go
     * to stderr), so --json stays one JSON object.
     */
    @Test
    void item7And11PlugInStatesAreCheckedAndAPlugInCannotEndOrPrintIntoACommand(@TempDir Path dir) throws Exception {
        Path jar = pluginJar(dir);
        Path data = TrainCommandTest.csv(dir);
        Path model = dir.resolve("m");
        assertThat(Cli.run("init", "--visible", "5", "--hidden", "3", "--out", model.toString()).code()).isZero();
        for (String[] k : new String[][] {{"half", "0.5", "a state holds 0 or 1 only"},
                {"wide", "8 unit(s) in layer 0", "the model has 5"}}) {
            String[][] commands = {
                {"train", "--data", data.toString(), "--kernel", k[0], "--hidden", "3", "--epochs", "2", "--out",
                    dir.resolve("run-" + k[0]).toString()},
                {"sample", "--model", model.toString(), "--kernel", k[0], "--chains", "3", "--steps", "2", "--out",
                    dir.resolve("s-" + k[0] + ".csv").toString()},
                {"tv", "--model", model.toString(), "--kernel", k[0], "--chains", "3", "--steps", "2", "--out",
                    dir.resolve("t-" + k[0] + ".csv").toString()}};
            for (String[] c : commands) {
                Jvm r = rbm(dir, jar, c);
                String what = k[0] + " " + c[0];
                assertThat(r.code()).as("%s: %s", what, r.err()).isEqualTo(2);
                // the plug-in named by where its class comes from (here the test classes; the jar holds its services file)
                assertThat(r.err()).as(what).singleElement().asString().startsWith("rbm: kernel plug-in ")
                        .contains("kernel '" + k[0] + "'", HostileRoundFourTest.class.getName() + "$", k[1], k[2])
                        .doesNotContain("internal error", "Exception");
                assertThat(r.out()).as(what).isEmpty();
            }
            assertThat(dir.resolve("run-" + k[0])).doesNotExist();
            assertThat(dir.resolve("s-" + k[0] + ".csv")).doesNotExist();
            assertThat(dir.resolve("t-" + k[0] + ".csv")).doesNotExist();
        }
        Path run = dir.resolve("run-quits");
        for (String[] c : new String[][] {
            {"sample", "--model", model.toString(), "--kernel", "quits", "--chains", "3", "--steps", "2", "--out",
                dir.resolve("s-quits.csv").toString()},
            {"train", "--data", data.toString(), "--kernel", "quits", "--hidden", "3", "--epochs", "2", "--out",
                run.toString()}}) {
            Jvm r = rbm(dir, jar, c);
            assertThat(r.code()).as("quits %s: %s", c[0], r.err()).isEqualTo(2);
            assertThat(r.err()).as(c[0]).filteredOn(l -> !l.startsWith("train: ")).singleElement().asString()
                    .startsWith("rbm: ").contains("System.exit");
            assertThat(r.out()).isEmpty();
        }
        assertThat(dir.resolve("s-quits.csv")).doesNotExist();
        if (Files.exists(run)) {
            assertThat(run.resolve(".rbm.lock")).doesNotExist();
            assertThat(run.resolve("model")).doesNotExist();
        }
        Jvm chatty = rbm(dir, jar, "sample", "--model", model.toString(), "--kernel", "chatty", "--chains", "3",
                "--steps", "2", "--out", dir.resolve("s-chatty.csv").toString(), "--json");
        assertThat(chatty.code()).as(String.join("\n", chatty.err())).isZero();
        assertThat(chatty.out().lines()).singleElement().satisfies(l -> assertThat(JSON.readTree(l).has("chains")).isTrue());
        assertThat(chatty.err()).contains("chatty: a transition");
    }

    /**
     * Item 12: the text defects. A bad value inside a --kernels entry is that entry's (not
     * --kernel-param's); the memory guard names "option --chains" and writes its sizes without exponents;
     * --version --json and train --help --json answer one JSON object.
     */
    @Test
    void item12TheTextSaysWhatHappened(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        Cli.Result entry = Cli.run("compare", "--data", data.toString(), "--kernels", "bgs,pt:temperatures=0", "--hidden",
                "3", "--trials", "1", "--epochs", "2", "--out", dir.resolve("cmp").toString());
        refused(entry, "a bad value in a --kernels entry", "option --kernels: entry 'pt:temperatures=0'");
        assertThat(entry.err()).doesNotContain("--kernel-param");
        Path model = dir.resolve("m");
        assertThat(Cli.run("init", "--visible", "5", "--hidden", "3", "--out", model.toString()).code()).isZero();
        Cli.Result memory = Cli.run("sample", "--model", model.toString(), "--kernel", "bgs", "--chains", "200000000",
                "--steps", "1", "--out", dir.resolve("s.csv").toString());
        refused(memory, "the memory guard", "rbm: option --chains: 200000000 chains", "the JVM can still use");
        assertThat(memory.err()).doesNotContain("options --chains").doesNotContainPattern("\\de[+]\\d");
        Cli.Result version = Cli.run("--version", "--json");
        assertThat(version.code()).as(version.err()).isZero();
        assertThat(JSON.readTree(version.out()).get("version").asText()).isNotBlank();
        assertThat(version.out().strip()).doesNotContain("\n");
        Cli.Result help = Cli.run("train", "--help", "--json");
        assertThat(help.code()).as(help.err()).isZero();
        assertThat(JSON.readTree(help.out()).get("help").asText()).contains("--batch-size", "--epochs");
        Cli.Result plain = Cli.run("train", "--help");
        assertThat(JSON.readTree(help.out()).get("help").asText()).isEqualTo(plain.out().stripTrailing());
    }

    /**
     * Item 9: tv inside the documented limits: models of E_max 1e150 and 1e300 (n = 8) with 64 states tied
     * at the largest probability give a TV in [0, 1] by the table (it was "impossible result refused: tv at
     * step 0 = 19.21", exit 1).
     */
    @Test
    void item9TvHoldsUpToEmax1e300(@TempDir Path dir) throws Exception {
        for (double scale : new double[] {1e150, 1e299}) {
            double[] b = new double[8];
            b[0] = scale;
            b[1] = scale;
            Path model = dir.resolve("m" + (int) Math.log10(scale));
            ModelStore.save(RbmStack.of(Rbm.of(8, 2, new double[16], b, new double[2])), model, Map.of());
            Cli.Result r = Cli.run("tv", "--model", model.toString(), "--kernel", "bgs", "--chains", "200", "--steps", "3",
                    "--out", dir.resolve("t" + (int) Math.log10(scale) + ".csv").toString(), "--json");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.json().get("method").asText()).isEqualTo("table");
            assertThat(r.json().get("final").asDouble()).isBetween(0.0, 1.0);
        }
    }

    /**
     * Item 10: a --kernels entry whose folder name the file system cannot hold (265 characters) is refused
     * before the first trial, naming the entry, and nothing is left (it trained the first kernel's trials,
     * then failed with 9 files left).
     */
    @Test
    void item10NamesAreCheckedBeforeWork(@TempDir Path dir) throws Exception {
        Path data = TrainCommandTest.csv(dir);
        String entry = "pt:beta-min=0.5" + "0".repeat(250);
        Path out = dir.resolve("cmp");
        Cli.Result r = Cli.run("compare", "--data", data.toString(), "--kernels", "bgs," + entry, "--hidden", "3",
                "--trials", "1", "--epochs", "2", "--out", out.toString());
        refused(r, "a 265-character entry", "option --kernels: entry '" + entry + "' names the folder", "cannot be made");
        assertThat(out).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("tiny.csv");
        }
    }
}
