package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.io.FaultInjection;
import java.io.IOException;

/**
 * A command run with a full disk at one of its writes or renames (core's {@link FaultInjection}): the
 * tests count the points a successful run passes, then fail each in turn.
 */
final class FullDisk {
    private FullDisk() {
    }

    /**
     * @param args a command that succeeds
     * @return the writes and renames it makes
     */
    static int points(String... args) {
        int[] points = {0};
        FaultInjection.install((point, path) -> points[0]++);
        try {
            Cli.Result r = Cli.run(args);
            assertThat(r.code()).as(r.err()).isZero();
        } finally {
            FaultInjection.clear();
        }
        return points[0];
    }

    /**
     * @param k the write or rename that fails, from 0
     * @param args the command
     * @return its result with "No space left on device" at its k-th write or rename
     */
    static Cli.Result at(int k, String... args) {
        int[] seen = {0};
        FaultInjection.install((point, path) -> {
            if (seen[0]++ == k) {
                throw new IOException("No space left on device");
            }
        });
        try {
            return Cli.run(args);
        } finally {
            FaultInjection.clear();
        }
    }
}
