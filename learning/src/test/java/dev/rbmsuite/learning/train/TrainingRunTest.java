package dev.rbmsuite.learning.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Interruption;
import dev.rbmsuite.core.io.Provenance;
import dev.rbmsuite.diagnostics.ais.ScheduleKind;
import dev.rbmsuite.diagnostics.spectral.Lambda2;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Output folder, determinism and bit-identical checkpoint/resume of a training run. */
class TrainingRunTest {
    static final Map<String, Object> INFO = Map.of("name", "test");

    static TrainingSettings settings(String kernel, int epochs, long seed) {
        int[] hidden = kernel.equals("bgs") ? new int[] {8} : new int[] {8, 6, 4};
        return new TrainingSettings(kernel, hidden, epochs, 0.05, 16, "smci2", 5, seed, false);
    }

    static TrainingRun.Result run(TrainingSettings s, Path out) throws IOException {
        return TrainingRun.run(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, INFO, out, false,
                new TrainingRun.Listener() { });
    }

    /** Every file of the output except the checkpoint, as (relative path, bytes). */
    static void assertSameOutputs(Path a, Path b) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(a)) {
            files = s.filter(Files::isRegularFile).map(a::relativize)
                    .filter(p -> !p.toString().equals(TrainingRun.CHECKPOINT)).sorted().toList();
        }
        assertThat(files).contains(Path.of("metrics.csv"), Path.of("manifest.json"), Path.of("model/layer0/W.npy"));
        for (Path f : files) {
            if (f.toString().equals(TrainingRun.MANIFEST)) {
                // the run record: identical apart from the run's wall and CPU seconds
                var json = new ObjectMapper();
                assertThat(Provenance.withoutTiming(json.readTree(b.resolve(f).toFile())))
                        .isEqualTo(Provenance.withoutTiming(json.readTree(a.resolve(f).toFile())));
                continue;
            }
            assertThat(Files.readAllBytes(b.resolve(f))).as(f.toString()).isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
    }

    @Test
    void writesMetricsWithHeaderAndOneRowPerEvaluation(@TempDir Path dir) throws IOException {
        TrainingRun.Result r = run(settings("bgs", 12, 1), dir);
        List<String> lines = Files.readAllLines(dir.resolve("metrics.csv"));
        assertThat(lines.get(0)).isEqualTo("epoch,logLikelihood,maeB,maeC,maeW");
        assertThat(lines).hasSize(4);
        assertThat(lines.get(1)).startsWith("5,");
        assertThat(lines.get(3)).startsWith("12,");
        assertThat(r.epochs()).isEqualTo(12);
        assertThat(r.finalLogLikelihood()).isEqualTo(Double.parseDouble(lines.get(3).split(",")[1]));
        String manifest = Files.readString(dir.resolve("manifest.json"));
        assertThat(manifest).contains("\"seed\" : 1", "\"kernel\" : \"bgs\"", "suiteVersion");
    }

    @Test
    void sameSeedGivesIdenticalOutputsAndAnotherSeedDoesNot(@TempDir Path dir) throws IOException {
        run(settings("roundtrip", 15, 4), dir.resolve("a"));
        run(settings("roundtrip", 15, 4), dir.resolve("b"));
        run(settings("roundtrip", 15, 5), dir.resolve("c"));
        assertSameOutputs(dir.resolve("a"), dir.resolve("b"));
        assertThat(Files.readString(dir.resolve("c/metrics.csv"))).isNotEqualTo(Files.readString(dir.resolve("a/metrics.csv")));
    }

    @Test
    void interruptedRunResumesBitIdentically(@TempDir Path dir) throws IOException {
        for (String kernel : List.of("bgs", "dt", "roundtrip")) {
            Path whole = dir.resolve(kernel + "-whole");
            Path cut = dir.resolve(kernel + "-cut");
            run(settings(kernel, 20, 7), whole);
            // Stop at epoch 13: the last checkpoint is the one at epoch 10.
            assertThatThrownBy(() -> TrainingRun.run(settings(kernel, 20, 7), TrainerTest.data(), TrainerTest.ROWS,
                    TrainerTest.N, INFO, cut, false, new TrainingRun.Listener() {
                        @Override
                        public void epochDone(int epoch, int total) {
                            if (epoch == 13) {
                                throw new IllegalStateException("stopped");
                            }
                        }
                    })).hasMessage("stopped");
            assertThat(Files.exists(cut.resolve("model"))).isFalse();
            TrainingRun.Result r = run(settings(kernel, 20, 7), cut);
            assertThat(r.resumedFrom()).isEqualTo(10);
            assertSameOutputs(whole, cut);
            assertThat(Files.readAllBytes(cut.resolve(TrainingRun.CHECKPOINT)))
                    .isEqualTo(Files.readAllBytes(whole.resolve(TrainingRun.CHECKPOINT)));
        }
    }

    /** mAIS (forced) and lambda2 monitors: extra columns, and still a bit-identical resume. */
    @Test
    void runWithMaisAndLambda2MonitorsResumesBitIdentically(@TempDir Path dir) throws IOException {
        MonitorSettings ms = new MonitorSettings(LogLikelihoodMethod.MAIS, 200, 20, ScheduleKind.LINEAR,
                Lambda2.Estimator.RAO_BLACKWELL, 64, 10);
        TrainingSettings s = new TrainingSettings("bgs", new int[] {8}, 20, 0.05, 16, "smci2", 5, 11, true, ms);
        Path whole = dir.resolve("whole");
        Path cut = dir.resolve("cut");
        run(s, whole);
        List<String> lines = Files.readAllLines(whole.resolve("metrics.csv"));
        assertThat(lines.get(0)).isEqualTo("epoch,logLikelihood,logZStdErr,maeB,maeC,maeW,lambda2");
        assertThat(lines.get(1)).startsWith("5,").endsWith(",");
        double l2 = Double.parseDouble(lines.get(2).split(",")[6]);
        assertThat(l2).isGreaterThan(0.0).isLessThan(1.0);
        assertThat(Files.readString(whole.resolve("manifest.json"))).contains("\"logLikelihoodMethod\" : \"mais\"");
        assertThatThrownBy(() -> TrainingRun.run(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, INFO, cut,
                false, new TrainingRun.Listener() {
                    @Override
                    public void epochDone(int epoch, int total) {
                        if (epoch == 17) {
                            throw new IllegalStateException("stopped");
                        }
                    }
                })).hasMessage("stopped");
        assertThat(run(s, cut).resumedFrom()).isEqualTo(15);
        assertSameOutputs(whole, cut);
    }

    @Test
    void monitorsThatCannotBeComputedAreInputErrorsNamingTheOption(@TempDir Path dir) {
        TrainingSettings s = new TrainingSettings("bgs", new int[] {8}, 5, 0.05, 16, "smci2", 5, 1, false,
                MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.EXACT));
        double[] wide = MonitorTest.islands(27, 4, 3);
        assertThatThrownBy(() -> TrainingRun.run(new TrainingSettings("bgs", new int[] {26}, 5, 0.05, 16, "smci2", 5, 1,
                false, MonitorSettings.DEFAULTS.withLogLikelihood(LogLikelihoodMethod.EXACT)), wide, 4, 27, INFO, dir, false,
                new TrainingRun.Listener() { }))
                .isInstanceOf(InputException.class).hasMessageStartingWith("option --loglik-method:");
        assertThat(s.monitor().logLikelihood()).isEqualTo(LogLikelihoodMethod.EXACT);
    }

    @Test
    void theDifferenceNamesTheOptionAndBothValuesAlsoInsideTheMonitorSettings() {
        TrainingSettings a = settings("dt", 20, 3);
        assertThat(TrainingRun.difference(TrainingRun.checkpointKey(a),
                TrainingRun.checkpointKey(a.toBuilder().learningRate(0.5).build())))
                .isEqualTo("--lr is 0.05 here and 0.5 in the checkpoint");
        assertThat(TrainingRun.difference(TrainingRun.checkpointKey(a),
                TrainingRun.checkpointKey(a.withMonitor(a.monitor().withAis(77, 5)))))
                .isEqualTo("--ais-temperatures is " + a.monitor().aisTemperatures() + " here and 77 in the checkpoint");
        assertThat(TrainingRun.difference(TrainingRun.checkpointKey(a), TrainingRun.checkpointKey(settings("dt", 20, 3)
                .toBuilder().hidden(8, 5).build()))).isEqualTo("--hidden is [8, 6, 4] here and [8, 5] in the checkpoint");
        assertThat(TrainingRun.difference("x", "y")).isEqualTo("settings differ");
    }

    @Test
    void aDefaultWrittenOutGivesTheSameCheckpointKey() {
        TrainingSettings pt = new TrainingSettings("pt", new int[] {8}, 20, 0.05, 16, "smci2", 5, 3, false);
        String defaults = TrainingRun.checkpointKey(pt);
        assertThat(TrainingRun.checkpointKey(pt.withKernelParams(Map.of("temperatures", "10")))).isEqualTo(defaults);
        assertThat(TrainingRun.checkpointKey(pt.withKernelParams(Map.of("temperatures", "6")))).isNotEqualTo(defaults);
    }

    @Test
    void finishedRunCanBeExtendedAndOtherSettingsAreRefused(@TempDir Path dir) throws IOException {
        run(settings("dt", 20, 3), dir.resolve("whole"));
        run(settings("dt", 10, 3), dir.resolve("ext"));
        TrainingRun.Result r = run(settings("dt", 20, 3), dir.resolve("ext"));
        assertThat(r.resumedFrom()).isEqualTo(10);
        assertSameOutputs(dir.resolve("whole"), dir.resolve("ext"));
        assertThatThrownBy(() -> run(settings("dt", 20, 99), dir.resolve("ext")))
                .isInstanceOf(InputException.class).hasMessageContaining("other settings")
                .hasMessageContaining("--seed is 99 here and 3 in the checkpoint");
        assertThatThrownBy(() -> run(settings("dt", 5, 3), dir.resolve("ext")))
                .isInstanceOf(InputException.class).hasMessageContaining("--epochs");
    }

    @Test
    void aMiniBatchRunStoppedMidEpochResumesToIdenticalBytes(@TempDir Path dir) throws IOException {
        TrainingSettings s = TrainingSettings.builder().kernel("roundtrip").hidden(8, 6, 4).epochs(8).learningRate(0.05)
                .samples(16).evalEvery(5).seed(7).batchSize(9).build(); // 40 rows: 5 batches per epoch
        Path whole = dir.resolve("whole");
        Path cut = dir.resolve("cut");
        run(s, whole);
        try {
            assertThatThrownBy(() -> TrainingRun.run(s, TrainerTest.data(), TrainerTest.ROWS, TrainerTest.N, INFO, cut,
                    false, new TrainingRun.Listener() {
                        @Override
                        public void batchDone(int epoch, int batch, int batches) {
                            assertThat(batches).isEqualTo(5);
                            if (epoch == 7 && batch == 3) {
                                Interruption.request(2);
                            }
                        }
                    })).isInstanceOf(Interruption.Stopped.class)
                    .hasMessageContaining("after batch 3 of 5 in epoch 7");
        } finally {
            Interruption.reset();
        }
        Checkpoint mid = Checkpoint.read(cut.resolve(TrainingRun.CHECKPOINT));
        assertThat(mid.snapshot().epoch()).isEqualTo(6);
        assertThat(mid.snapshot().batch()).isEqualTo(3);
        TrainingRun.Result r = run(s, cut);
        assertThat(r.resumedFrom()).isEqualTo(6);
        assertSameOutputs(whole, cut);
        assertThat(Files.readAllBytes(cut.resolve(TrainingRun.CHECKPOINT)))
                .isEqualTo(Files.readAllBytes(whole.resolve(TrainingRun.CHECKPOINT)));
        assertThat(Files.readString(whole.resolve("manifest.json"))).contains("\"batchSize\" : 9");
    }
}
