package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.kernels.KernelFactory;
import dev.rbmsuite.kernels.NamedKernelFactory;
import dev.rbmsuite.kernels.TransitionKernel;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, case 9: broken kernel plug-ins through the command line, each a jar on the class path of
 * a real {@code rbm} JVM (as {@code RBM_PLUGINS} puts it there). A broken plug-in is left out with one
 * warning naming its jar and its problem, the built-in kernels keep working (exit 0), and asking for
 * its kernel is exit 2 with the same problem; two kernels of one name are refused (exit 2) naming both
 * jars. Before, each of these was "internal error" (exit 1) even for {@code --kernel bgs}, a null name
 * a bare NullPointerException, and a jar that is not a zip file was silently ignored.
 */
class PluginFailuresTest {
    @TempDir
    static Path dir;

    /** A factory whose constructor throws. */
    public static final class Throwing extends Named {
        public Throwing() {
            throw new IllegalStateException("no licence server");
        }
    }

    /** A factory whose name is null. */
    public static final class NullName extends Named {
        public NullName() {
            super(null);
        }
    }

    /** A factory whose name is malformed. */
    public static final class BadName extends Named {
        public BadName() {
            super("Bad Name");
        }
    }

    /** A factory named like a built-in kernel. */
    public static final class Clash extends Named {
        public Clash() {
            super("bgs");
        }
    }

    /** A sound plug-in, named "twin". */
    public static final class Twin extends Named {
    }

    /** Another factory named "twin", in another jar. */
    public static final class TwinToo extends Named {
    }

    /** A class that is not a factory. */
    public static final class NotAFactory {
    }

    /** A minimal factory named "twin" that never creates a kernel (the tests only load it). */
    public abstract static class Named extends NamedKernelFactory {
        Named() {
            this("twin");
        }

        Named(String name) {
            super(name, false, "a test plug-in");
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            throw new UnsupportedOperationException();
        }
    }

    @BeforeAll
    static void model() {
        Cli.Result r = Cli.run("init", "--visible", "4", "--hidden", "3", "--out", dir.resolve("m").toString());
        assertThat(r.code()).as(r.err()).isZero();
    }

