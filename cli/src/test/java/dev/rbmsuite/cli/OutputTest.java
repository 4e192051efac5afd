package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.RangeException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Output}: one compact JSON line with doubles at full precision for {@code --json}, the text
 * form otherwise, and the refusal of any non-finite number, named by its path, before anything is
 * printed.
 */
class OutputTest {
    /** Runs {@code print} with stdout captured. */
    private static String printed(boolean json, ObjectNode result) {
        CommonOptions common = new CommonOptions();
        common.json = json;
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        synchronized (Cli.class) { // Cli.run swaps System.out under the same lock
            try {
                System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
                Output.print(common, result, r -> "text of " + r.get("x").asText());
            } finally {
                System.setOut(old);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void jsonIsOneCompactLineWithDoublesThatRoundTripExactly() throws Exception {
        ObjectNode r = Output.object();
        double third = 1.0 / 3;
        double sum = 0.1 + 0.2;
        r.put("x", third);
        r.put("y", sum);
        r.put("tiny", Double.MIN_VALUE);
        r.put("n", 12345678901L);
        r.putNull("none");
        String out = printed(true, r);
        assertThat(out).endsWith("\n");
        assertThat(out.strip()).doesNotContain("\n").doesNotContain(": ");
        JsonNode back = new ObjectMapper().readTree(out);
        assertThat(back).isEqualTo(r);
        assertThat(Double.doubleToRawLongBits(back.get("x").asDouble())).isEqualTo(Double.doubleToRawLongBits(third));
        assertThat(back.get("y").asDouble()).isEqualTo(sum).isNotEqualTo(0.3);
        assertThat(back.get("tiny").asDouble()).isEqualTo(Double.MIN_VALUE);
        assertThat(back.get("n").isIntegralNumber()).isTrue();
        assertThat(back.get("n").asLong()).isEqualTo(12345678901L);
    }

    @Test
    void textIsTheRenderingOfTheResult() {
        ObjectNode r = Output.object();
        r.put("x", "value");
        assertThat(printed(false, r)).isEqualTo("text of value" + System.lineSeparator());
    }

    @Test
    void aNonFiniteNumberIsRefusedByItsPathBeforeAnythingIsPrinted() {
        ObjectNode r = Output.object();
        r.put("x", 1.0);
        r.putObject("inner").putArray("values").add(2.0).add(Double.NEGATIVE_INFINITY);
        assertThatThrownBy(() -> printed(true, r)).isInstanceOf(RangeException.class)
                .hasMessageStartingWith("inner.values[1] = -Infinity");
        assertThatThrownBy(() -> printed(false, r)).isInstanceOf(RangeException.class);
        // nothing reached stdout: the check precedes the printing
        ObjectNode nan = Output.object();
        nan.put("x", Double.NaN);
        assertThatThrownBy(() -> printed(true, nan)).hasMessageStartingWith("x = NaN");
        assertThatThrownBy(() -> Output.requireFinite(Output.json(Double.POSITIVE_INFINITY), ""))
                .isInstanceOf(RangeException.class).hasMessageStartingWith("result = Infinity");
    }

    @Test
    void aNonFiniteResultIsRefusedNamingTheField() {
        ObjectNode r = Output.object();
        r.put("logZ", 1.0);
        r.putArray("rates").add(0.5).add(Double.NaN);
        assertThatThrownBy(() -> Output.requireFinite(r, "")).isInstanceOf(RangeException.class)
                .hasMessageStartingWith("rates[1] = NaN");
        ObjectNode ok = Output.object();
        ok.put("x", -1e300).putNull("relaxationTime");
        Output.requireFinite(ok, "");
    }

    @Test
    void finiteNumbersTextBooleansAndNullsPass() {
        ObjectNode r = Output.object();
        r.put("s", "NaN"); // text, not a number
        r.put("b", true);
        r.putNull("z");
        r.putArray("a").add(-Double.MAX_VALUE).add(0.0);
        assertThatCode(() -> Output.requireFinite(r, "")).doesNotThrowAnyException();
    }

    @Test
    void statisticsBecomeJsonOfTheirKind() {
        JsonNode longs = Output.json(new long[] {3, 1L << 40});
        assertThat(longs.isArray()).isTrue();
        assertThat(longs.get(1).isIntegralNumber()).isTrue();
        assertThat(longs.get(1).asLong()).isEqualTo(1L << 40);
        JsonNode doubles = Output.json(new double[] {0.1, 2.5});
        assertThat(doubles.get(0).isDouble()).isTrue();
        assertThat(doubles.get(0).asDouble()).isEqualTo(0.1);
        JsonNode mixed = Output.json(new Object[] {7, null, 1.5});
        assertThat(mixed.get(0).isInt()).isTrue();
        assertThat(mixed.get(1).isNull()).isTrue();
        assertThat(mixed.get(2).asDouble()).isEqualTo(1.5);
        assertThat(Output.json(null).isNull()).isTrue();
        assertThat(Output.object()).isEmpty();
    }

    /**
     * Issue 28, case 6: a result that cannot be written to stdout (a full disk: /dev/full) is an error,
     * exit 2 with one line naming stdout, never exit 0 with the result lost; the same for what a command
     * prints outside {@link Output#print} ({@code figure --list-trials}).
     */
    @org.junit.jupiter.api.Test
    void aResultLostOnStdoutIsExit2WithOneLine(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        File full = new File("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "needs /dev/full");
        Path model = tmp.resolve("m");
        assertThat(Cli.run("init", "--visible", "4", "--hidden", "3", "--out", model.toString()).code()).isZero();
        String[][] commands = {
            {"logz", "--model", model.toString(), "--method", "exact", "--json"},
            {"logz", "--model", model.toString(), "--method", "exact"},
            {"figure", "fig2", "--scale", "smoke", "--list-trials", "--out", tmp.resolve("f").toString()},
        };
        for (String[] c : commands) {
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-modules",
                    "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            cmd.addAll(List.of(c));
            Path log = tmp.resolve("err.log");
            Process p = new ProcessBuilder(cmd).redirectOutput(full).redirectError(log.toFile()).start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            List<String> err = Files.readAllLines(log).stream()
                    .filter(l -> !l.startsWith("WARNING: Using incubator")).toList();
            assertThat(p.exitValue()).as(String.join(" ", c) + ": " + err).isEqualTo(2);
            assertThat(err).as(String.join(" ", c)).hasSize(1);
            assertThat(err.get(0)).startsWith("rbm: stdout: cannot write");
        }
    }
}
