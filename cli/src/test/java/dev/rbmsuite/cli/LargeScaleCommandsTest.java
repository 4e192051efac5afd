package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.io.ModelStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, case 8: the documented limit E_max = sum|W| + sum|b| + sum|c| &lt;= 1e300 holds for every
 * command that reads a model. Between 1e150 and 1e300, {@code tv} exited 1 (TV 1.0000000000000002) and
 * {@code lambda2 --estimator exact} gave wrong answers or NaN; now every command either answers
 * (exit 0) or refuses before any work (exit 2, one line), never an internal error.
 */
class LargeScaleCommandsTest {
    @TempDir
    static Path dir;

    private static String p(String name) {
        return dir.resolve(name).toString();
    }

    @BeforeAll
    static void models() throws Exception {
        for (double s : new double[] {1e150, 1e200, 1e290}) {
            ModelStore.save(RbmStack.of(Rbm.gaussian(5, 3, s, Rng.seeded(3))), dir.resolve("g" + (int) Math.log10(s)), Map.of());
        }
        // b = 1e200: all ones is the mode and every other state has P(v) = 0 in float64
        double[] b = new double[5];
        Arrays.fill(b, 1e200);
        ModelStore.save(RbmStack.of(Rbm.of(5, 3, new double[15], b, new double[3])), dir.resolve("b200"), Map.of());
        // 21 chains on 21 distinct states other than the mode: their frequencies 1/21 sum to 1 + 2^-51
        List<String> rows = new ArrayList<>(List.of("v0,v1,v2,v3,v4"));
        IntStream.range(0, 21).forEach(s -> rows.add(String.join(",",
                IntStream.range(0, 5).mapToObj(i -> String.valueOf((s >> i) & 1)).toList())));
        Files.write(dir.resolve("start21.csv"), rows);
        Files.write(dir.resolve("d.csv"), List.of("v0,v1,v2,v3,v4", "0,1,0,1,1", "1,1,1,1,1"));
    }

    private static Cli.Result run(String... args) {
        Cli.Result r = Cli.run(args);
        assertThat(r.code()).as("%s: %s", String.join(" ", args), r.err()).isIn(0, 2);
        assertThat(r.err()).doesNotContain("internal error").doesNotContain("impossible").doesNotContain("\tat ");
        if (r.code() == 2) {
            assertThat(r.err().strip()).startsWith("rbm: ").hasLineCount(1);
            assertThat(r.out()).isEmpty();
        }
        return r;
    }

    @Test
    void tvFromStatesOfProbabilityZeroIsOneNotMore() throws Exception {
        Path out = dir.resolve("tv21.csv");
        Cli.Result r = run("tv", "--model", p("b200"), "--kernel", "bgs", "--chains", "21", "--steps", "1", "--start",
                p("start21.csv"), "--out", out.toString(), "--json");
        assertThat(r.code()).isZero();
        assertThat(Files.readAllLines(out)).containsExactly("step,tv", "0,1.0", "1,0.0");
    }

    @Test
    void lambda2BeyondTheAccurateScaleIsRefusedBeforeAnyWork() {
        for (String e : new String[] {"exact", "counts", "rao-blackwell"}) {
            Cli.Result r = run("lambda2", "--model", p("g200"), "--estimator", e, "--json");
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("option --model: lambda2: parameters too large").contains("limit 1e-06");
        }
    }

    @Test
    void everyCommandThatReadsAModelAnswersOrRefusesUpToTheLimit() {
        int answered = 0;
        for (String m : new String[] {"g150", "g200", "g290", "b200"}) {
            String model = p(m);
            List<String[]> commands = List.of(
                    new String[] {"info", "--model", model, "--json"},
                    new String[] {"logz", "--model", model, "--method", "exact", "--json"},
                    new String[] {"logz", "--model", model, "--method", "mais", "--json"},
                    new String[] {"logz", "--model", model, "--method", "ais", "--json"},
                    new String[] {"loglik", "--model", model, "--data", p("d.csv"), "--method", "exact", "--json"},
                    new String[] {"lambda2", "--model", model, "--estimator", "exact", "--json"},
                    new String[] {"sample", "--model", model, "--kernel", "bgs", "--chains", "5", "--steps", "3", "--out",
                        p(m + "-s.csv"), "--json"},
                    new String[] {"sample", "--model", model, "--kernel", "pt", "--chains", "5", "--steps", "3", "--out",
                        p(m + "-pt.csv"), "--json"},
                    new String[] {"tv", "--model", model, "--kernel", "bgs", "--chains", "30", "--steps", "3", "--out",
                        p(m + "-tv.csv"), "--json"});
            for (String[] c : commands) {
                answered += run(c).code() == 0 ? 1 : 0;
            }
        }
        assertThat(answered).isGreaterThan(20);
    }
}
