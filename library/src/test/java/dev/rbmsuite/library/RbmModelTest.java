package dev.rbmsuite.library;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model's calls give the command line's numbers and bytes: a model trained by {@link Fit} and saved
 * has {@code ./rbm train}'s arrays; {@code sample} the rows of {@code ./rbm sample}; the scores the
 * values of {@code ./rbm loglik} and {@code ./rbm logz}; a loaded folder remembers its kernel.
 */
class RbmModelTest {
    @TempDir
    static Path dir;

    private static Path csv;
    private static Path run;
    private static double[][] data;
    private static RbmModel trained;

    @BeforeAll
    static void trainBothWays() {
        csv = dir.resolve("islands.csv");
        run = dir.resolve("run");
        CommandLine.run("dataset", "islands", "--out", csv.toString());
        CommandLine.run("train", "--data", csv.toString(), "--kernel", "roundtrip", "--hidden", "20,10", "--epochs", "30",
                "--seed", "5", "--quiet", "--out", run.toString());
        data = Data.read(csv);
        trained = Fit.hidden(20, 10).kernel("roundtrip").epochs(30).seed(5).fit(data);
    }

    @Test
    void aSavedModelHasTheArraysOfTheCommandLinesTraining() throws IOException {
        Path saved = dir.resolve("saved");
        trained.save(saved);
        Path cli = run.resolve("model");
        for (int l = 0; l < 2; l++) {
            for (String f : new String[] {"W.npy", "b.npy", "c.npy"}) {
                Path p = Path.of("layer" + l, f);
                assertThat(Files.readAllBytes(saved.resolve(p))).as(p.toString()).isEqualTo(Files.readAllBytes(cli.resolve(p)));
            }
        }
        // the manifests record the same settings; only the command and the data's description differ
        ObjectNode ours = (ObjectNode) ModelStore.readManifest(saved);
        ObjectNode theirs = (ObjectNode) ModelStore.readManifest(cli);
        assertThat(ours.get("command").asText()).isEqualTo("library");
        assertThat(ours.at("/settings/data/sha256")).isEqualTo(theirs.at("/settings/data/sha256"));
        for (ObjectNode m : new ObjectNode[] {ours, theirs}) {
            m.remove("command");
            ((ObjectNode) m.get("settings")).remove("data");
        }
        assertThat(ours).isEqualTo(theirs);
    }

    @Test
    void samplesAreTheRowsOfTheCommandLinesSample() throws IOException {
        // 600 chains: two blocks of chains (ChainBlocks.BLOCK = 500), as the command runs them
        Path cliRows = dir.resolve("cli-samples.csv");
        CommandLine.run("sample", "--model", run.resolve("model").toString(), "--kernel", "roundtrip", "--chains", "600",
                "--steps", "7", "--seed", "3", "--out", cliRows.toString());
        Path ours = dir.resolve("samples.csv");
        Data.write(trained.sample(600, 7, 3), ours);
        assertThat(Files.readAllBytes(ours)).isEqualTo(Files.readAllBytes(cliRows));

        Path cliPt = dir.resolve("cli-pt.csv");
        CommandLine.run("sample", "--model", run.resolve("model").toString(), "--kernel", "pt", "--kernel-param",
                "temperatures=4", "--chains", "50", "--steps", "3", "--out", cliPt.toString());
        Path pt = dir.resolve("pt.csv");
        Data.write(trained.sample(50, 3, 1, "pt", Map.of("temperatures", "4")), pt);
        assertThat(Files.readAllBytes(pt)).isEqualTo(Files.readAllBytes(cliPt));
        assertThat(trained.sample(50, 3)).isEqualTo(trained.sample(50, 3, 1, "roundtrip", Map.of()));
    }

