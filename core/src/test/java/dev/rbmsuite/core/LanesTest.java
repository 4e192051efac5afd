package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The fixed reduction shape of {@link Lanes}: padding, bounds and the split into hardware parts. */
class LanesTest {
    @Test
    void padRoundsUpAndBoundRoundsDownToWholeBlocks() {
        assertThat(Lanes.WIDTH).isEqualTo(8);
        for (int len = 0; len <= 100; len++) {
            int up = (int) Math.ceil(len / 8.0) * 8;
            int down = len / 8 * 8;
            assertThat(Lanes.pad(len)).as("pad(%d)", len).isEqualTo(up);
            assertThat(Lanes.bound(len)).as("bound(%d)", len).isEqualTo(down);
        }
        assertThat(Lanes.pad(Integer.MAX_VALUE - 7)).isEqualTo(Integer.MAX_VALUE - 7);
        assertThat(Lanes.bound(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE - 7);
    }

    @Test
    void hardwarePartsTileTheVirtualWidth() {
        assertThat(Lanes.LANES).isEqualTo(Lanes.SPECIES.length()).isIn(1, 2, 4, 8);
        assertThat(Lanes.PARTS * Lanes.LANES).isEqualTo(Lanes.WIDTH);
        assertThat(Lanes.MASKS).isEqualTo(Lanes.LANES >= 4);
        assertThat(Lanes.SPECIES.elementType()).isEqualTo(double.class);
        assertThat(Lanes.describe()).isEqualTo(64 * Lanes.LANES + "-bit (" + Lanes.LANES + " doubles per vector)");
    }

    /**
     * The rule of docs/methods.md section 10 ("exact vector types"): in the suite's vector code no
     * variable is updated by a method called on itself ({@code acc = acc.add(x)}); the update is
     * written {@code acc = x.add(acc)}. A vector carried around a loop is a merge of two values, and
     * C2 knows the exact vector class of such a merge only if it inlined the update; a call on it
     * therefore needs a type profile to be inlined, and code compiled without one (after the JIT's
     * limited-profile tier) ran the Vector API as boxed Java code, 10 to 30 times slower.
     */
    @Test
    void noVectorCodeCallsAMethodOnTheVariableItAssigns() throws IOException {
        Pattern selfUpdate = Pattern.compile("\\b(\\w+) = \\1\\.\\w+\\(");
        List<String> found = new ArrayList<>();
        List<Source> sources = vectorSources();
        for (Source source : sources) {
            for (int k = 0; k < source.lines().size(); k++) {
                if (selfUpdate.matcher(source.lines().get(k)).find()) {
                    found.add(source.where(k));
                }
            }
        }
        assertThat(sources.size()).as("source files that use the Vector API").isGreaterThanOrEqualTo(5);
        assertThat(found).as("vector code that calls a method on the variable it assigns").isEmpty();
    }

    /**
     * The rule of {@link Lanes#MASKS}: a vector mask (a comparison, blend, {@code trueCount},
     * {@code allTrue}, {@code anyTrue}) runs as boxed Java code at 2 lanes in JDK 17, so every one in the
     * suite's vector code is taken only under a test of {@code MASKS} (within the few lines after an
     * {@code if} that names it), with {@link VectorBits}' integer forms otherwise. {@code Products}'
     * sparse test once counted non-zeros with {@code compare(NE, 0).trueCount()} unguarded, which
     * allocated 6.5 MB per 784 x 500 update at 16-byte vectors.
     */
    @Test
    void everyVectorMaskIsGuardedByMasks() throws IOException {
        Pattern mask = Pattern.compile("\\.compare\\(VectorOperators\\.|\\.(lt|gt|eq|blend)\\(|\\.(trueCount|allTrue|anyTrue)\\(\\)");
        List<String> found = new ArrayList<>();
        for (Source source : vectorSources()) {
            List<String> lines = source.lines();
            for (int k = 0; k < lines.size(); k++) {
                String line = lines.get(k).trim();
                if (line.startsWith("*") || line.startsWith("//") || !mask.matcher(line).find()) {
                    continue;
                }
                boolean guarded = false;
                for (int q = Math.max(0, k - 4); q <= k; q++) {
                    guarded |= lines.get(q).contains("if (") && lines.get(q).contains("MASKS");
                }
                if (!guarded) {
                    found.add(source.where(k));
                }
            }
        }
        assertThat(found).as("vector masks not under a test of Lanes.MASKS").isEmpty();
    }

    /** A main source file of the suite that imports the Vector API, with its lines. */
    private record Source(Path root, Path file, List<String> lines) {
        String where(int k) {
            return root.relativize(file) + ":" + (k + 1) + ": " + lines.get(k).trim();
        }
    }

    private static List<Source> vectorSources() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        List<String> lines = Files.readAllLines(f);
                        if (lines.stream().anyMatch(l -> l.startsWith("import jdk.incubator.vector."))) {
                            sources.add(new Source(root, f, lines));
                        }
                    }
                }
            }
        }
        return sources;
    }
}
