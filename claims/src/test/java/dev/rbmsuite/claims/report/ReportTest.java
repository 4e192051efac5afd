package dev.rbmsuite.claims.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.ClaimEngine;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.DecisionJson;
import dev.rbmsuite.claims.Design;
import dev.rbmsuite.claims.PaperQuote;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.io.CsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report from hand-made figure manifests: figures in the paper's order whatever the folder
 * names sort as, the summary's counts per kind and verdict, the paper's claims under their quote,
 * a reason shared by many rows stated once, claims.csv with one row per claim in report order,
 * compute times formatted by size, and Markdown cells escaped (the gallery: GalleryTest).
 */
class ReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PaperQuote Q = new PaperQuote("Sec. 5.2, Learning", "The kernel is | better.");

    @TempDir
    Path tmp;

    private static ObjectNode decision(String figure, String id, boolean paper, Verdict v, String reason) {
        Claim.Builder b = Claim.builder(figure, id).statement("statement of " + id).statistic("stat");
        if (paper) {
            b.paper(Q);
        }
        Claim c = reason.isEmpty() ? b.oneSample(new double[] {1, 2, 3}).build() : b.missing(Design.PAIRED, reason).build();
        boolean interval = reason.isEmpty();
        return DecisionJson.of(new Decision(c, interval ? "3" : "0", interval ? 2 : Double.NaN, interval ? 1 : Double.NaN,
                interval ? 3 : Double.NaN, v, reason));
    }

    private static ObjectNode manifest(String figure, String scale, Double compute, ObjectNode... claims) {
        ObjectNode m = JSON.createObjectNode();
        m.put("figure", figure);
        m.put("title", "Title of " + figure);
        m.put("caption", "Caption <of> " + figure + " & more");
        m.put("scale", scale);
        m.put("seed", 7);
        if (compute == null) {
            m.putNull("computeSeconds");
        } else {
            m.put("computeSeconds", compute);
        }
        ArrayNode files = m.putArray("files");
        files.add(figure + ".png");
        files.add(figure + ".svg");
        files.add(figure + "-trials.csv");
        ArrayNode cs = m.putArray("claims");
        for (ObjectNode c : claims) {
            cs.add(c);
        }
        m.putArray("notes").add("a finding of " + figure);
        return m;
    }

    private void write(Path root, ObjectNode m) throws Exception {
        Path dir = Files.createDirectories(root.resolve(m.path("figure").asText()));
        Files.writeString(dir.resolve("manifest.json"), m.toString());
    }

    @Test
    void manifestsComeInThePaperOrderAndOnlyFigureManifestsCount() throws Exception {
        Path root = tmp.resolve("r");
        for (String id : List.of("lambda2", "fig10", "fig9", "fig2")) {
            write(root, manifest(id, "quick", 1.0));
        }
        // a model folder's manifest and a folder without one are not figures
        Files.createDirectories(root.resolve("fig3"));
        Files.writeString(root.resolve("fig3/manifest.json"), "{\"format\":\"rbm-stack\"}");
        Files.createDirectories(root.resolve("training"));
        Files.writeString(root.resolve("manifest.json"), "{\"format\":\"report\"}");
        assertThat(Report.manifests(root)).extracting(m -> m.path("figure").asText())
                .containsExactly("fig2", "fig9", "fig10", "lambda2");
    }

    @Test
    void writeProducesClaimsCsvWithOneRowPerClaimInReportOrder() throws Exception {
        Path root = tmp.resolve("r");
        write(root, manifest("fig7", "paper", 10.0, decision("fig7", "fig7.a", true, Verdict.HOLDS, ""),
                decision("fig7", "fig7.b", false, Verdict.DOES_NOT_HOLD, "")));
        write(root, manifest("fig2", "paper", 10.0, decision("fig2", "fig2.a", true, Verdict.INCONCLUSIVE, "r")));
        Report.write(root);
        CsvTable t = CsvTable.read(root.resolve("claims.csv"));
        assertThat(t.strings("id")).containsExactly("fig2.a", "fig7.a", "fig7.b");
        assertThat(t.strings("verdict")).containsExactly("inconclusive", "holds", "does not hold");
        assertThat(t.strings("kind")).containsExactly("paper", "paper", "beyond");
        assertThat(t.strings("quote").get(0)).isEqualTo(Q.text());
        assertThat(t.strings("effect")).containsExactly("NaN", "2.0", "2.0");
        assertThat(root.resolve("REPORT.md")).isRegularFile();
        assertThat(root.resolve("index.html")).isRegularFile();
    }

    /** Sentences quoted from other publications (a figure not of the paper's) are counted by source, not by baseline. */
    @Test
    void otherPublicationsSentencesAreNotCountedAsTheKernelsBaselines() {
        ObjectNode m = manifest("samplers", "paper", 1.0, decision("samplers", "other.a", true, Verdict.HOLDS, ""),
                decision("samplers", "other.b", true, Verdict.DOES_NOT_HOLD, ""));
        String md = Report.markdown(List.of(m));
        assertThat(md).contains("By source:").doesNotContain("Per baseline (the proposed kernel")
                .doesNotContain("Without a baseline kernel")
                .contains("- **Other publications' sentences (each quoted with its source; not about the paper's kernel)**: "
                        + "of 2 sentences, 1 holds, 1 does not hold");
        ObjectNode both = manifest("fig6", "paper", 1.0, decision("fig6", "p1", true, Verdict.HOLDS, ""));
        String mixed = Report.markdown(List.of(both, m));
        assertThat(mixed).contains("Per baseline (the proposed kernel").contains("- **Without a baseline kernel")
                .contains("- **Other publications' sentences");
        assertThat(Baselines.of("samplers", "samplers.dlp-outperforms")).isEqualTo("other");
        assertThat(Baselines.of("fig9", "fig9.rapid.iris.dt")).isEqualTo("dt");
        assertThat(Baselines.of("fig9", "fig9.rapid.iris.bgs")).isEqualTo("bgs");
    }

    @Test
    void theSummaryCountsVerdictsPerKind() {
        ObjectNode m = manifest("fig6", "paper", 90.0, decision("fig6", "p1", true, Verdict.HOLDS, ""),
                decision("fig6", "p2", true, Verdict.HOLDS, ""), decision("fig6", "p3", true, Verdict.DOES_NOT_HOLD, ""),
                decision("fig6", "b1", false, Verdict.INCONCLUSIVE, ""));
        ObjectNode none = manifest("fig1", "paper", 0.0);
        String md = Report.markdown(List.of(none, m));
        // p1, p2, p3 are each their own sentence (hand-made rows have no p-values: inconclusive after Holm)
        assertThat(md).contains("| fig6 | paper | 7 | 1.5 min | 2 / 1 / 0 / 0 / 0 | 0 / 0 / 0 / 3 / 0 | 3 | 0 / 0 / 0 / 1 / 0 |");
        assertThat(md).contains("| fig1 | paper | 7 | 0.0 s | - | - | - | - |");
        assertThat(md).contains("**All 3 tested sentences together: 2 hold, 1 does not hold, 0 are equal within the "
                + "margin, 0 are inconclusive and 0 are unmeasurable.**");
        // the headline per baseline: these sentence ids name no baseline
        assertThat(md).contains("- **Without a baseline kernel");
        assertThat(md.indexOf("## What reproduces and what does not")).isLessThan(md.indexOf("## How claims"));
        assertThat(md.indexOf("## fig1:")).isLessThan(md.indexOf("## fig6:"));
        // the opening is plain: per figure, verdicts and effects in the figure's units, no intervals or p-values
        String opening = md.substring(md.indexOf("## What reproduces"), md.indexOf("Each figure below"));
        assertThat(opening).contains("**fig6.** ").contains("**holds**").doesNotContain("95 %").doesNotContain("CI")
                .doesNotContain("[").doesNotContain("Evidence");
        assertThat(opening).contains("Intervals, margins and tests are in each figure's evidence tables below.");
        assertThat(md).contains("## How claims are decided");
    }

    @Test
    void paperClaimsStandUnderTheirQuoteAndASharedReasonIsStatedOnce() {
        ObjectNode m = manifest("fig9", "smoke", 5.0, decision("fig9", "p1", true, Verdict.INCONCLUSIVE, "rerun it"),
                decision("fig9", "p2", true, Verdict.INCONCLUSIVE, "rerun it"),
                decision("fig9", "b1", false, Verdict.HOLDS, ""));
        String md = Report.markdown(List.of(m));
        assertThat(md).contains("> " + Q.text() + "\n>\n> — " + Q.section() + "\n\n");
        assertThat(md).contains("| `p1` | statement of p1: no interval ([1] below) | stat | inconclusive |");
        assertThat(md).contains("| `p2` | statement of p2: no interval ([1] below) | stat | inconclusive |");
        assertThat(md.split("\\[1\\] rerun it", -1)).hasSize(2);
        assertThat(md).contains("### Beyond the paper").contains("| `b1` |").contains("| **holds** |");
        assertThat(md).contains("*Smoke scale: two trials per configuration check that everything runs; they decide "
                + "nothing.*");
        assertThat(md).contains("![fig9](fig9/fig9.png)").doesNotContain("fig9/fig9.svg)");
        assertThat(md).contains("Raw numbers: `fig9/fig9-trials.csv`; settings in `fig9/manifest.json`.");
        assertThat(md).contains("Findings:\n\n- a finding of fig9\n");
    }

    @Test
    void tableCellsEscapePipesAndNewlines() {
        ObjectNode c = decision("f", "x", false, Verdict.HOLDS, "");
        c.put("sentence", "a | b\nc");
        assertThat(Report.claimsTable(List.of(c))).isEqualTo("| id | test | statistic | verdict |\n|---|---|---|---|\n"
                + "| `x` | a \\| b c | stat | **holds** |\n\n");
    }

    @Test
    void computeTimeIsInSecondsMinutesOrHoursAndSaysWhenNotRecorded() {
        assertThat(Report.computeTime(manifest("f", "paper", 59.94))).isEqualTo("59.9 s");
        assertThat(Report.computeTime(manifest("f", "paper", 60.0))).isEqualTo("1.0 min");
        assertThat(Report.computeTime(manifest("f", "paper", 3599.0))).isEqualTo("60.0 min");
        assertThat(Report.computeTime(manifest("f", "paper", 5400.0))).isEqualTo("1.50 h");
        // no compute time: a figure with claims did not record it, one without claims has none
        assertThat(Report.computeTime(manifest("f", "paper", null, decision("f", "x", false, Verdict.HOLDS, ""))))
                .isEqualTo("not recorded");
        assertThat(Report.computeTime(manifest("f", "paper", null))).isEqualTo("-");
    }

    @Test
    void howDecidedPrintsTheMarginsAndTheEngineSettings() {
        String text = Report.howDecided();
        assertThat(text).startsWith("## How claims are decided\n\n").endsWith("\n\n");
        assertThat(text).contains("Margin 0.1 nats").contains("within 0.01 of one").contains("less than 0.05 nats")
                .contains("0.1 times the panel's i.i.d. floor").contains("(margin 10 %)").contains("Holm")
                .contains("does not hold** when it lies below 0, whatever the margin").contains("unmeasurable")
                .contains("fewer than " + ClaimEngine.MIN_N + " trials");
    }

    @Test
    void aFolderWithoutFiguresGivesAReportWithoutSections() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("empty"));
        Report.write(root);
        assertThat(CsvTable.read(root.resolve("claims.csv")).size()).isZero();
        assertThat(Files.readString(root.resolve("REPORT.md"))).doesNotContain("\n## fig");
        assertThat(Report.markdown(List.of())).contains("## Summary");
    }
}
