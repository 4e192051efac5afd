package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.FloatLimits;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.datasets.BinaryDataset;
import dev.rbmsuite.datasets.Datasets;
import dev.rbmsuite.learning.train.MonitorSettings;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@link TrainingInputs}: a settings error turned into the option of {@code train} that caused it, the
 * memory, work and float64 guards checked before anything is created, and --data read as a CSV file or
 * a registered data set.
 */
class TrainingInputsTest {
    @TempDir
    Path dir;

    private static TrainingSettings.Builder base() {
        return TrainingSettings.builder().kernel("bgs").hidden(3).epochs(10).learningRate(0.01).samples(10).evalEvery(5);
    }

    private static BinaryDataset data(int rows, int n) {
        double[] x = new double[rows * n];
        for (int k = 0; k < x.length; k++) {
            x[k] = k % 3 == 0 ? 1 : 0;
        }
        return BinaryDataset.of("d", x, rows, n, null, null);
    }

    @Test
    void everySettingsErrorNamesAnOptionOfTrain() {
        CommandLine.Model.CommandSpec train = new CommandLine(new TrainCommand()).getCommandSpec();
        MonitorSettings d = MonitorSettings.DEFAULTS;
        MonitorSettings offCadence = new MonitorSettings(d.logLikelihood(), d.aisTemperatures(), d.aisRuns(), d.aisSchedule(),
                d.lambda2Estimator(), d.lambda2Repeats(), 7, d.moments());
        Map<String, UnaryOperator<TrainingSettings.Builder>> cases = Map.of(
                "--kernel", b -> b.kernel("nope"),
                "--kernel-param", b -> b.kernelParam("bogus", "1"),
                "--hidden", b -> b.hidden(0),
                "--epochs", b -> b.epochs(-1),
                "--lr", b -> b.learningRate(-1),
                "--samples", b -> b.samples(0),
                "--eval-every", b -> b.evalEvery(0),
                "--lambda2-every", b -> b.monitor(offCadence));
        cases.forEach((option, change) -> {
            IllegalArgumentException e = null;
            try {
                change.apply(base()).build();
            } catch (IllegalArgumentException x) {
                e = x;
            }
            assertThat(e).as(option).isNotNull();
            InputException in = TrainingInputs.invalid(e, "train");
            assertThat(in.getMessage()).isEqualTo("option " + option + ": " + e.getMessage());
            assertThat(in.getCause()).isSameAs(e);
            assertThat(train.findOption(option)).as("train has %s", option).isNotNull();
        });
        // a single-RBM kernel with two hidden sizes, and a message without a setting name
        IllegalArgumentException twoSizes = null;
        try {
            base().hidden(3, 2).build();
        } catch (IllegalArgumentException x) {
            twoSizes = x;
        }
        assertThat(TrainingInputs.invalid(twoSizes, "train").getMessage()).startsWith("option --hidden: ");
        assertThat(TrainingInputs.invalid(new IllegalArgumentException("broken"), "compare").getMessage())
                .isEqualTo("option compare: broken");
    }

