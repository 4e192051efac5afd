package dev.rbmsuite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module graph as docs/architecture.md documents it, checked against the POMs and the sources
 * of every module (main and test).
 *
 * <p>The table between the comments {@code module-graph:begin} and {@code module-graph:end} in
 * docs/architecture.md is the single source: column "depends on" must equal the suite modules each
 * module's pom.xml declares, column "may depend on" is the documented direction (the edges allowed
 * at all; it must be acyclic), and every module of the parent pom has a row. Every import of a suite
 * class from another module must be a declared edge. The dependency analysis bound in the parent pom
 * (maven-dependency-plugin analyze-only) then makes the declared edges equal to what the compiled
 * classes use. Besides, plots renders plain series to bytes: it imports no other suite module and
 * touches no files (generic I/O is core.io).
 *
 * <p>It lives in core, the module every build compiles first, because it reads only text files:
 * {@code mvn -B -q -o -pl core test -Dtest=ModuleGraphTest -Dsurefire.failIfNoSpecifiedTests=false}
 * checks the whole graph in seconds. On a failure, either fix the edge (move the class, declare the
 * dependency) or, if the new edge is intended and follows the direction, update the table.
 */
class ModuleGraphTest {
    private static final Path ROOT = RepositoryFiles.root();
    private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
    private static final Pattern ARTIFACT = Pattern.compile("<artifactId>\\s*([^<\\s]+)\\s*</artifactId>");
    private static final Pattern GROUP = Pattern.compile("<groupId>\\s*([^<\\s]+)\\s*</groupId>");
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?(dev\\.rbmsuite\\.[\\w.]+(\\.\\*)?)\\s*;",
            Pattern.MULTILINE);
    private static final String SUITE_GROUP = "dev.rbmsuite";

    /** One row of the documented table. */
    private record Row(Set<String> dependsOn, Set<String> mayDependOn) {
    }

    @Test
    void everyModuleHasARowAndTheDocumentedDirectionIsAcyclic() {
        Map<String, Row> graph = documentedGraph();
        List<String> problems = new ArrayList<>();
        for (String module : modules()) {
            if (!graph.containsKey(module)) {
                problems.add("module " + module + " of the parent pom.xml has no row");
            }
        }
        for (String module : graph.keySet()) {
            if (!modules().contains(module)) {
                problems.add("row " + module + " is no module of the parent pom.xml");
            }
        }
        graph.forEach((module, row) -> {
            for (String m : row.mayDependOn()) {
                if (!graph.containsKey(m)) {
                    problems.add(module + ": \"may depend on\" names " + m + ", which is no module");
                }
            }
            if (!row.mayDependOn().containsAll(row.dependsOn())) {
                Set<String> against = new TreeSet<>(row.dependsOn());
                against.removeAll(row.mayDependOn());
                problems.add(module + " depends on " + against + " against the documented direction (\"may depend on\")");
            }
        });
        String cycle = cycle(graph);
        if (cycle != null) {
            problems.add("the documented direction has a cycle: " + cycle);
        }
        assertThat(problems).as("docs/architecture.md, module-graph table").isEmpty();
    }

    @Test
    void eachPomDeclaresExactlyTheDocumentedSuiteModules() {
        Map<String, Row> graph = documentedGraph();
        Map<String, String> moduleOfArtifact = moduleOfArtifact();
        List<String> problems = new ArrayList<>();
        for (String module : modules()) {
            Set<String> declared = new TreeSet<>();
            for (String artifact : suiteDependencies(module)) {
                String target = moduleOfArtifact.get(artifact);
                declared.add(target == null ? artifact : target);
            }
            Set<String> documented = graph.containsKey(module) ? new TreeSet<>(graph.get(module).dependsOn()) : Set.of();
            if (!declared.equals(documented)) {
                problems.add(module + "/pom.xml declares " + declared + " but docs/architecture.md says it depends on "
                        + documented);
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everyImportOfAnotherModuleIsADocumentedEdge() {
        Map<String, Row> graph = documentedGraph();
        List<String> problems = new ArrayList<>();
        for (String module : modules()) {
            Set<String> allowed = graph.containsKey(module) ? graph.get(module).dependsOn() : Set.of();
            for (Path file : javaFiles(ROOT.resolve(module).resolve("src"))) {
                String text = RepositoryFiles.read(file);
                Matcher m = IMPORT.matcher(text);
                while (m.find()) {
                    String owner = owningModule(m.group(2), m.group(1) != null, module);
                    if (owner != null && !owner.equals(module) && !allowed.contains(owner)) {
                        int line = 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count();
                        problems.add(ROOT.relativize(file) + ":" + line + " imports " + m.group(2) + " from module "
                                + owner + ", but " + module + " depends only on " + new TreeSet<>(allowed));
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void plotsKnowsXChartAndPlainSeriesOnlyAndWritesNoFiles() {
        List<String> problems = new ArrayList<>();
        for (Path file : javaFiles(ROOT.resolve("plots/src/main/java"))) {
            String[] lines = RepositoryFiles.read(file).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                if (line.contains("java.nio.file") || line.contains("java.io.File") || line.contains("org.apache.commons.csv")
                        || line.contains("com.fasterxml.jackson") || line.matches(".*\\bFiles\\.\\w+\\(.*")) {
                    problems.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + line.strip());
                }
            }
        }
        assertThat(problems).as("plots renders to bytes; files, CSV and manifests belong to core.io").isEmpty();
    }

    /** @return the module owning the imported class, or null for a class of no module (or the importer's own) */
    private static String owningModule(String imported, boolean isStatic, String importer) {
        String name = imported.endsWith(".*") ? imported.substring(0, imported.length() - 2) : imported;
        List<String> candidates = new ArrayList<>();
        candidates.add(name);
        for (int cut = name.lastIndexOf('.'); cut > 0; cut = name.lastIndexOf('.', cut - 1)) {
            candidates.add(name.substring(0, cut));
        }
        // the importer's own classes (main or test) first, then the main and test sources of the others
        List<String> order = new ArrayList<>();
        order.add(importer);
        for (String m : modules()) {
            if (!m.equals(importer)) {
                order.add(m);
            }
        }
        for (String candidate : candidates) {
            String relative = candidate.replace('.', '/');
            for (String module : order) {
                for (String set : List.of("main", "test")) {
                    Path base = ROOT.resolve(module).resolve("src").resolve(set).resolve("java");
                    if (Files.isRegularFile(base.resolve(relative + ".java"))
                            || (imported.endsWith(".*") && !isStatic && candidate.equals(name)
                                    && Files.isDirectory(base.resolve(relative)))) {
                        return module;
                    }
                }
            }
        }
        return null;
    }

    private static Map<String, Row> documentedGraph() {
        String doc = RepositoryFiles.read(ROOT.resolve("docs/architecture.md"));
        int begin = doc.indexOf("<!-- module-graph:begin");
        int end = doc.indexOf("<!-- module-graph:end");
        assertThat(begin).as("docs/architecture.md has a module-graph table between markers").isGreaterThanOrEqualTo(0);
        assertThat(end).isGreaterThan(begin);
        Map<String, Row> graph = new LinkedHashMap<>();
        for (String line : doc.substring(begin, end).split("\n")) {
            String[] cells = line.strip().split("\\|", -1);
            if (cells.length < 5 || !cells[1].strip().startsWith("`")) {
                continue; // header, separator, text
            }
            graph.put(names(cells[1]).iterator().next(), new Row(names(cells[2]), names(cells[3])));
        }
        return graph;
    }

    /** @return the back-quoted names in a table cell ("—" for none) */
    private static Set<String> names(String cell) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile("`([\\w-]+)`").matcher(cell);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static String cycle(Map<String, Row> graph) {
        Map<String, Integer> state = new LinkedHashMap<>();
        for (String start : graph.keySet()) {
            List<String> path = new ArrayList<>();
            String found = visit(start, graph, state, path);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static String visit(String node, Map<String, Row> graph, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) {
            return null;
        }
        path.add(node);
        if (s != null && s == 1) {
            return String.join(" -> ", path.subList(path.indexOf(node), path.size()));
        }
        state.put(node, 1);
        Row row = graph.get(node);
        for (String next : row == null ? Set.<String>of() : row.mayDependOn()) {
            String found = visit(next, graph, state, path);
            if (found != null) {
                return found;
            }
        }
        state.put(node, 2);
        path.remove(path.size() - 1);
        return null;
    }

    private static List<String> modules() {
        List<String> out = new ArrayList<>();
        Matcher m = MODULE.matcher(RepositoryFiles.read(ROOT.resolve("pom.xml")));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static Map<String, String> moduleOfArtifact() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String module : modules()) {
            String pom = withoutComments(RepositoryFiles.read(ROOT.resolve(module).resolve("pom.xml")));
            int parentEnd = pom.indexOf("</parent>");
            Matcher m = ARTIFACT.matcher(pom);
            if (m.find(parentEnd < 0 ? 0 : parentEnd)) {
                out.put(m.group(1), module);
            }
        }
        return out;
    }

    /** @return the artifactIds of the suite's own modules that this module's pom declares (any scope) */
    private static Set<String> suiteDependencies(String module) {
        String pom = withoutComments(RepositoryFiles.read(ROOT.resolve(module).resolve("pom.xml")));
        int start = pom.indexOf("<dependencies>");
        int mgmt = pom.indexOf("<dependencyManagement>");
        Set<String> out = new TreeSet<>();
        if (start < 0) {
            return out;
        }
        if (mgmt >= 0 && mgmt < start) {
            start = pom.indexOf("<dependencies>", pom.indexOf("</dependencyManagement>"));
            if (start < 0) {
                return out;
            }
        }
        String section = pom.substring(start, pom.indexOf("</dependencies>", start));
        Matcher d = DEPENDENCY.matcher(section);
        while (d.find()) {
            Matcher g = GROUP.matcher(d.group(1));
            Matcher a = ARTIFACT.matcher(d.group(1));
            if (g.find() && a.find() && (g.group(1).equals(SUITE_GROUP) || g.group(1).equals("${project.groupId}"))) {
                out.add(a.group(1));
            }
        }
        return out;
    }

    private static String withoutComments(String xml) {
        return xml.replaceAll("(?s)<!--.*?-->", "");
    }

    private static List<Path> javaFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
