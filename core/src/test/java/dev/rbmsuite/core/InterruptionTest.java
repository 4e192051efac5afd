package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Safe points: a requested stop surfaces as {@link Interruption.Stopped} with 128 + the signal. */
class InterruptionTest {
    @AfterEach
    void reset() {
        Interruption.reset();
    }

    @Test
    @SuppressWarnings("try") // the scope is held for the body, not used in it
    void aSafePointPassesUntilAStopIsRequested() {
        try (Interruption.Scope scope = Interruption.stoppable()) {
            assertThat(Interruption.requested()).isFalse();
            Interruption.check("after epoch 1");
            Interruption.request(15);
            assertThat(Interruption.requested()).isTrue();
            assertThatThrownBy(() -> Interruption.check("after epoch 2; rerun to resume"))
                    .isInstanceOf(Interruption.Stopped.class)
                    .hasMessage("stopped by SIGTERM after epoch 2; rerun to resume")
                    .satisfies(e -> assertThat(((Interruption.Stopped) e).exitCode()).isEqualTo(143));
        }
        Interruption.request(2);
        assertThatThrownBy(() -> Interruption.check("now")).isInstanceOf(Interruption.Stopped.class)
                .hasMessageStartingWith("stopped by SIGINT")
                .satisfies(e -> assertThat(((Interruption.Stopped) e).exitCode()).isEqualTo(130));
    }

    /** A stop prints one line: the first to claim it (the safe point or a second signal) prints it. */
    @Test
    void theStopsOneLineIsClaimedOnceAndALateSignalIsNamed() {
        assertThat(Interruption.finishedAnyway()).isNull();
        Interruption.request(15);
        assertThat(Interruption.finishedAnyway()).startsWith("SIGTERM came after the last safe point");
        assertThat(Interruption.claimLine()).isTrue();
        assertThat(Interruption.claimLine()).isFalse();
        Interruption.reset();
        assertThat(Interruption.claimLine()).isTrue();
    }

    /**
     * The handlers are installed through sun.misc.Signal looked up reflectively (so that javac has no
     * proprietary-API warning to give): a real SIGINT to this JVM inside a stoppable scope requests the stop
     * and prints nothing, as the command line's handlers do.
     */
    @Test
    @SuppressWarnings("try") // the scope is held for the body, not used in it
    void anInstalledHandlerTurnsARealSignalIntoARequestedStop() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "a POSIX kill");
        // a JVM started in the background of a shell without job control inherits SIGINT as ignored, and
        // then keeps it ignored whatever handler is installed: nothing to test there
        Assumptions.assumeFalse(sigintIgnored(), "SIGINT inherited as ignored");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Interruption.install(new PrintStream(err, true, StandardCharsets.UTF_8));
        try (Interruption.Scope scope = Interruption.stoppable()) {
            Process kill = new ProcessBuilder("/bin/kill", "-INT", Long.toString(ProcessHandle.current().pid()))
                    .inheritIO().start();
            assertThat(kill.waitFor()).isZero();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!Interruption.requested() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(Interruption.requested()).isTrue();
            assertThatThrownBy(() -> Interruption.check("now")).isInstanceOf(Interruption.Stopped.class)
                    .satisfies(e -> assertThat(((Interruption.Stopped) e).exitCode()).isEqualTo(130));
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    /** @return whether /proc/self/status lists SIGINT among the ignored signals (false where there is no /proc) */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (2 - 1))) != 0;
            }
        }
        return false;
    }

    /**
     * Issue 37: a watcher sees every safe point a run reports, before the run reads the request, so a
     * request made there stops the run at that very point; SIGHUP stops like SIGTERM, with exit 129.
     */
    @Test
    void aWatcherSeesEverySafePointAndSighupIsAStop() {
        List<String> seen = new ArrayList<>();
        Interruption.watchSafePoints(where -> {
            seen.add(where);
            if (where.equals("after epoch 2")) {
                Interruption.request(1);
            }
        });
        try {
            assertThat(Interruption.requestedAt("after epoch 1")).isFalse();
            assertThat(Interruption.requestedAt("after epoch 2")).isTrue();
        } finally {
            Interruption.watchSafePoints(null);
        }
        assertThat(Interruption.requestedAt("after epoch 3")).isTrue();
        assertThat(seen).containsExactly("after epoch 1", "after epoch 2");
        assertThatThrownBy(() -> Interruption.check("after epoch 3")).isInstanceOf(Interruption.Stopped.class)
                .hasMessageStartingWith("stopped by SIGHUP after epoch 3")
                .satisfies(e -> assertThat(((Interruption.Stopped) e).exitCode()).isEqualTo(129));
        assertThat(Interruption.exiting()).isFalse();
    }
}
