package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The injection points: no effect without a hook, the installed hook sees every point, crashes bypass clean-up. */
class FaultInjectionTest {
    @AfterEach
    void clear() {
        FaultInjection.clear();
    }

    @Test
    void theInstalledHookSeesEveryPointUntilCleared() throws IOException {
        List<String> seen = new ArrayList<>();
        FaultInjection.install((point, path) -> seen.add(point + " " + path));
        FaultInjection.at("write", Path.of("a.csv"));
        FaultInjection.at("rename", Path.of("b"));
        FaultInjection.install((point, path) -> seen.add("second " + point));
        FaultInjection.at("write", Path.of("c"));
        FaultInjection.clear();
        FaultInjection.at("write", Path.of("d"));
        assertThat(seen).containsExactly("write a.csv", "rename b", "second write");
    }

    @Test
    void aHookMakesThePointFailOrCrash() {
        FaultInjection.install((point, path) -> {
            throw new IOException("No space left on device");
        });
        assertThatThrownBy(() -> FaultInjection.at("write", Path.of("f"))).isInstanceOf(IOException.class)
                .hasMessage("No space left on device");
        FaultInjection.install((point, path) -> {
            throw new FaultInjection.Crash(point + " " + path);
        });
        Throwable crash = org.assertj.core.api.Assertions.catchThrowable(() -> FaultInjection.at("rename", Path.of("f")));
        // an Error, so that writers' catch (Exception) clean-up does not run, and without a stack trace
        assertThat(crash).isInstanceOf(Error.class).hasMessage("simulated kill at rename f");
        assertThat(crash.getStackTrace()).isEmpty();
    }
}
