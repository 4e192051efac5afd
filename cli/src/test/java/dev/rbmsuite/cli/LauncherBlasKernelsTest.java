package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenBLAS kernels of the opt-in {@code --arithmetic blas} (core Arithmetic): ND4J's OpenBLAS 0.3.19
 * runs generic kernels on a CPU newer than itself (an AMD EPYC Zen 5: a 1,000-row update at 784 x 500
 * took 81 ms against 31 with SkylakeX's), so the {@code ./rbm} launcher names SkylakeX's where the caller
 * named none and the CPU has AVX-512, keeps a caller's {@code OPENBLAS_CORETYPE}, and the manifest
 * records which ran. The launcher runs in a scratch root ({@link ScratchLauncher}).
 */
class LauncherBlasKernelsTest {
    @TempDir
    static Path dir;

    private static Path root;

    /** The scratch root with the launcher and a class path file, and a small model. */
    @BeforeAll
    static void setUp() throws IOException, InterruptedException {
        root = ScratchLauncher.create(dir.resolve("root"));
        String[] init = {"init", "--out", dir.resolve("model").toString(), "--visible", "6", "--hidden", "3", "--seed",
            "2"};
        Result r = launch(null, init);
        assertThat(r.code()).as("init: %s", r.err()).isZero();
    }

    private record Result(int code, String err) {
    }

    /** Runs the launcher with OPENBLAS_CORETYPE set to {@code core} (null: removed). */
    private static Result launch(String core, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("rbm").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.remove("RBM_CDS");
        env.put("RBM_JAVA_OPTS", "-Xmx512m");
        if (core == null) {
            env.remove("OPENBLAS_CORETYPE");
        } else {
            env.put("OPENBLAS_CORETYPE", core);
        }
        Path err = dir.resolve("stderr-" + System.nanoTime());
        pb.redirectError(err.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("the launcher finished").isTrue();
        return new Result(p.exitValue(), Files.readString(err));
    }

    /** The arithmetic the manifest of a {@code sample --arithmetic blas} run records. */
    private static String recorded(String core, String name) throws IOException, InterruptedException {
        Path csv = dir.resolve(name + ".csv");
        Result r = launch(core, "sample", "--model", dir.resolve("model").toString(), "--kernel", "bgs", "--chains", "4",
                "--steps", "3", "--out", csv.toString(), "--arithmetic", "blas");
        assertThat(r.code()).as("sample --arithmetic blas: %s", r.err()).isZero();
        JsonNode library = new ObjectMapper().readTree(ResultManifest.pathFor(csv).toFile()).findValue("arithmeticLibrary");
        assertThat(library).as("the manifest's arithmeticLibrary").isNotNull();
        return library.asText();
    }

    /** Whether this machine's CPU has the AVX-512 subsets of OpenBLAS's SkylakeX kernels. */
    private static boolean avx512() throws IOException {
        Path info = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(info)) {
            return false;
        }
        String flags = Files.readAllLines(info).stream().filter(l -> l.startsWith("flags")).findFirst().orElse("");
        String padded = " " + flags.replace('\t', ' ') + " ";
        return List.of("avx512f", "avx512bw", "avx512dq", "avx512vl").stream()
                .allMatch(f -> padded.contains(" " + f + " "));
    }

    @Test
    void withoutACallersChoiceAnAvx512CpuGetsSkylakeXsKernelsAndTheManifestSaysSo() throws Exception {
        String library = recorded(null, "unset");
        if (avx512()) {
            assertThat(library).contains("OPENBLAS_CORETYPE=SkylakeX");
        } else {
            assertThat(library).contains("OPENBLAS_CORETYPE unset: kernels chosen by OpenBLAS");
        }
    }

    @Test
    void aCallersChoiceIsKeptAndRecorded() throws Exception {
        assertThat(recorded("Haswell", "haswell")).contains("OPENBLAS_CORETYPE=Haswell")
                .contains("OPENBLAS_NUM_THREADS=1");
    }
}
