package dev.rbmsuite.learning;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Same bits at every vector width and thread count (docs/methods.md, reproducibility): runs
 * {@link WidthDigests} in JVMs limited to 16-, 32- and 64-byte vectors ({@code -XX:MaxVectorSize},
 * 2, 4 and 8 doubles, as on ARM NEON, AVX2 and AVX-512), with AVX2 only ({@code -XX:UseAVX=2}), and
 * with 1, 2 and 4 processors ({@code -XX:ActiveProcessorCount}, which sizes the diagnostics' worker
 * pool), and with the JVM's default 8-byte and the launcher's 64-byte object alignment (which moves the
 * kernels' table rows onto cache lines, {@code core.CacheLines}: another layout, the same sums), and
 * requires every routine's digest to be the same in all of them. On a machine without
 * AVX-512 the 64-byte run is the 32-byte one (the flags only lower the width), and on non-x86
 * machines {@code UseAVX} is ignored, so the test compares fewer real widths there but stays valid.
 */
class WidthIndependenceTest {
    /** The JVM settings compared; the first is the reference. */
    private static final List<List<String>> SETTINGS = List.of(
            List.of("-XX:MaxVectorSize=64", "-XX:ActiveProcessorCount=1"),
            List.of("-XX:MaxVectorSize=64", "-XX:ObjectAlignmentInBytes=64"),
            List.of("-XX:MaxVectorSize=32", "-XX:ActiveProcessorCount=4", "-XX:ObjectAlignmentInBytes=64"),
            List.of("-XX:MaxVectorSize=16", "-XX:ActiveProcessorCount=2"),
            List.of("-XX:UseAVX=2", "-XX:ObjectAlignmentInBytes=64"),
            List.of("-XX:UseAVX=2", "-XX:MaxVectorSize=16"));

    @Test
    void everyRoutineGivesTheSameBitsAtEveryVectorWidthAndThreadCount() throws Exception {
        Map<String, String> reference = null;
        List<String> referenceFlags = null;
        List<String> lanes = new ArrayList<>();
        for (List<String> flags : SETTINGS) {
            Map<String, String> digests = run(flags);
            lanes.add(flags + ": " + digests.get("lanes") + " lanes");
            digests.remove("lanes");
            assertThat(digests).as("digests of %s", flags).hasSizeGreaterThan(20);
            if (reference == null) {
                reference = digests;
                referenceFlags = flags;
                continue;
            }
            List<String> differ = new ArrayList<>();
            for (Map.Entry<String, String> e : reference.entrySet()) {
                if (!e.getValue().equals(digests.get(e.getKey()))) {
                    differ.add(e.getKey());
                }
            }
            assertThat(differ).as("routines whose bits differ between %s and %s", flags, referenceFlags).isEmpty();
            assertThat(digests.keySet()).isEqualTo(reference.keySet());
        }
        System.out.println("width independence: " + lanes);
    }

    /** Runs WidthDigests in a fresh JVM with the given flags; returns name to digest. */
    private static Map<String, String> run(List<String> flags) throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
        cmd.add("-Xmx1g");
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        cmd.addAll(flags);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(WidthDigests.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        p.getOutputStream().close();
        // drain stderr on its own thread so that a chatty library cannot block the child
        StringBuilder err = new StringBuilder();
        Thread drain = new Thread(() -> {
            try {
                err.append(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException ignored) {
                // the exit status below reports the failure
            }
        });
        drain.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the digest JVM %s finished", flags).isTrue();
        drain.join();
        assertThat(p.exitValue()).as("exit status of the digest JVM %s; stderr: %s", flags, err).isZero();
        Map<String, String> digests = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 2) {
                digests.put(f[0], f[1]);
            }
        }
        return digests;
    }
}
