package dev.rbmsuite.library;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/library.md keeps its promises. It must open with a complete program that trains, samples and
 * scores in at most {@value #MAX_STATEMENTS} statements, followed by its output, its pom and the one
 * command that runs it (the blocks marked {@code <!-- code: run by LibraryGuideTest ... -->}). The test
 * takes the program from the page, compiles it and runs it in a JVM of its own with the JVM flags of
 * the pom's {@code exec:exec}: it must print the page's output, write the README tour's model arrays
 * and samples byte for byte, load no ND4J class (the common path stays on plain arrays) and print
 * nothing on stderr but the JVM's incubator line. A second program, which does use ND4J arrays, must
 * print nothing but that line either, under this JVM and under every newer JDK (24 and later) that is
 * installed, where JavaCPP's native access and {@code sun.misc.Unsafe} would otherwise warn.
 *
 * <p>The pom and the command themselves are run by {@code library/src/it/first-program-it.sh} (Maven,
 * offline, against this build's jars), which {@code mvn verify} runs after the tests.
 */
class LibraryGuideTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
    private static final Path GUIDE = ROOT.resolve("docs/library.md");
    /** The one line the JVM prints for {@code --add-modules jdk.incubator.vector}; no flag turns it off. */
    static final String INCUBATOR = "WARNING: Using incubator modules: jdk.incubator.vector";
    /** The bound on the first program: train, sample and score in a dozen statements. */
    static final int MAX_STATEMENTS = 12;
    private static final String MARKER = "<!-- code: run by LibraryGuideTest";
    private static final Pattern ARGUMENT = Pattern.compile("<argument>([^<]*)</argument>");
    private static final Pattern CLASS = Pattern.compile("public\\s+class\\s+(\\w+)");

    @TempDir
    Path tmp;

    /** The four blocks the page opens with. */
    record Guide(List<String> program, List<String> output, List<String> pom, List<String> command) {
        String className() {
            Matcher m = CLASS.matcher(String.join("\n", program));
            assertThat(m.find()).as("the program declares a public class").isTrue();
            return m.group(1);
        }

        /** @return the JVM flags of the pom's exec:exec: its arguments before -classpath */
        List<String> jvmFlags() {
            List<String> flags = new ArrayList<>();
            Matcher m = ARGUMENT.matcher(String.join("\n", pom));
            while (m.find() && !m.group(1).equals("-classpath")) {
                flags.add(m.group(1));
            }
            return flags;
        }
    }

    @Test
    void theGuideOpensWithAShortProgramItsOutputItsPomAndItsCommand() {
        Guide g = guide();
        assertThat(statements(g.program())).as("statements of main").isBetween(3, MAX_STATEMENTS);
        String program = String.join("\n", g.program());
        assertThat(program).contains("Fit.", ".fit(", ".sample(", ".logLikelihood(");
        assertThat(String.join("\n", g.pom())).contains("<artifactId>rbm-library</artifactId>",
                "<argument>" + g.className() + "</argument>", "<classpath/>");
        assertThat(g.jvmFlags()).containsExactly("--add-modules", "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED", "-Dsun.misc.unsafe.memory.access=allow");
        assertThat(g.command()).containsExactly("mvn -q -Djavacpp.platform.host compile exec:exec");
    }

    @Test
    void theFirstProgramPrintsThePagesOutputAndWritesTheToursBytesWithoutNd4j() throws Exception {
        Guide g = guide();
        Path classes = compile(g.className(), g.program());
        Path run = Files.createDirectories(tmp.resolve("run"));
        Path loaded = tmp.resolve("classes.log");
        List<String> flags = new ArrayList<>(g.jvmFlags());
        flags.add("-Xlog:class+load=info:file=" + loaded);
        Result r = java(javaHome(), flags, classes, g.className(), run);
        assertThat(r.stdout()).isEqualTo(g.output());
        assertThat(r.stderr()).containsExactly(INCUBATOR);
        String log = Files.readString(loaded);
        assertThat(log).as("classes loaded").contains("dev.rbmsuite.library.Fit ")
                .doesNotContain("org.nd4j.linalg.factory.Nd4j ", "org.bytedeco.javacpp.Loader ");

        // the README's five-minute tour on the command line: the same model arrays and samples
        Path tour = Files.createDirectories(tmp.resolve("tour"));
        CommandLine.run("dataset", "islands", "--out", tour.resolve("islands.csv").toString());
        CommandLine.run("train", "--data", tour.resolve("islands.csv").toString(), "--kernel", "roundtrip", "--hidden",
                "20,10", "--epochs", "200", "--lr", "0.01", "--eval-every", "50", "--quiet", "--out",
                tour.resolve("run1").toString());
        CommandLine.run("sample", "--model", tour.resolve("run1/model").toString(), "--kernel", "roundtrip", "--chains",
                "1000", "--steps", "100", "--out", tour.resolve("samples.csv").toString());
        assertThat(Files.readAllBytes(run.resolve("samples.csv"))).isEqualTo(Files.readAllBytes(tour.resolve("samples.csv")));
        for (String array : List.of("layer0/W.npy", "layer0/b.npy", "layer0/c.npy", "layer1/W.npy", "layer1/b.npy",
                "layer1/c.npy")) {
            assertThat(Files.readAllBytes(run.resolve("model").resolve(array))).as(array)
                    .isEqualTo(Files.readAllBytes(tour.resolve("run1/model").resolve(array)));
        }
    }

    @Test
    void aProgramWithNd4jArraysPrintsOnlyTheIncubatorLineOnEveryInstalledJdk() throws Exception {
        List<String> program = List.of(
                "import dev.rbmsuite.library.Data;",
                "import dev.rbmsuite.library.Fit;",
                "import dev.rbmsuite.library.RbmModel;",
                "import java.util.Map;",
                "public class WithArrays {",
                "    public static void main(String[] args) {",
                "        RbmModel model = Fit.hidden(4).epochs(2).fit(Data.dataset(\"islands\", 1, Map.of(\"n\", \"9\")));",
                "        System.out.println(model.stack().bottom().weights().columns() + \" \"",
                "                + Data.toIndArray(new double[][] {{1, 0}}).meanNumber());",
                "    }",
                "}");
        Path classes = compile("WithArrays", program);
        List<Path> jdks = new ArrayList<>(List.of(javaHome()));
        jdks.addAll(newerJdks());
        for (Path jdk : jdks) {
            Result r = java(jdk, guide().jvmFlags(), classes, "WithArrays", Files.createTempDirectory(tmp, "run"));
            assertThat(r.stdout()).as(jdk.toString()).containsExactly("4 0.5");
            assertThat(r.stderr()).as(jdk + ": stderr").containsExactly(INCUBATOR);
        }
    }

    /** @return the page's first four code blocks, which must carry this test's marker */
    static Guide guide() {
        List<String> lines;
        try {
            lines = Files.readAllLines(GUIDE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<List<String>> blocks = new ArrayList<>();
        String lastText = null;
        for (int i = 0; i < lines.size() && blocks.size() < 4; i++) {
            String l = lines.get(i).strip();
            if (!l.startsWith("```")) {
                if (!l.isEmpty()) {
                    lastText = l;
                }
                continue;
            }
            assertThat(lastText).as("docs/library.md:" + (i + 1) + ": the marker above block " + (blocks.size() + 1))
                    .startsWith(MARKER);
            if (blocks.isEmpty()) {
                assertThat(l).as("the page opens with a Java program").isEqualTo("```java");
            }
            List<String> body = new ArrayList<>();
            for (i++; i < lines.size() && !lines.get(i).strip().startsWith("```"); i++) {
                body.add(lines.get(i));
            }
            blocks.add(body);
            lastText = null;
        }
        assertThat(blocks).as("code blocks marked run by LibraryGuideTest").hasSize(4);
        return new Guide(blocks.get(0), blocks.get(1), blocks.get(2), blocks.get(3));
    }

    /**
     * @param program a Java source with one {@code main} method
     * @return the statements in main's body: its semicolons outside strings, characters and comments
     */
    static int statements(List<String> program) {
        String text = String.join("\n", program);
        int start = text.indexOf('{', text.indexOf("void main("));
        int depth = 0;
        int count = 0;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                int j = i + 1;
                while (text.charAt(j) != c) {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                i = j;
            } else if (c == '/' && text.charAt(i + 1) == '/') {
                i = text.indexOf('\n', i);
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return count;
            } else if (c == ';') {
                count++;
            }
        }
        throw new AssertionError("main's body does not end");
    }

    @Test
    void statementsAreCountedOutsideStringsAndComments() {
        assertThat(statements(List.of("class A {", "  public static void main(String[] a) {", "    int x = 1; // a; b;",
                "    String s = \"{;}\";", "    if (x > 0) { x++; }", "  }", "  void f() { int y; }", "}"))).isEqualTo(3);
    }

    /** What a JVM printed. */
    record Result(List<String> stdout, List<String> stderr) {
    }

    private Path compile(String className, List<String> source) throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src-" + className)).resolve(className + ".java");
        Files.write(src, source);
        Path out = Files.createDirectories(tmp.resolve("classes-" + className));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = javac.run(null, err, err, "--release", "17", "-d", out.toString(), "-cp",
                System.getProperty("java.class.path"), src.toString());
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return out;
    }

    /**
     * Runs a program in a JVM of its own, with only the given flags (and SLF4J's simple binding of the
     * test class path at warn level, as the pom's slf4j-nop would be silent).
     */
    private static Result java(Path javaHome, List<String> flags, Path classes, String main, Path dir) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaHome.resolve("bin/java").toString());
        cmd.addAll(flags);
        cmd.addAll(List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp",
                classes + java.io.File.pathSeparator + System.getProperty("java.class.path"), main));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        for (String v : List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")) {
            pb.environment().remove(v); // only the flags under test
        }
        Path out = dir.resolve(".stdout");
        Path err = dir.resolve(".stderr");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).as(main + " finished").isTrue();
        List<String> stderr = Files.readAllLines(err);
        assertThat(p.exitValue()).as(javaHome + ": " + main + "\n" + String.join("\n", stderr)).isZero();
        return new Result(Files.readAllLines(out), stderr);
    }

    private static Path javaHome() {
        return Path.of(System.getProperty("java.home"));
    }

    /**
     * @return the installed JDKs of version 24 and later other than this one, where the flags matter:
     *     the java home in {@code RBM_JDK25} if set, and every one under /usr/lib/jvm
     */
    static List<Path> newerJdks() {
        List<Path> candidates = new ArrayList<>();
        String given = System.getenv("RBM_JDK25");
        if (given != null && !given.isBlank()) {
            candidates.add(Path.of(given));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> s = Files.list(jvms)) {
                s.sorted().forEach(candidates::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<Path> out = new ArrayList<>();
        for (Path c : candidates) {
            try {
                Path home = c.toRealPath();
                if (majorVersion(home) >= 24 && !home.equals(javaHome().toRealPath()) && !out.contains(home)
                        && Files.isExecutable(home.resolve("bin/java"))) {
                    out.add(home);
                }
            } catch (IOException e) {
                // not a JDK
            }
        }
        return out;
    }

    /** @return the major version in a java home's {@code release} file, or 0 without one */
    static int majorVersion(Path home) throws IOException {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return 0;
        }
        Matcher m = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)").matcher(Files.readString(release));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    @Test
    void theVersionOfAJavaHomeComesFromItsReleaseFile() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("jdk"));
        assertThat(majorVersion(home)).isZero();
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"25.0.3\"\n");
        assertThat(majorVersion(home)).isEqualTo(25);
        assertThat(majorVersion(javaHome())).isEqualTo(Runtime.version().feature());
    }
}
