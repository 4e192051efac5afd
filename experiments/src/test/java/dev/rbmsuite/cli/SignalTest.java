package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM and SIGINT to a training JVM (as the {@code ./rbm} launcher execs it): the run stops after
 * the current epoch with a checkpoint, exits 143 / 130, and the rerun of the same command ends with
 * files byte-identical to an uninterrupted run's.
 */
class SignalTest {
    @TempDir
    Path tmp;

    private static String[] args(Path data, Path out) {
        return new String[] {"train", "--data", data.toString(), "--kernel", "bgs", "--hidden", "6", "--epochs",
            "10000", "--lr", "0.05", "--samples", "20", "--eval-every", "500", "--out", out.toString(), "--seed", "5"};
    }

    private int interrupt(Path data, Path out, boolean sigint) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args(data, out)));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        List<String> err = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            boolean sent = false;
            while ((line = r.readLine()) != null) {
                err.add(line);
                if (line.startsWith("train: epoch") && !sent) {
                    // once: a second signal stops at once, without waiting for the safe point
                    new ProcessBuilder("kill", sigint ? "-INT" : "-TERM", String.valueOf(p.pid())).start().waitFor();
                    sent = true;
                }
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(err).as("stderr").anyMatch(l -> l.matches("rbm: stopped by SIG(TERM|INT) after epoch \\d+ .*resume"));
        return p.exitValue();
    }

    @Test
    void aStoppedTrainingResumesToTheSameBytes() throws Exception {
        Path data = TrainCommandTest.csv(tmp);
        Cli.Result whole = Cli.run(args(data, tmp.resolve("whole")));
        assertThat(whole.code()).as(whole.err()).isZero();
        Path split = tmp.resolve("split");
        assertThat(interrupt(data, split, false)).isEqualTo(143);
        assertThat(split.resolve("checkpoint.bin")).exists();
        assertThat(interrupt(data, split, true)).isEqualTo(130);
        Cli.Result rest = Cli.run(args(data, split));
        assertThat(rest.code()).as(rest.err()).isZero();
        assertThat(rest.err()).contains("resuming from the checkpoint at epoch");
        for (String f : List.of("metrics.csv", "checkpoint.bin", "model/manifest.json", "model/layer0/W.npy",
                "model/layer0/b.npy", "model/layer0/c.npy")) {
            assertThat(Files.readAllBytes(split.resolve(f))).as(f).isEqualTo(Files.readAllBytes(tmp.resolve("whole").resolve(f)));
        }
        try (var s = Files.list(split)) {
            assertThat(s.map(q -> q.getFileName().toString()).sorted().toList())
                    .containsExactly("checkpoint.bin", "manifest.json", "metrics.csv", "model");
        }
    }
}
