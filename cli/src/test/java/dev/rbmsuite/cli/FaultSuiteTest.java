package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.core.io.FaultInjection;
import dev.rbmsuite.core.io.OutputFolder;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.Trials;
import dev.rbmsuite.learning.train.TrainingRun;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault-injection suite of the file-safety half of issue 16 (124 cases, a minute or two on
 * two cores; the last line of its output says how many ran):
 * <ul>
 * <li><b>kill at every write and every rename</b> of a {@code train} run, a {@code train} run that
 *     extends a finished one (the model folder swap: aside, rename, drop) and a {@code figure} run,
 *     simulated by {@link FaultInjection.Crash} (no clean-up runs, as after SIGKILL) with the stale
 *     lock file a killed process leaves; the rerun of the same command must end with exactly the
 *     files of an uninterrupted run, byte for byte (manifests up to their timing), and no temporary
 *     or lock files;</li>
 * <li><b>kill at random times</b>: SIGKILL to a training JVM after seeded random delays, then the
 *     same comparison;</li>
 * <li><b>a full disk at every write and rename</b> of a {@code train} run: exit 2, one line, no
 *     temporary files; the rerun completes to the same bytes;</li>
 * <li><b>concurrent writers</b>: a second run into a folder in use is refused naming the first.</li>
 * </ul>
 * Ownership refusals are in {@link FileSafetyTest}, the model swap in core's ModelStoreSafetyTest,
 * cross-process locks in core's FolderLockTest, signals in {@link SignalTest}.
 */
class FaultSuiteTest {
    private static final Map<String, Integer> CASES = new TreeMap<>();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @AfterEach
    void clear() {
        FaultInjection.clear();
    }

    @AfterAll
    static void summary() {
        int total = CASES.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("fault-injection suite: " + total + " cases " + CASES);
    }

    private static void count(String kind) {
        synchronized (CASES) {
            CASES.merge(kind, 1, Integer::sum);
        }
    }

    /** Counts injection points and fails (crash or full disk) at one of them. */
    private static final class Injector implements FaultInjection.Hook {
        private final int failAt;
        private final boolean fullDisk;
        private int seen;
        private final List<String> points = new ArrayList<>();

        Injector(int failAt, boolean fullDisk) {
            this.failAt = failAt;
            this.fullDisk = fullDisk;
        }

