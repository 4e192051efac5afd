package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A library user who starts {@code java} without {@code --add-modules jdk.incubator.vector} reads one
 * line naming that option: checked in a JVM forked without the module, against the same program
 * forked with it.
 */
class VectorModuleTest {
    @Test
    void isPresentInTheTestJvmAndThenRequireIsFree() {
        assertThat(VectorModule.present()).isTrue();
        assertThatCode(VectorModule::require).doesNotThrowAnyException();
        assertThat(VectorModule.lookup(VectorModuleTest.class.getClassLoader())).isTrue();
    }

    @Test
    void theMissingErrorIsOneLineNamingTheOption() {
        VectorModule.MissingError e = new VectorModule.MissingError();
        assertThat(e.getMessage()).contains(VectorModule.OPTION).doesNotContain("\n");
        assertThat(e.getStackTrace()).isEmpty();
        assertThat(e).isInstanceOf(LinkageError.class);
    }

    @Test
    void withoutTheModuleBuildingAnRbmFailsWithOneLineNamingTheOption() throws Exception {
        Result without = fork(false);
        assertThat(without.exit).as(without.output).isNotZero();
        assertThat(without.output).doesNotContain("NoClassDefFoundError").doesNotContain("jdk/incubator/vector/Vector")
                .doesNotContain("\tat ").doesNotContain("sampled");
        List<String> lines = Arrays.asList(without.output.strip().split("\\R"));
        assertThat(lines).as(without.output).hasSize(1);
        assertThat(lines.get(0)).contains("--add-modules jdk.incubator.vector").contains(VectorModule.MESSAGE);
    }

    @Test
    void withoutTheModuleAProgramWhoseFirstCallIsRngGetsTheSameLine() throws Exception {
        Result without = fork(false, RngFirstProgram.class);
        assertThat(without.exit).as(without.output).isNotZero();
        assertThat(without.output).doesNotContain("NoClassDefFoundError").doesNotContain("\tat ")
                .doesNotContain("drew");
        List<String> lines = Arrays.asList(without.output.strip().split("\\R"));
        assertThat(lines).as(without.output).hasSize(1);
        assertThat(lines.get(0)).contains("--add-modules jdk.incubator.vector").contains(VectorModule.MESSAGE);
        Result with = fork(true, RngFirstProgram.class);
        assertThat(with.exit).as(with.output).isZero();
        assertThat(with.output).contains("drew 16 uniforms");
    }

    @Test
    void withTheModuleTheSameProgramSamples() throws Exception {
        Result with = fork(true);
        assertThat(with.exit).as(with.output).isZero();
        assertThat(with.output).contains("sampled 3 visible vectors").doesNotContain("missing");
    }

    private record Result(int exit, String output) {
    }

    private static Result fork(boolean module) throws IOException, InterruptedException {
        return fork(module, UserProgram.class);
    }

    private static Result fork(boolean module, Class<?> program) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (module) {
            command.add("--add-modules");
            command.add("jdk.incubator.vector");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), program.getName()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("JDK_JAVA_OPTIONS"); // would add the module behind the test's back
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        // the JVM's own notice when the module is added is not the library's output
        out = out.replace("WARNING: Using incubator modules: jdk.incubator.vector", "").strip();
        return new Result(p.exitValue(), out);
    }

    /** A library user's program: builds an RBM from its parameters and samples its visible layer. */
    static final class UserProgram {
        private UserProgram() {
        }

        public static void main(String[] args) {
            Rbm rbm = Rbm.of(2, 2, new double[] {0.5, -0.5, 1.0, 0.25}, new double[] {0.1, -0.1},
                    new double[] {0.0, 0.2});
            double[] h = {1, 0, 0, 1, 1, 1};
            double[] v = new double[6];
            rbm.sampleVisible(h, 3, v, Rng.seeded(1), new double[6]);
            System.out.println("sampled 3 visible vectors: " + Arrays.toString(v));
        }
    }

    /** A program whose first call into the library is a random stream (vectorised block draws). */
    static final class RngFirstProgram {
        private RngFirstProgram() {
        }

        public static void main(String[] args) {
            Rng rng = Rng.seeded(1);
            double[] u = new double[16];
            rng.fillUniform(u, 0, u.length);
            System.out.println("drew 16 uniforms: " + Arrays.toString(u));
        }
    }
}
