package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is written through a symbolic link inside an output folder the suite owns (issue 37): a link
 * that names a folder is refused when the folder is claimed, a link made while the command runs is
 * refused when a write reaches it, and a link at a file name is replaced by the file, never written
 * through. In every case what the link names is left as it was.
 */
class LinkGuardTest {
    private static final OutputFolder.Kind RUN = new OutputFolder.Kind("training-run", "a training-run folder",
            n -> Set.of("manifest.json", "metrics.csv", "model", "trials").contains(n), d -> false);

    @TempDir
    Path tmp;

    private Path outside() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("precious.txt"), "mine");
        return outside;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Path run() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("manifest.json"), "{\"format\":\"training-run\",\"version\":1}");
        return run;
    }

    @Test
    void aClaimRefusesALinkToAFolderAnywhereBelowItsOwnNames() throws IOException {
        Path outside = outside();
        Path run = run();
        // at the top, deeper down, and beside a foreign name the command does not write (left alone)
        for (Path link : List.of(run.resolve("model"), run.resolve("trials/g/trial-0"))) {
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, outside);
            assertThatThrownBy(() -> OutputFolder.claim(run, RUN, false, "test")).isInstanceOf(InputException.class)
                    .hasMessage(link + ": a symbolic link (to " + outside + ") inside the output folder " + run
                            + "; rbm never writes through a link: remove the link (what it names is kept) or choose "
                            + "another --out");
            assertThat(run.resolve(OutputFolder.LOCK)).doesNotExist();
            Files.delete(link);
        }
        Files.createSymbolicLink(run.resolve("mine"), outside);
        // links at file names (to a file, a device, nothing) are the readers' to judge and the writer's to replace
        Files.createSymbolicLink(run.resolve("metrics.csv"), outside.resolve("precious.txt"));
        Files.createDirectories(run.resolve("trials/g"));
        Files.createSymbolicLink(run.resolve("trials/g/trial-0.csv"), tmp.resolve("nowhere"));
        try (OutputFolder.Claim claim = OutputFolder.claim(run, RUN, true, "test")) {
            AtomicFiles.writeString(run.resolve("metrics.csv"), "epoch\n");
        }
        assertThat(Files.isSymbolicLink(run.resolve("metrics.csv"))).isFalse();
        assertThat(run.resolve("metrics.csv")).hasContent("epoch\n");
        assertThat(names(outside)).containsExactly("precious.txt");
        assertThat(outside.resolve("precious.txt")).hasContent("mine");
    }

    @Test
    void aWriteBelowAClaimedFolderRefusesALinkMadeWhileItRuns() throws IOException {
        Path outside = outside();
        Path run = run();
        try (OutputFolder.Claim claim = OutputFolder.claim(run, RUN, false, "test")) {
            Files.createDirectories(run.resolve("trials"));
            Path link = Files.createSymbolicLink(run.resolve("trials/g"), outside);
            String named = link + ": a symbolic link (to " + outside + ")";
            assertThatThrownBy(() -> AtomicFiles.writeString(link.resolve("trial-0.csv"), "x"))
                    .isInstanceOf(InputException.class).hasMessageStartingWith(named);
            assertThatThrownBy(() -> AtomicFiles.createFolders(link.resolve("trial-0")))
                    .isInstanceOf(InputException.class).hasMessageStartingWith(named);
            assertThatThrownBy(() -> AtomicFiles.createFolders(link)).hasMessageStartingWith(named);
            assertThatThrownBy(() -> FolderLock.acquire(link.resolve(".trial-0.lock"), link, "test"))
                    .hasMessageStartingWith(named);
            assertThatThrownBy(() -> ModelStore.save(RbmStack.xavier(3, new int[] {2}, Rng.seeded(1)),
                    link.resolve("trial-0/model"), Map.of())).hasMessageStartingWith(named);
            assertThatThrownBy(() -> AtomicFiles.rename(Files.writeString(run.resolve("x"), "x"), link.resolve("x"),
                    false, "test")).hasMessageStartingWith(named);
        }
        assertThat(names(outside)).containsExactly("precious.txt");
        // once the command has ended the folder is no longer guarded: the guard is the command's, not a global rule
        AtomicFiles.writeString(tmp.resolve("run/trials/g/free.txt"), "x");
        assertThat(outside.resolve("free.txt")).hasContent("x");
    }

    @Test
    void aFolderNamedThroughALinkIsItsOwnAndSoAreLinksAboveIt() throws IOException {
        // --out may itself be a link (the user's name for the folder): only what lies below it is checked
        Path run = run();
        Path alias = Files.createSymbolicLink(tmp.resolve("alias"), run);
        try (OutputFolder.Claim claim = OutputFolder.claim(alias, RUN, false, "test")) {
            AtomicFiles.writeString(alias.resolve("model/layer0/W.npy"), "x");
            AtomicFiles.writeString(run.resolve("model/layer0/b.npy"), "x"); // by its real name too
        }
        assertThat(names(run.resolve("model/layer0"))).containsExactly("W.npy", "b.npy");
    }

    @Test
    void aUnitOfWorkChecksTheFoldersOnItsWayAndInsideIt() throws IOException {
        Path outside = outside();
        Path root = Files.createDirectories(tmp.resolve("root"));
        Files.createDirectories(root.resolve("training"));
        Path group = Files.createSymbolicLink(root.resolve("training/g"), outside);
        assertThatThrownBy(() -> LinkGuard.refuseOnTheWay(root, root.resolve("training/g/trial-0")))
                .isInstanceOf(InputException.class).hasMessageStartingWith(group + ": a symbolic link");
        Files.delete(group);
        Path trial = Files.createDirectories(root.resolve("training/g/trial-0"));
        LinkGuard.refuseOnTheWay(root, trial);
        Files.createSymbolicLink(trial.resolve("model"), outside);
        assertThatThrownBy(() -> LinkGuard.refuseFolderLinksIn(root, trial)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(trial.resolve("model") + ": a symbolic link");
    }
}
