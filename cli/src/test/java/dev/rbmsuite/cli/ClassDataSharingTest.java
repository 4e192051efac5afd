package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data-sharing archive, as the {@code rbm} script uses it: with the launcher's
 * 64-byte object alignment the JDK's own base archive cannot be mapped, so a base archive for that
 * alignment is written first ({@code -Xshare:dump}); a command's first run records the classes it
 * loaded on top of it ({@code -XX:ArchiveClassesAtExit}), later runs map both
 * ({@code -XX:SharedArchiveFile=BASE:TOP}). Both runs must behave as the command does without an
 * archive, and the later one must really map the command's classes from the archive.
 * JDK 17 wrote such archives at exit and crashed there (SIGSEGV in
 * {@code SystemDictionaryShared::adjust_lambda_proxy_class_dictionary}) when the command line held
 * two method references to one method; every user's first run of every command after a build then
 * ended with a JVM crash report, and no other test ran that path. Archives take classes only from
 * jars, so the folders of classes go into jars first, as in the launcher.
 */
class ClassDataSharingTest {
    @TempDir
    Path dir;

    @Test
    void aCommandRecordsItsArchiveAtExitAndThenRunsFromIt() throws Exception {
        String classPath = classPathWithTheCommandLineInAJar();
        Path base = dir.resolve("base.jsa");
        Path archive = dir.resolve("init.jsa");
        Result dump = run(classPath, List.of("-Xshare:dump", "-XX:SharedArchiveFile=" + base), null);
        assertThat(dump.code).as("exit status of the base archive's dump; output:%n%s", dump.output).isZero();
        assertThat(base).as("the base archive for the launcher's alignment").exists();
        Result first = run(classPath, List.of("-XX:SharedArchiveFile=" + base, "-XX:ArchiveClassesAtExit=" + archive),
                dir.resolve("m1"));
        assertThat(first.output).as("the recording run's output").doesNotContain("fatal error", "SIGSEGV");
        assertThat(first.code).as("exit status of the recording run; output:%n%s", first.output).isZero();
        assertThat(Files.exists(dir.resolve("m1").resolve("manifest.json"))).isTrue();
        assertThat(archive).as("the archive written at exit").exists();
        Path classes = dir.resolve("classes.log");
        Result second = run(classPath, List.of("-XX:SharedArchiveFile=" + base + File.pathSeparator + archive,
                "-Xlog:class+load=info:file=" + classes), dir.resolve("m2"));
        assertThat(second.code).as("exit status of the run from the archive; output:%n%s", second.output).isZero();
        assertThat(Files.readString(classes)).as("the command's classes mapped from its archive")
                .contains(Main.class.getName() + " source: shared objects file (top)");
        assertThat(Files.readAllBytes(dir.resolve("m2").resolve("layer0").resolve("W.npy")))
                .as("the same model with and without the archive")
                .isEqualTo(Files.readAllBytes(dir.resolve("m1").resolve("layer0").resolve("W.npy")));
    }

    private record Result(int code, String output) {
    }

    /**
     * Runs {@code rbm init} into {@code out} in a fresh JVM with the launcher's object alignment and the
     * given class-data-sharing flags, or with out null only the JVM (a dump of a base archive).
     */
    private Result run(String classPath, List<String> cdsFlags, Path out) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (out != null) {
            cmd.add("--add-modules");
            cmd.add("jdk.incubator.vector");
        }
        cmd.add("-Xmx256m");
        cmd.add("-XX:ObjectAlignmentInBytes=64");
        cmd.addAll(cdsFlags);
        cmd.add("-Xlog:cds=off");
        cmd.add("-Xlog:cds+dynamic=off");
        if (out != null) {
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(Main.class.getName());
            cmd.addAll(List.of("init", "--out", out.toString(), "--visible", "5", "--hidden", "3", "--seed", "4"));
        }
        // a crash report goes to the test's folder, not the module's
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the JVM finished").isTrue();
        return new Result(p.exitValue(), output);
    }

    /**
     * The test class path with every folder of classes (this module's and, in a reactor build, the
     * other modules') replaced by a jar of it: a dynamic archive is refused for a class path with a
     * non-empty folder on it.
     */
    private String classPathWithTheCommandLineInAJar() throws IOException {
        String full = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> parts = new ArrayList<>();
        for (String e : full.split(File.pathSeparator)) {
            if (e.isEmpty()) {
                continue;
            }
            Path p = Path.of(e);
            parts.add(Files.isDirectory(p) ? jarOf(p, dir.resolve("classes-" + parts.size() + ".jar")).toString() : e);
        }
        return String.join(File.pathSeparator, parts);
    }

    private static Path jarOf(Path classes, Path jar) throws IOException {
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return jar;
    }
}
