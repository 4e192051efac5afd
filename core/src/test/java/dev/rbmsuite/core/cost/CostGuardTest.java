package dev.rbmsuite.core.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CostGuardTest {
    @Test
    void refusesAboveTheLimitWithOneLineSayingTheCostAndHowToAllowIt() {
        assertThatThrownBy(() -> CostGuard.DEFAULT.start("exact log Z (2^30 states x 5000 units)", 1200, 0))
                .isInstanceOf(CostLimitException.class)
                .isInstanceOf(InputException.class)
                .hasMessage("exact log Z (2^30 states x 5000 units) would take about 20 min, above the limit of 10 min; "
                        + "allow it with --allow-slow (CostGuard.UNLIMITED in the API)");
        assertThatThrownBy(() -> CostGuard.limit(1).start("x", 1.5, 0)).isInstanceOf(CostLimitException.class)
                .satisfies(e -> assertThat(((CostLimitException) e).estimatedSeconds()).isEqualTo(1.5));
    }

    @Test
    void allowsAtOrBelowTheLimitAndUnlimitedAllowsEverything() {
        try (CostGuard.Task t = CostGuard.DEFAULT.start("x", CostGuard.DEFAULT_LIMIT_SECONDS, 4)) {
            t.advance(1);
            assertThat(t.fraction()).isEqualTo(0.25);
        }
        try (CostGuard.Task t = CostGuard.UNLIMITED.start("x", 1e12, 0)) {
            assertThat(t.fraction()).isNaN();
        }
        assertThat(CostGuard.UNLIMITED.limitSeconds()).isInfinite();
    }

    @Test
    void reportsTheEstimateAndProgressWhileRunningAndNothingAfterClose() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CostGuard guard = CostGuard.DEFAULT.withProgress(sink, 0.05);
        try (CostGuard.Task t = guard.start("work", 2.0, 10)) {
            t.advance(5);
            Thread.sleep(300);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).startsWith("rbm: work: about 2.0 s (estimate)\n").contains("rbm: work: 50% after ");
        Thread.sleep(200);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(out);
    }

    @Test
    void cheapComputationsReportNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CostGuard guard = CostGuard.DEFAULT.withProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 5);
        try (CostGuard.Task t = guard.start("quick", 0.1, 1)) {
            t.advance(1);
        }
        assertThat(bytes.size()).isZero();
    }

    @Test
    void durationsInWords() {
        assertThat(CostGuard.duration(0.42)).isEqualTo("0.42 s");
        assertThat(CostGuard.duration(210)).isEqualTo("3.5 min");
        assertThat(CostGuard.duration(7560)).isEqualTo("2.1 h");
        assertThat(CostGuard.duration(Double.POSITIVE_INFINITY)).isEqualTo("no limit");
    }

    @Test
    void rejectsNonsenseLimits() {
        assertThatThrownBy(() -> CostGuard.limit(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CostGuard.limit(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CostGuard.DEFAULT.withProgress(System.err, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
