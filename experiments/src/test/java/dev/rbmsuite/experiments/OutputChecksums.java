package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The committed SHA-256 checksums of figure CSVs, {@code results/checksums.sha256}: the proof that the
 * same seed and settings give the same bytes on every machine. Each line is {@code <sha256>  <section>/<path>}
 * (sha256sum's layout), sorted; a section is one run ({@code smoke-seed7}: {@code figure all} at smoke scale,
 * seed 7, as {@link FiguresSmokeTest} runs it; {@code paper-seed1}: the cheap paper-scale figures). Every
 * CSV counts (figures, training curves, trials, claims.csv); manifests, PNGs, SVGs and REPORT.md do not
 * (they hold timings, machine names or font rendering).
 *
 * <p>The tests compare a fresh run with the file, so any machine that runs them (a developer's, CI's,
 * with another CPU or vector width) checks itself against the machine that wrote the file. After an
 * intended change of numbers, regenerate the file with one command from the repository root:
 * <pre>
 * mvn -B -o -pl experiments -am test -Dtest='FiguresSmokeTest,PaperScaleChecksumsTest' \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Drbm.checksums=update
 * </pre>
 * (docs/methods.md section 10.1), and commit it with the change that moved the numbers.
 */
final class OutputChecksums {
    /** The system property that makes {@link #check} rewrite its section instead of comparing. */
    static final String UPDATE_PROPERTY = "rbm.checksums";
    static final String FILE = "results/checksums.sha256";

    private OutputChecksums() {
    }

    /**
     * @param folder a figure output root
     * @return SHA-256 (hex) of every CSV under it, keyed by its path relative to folder with '/' separators
     */
    static Map<String, String> csvDigests(Path folder) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(".csv")).toList()) {
                out.put(folder.relativize(p).toString().replace('\\', '/'), sha256(Files.readAllBytes(p)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the committed digests of one section, keyed by path within the section */
    static Map<String, String> committed(String section) {
        Map<String, String> out = new TreeMap<>();
        String prefix = section + "/";
        committedAll().forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    /**
     * Compares the CSVs of a fresh run with the committed section, or, with {@code -Drbm.checksums=update},
     * replaces that section of the file with them.
     *
     * @param section the run's section name
     * @param digests the fresh run's digests ({@link #csvDigests})
     */
    static void check(String section, Map<String, String> digests) {
        assertThat(digests).as("CSVs of section " + section).isNotEmpty();
        if ("update".equals(System.getProperty(UPDATE_PROPERTY))) {
            Map<String, String> all = committedAll();
            all.keySet().removeIf(k -> k.startsWith(section + "/"));
            digests.forEach((k, v) -> all.put(section + "/" + k, v));
            write(all);
            return;
        }
        Map<String, String> want = committed(section);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> e : want.entrySet()) {
            String got = digests.get(e.getKey());
            if (got == null) {
                problems.add(section + "/" + e.getKey() + ": not written by this run");
            } else if (!got.equals(e.getValue())) {
                problems.add(section + "/" + e.getKey() + ": sha256 " + got + ", committed " + e.getValue());
            }
        }
        for (String k : digests.keySet()) {
            if (!want.containsKey(k)) {
                problems.add(section + "/" + k + ": written by this run but not in " + FILE);
            }
        }
        assertThat(problems).as("this machine's bytes against " + FILE + " (after an intended change, regenerate it:"
                + " see OutputChecksums' Javadoc or docs/methods.md section 10.1)").isEmpty();
    }

    private static Map<String, String> committedAll() {
        Path file = repositoryRoot().resolve(FILE);
        Map<String, String> out = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int sep = line.indexOf("  ");
                if (sep != 64) {
                    throw new IllegalStateException(FILE + ": not '<sha256>  <path>': " + line);
                }
                out.put(line.substring(sep + 2), line.substring(0, sep));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void write(Map<String, String> all) {
        StringBuilder sb = new StringBuilder();
        sb.append("# SHA-256 of figure CSVs: smoke-seed7 = figure all --scale smoke --seed 7 --threads 2;\n")
                .append("# paper-seed1 = figure fig5 and lambda2 --scale paper --seed 1 (also results/paper-scale/).\n")
                .append("# Checked by FiguresSmokeTest and PaperScaleChecksumsTest; regenerate after an intended change with\n")
                .append("# mvn -B -o -pl experiments -am test -Dtest='FiguresSmokeTest,PaperScaleChecksumsTest'")
                .append(" -Dsurefire.failIfNoSpecifiedTests=false -Drbm.checksums=update\n");
        all.forEach((k, v) -> sb.append(v).append("  ").append(k).append('\n'));
        Path file = repositoryRoot().resolve(FILE);
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, sb.toString(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("docs"))
                    && Files.isDirectory(p.resolve("results"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root (pom.xml, docs/, results/) above " + Path.of("").toAbsolutePath());
    }
}
