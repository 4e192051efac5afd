package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel plug-in given to the {@code ./rbm} launcher as a folder of classes in {@code RBM_PLUGINS}
 * (issue 29): the launcher itself runs (copied into a scratch root whose build is this test's class
 * path), the command exits 0 with nothing on stdout but its JSON, and the manifests name the plug-in
 * (class, folder, SHA-256 of its class file), the parameters it ran with (defaults written out) and
 * the data's SHA-256. Before the fix the class-data-sharing archive was recorded for a class path
 * with a folder, and the JVM printed "Cannot have non-empty directory in paths" on stdout at exit and
 * exited 1.
 */
class LauncherPluginsTest {
    @TempDir
    static Path dir;

    private static Path root;
    private static Path plugin;

    /** The scratch root with the launcher and a class path file, and the plug-in compiled into a folder. */
    @BeforeAll
    static void setUp() throws IOException {
        root = ScratchLauncher.create(dir.resolve("root"));
        plugin = dir.resolve("plugin");
        compilePlugin(plugin, ScratchLauncher.classPath());
    }

    /** A kernel "bgs-twice": k BGS transitions per step (parameter "sweeps", default 2). */
    static void compilePlugin(Path out, String classPath) throws IOException {
        Path src = out.resolveSibling("plugin-src").resolve("testplugin/TwiceBgs.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package testplugin;

                import dev.rbmsuite.core.Rng;
                import dev.rbmsuite.core.RbmStack;
                import dev.rbmsuite.kernels.ChainState;
                import dev.rbmsuite.kernels.KernelFactory;
                import dev.rbmsuite.kernels.KernelRegistry;
                import dev.rbmsuite.kernels.StepInfo;
                import dev.rbmsuite.kernels.TransitionKernel;
                import java.util.Map;

                public final class TwiceBgs implements KernelFactory {
                    public String name() { return "bgs-twice"; }
                    public String description() { return "k BGS transitions per step"; }
                    public boolean usesUpperLayers() { return false; }
                    public Map<String, String> parameters() { return Map.of("sweeps", "BGS transitions per step (default 2)"); }
                    public Map<String, String> defaults() { return Map.of("sweeps", "2"); }
                    public double bottomSweeps(Map<String, String> p) { return KernelFactory.intParameter(p, "sweeps", 2); }
                    public TransitionKernel create(RbmStack stack, Map<String, String> p) {
                        int k = KernelFactory.intParameter(p, "sweeps", 2);
                        if (k < 1) { throw new IllegalArgumentException("parameter sweeps: must be at least 1, got " + k); }
                        TransitionKernel bgs = KernelRegistry.installed().create("bgs", stack);
                        return new TransitionKernel() {
                            public String name() { return "bgs-twice"; }
                            public ChainState init(int chains, Rng rng) { return bgs.init(chains, rng); }
                            public ChainState init(ChainState positions) { return bgs.init(positions); }
                            public StepInfo advance(Rng rng, ChainState state) {
                                StepInfo info = null;
                                for (int i = 0; i < k; i++) { info = bgs.advance(rng.fork(i), state); }
                                return info;
                            }
                        };
                    }
                }
                """);
        Files.createDirectories(out.resolve("META-INF/services"));
        Files.writeString(out.resolve("META-INF/services/dev.rbmsuite.kernels.KernelFactory"), "testplugin.TwiceBgs\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "--add-modules", "jdk.incubator.vector", "-cp", classPath, "-d",
                out.toString(), src.toString());
        assertThat(rc).as("javac of the plug-in").isZero();
    }

    private record Result(int code, String out, String err) {
    }

    private static Result launch(String... args) throws IOException, InterruptedException {
        return launchWith(plugin.toString(), args);
    }

    private static Result launchWith(String plugins, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("rbm").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("RBM_PLUGINS", plugins);
        pb.environment().remove("RBM_CDS");
        pb.environment().put("RBM_JAVA_OPTS", "-Xmx512m");
        Path err = dir.resolve("stderr-" + System.nanoTime());
        pb.redirectError(err.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("the launcher finished").isTrue();
        return new Result(p.exitValue(), out, Files.readString(err));
    }

    /**
     * An empty entry of RBM_PLUGINS (leading, doubled or trailing ':') is refused in one line, exit 2:
     * the JVM reads it as the working folder, whose classes and services would load as plug-ins.
     * Before, a trailing ':' passed the launcher's check (bash's read drops a trailing empty field)
     * and the working folder was on the class path.
     */
    @Test
    void anEmptyEntryOfRbmPluginsIsRefused() throws Exception {
        for (String plugins : List.of(plugin + ":", ":" + plugin, plugin + "::" + plugin)) {
            Result r = launchWith(plugins, "kernels");
            assertThat(r.code()).as("%s: %s%s", plugins, r.out(), r.err()).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.err().lines()).as(plugins).singleElement().asString()
                    .startsWith("rbm: RBM_PLUGINS: ").contains("empty entry");
        }
    }

    @Test
    void aFolderOfClassesInRbmPluginsRunsWithExitZeroAndCleanStdout() throws Exception {
        Path model = dir.resolve("model");
        Result init = launch("init", "--out", model.toString(), "--visible", "6", "--hidden", "3", "--seed", "2",
                "--json");
        assertThat(init.code()).as("init: %s%s", init.out(), init.err()).isZero();
        Path csv = dir.resolve("samples.csv");
        Result r = launch("sample", "--model", model.toString(), "--kernel", "bgs-twice", "--chains", "4", "--steps",
                "3", "--out", csv.toString(), "--json");
        assertThat(r.code()).as("sample: %s%s", r.out(), r.err()).isZero();
        assertThat(r.out()).doesNotContain("Cannot have non-empty directory");
        new ObjectMapper().readTree(r.out()); // stdout is the JSON result and nothing else
        JsonNode kernel = new ObjectMapper().readTree(ResultManifest.pathFor(csv).toFile()).path("kernel");
        assertThat(kernel.path("name").asText()).isEqualTo("bgs-twice");
        assertThat(kernel.path("class").asText()).isEqualTo("testplugin.TwiceBgs");
        assertThat(kernel.path("builtIn").asBoolean(true)).isFalse();
        assertThat(kernel.path("location").asText()).isEqualTo(plugin.toRealPath().toString());
        assertThat(kernel.path("sha256").asText())
                .isEqualTo(sha256(plugin.resolve("testplugin/TwiceBgs.class")));
        assertThat(kernel.path("parameters").path("sweeps").asText()).as("the default written out").isEqualTo("2");
    }

    @Test
    void trainingWithThePlugInRecordsItAndResumesWithTheDefaultWrittenOut() throws Exception {
        Path data = dir.resolve("data.csv");
        Files.writeString(data, "v0,v1,v2,v3\n1,0,1,0\n0,1,0,1\n1,1,0,0\n0,0,1,1\n");
        Path out = dir.resolve("run");
        Result first = launch("train", "--data", data.toString(), "--kernel", "bgs-twice", "--hidden", "3", "--epochs",
                "4", "--eval-every", "2", "--samples", "10", "--out", out.toString(), "--quiet", "--json");
        assertThat(first.code()).as("train: %s%s", first.out(), first.err()).isZero();
        new ObjectMapper().readTree(first.out());
        JsonNode settings = new ObjectMapper().readTree(out.resolve("manifest.json").toFile()).path("settings");
        assertThat(settings.path("kernelParams").path("sweeps").asText()).isEqualTo("2");
        assertThat(settings.path("kernelOrigin").path("class").asText()).isEqualTo("testplugin.TwiceBgs");
        assertThat(settings.path("data").path("sha256").asText())
                .as("SHA-256 of the rows as header-less 0/1 text")
                .isEqualTo(sha256("1,0,1,0\n0,1,0,1\n1,1,0,0\n0,0,1,1\n".getBytes(StandardCharsets.US_ASCII)));
        Result resumed = launch("train", "--data", data.toString(), "--kernel", "bgs-twice", "--kernel-param",
                "sweeps=2", "--hidden", "3", "--epochs", "6", "--eval-every", "2", "--samples", "10", "--out",
                out.toString(), "--quiet", "--json");
        assertThat(resumed.code()).as("resume with the default written out: %s%s", resumed.out(), resumed.err())
                .isZero();
        Result other = launch("train", "--data", data.toString(), "--kernel", "bgs-twice", "--kernel-param",
                "sweeps=3", "--hidden", "3", "--epochs", "8", "--eval-every", "2", "--samples", "10", "--out",
                out.toString(), "--quiet", "--json");
        assertThat(other.code()).isEqualTo(2);
        assertThat(other.out()).isEmpty();
        assertThat(other.err().strip()).doesNotContain("\n").contains("--kernel-param is {sweeps=3} here and {} in the "
                + "checkpoint").doesNotContain("TrainingSettings[");
    }

    private static String sha256(Path file) throws Exception {
        return sha256(Files.readAllBytes(file));
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
