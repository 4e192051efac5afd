package dev.rbmsuite.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.VectorModule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The library walk-through runs and training improves the exact log-likelihood. */
class QuickStartTest {
    @Test
    void trainsSamplesAndImprovesTheExactLogLikelihood() {
        double[] r = QuickStart.run(60);
        assertThat(r[0]).isFinite().isNegative();
        assertThat(r[1]).as("log-likelihood after training").isFinite().isGreaterThan(r[0] + 0.5);
        assertThat(r[2]).isStrictlyBetween(0.0, 1.0);
        assertThat(QuickStart.run(60)).as("same seeds, same results").containsExactly(r);
    }

    /** Started without {@code --add-modules jdk.incubator.vector}: one line naming the option. */
    @Test
    void withoutTheVectorModuleSaysInOneLineWhatToAdd() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), QuickStart.class.getName()).redirectErrorStream(true);
        pb.environment().remove("JDK_JAVA_OPTIONS"); // would add the module behind the test's back
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isNotZero();
        assertThat(out).doesNotContain("NoClassDefFoundError").doesNotContain("\n")
                .contains("--add-modules jdk.incubator.vector").contains(VectorModule.MESSAGE);
    }
}
