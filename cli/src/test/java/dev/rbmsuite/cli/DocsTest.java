package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation holds together: the README is a short front door that links every page under
 * {@code docs/}; every relative link of README.md, CHANGELOG.md and docs/*.md resolves (files,
 * folders, and anchors into Markdown pages); and every fenced code block says, in the comment line
 * just above it, how it is kept true:
 * <ul>
 *   <li>{@code <!-- code: run by DocsTest ... -->}: its {@code $ ./rbm ...} lines are run, each in
 *       its own JVM in one fresh folder per block, and each command's stdout must equal the lines
 *       below it (measured times, "(2.283 s)", compared as times only);</li>
 *   <li>{@code <!-- code: run by LibraryGuideTest ... -->}: docs/library.md's first program, its output,
 *       its pom and its command, compiled and run by the library module's {@code LibraryGuideTest}
 *       (and built with Maven by {@code library/src/it/first-program-it.sh});</li>
 *   <li>{@code <!-- code: excerpt of FILE -->}: every non-blank line of the block is a line of FILE
 *       (a path from the repository's root), so the page cannot drift from the file;</li>
 *   <li>{@code <!-- code: not run: REASON -->}: shown only, with the reason (usually which test or
 *       script runs the same thing).</li>
 * </ul>
 */
class DocsTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern MARKER = Pattern.compile(
            "<!-- code: (run by (?:DocsTest|LibraryGuideTest)\\b.*|excerpt of (\\S+)|not run: \\S.*) -->");
    private static final Pattern TIME = Pattern.compile("\\(\\d+(\\.\\d+)? s\\)");
    /** The README's length limit: a front door, not a lab notebook. */
    static final int README_MAX_LINES = 200;

    @TempDir
    Path tmp;

    /** One fenced code block: its page, first line number, marker line (or null) and content. */
    record Block(Path page, int line, String marker, List<String> lines) {
        String where() {
            return ROOT.relativize(page) + ":" + line;
        }
    }

    @Test
    void theReadmeIsShortAndLinksEveryPage() {
        String readme = read(ROOT.resolve("README.md"));
        assertThat(readme.split("\n", -1).length - 1).as("README.md lines").isLessThanOrEqualTo(README_MAX_LINES);
        for (Path page : docsPages()) {
            assertThat(readme).as("README.md links " + ROOT.relativize(page))
                    .contains("](docs/" + page.getFileName() + ")");
        }
        assertThat(readme).contains("](CHANGELOG.md)", "](LICENSE)");
        assertThat(readme).as("the test command .ci/run runs").contains("\n```\nmvn -B verify\n```\n");
    }

    @Test
    void everyRelativeLinkResolves() {
        List<String> dead = new ArrayList<>();
        for (Path page : pages()) {
            String text = withoutCode(read(page));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("(?i)(https?|mailto):.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    dead.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (anchor != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(anchor)) {
                    dead.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(dead).as("dead links").isEmpty();
    }

    @Test
    void everyCodeBlockIsRunCheckedOrMarkedNotRun() {
        List<String> problems = new ArrayList<>();
        for (Path page : pages()) {
            for (Block b : blocks(page)) {
                if (b.marker() == null) {
                    problems.add(b.where() + ": a code block without a <!-- code: ... --> line above it");
                    continue;
                }
                Matcher m = MARKER.matcher(b.marker());
                if (m.matches() && m.group(1).startsWith("excerpt of ")) {
                    Path file = ROOT.resolve(m.group(2));
                    if (!Files.isRegularFile(file)) {
                        problems.add(b.where() + ": excerpt of " + m.group(2) + ", which does not exist");
                        continue;
                    }
                    Set<String> lines = new LinkedHashSet<>();
                    for (String l : read(file).split("\n")) {
                        lines.add(l.strip());
                    }
                    for (String l : b.lines()) {
                        if (!l.isBlank() && !lines.contains(l.strip())) {
                            problems.add(b.where() + ": '" + l.strip() + "' is not a line of " + m.group(2));
                        }
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theBlocksMarkedRunPrintWhatThePagesShow() throws Exception {
        int commands = 0;
        int n = 0;
        for (Path page : pages()) {
            for (Block b : blocks(page)) {
                if (b.marker() == null || !b.marker().startsWith("<!-- code: run by DocsTest")) {
                    continue;
                }
                Path dir = Files.createDirectories(tmp.resolve("block" + n++));
                List<String> lines = b.lines();
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i);
                    assertThat(line).as(b.where() + ": a run block holds '$ ./rbm ...' lines and their output")
                            .startsWith("$ ./rbm ");
                    List<String> expected = new ArrayList<>();
                    while (i + 1 < lines.size() && !lines.get(i + 1).startsWith("$ ")) {
                        expected.add(lines.get(++i));
                    }
                    String out = run(dir, line.substring("$ ./rbm ".length()).trim().split("\\s+"), b.where());
                    assertThat(normalise(out)).as(b.where() + ": the output of " + line)
                            .isEqualTo(normalise(String.join("\n", expected)));
                    commands++;
                }
            }
        }
        assertThat(commands).as("commands run from the docs").isGreaterThanOrEqualTo(5);
    }

    /** Runs one command as the launcher does (its own JVM, the given working folder); returns stdout. */
    private static String run(Path dir, String[] args, String where) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-Djava.awt.headless=true", "-Xss4m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Path err = dir.resolve(".stderr");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile());
        pb.environment().remove("RBM_PLUGINS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(where + ": rbm " + String.join(" ", args) + "\n" + Files.readString(err)).isZero();
        return out;
    }

    private static String normalise(String s) {
        return TIME.matcher(s.strip()).replaceAll("(T s)");
    }

    /** @return the fenced code blocks of a page with the marker line above each (null if none) */
    static List<Block> blocks(Path page) {
        List<Block> out = new ArrayList<>();
        String[] lines = read(page).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].strip().startsWith("```")) {
                continue;
            }
            String marker = null;
            int j = i - 1;
            while (j >= 0 && lines[j].isBlank()) {
                j--;
            }
            if (j >= 0 && MARKER.matcher(lines[j].strip()).matches()) {
                marker = lines[j].strip();
            }
            int start = i;
            List<String> body = new ArrayList<>();
            for (i++; i < lines.length && !lines[i].strip().startsWith("```"); i++) {
                body.add(lines[i]);
            }
            out.add(new Block(page, start + 1, marker, body));
        }
        return out;
    }

    /** @return the page's text without fenced code blocks and inline code spans */
    private static String withoutCode(String text) {
        return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\\n]*`", "");
    }

    /** @return the GitHub anchors of a page's headings */
    private static Set<String> anchors(Path page) {
        Set<String> out = new LinkedHashSet<>();
        for (String line : read(page).replaceAll("(?s)```.*?```", "").split("\n")) {
            if (line.startsWith("#")) {
                String title = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
                out.add(title.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return out;
    }

    private static List<Path> pages() {
        List<Path> out = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
        out.addAll(docsPages());
        return out;
    }

    private static List<Path> docsPages() {
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            return s.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
