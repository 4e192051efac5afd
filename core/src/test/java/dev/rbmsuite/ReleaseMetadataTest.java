package dev.rbmsuite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a release needs, read from the repository's text files (like {@code ModuleGraphTest}, so it
 * runs in seconds from core): the licence and the data's attribution, one release version in every
 * POM, the metadata Maven Central requires, the reproducible-build timestamp, the release profile,
 * a bill of materials that lists exactly the published library modules, and a CHANGELOG entry for
 * the version.
 */
class ReleaseMetadataTest {
    private static final Path ROOT = RepositoryFiles.root();
    private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
    /** Modules that are built but not published as libraries (and so not in the BOM). */
    private static final Set<String> NOT_IN_BOM = Set.of("benchmarks", "examples", "bom", "rbm-kernel-archetype");

    @Test
    void theLicenceAndTheDataAttributionAreThere() {
        String licence = RepositoryFiles.read(ROOT.resolve("LICENSE"));
        assertThat(licence).contains("Apache License", "Version 2.0, January 2004", "END OF TERMS AND CONDITIONS");
        String notice = RepositoryFiles.read(ROOT.resolve("NOTICE"));
        assertThat(notice).contains("Apache License, Version 2.0", "CC BY 4.0");
        // every bundled data file is attributed
        try (Stream<Path> files = Files.list(ROOT.resolve("datasets/src/main/resources/dev/rbmsuite/datasets/uci"))) {
            files.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".md"))
                    .forEach(n -> assertThat(notice).as("NOTICE attributes " + n).contains(n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyPomHasTheReleaseVersionAndInheritsTheMetadata() {
        String parent = RepositoryFiles.read(ROOT.resolve("pom.xml"));
        String version = version(parent);
        assertThat(version).as("the release version").matches("\\d+\\.\\d+\\.\\d+");
        for (String tag : List.of("<url>", "<licenses>", "<developers>", "<scm>", "<description>", "<name>")) {
            assertThat(parent).as("the parent pom's " + tag).contains(tag);
        }
        assertThat(parent).contains("<name>Apache-2.0</name>", "https://www.apache.org/licenses/LICENSE-2.0.txt");
        assertThat(parent).containsPattern("<project.build.outputTimestamp>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ<");
        assertThat(parent).contains("<id>release</id>", "maven-gpg-plugin", "central-publishing-maven-plugin");
        assertThat(parent).as("the jars' manifests name the licence").contains("<Bundle-License>Apache-2.0</Bundle-License>");
        List<String> problems = new ArrayList<>();
        for (String module : modules()) {
            String pom = RepositoryFiles.read(ROOT.resolve(module).resolve("pom.xml"));
            if (pom.contains("SNAPSHOT")) {
                problems.add(module + "/pom.xml names a SNAPSHOT");
            }
            if (!module.equals("bom") && !pom.contains("<parent>")) {
                problems.add(module + "/pom.xml has no parent, so it inherits no licence or metadata");
            }
            if (!pom.contains("<version>" + version + "</version>")) {
                problems.add(module + "/pom.xml does not name version " + version);
            }
            if (!pom.contains("<description>")) {
                problems.add(module + "/pom.xml has no description");
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theBomListsExactlyThePublishedLibrariesAndRepeatsTheMetadata() {
        String parent = RepositoryFiles.read(ROOT.resolve("pom.xml"));
        String bom = RepositoryFiles.read(ROOT.resolve("bom/pom.xml"));
        assertThat(version(bom)).isEqualTo(version(parent));
        Set<String> expected = new TreeSet<>();
        for (String module : modules()) {
            if (!NOT_IN_BOM.contains(module)) {
                expected.add(artifactId(RepositoryFiles.read(ROOT.resolve(module).resolve("pom.xml"))));
            }
        }
        Set<String> listed = new TreeSet<>();
        Matcher m = Pattern.compile("<artifactId>(rbm-[\\w-]+)</artifactId>").matcher(
                bom.substring(bom.indexOf("<dependencyManagement>")));
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertThat(listed).isEqualTo(expected);
        String url = property(parent, "rbm.project.url");
        assertThat(bom).contains("<url>" + url + "</url>", "<name>Apache-2.0</name>",
                "<project.build.outputTimestamp>" + property(parent, "project.build.outputTimestamp") + "<",
                "<id>release</id>", "maven-gpg-plugin", "central-publishing-maven-plugin", "<developers>");
    }

    @Test
    void theChangelogHasAnEntryForTheVersion() {
        String version = version(RepositoryFiles.read(ROOT.resolve("pom.xml")));
        String changelog = RepositoryFiles.read(ROOT.resolve("CHANGELOG.md"));
        assertThat(changelog).contains("Keep a Changelog").containsPattern("(?m)^## \\[" + Pattern.quote(version)
                + "\\] - \\d{4}-\\d\\d-\\d\\d$");
    }

    /** @return the version of a pom without a parent (the root and the bom): its first version element */
    private static String version(String pom) {
        assertThat(pom).doesNotContain("<parent>");
        Matcher m = Pattern.compile("<version>([^<]+)</version>").matcher(pom);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String artifactId(String pom) {
        String rest = pom.contains("</parent>") ? pom.substring(pom.indexOf("</parent>")) : pom;
        Matcher m = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(rest);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertThat(m.find()).as("property " + name).isTrue();
        return m.group(1);
    }

    private static List<String> modules() {
        List<String> out = new ArrayList<>();
        Matcher m = MODULE.matcher(RepositoryFiles.read(ROOT.resolve("pom.xml")));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