        @Override
        public synchronized void at(String point, Path path) throws IOException {
            points.add(point + " " + path.getFileName());
            if (seen++ == failAt) {
                if (fullDisk) {
                    throw new IOException("No space left on device");
                }
                throw new FaultInjection.Crash(point + " " + path);
            }
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> !p.equals(root)).map(root::relativize).sorted().toList();
        }
    }

    /** The same files, byte for byte; manifests, reports and trials' recorded seconds up to their timing. */
    private static void assertSameFiles(Path expected, Path actual, String what) throws IOException {
        assertThat(files(actual)).as(what).isEqualTo(files(expected));
        for (Path f : files(expected)) {
            Path e = expected.resolve(f);
            Path a = actual.resolve(f);
            if (Files.isDirectory(e)) {
                continue;
            }
            String name = f.getFileName().toString();
            if (name.endsWith("manifest.json")) {
                assertThat(Provenance.withoutTiming(JSON.readTree(a.toFile()))).as(what + ": " + f)
                        .isEqualTo(Provenance.withoutTiming(JSON.readTree(e.toFile())));
            } else if (name.endsWith(".seconds")) {
                // a trial's measured wall time (timing, like the manifests'): present and a number
                assertThat(Double.parseDouble(Files.readString(a).trim())).as(what + ": " + f).isNotNegative();
            } else if (name.equals("REPORT.md") || name.equals("index.html")) {
                assertThat(Files.readString(a).replaceAll("\\d+\\.\\d s", "T s")).as(what + ": " + f)
                        .isEqualTo(Files.readString(e).replaceAll("\\d+\\.\\d s", "T s"));
            } else if (name.endsWith(".seconds")) {
                // a trial's measured wall time (Trials): a rerun trial measures its own, so only its form is compared
                assertThat(Double.parseDouble(Files.readString(a).strip())).as(what + ": " + f).isFinite().isNotNegative();
            } else {
                assertThat(Files.readAllBytes(a)).as(what + ": " + f).isEqualTo(Files.readAllBytes(e));
            }
        }
    }

    /** What a killed process leaves: its lock file, no longer locked by anyone. */
    private static void leaveStaleLock(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            Files.writeString(dir.resolve(OutputFolder.LOCK), "pid 999999 on elsewhere since 2026-01-01T00:00:00Z (rbm)\n");
        }
    }

    private Cli.Result crashed(String[] args, int at) {
        FaultInjection.install(new Injector(at, false));
        try {
            return Cli.run(args);
        } catch (FaultInjection.Crash expected) {
            return null;
        } finally {
            FaultInjection.clear();
        }
    }

    private Injector reference(String[] args) {
        Injector count = new Injector(-1, false);
        FaultInjection.install(count);
        Cli.Result r = Cli.run(args);
        FaultInjection.clear();
        assertThat(r.code()).as(r.err()).isZero();
        return count;
    }

    @Test
    void aTrainingKilledAtAnyWriteOrRenameResumesToTheSameBytes() throws Exception {
        Path data = TrainCommandTest.csv(tmp);
        Path ref = tmp.resolve("ref");
        Injector points = reference(TrainCommandTest.args(data, ref, 10));
        assertThat(points.points).anyMatch(p -> p.startsWith("rename checkpoint.bin"))
                .anyMatch(p -> p.startsWith("folder-rename model"));
        for (int k = 0; k < points.seen; k++) {
            Path out = tmp.resolve("kill-" + k);
            crashed(TrainCommandTest.args(data, out, 10), k);
            leaveStaleLock(out);
            Cli.Result resumed = Cli.run(TrainCommandTest.args(data, out, 10));
            assertThat(resumed.code()).as("killed at %s: %s", points.points.get(k), resumed.err()).isZero();
            assertSameFiles(ref, out, "train killed at " + points.points.get(k));
            count("train: kill at each write/rename");
        }
    }

    @Test
    void extendingARunKilledAtAnyStepOfTheModelSwapResumesToTheSameBytes() throws Exception {
        Path data = TrainCommandTest.csv(tmp);
        Path ref = tmp.resolve("ref");
        assertThat(Cli.run(TrainCommandTest.args(data, ref, 10)).code()).isZero();
        Injector points = reference(TrainCommandTest.args(data, ref, 15));
        assertThat(points.points).anyMatch(p -> p.startsWith("folder-aside model"))
                .anyMatch(p -> p.startsWith("folder-drop-old model"));
        for (int k = 0; k < points.seen; k++) {
            Path out = tmp.resolve("extend-" + k);
            assertThat(Cli.run(TrainCommandTest.args(data, out, 10)).code()).isZero();
            crashed(TrainCommandTest.args(data, out, 15), k);
            leaveStaleLock(out);
            Cli.Result resumed = Cli.run(TrainCommandTest.args(data, out, 15));
            assertThat(resumed.code()).as("killed at %s: %s", points.points.get(k), resumed.err()).isZero();
            assertSameFiles(ref, out, "extension killed at " + points.points.get(k));
            count("train extension: kill at each write/rename/swap step");
        }
    }

    @Test
    void aFigureKilledAtAnyWriteOrRenameResumesToTheSameBytes() throws Exception {
        Path ref = tmp.resolve("ref");
        String[] refArgs = {"figure", "fig1", "--scale", "smoke", "--out", ref.toString()};
        Injector points = reference(refArgs);
        for (int k = 0; k < points.seen; k++) {
            Path out = tmp.resolve("kill-" + k);
            String[] args = {"figure", "fig1", "--scale", "smoke", "--out", out.toString()};
            crashed(args, k);
            leaveStaleLock(out);
            Cli.Result again = Cli.run(args);
            assertThat(again.code()).as("killed at %s: %s", points.points.get(k), again.err()).isZero();
            assertSameFiles(ref, out, "figure killed at " + points.points.get(k));
            count("figure: kill at each write/rename");
        }
        // a figure's trials, killed as a trial's table is renamed into place: the rerun keeps the
        // finished trials, redoes the others, and ends with the same tables
        Path tref = tmp.resolve("trials-ref");
        runTrials(tref);
        for (int trial = 0; trial < 4; trial++) {
            Path out = tmp.resolve("trials-kill-" + trial);
            String victim = "trial-" + trial + ".csv";
            FaultInjection.install((point, path) -> {
                if (point.equals("rename") && path.getFileName().toString().equals(victim)) {
                    throw new FaultInjection.Crash(point + " " + path);
                }
            });
            try {
                assertThatThrownBy(() -> runTrials(out)).isNotNull();
            } finally {
                FaultInjection.clear();
            }
            runTrials(out);
            assertSameFiles(tref, out, "trials killed at " + victim);
            count("figure trials: kill at a trial's rename");
        }
    }

    private static void runTrials(Path dir) throws IOException {
        ExperimentContext ctx = new ExperimentContext("figX", dir, Scale.SMOKE, 3, 2,
                new PrintStream(OutputStream.nullOutputStream()));
        Trials.run(ctx, "group", 4, Map.of("draws", 5), (trial, rng, artifacts) -> {
            CsvTable.Builder t = CsvTable.builder("trial", "x");
            for (int k = 0; k < 5; k++) {
                t.row(trial, rng.nextDouble());
            }
            return t.build();
        });
    }

    @Test
    void aTrainingKilledAtRandomTimesResumesToTheSameBytes() throws Exception {
        Path data = TrainCommandTest.csv(tmp);
        String[] refArgs = SignalTestArgs.of(data, tmp.resolve("ref"));
        assertThat(Cli.run(refArgs).code()).isZero();
        Random random = new Random(16);
        for (int k = 0; k < 3; k++) {
            Path out = tmp.resolve("sigkill-" + k);
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                    Main.class.getName()));
            cmd.addAll(List.of(SignalTestArgs.of(data, out)));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            Thread.sleep(800 + random.nextInt(2500));
            p.destroyForcibly(); // SIGKILL
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            Cli.Result resumed = Cli.run(SignalTestArgs.of(data, out));
            assertThat(resumed.code()).as(resumed.err()).isZero();
            assertSameFiles(tmp.resolve("ref"), out, "SIGKILL " + k);
            count("train: SIGKILL at a random time");
        }
    }

    @Test
    void aFullDiskAtAnyWriteOrRenameIsOneLineExitTwoAndLeavesAResumableFolder() throws Exception {
        Path data = TrainCommandTest.csv(tmp);
        Path ref = tmp.resolve("ref");
        Injector points = reference(TrainCommandTest.args(data, ref, 10));
        for (int k = 0; k < points.seen; k++) {
            Path out = tmp.resolve("full-" + k);
            FaultInjection.install(new Injector(k, true));
            Cli.Result full;
            try {
                full = Cli.run(TrainCommandTest.args(data, out, 10));
            } finally {
                FaultInjection.clear();
            }
            String at = points.points.get(k);
            assertThat(full.code()).as("full disk at %s: %s", at, full.err()).isEqualTo(2);
            assertThat(full.err().lines().filter(l -> l.startsWith("rbm: "))).as(at).hasSize(1);
            assertThat(full.err()).as(at).contains("cannot write (No space left on device)").doesNotContain("\tat ");
            if (Files.isDirectory(out)) {
                assertThat(files(out)).as(at).noneMatch(f -> f.getFileName().toString().contains(".tmp-")
                        || f.getFileName().toString().endsWith(".old") || f.endsWith(OutputFolder.LOCK));
            }
            Cli.Result resumed = Cli.run(TrainCommandTest.args(data, out, 10));
            assertThat(resumed.code()).as(resumed.err()).isZero();
            assertSameFiles(ref, out, "full disk at " + at);
            count("train: full disk at each write/rename");
        }
    }

    @Test
    void aSecondWriterIsRefusedWhileTheFirstRuns() throws Exception {
        double[] data = new double[30 * 5];
        for (int k = 0; k < data.length; k++) {
            data[k] = (k * 7 % 11) < 5 ? 1 : 0;
        }
        TrainingSettings settings = new TrainingSettings("bgs", new int[] {4}, 20, 0.05, 10, "smci2", 5, 3, false);
        Path out = tmp.resolve("run");
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread first = new Thread(() -> {
            try {
                TrainingRun.run(settings, data, 30, 5, Map.of(), out, false, new TrainingRun.Listener() {
                    @Override
                    public void epochDone(int epoch, int total) {
                        if (epoch == 1) {
                            running.countDown();
                            try {
                                release.await(60, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }
                });
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        first.start();
        assertThat(running.await(60, TimeUnit.SECONDS)).isTrue();
        for (boolean restart : new boolean[] {false, true}) {
            assertThatThrownBy(() -> TrainingRun.run(settings, data, 30, 5, Map.of(), out, restart,
                    new TrainingRun.Listener() { }))
                    .isInstanceOf(InputException.class).hasMessageContaining("in use by another writer")
                    .hasMessageContaining("pid " + ProcessHandle.current().pid()).hasMessageContaining("rbm train");
            count("concurrent writers: second writer refused");
        }
        Cli.Result viaCli = Cli.run("init", "--visible", "5", "--hidden", "4", "--out", out.toString());
        assertThat(viaCli.code()).isEqualTo(2);
        count("concurrent writers: init into a running training refused");
        release.countDown();
        first.join(60_000);
        assertThat(failure.get()).isNull();
        assertThat(out.resolve("model/manifest.json")).exists();
        assertThat(out.resolve(OutputFolder.LOCK)).doesNotExist();
    }

    /** The long training of {@link SignalTest}, shared so both kill the same run. */
    static final class SignalTestArgs {
        private SignalTestArgs() {
        }

        static String[] of(Path data, Path out) {
            return new String[] {"train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "6", "--epochs",
                "10000", "--lr", "0.05", "--samples", "20", "--eval-every", "500", "--out", out.toString(), "--seed", "5"};
        }
    }
}