    @Test
    void scoresAreTheValuesOfLoglikAndLogz() {
        String model = run.resolve("model").toString();
        JsonNode exact = CommandLine.json("loglik", "--model", model, "--data", csv.toString(), "--method", "exact");
        assertThat(trained.logLikelihood(data)).isEqualTo(exact.get("logLikelihood").asDouble());
        assertThat(trained.logZ()).isEqualTo(exact.get("logZ").asDouble());
        double[] each = trained.logProbabilities(data);
        double mean = 0;
        for (double x : each) {
            mean += x / each.length;
        }
        assertThat(mean).isCloseTo(trained.logLikelihood(data), within(1e-9));

        JsonNode mais = CommandLine.json("loglik", "--model", model, "--data", csv.toString(), "--method", "mais",
                "--runs", "40", "--temperatures", "300", "--seed", "2");
        Estimate ll = trained.estimateLogLikelihood(data, 2, 40, 300);
        assertThat(ll.value()).isEqualTo(mais.get("logLikelihood").asDouble());
        assertThat(ll.logZ()).isEqualTo(mais.get("logZ").asDouble());
        assertThat(ll.stdErr()).isEqualTo(mais.get("stderr").asDouble());
        assertThat(ll.ess()).isEqualTo(mais.get("ess").asDouble());

        JsonNode logz = CommandLine.json("logz", "--model", model, "--method", "mais", "--runs", "40", "--temperatures",
                "300", "--seed", "4");
        Estimate z = trained.estimateLogZ(4, 40, 300);
        assertThat(z.value()).isEqualTo(logz.get("logZ").asDouble()).isEqualTo(z.logZ());
        assertThat(z.stdErr()).isEqualTo(logz.get("stderr").asDouble());
        assertThat(z.value()).isCloseTo(trained.logZ(), within(10 * z.stdErr() + 0.05));
    }

    @Test
    void featuresAreTheHiddenProbabilitiesOfTheBottomRbm() {
        double[][] w = trained.weights();
        double[] c = trained.hiddenBias();
        double[][] f = trained.features(data);
        assertThat(f).hasNumberOfRows(data.length);
        for (int r = 0; r < data.length; r += 17) {
            for (int j = 0; j < c.length; j++) {
                double z = c[j];
                for (int i = 0; i < data[r].length; i++) {
                    z += data[r][i] * w[i][j];
                }
                assertThat(f[r][j]).isCloseTo(1 / (1 + Math.exp(-z)), within(1e-12));
            }
        }
        assertThat(trained.visible()).isEqualTo(25);
        assertThat(trained.hidden()).containsExactly(20, 10);
        assertThat(trained.visibleBias()).hasSize(25);
        assertThat(trained.toString()).isEqualTo("RbmModel[25-20, 20-10; roundtrip]");
    }

    @Test
    void aLoadedFolderRemembersItsKernel() throws IOException {
        RbmModel loaded = RbmModel.load(run.resolve("model"));
        assertThat(loaded.kernel()).isEqualTo("roundtrip");
        assertThat(loaded.stack()).isEqualTo(trained.stack());
        assertThat(loaded.sample(20, 2)).isEqualTo(trained.sample(20, 2));

        Path init = dir.resolve("init");
        CommandLine.run("init", "--visible", "6", "--hidden", "4", "--out", init.toString());
        assertThat(RbmModel.load(init).kernel()).isEqualTo("bgs");
        Path again = dir.resolve("again");
        RbmModel.load(init).save(again);
        assertThat(RbmModel.load(again).stack()).isEqualTo(RbmModel.load(init).stack());

        RbmModel stack = RbmModel.of(RbmStack.xavier(6, new int[] {4, 3}, Rng.seeded(1)));
        assertThat(stack.kernel()).isEqualTo("roundtrip");
        assertThat(RbmModel.of(RbmStack.of(Rbm.xavier(6, 4, Rng.seeded(1)))).kernel()).isEqualTo("bgs");
    }

    @Test
    void wrongInputsAreRefusedNamingTheArgument() {
        assertThatThrownBy(() -> trained.logLikelihood(new double[][] {{1, 0}})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data: rows of 2 values, but the model has 25 visible units");
        double[][] half = {new double[25]};
        half[0][3] = 0.5;
        assertThatThrownBy(() -> trained.features(half)).hasMessageContaining("row 0, column 3 is 0.5");
        assertThatThrownBy(() -> trained.sample(0, 1)).hasMessage("chains: must be positive, got 0");
        assertThatThrownBy(() -> trained.sample(1, -1)).hasMessage("steps: must be non-negative, got -1");
        RbmModel one = RbmModel.of(RbmStack.of(Rbm.xavier(6, 4, Rng.seeded(1))));
        assertThatThrownBy(() -> one.sample(5, 1, 1, "dt", Map.of()))
                .hasMessage("kernel: dt needs a stack of at least two layers, this model has one");
        assertThatThrownBy(() -> trained.estimateLogZ(1, 1, 10)).hasMessage("runs: must be at least 2, got 1");
        assertThatThrownBy(() -> trained.estimateLogZ(1, 2, 2)).hasMessage("temperatures: must be at least 3, got 2");
    }
}