    /** @return a jar holding only a services file naming the classes (they come from the test class path) */
    private static Path jar(String name, String... classes) throws IOException {
        Path jar = dir.resolve(name + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + KernelFactory.class.getName()));
            out.write((String.join("\n", classes) + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    private record Run(int code, List<String> err) {
    }

    /** Runs the command line in its own JVM with the jars on its class path. */
    private static Run rbm(List<Path> jars, String... args) throws Exception {
        StringBuilder cp = new StringBuilder(System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")));
        jars.forEach(j -> cp.append(File.pathSeparator).append(j));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-Xmx256m", "-cp", cp.toString(), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), err.lines().filter(l -> !l.startsWith("WARNING: Using incubator")).toList());
    }

    private static String[] sample(String kernel, String out) {
        return new String[] {"sample", "--model", dir.resolve("m").toString(), "--kernel", kernel, "--chains", "3",
            "--steps", "2", "--out", dir.resolve(out).toString()};
    }

    @Test
    void aBrokenPlugInIsLeftOutWithOneWarningNamingItsJarAndBgsStillWorks() throws Exception {
        Path notZip = Files.writeString(dir.resolve("notzip.jar"), "this is not a zip file\n");
        Object[][] cases = {
            {jar("missing", "com.example.Missing"), "names the class com.example.Missing, which is not on the class path"},
            {jar("throwing", Throwing.class.getName()), "threw java.lang.IllegalStateException: no licence server"},
            {jar("nullname", NullName.class.getName()), "malformed kernel name null"},
            {jar("badname", BadName.class.getName()), "malformed kernel name 'Bad Name'"},
            {jar("notfactory", NotAFactory.class.getName()), "does not implement " + KernelFactory.class.getName()},
            {notZip, "not a jar (zip) file"},
        };
        int i = 0;
        for (Object[] c : cases) {
            Path jar = (Path) c[0];
            String problem = (String) c[1];
            String out = "bgs-" + i++ + ".csv";
            Run ok = rbm(List.of(jar), sample("bgs", out));
            assertThat(ok.code()).as("%s: %s", jar, ok.err()).isZero();
            assertThat(ok.err()).as("%s", jar).filteredOn(l -> l.startsWith("rbm: warning: ")).singleElement()
                    .asString().contains(jar.toString()).contains(problem).doesNotContain("Exception:\tat");
            assertThat(dir.resolve(out)).exists();
            assertThat(ok.err()).noneMatch(l -> l.contains("internal error") || l.startsWith("\tat "));
        }
        // asking for the kernel of a broken plug-in: exit 2, the error line names the jar and the problem
        Path throwing = dir.resolve("throwing.jar");
        Run asked = rbm(List.of(throwing), sample("twin", "twin.csv"));
        assertThat(asked.code()).isEqualTo(2);
        assertThat(asked.err().get(asked.err().size() - 1)).startsWith("rbm: ").contains("unknown kernel 'twin'")
                .contains(throwing.toString()).contains("no licence server");
        assertThat(dir.resolve("twin.csv")).doesNotExist();
    }

    @Test
    void twoKernelsOfOneNameAreRefusedNamingBothJars() throws Exception {
        Path clash = jar("clash", Clash.class.getName());
        Run r = rbm(List.of(clash), sample("bgs", "clash.csv"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).singleElement().asString().startsWith("rbm: kernel plug-ins: two kernels are named 'bgs'")
                .contains("kernels").contains(clash.toString()).contains(Clash.class.getName());
        Path one = jar("twin1", Twin.class.getName());
        Path two = jar("twin2", TwinToo.class.getName());
        Run twins = rbm(List.of(one, two), "kernels");
        assertThat(twins.code()).isEqualTo(2);
        assertThat(twins.err()).singleElement().asString().contains("'twin'").contains(one.toString())
                .contains(two.toString());
        // the same jar twice on the class path is one plug-in, not a clash
        Run same = rbm(List.of(one, one), "kernels");
        assertThat(same.code()).as("%s", same.err()).isZero();
        assertThat(same.err()).noneMatch(l -> l.startsWith("rbm: warning: "));
        assertThat(dir.resolve("clash.csv")).doesNotExist();
    }

    /** @return a folder of classes whose services file names the classes */
    private static Path folder(String name, String... classes) throws IOException {
        Path services = Files.createDirectories(dir.resolve(name).resolve("META-INF/services"));
        Files.writeString(services.resolve(KernelFactory.class.getName()), String.join("\n", classes) + "\n");
        return dir.resolve(name);
    }

    /**
     * Issue 28 follow-up: plug-ins that were ignored without a word now give the one warning: a services
     * entry that is a folder (in a jar, or in a folder of classes), and one class named by a folder and
     * a jar of RBM_PLUGINS (loaded once, from the first: the other copy is not used).
     */
    @Test
    void aServicesFolderAndAClassInTwoPlugInsAreWarnedAbout() throws Exception {
        Path jarWithFolder = dir.resolve("servicesfolder.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jarWithFolder))) {
            out.putNextEntry(new JarEntry("META-INF/services/" + KernelFactory.class.getName() + "/"));
            out.closeEntry();
            out.putNextEntry(new JarEntry("META-INF/services/" + KernelFactory.class.getName() + "/" + Twin.class.getName()));
            out.closeEntry();
        }
        Path folderWithFolder = dir.resolve("servicesdir");
        Files.createDirectories(folderWithFolder.resolve("META-INF/services/" + KernelFactory.class.getName()));
        Files.writeString(folderWithFolder.resolve("META-INF/services/" + KernelFactory.class.getName() + "/README"), "x");
        int i = 0;
        for (Path plugin : List.of(jarWithFolder, folderWithFolder)) {
            String out = "sf-" + i++ + ".csv";
            Run ok = rbm(List.of(plugin), sample("bgs", out));
            assertThat(ok.code()).as("%s: %s", plugin, ok.err()).isZero();
            assertThat(ok.err()).as("%s", plugin).filteredOn(l -> l.startsWith("rbm: warning: ")).singleElement()
                    .asString().contains(plugin.toString()).contains("is a folder, not the services file");
            assertThat(dir.resolve(out)).exists();
        }
        Path classes = folder("twinfolder", Twin.class.getName());
        Path jar = jar("twinjar", Twin.class.getName());
        Run both = rbm(List.of(classes, jar), "kernels");
        assertThat(both.code()).as("%s", both.err()).isZero();
        assertThat(both.err()).filteredOn(l -> l.startsWith("rbm: warning: ")).singleElement().asString()
                .contains(jar.toString()).contains("names the class " + Twin.class.getName() + ", which " + classes)
                .contains("ignored");
    }

    /**
     * Issue 28 follow-up: a plug-in jar at a path that is not valid UTF-8 (which the JVM reads as
     * U+FFFD and so cannot open) was silently not installed; now one warning, and exit 2 naming the
     * problem where its kernel is asked for. Through a JVM given the raw bytes, as the launcher gives them.
     */
    @Test
    void aPlugInAtAPathThatIsNotUtf8IsWarnedAbout() throws Exception {
        Path jar = jar("bytes", Twin.class.getName());
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process mv = new ProcessBuilder("/bin/bash", "-c", "mv \"$0\" \"$1\"/$'p\\xff.jar'", jar.toString(),
                dir.toString()).start();
        assertThat(mv.waitFor()).isZero();
        String[][] cases = {{"bgs", "0"}, {"twin", "2"}};
        for (String[] c : cases) {
            String out = dir.resolve("u-" + c[0] + ".csv").toString();
            ProcessBuilder pb = new ProcessBuilder("/bin/bash", "-c", "exec \"$0\" --add-modules jdk.incubator.vector -Xmx256m "
                    + "-cp \"$1:$2/\"$'p\\xff.jar' " + Main.class.getName() + " sample --model \"$2/m\" --kernel " + c[0]
                    + " --chains 3 --steps 2 --out \"$3\"", javaBin, cp, dir.toString(), out)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("LC_ALL", "C.UTF-8"); // as the launcher runs the JVM
            Process p = pb.start();
            p.getOutputStream().close();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            List<String> lines = err.lines().filter(l -> !l.startsWith("WARNING: Using incubator")).toList();
            assertThat(p.exitValue()).as(err).isEqualTo(Integer.parseInt(c[1]));
            assertThat(lines).as(c[0]).filteredOn(l -> l.startsWith("rbm: warning: ")).singleElement().asString()
                    .contains(dir.resolve("p?.jar").toString()).contains("not valid UTF-8");
            if (c[0].equals("twin")) {
                assertThat(lines.get(lines.size() - 1)).startsWith("rbm: ").contains("unknown kernel 'twin'")
                        .contains("not valid UTF-8");
                assertThat(Path.of(out)).doesNotExist();
            }
        }
    }

}