    @Test
    void theLearningRateGuardIsTheFloat64BoundOfTheDocumentedDrift() {
        // one layer 4 x 3: n m + n + m = 19 parameters; refused when lr x 10 x epochs x 19 > MAX_SCALE
        BinaryDataset ds = data(5, 4);
        double limit = FloatLimits.MAX_SCALE / (10.0 * 10 * 19);
        assertThatCode(() -> TrainingInputs.guard(base().learningRate(limit * (1 - 1e-9)).build(), ds))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TrainingInputs.guard(base().learningRate(limit * (1 + 1e-9)).build(), ds))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("option --lr: ")
                .hasMessageContaining("19 parameters");
    }

    @Test
    void resourceAndWorkGuardsNameTheOptionThatAsksTooMuch() {
        BinaryDataset ds = data(5, 4);
        assertThatCode(() -> TrainingInputs.guard(base().build(), ds)).doesNotThrowAnyException();
        assertThatThrownBy(() -> TrainingInputs.guard(base().samples(Integer.MAX_VALUE).build(), ds))
                .isInstanceOf(InputException.class).hasMessageStartingWith("option --samples: ");
        assertThatThrownBy(() -> TrainingInputs.guard(base().samples(10_000_000).hidden(3000).build(), ds))
                .isInstanceOf(InputException.class).hasMessageContaining("--samples");
        assertThatThrownBy(() -> TrainingInputs.guard(base().monitor(MonitorSettings.DEFAULTS.withAis(1 << 20, 1 << 20))
                .build(), ds)).isInstanceOf(InputException.class)
                .hasMessageStartingWith("options --ais-runs/--ais-temperatures: ");
        // many runs at once are refused where one fits, naming --threads: a 100 x 100 run holds about
        // 6 x 105 x 200 + 12 x 10,200 doubles (2 MB), 100,000 of them 200 GB
        TrainingSettings small = base().samples(100).hidden(100).build();
        BinaryDataset wide = data(5, 100);
        assertThatCode(() -> TrainingInputs.guard(small, wide, 1)).doesNotThrowAnyException();
        assertThatThrownBy(() -> TrainingInputs.guard(small, wide, 100_000)).isInstanceOf(InputException.class)
                .hasMessageStartingWith("options --samples/--hidden/--threads: 100000 runs at once of 100 chains, 5 data rows, "
                        + (100 * 100 + 100 + 100) + " parameters");
    }

    @Test
    void aCsvNameOrAnExistingFileIsAFileAndAnythingElseARegisteredName() throws IOException {
        assertThat(TrainingInputs.isFile("data.csv")).isTrue();
        assertThat(TrainingInputs.isFile("DATA.CSV")).isTrue();
        Path noExtension = Files.writeString(dir.resolve("plain"), "v0\n1\n");
        assertThat(TrainingInputs.isFile(noExtension.toString())).isTrue();
        assertThat(TrainingInputs.isFile("islands")).isFalse();
        // a path with a folder in it is a file, refused later as one ("is a folder"), not an unknown data set
        assertThat(TrainingInputs.isFile(Files.createDirectories(dir.resolve("folder")).toString())).isTrue();
    }

    @Test
    void anEmptyDataNameIsRefusedNamingTheOptionNotReadAsTheCurrentFolder() {
        for (String blank : new String[] {"", " ", "\t"}) {
            assertThatThrownBy(() -> TrainingInputs.load(blank, Map.of(), 1)).isInstanceOf(InputException.class)
                    .hasMessageStartingWith("option --data: an empty name; give a registered data set (")
                    .hasMessageContaining("islands").hasMessageEndingWith("), a CSV file or an IDX image file");
        }
    }

    @Test
    void aFileIsReadAsItIsAndTakesNoParameters() throws IOException {
        Path f = Files.write(dir.resolve("d.csv"), List.of("v0,v1", "0,1", "1,1"));
        BinaryDataset d = TrainingInputs.load(f.toString(), Map.of(), 1);
        assertThat(d.toArray()).containsExactly(0, 1, 1, 1);
        assertThatThrownBy(() -> TrainingInputs.load(f.toString(), Map.of("a", "0.3"), 1))
                .isInstanceOf(InputException.class)
                .hasMessage("option --data-param: only for registered data sets and IDX files, not for the file " + f);
    }

    @Test
    void anIdxFileIsReadWithItsParametersAndTheDataSeed() throws IOException {
        Path[] idx = IdxTestFiles.write(dir);
        BinaryDataset d = TrainingInputs.load(idx[0].toString(), Map.of(), 1);
        assertThat(d.size()).isEqualTo(IdxTestFiles.IMAGES);
        assertThat(d.dimension()).isEqualTo(IdxTestFiles.PIXELS);
        assertThat(d.hasLabels()).isFalse();
        assertThat(d.get(3, 4)).isEqualTo(IdxTestFiles.pixel(3, 4) >= 128 ? 1.0 : 0.0);
        Map<String, String> p = Map.of("labels", idx[1].toString(), "classes", "1", "binarise", "stochastic");
        BinaryDataset a = TrainingInputs.load(idx[0].toString(), p, 3);
        assertThat(a.size()).isEqualTo(4);
        assertThat(a.labels()).containsOnly(1);
        assertThat(TrainingInputs.load(idx[0].toString(), p, 3)).isEqualTo(a);
        assertThat(TrainingInputs.load(idx[0].toString(), p, 4)).isNotEqualTo(a);
        assertThatThrownBy(() -> TrainingInputs.load(idx[0].toString(), Map.of("a", "0.3"), 1))
                .isInstanceOf(InputException.class).hasMessageStartingWith("dataset idx: unknown parameter 'a'");
        // the registered name takes the files as parameters
        assertThat(TrainingInputs.load("idx", Map.of("images", idx[0].toString()), 1)).isEqualTo(d);
    }

    @Test
    void aRegisteredDataSetIsMadeFromItsParametersAndTheDataSeed() {
        Map<String, String> p = Map.of("size", "40");
        BinaryDataset a = TrainingInputs.load("islands", p, 3);
        assertThat(a).isEqualTo(Datasets.create("islands", p, Rng.seeded(3)));
        assertThat(a.size()).isEqualTo(40);
        assertThat(TrainingInputs.load("islands", p, 3)).isEqualTo(a);
        assertThat(TrainingInputs.load("islands", p, 4)).isNotEqualTo(a);
        assertThatThrownBy(() -> TrainingInputs.load("nosuchset", Map.of(), 1)).isInstanceOf(InputException.class)
                .hasMessageContaining("nosuchset");
    }
}
