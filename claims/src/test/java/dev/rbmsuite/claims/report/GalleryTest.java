package dev.rbmsuite.claims.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.claims.Claim;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.DecisionJson;
import dev.rbmsuite.claims.PaperQuote;
import dev.rbmsuite.claims.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The gallery from hand-made figure manifests: text escaped, verdicts marked, a table of contents with
 * each figure's verdict counts, a verdict summary per figure, and figures as wide as the window, each
 * linking to itself at full size, and to its SVG where the folder has it (issue 41).
 */
class GalleryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PaperQuote Q = new PaperQuote("Sec. 5.2, Learning", "The kernel is | better.");

    private static ObjectNode decision(String figure, String id, boolean paper, Verdict v) {
        Claim.Builder b = Claim.builder(figure, id).statement("statement of " + id).statistic("stat");
        if (paper) {
            b.paper(Q);
        }
        return DecisionJson.of(new Decision(b.oneSample(new double[] {1, 2, 3}).build(), "3", 2, 1, 3, v, ""));
    }

    private static ObjectNode manifest(String figure, ObjectNode... claims) {
        ObjectNode m = JSON.createObjectNode();
        m.put("figure", figure);
        m.put("title", "Title of " + figure);
        m.put("caption", "Caption <of> " + figure + " & more");
        m.put("scale", "paper");
        m.put("seed", 7);
        m.put("computeSeconds", 1.0);
        ArrayNode files = m.putArray("files");
        files.add(figure + ".png");
        files.add(figure + ".svg");
        files.add(figure + "-trials.csv");
        ArrayNode cs = m.putArray("claims");
        for (ObjectNode c : claims) {
            cs.add(c);
        }
        return m;
    }

    @Test
    void htmlEscapesTextAndMarksVerdicts() {
        ObjectNode m = manifest("fig8", decision("fig8", "x", true, Verdict.DOES_NOT_HOLD),
                decision("fig8", "y", false, Verdict.HOLDS));
        String html = Gallery.html(List.of(m), f -> true);
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</body></html>\n");
        assertThat(html).contains("<figcaption>Caption &lt;of&gt; fig8 &amp; more ");
        assertThat(html).contains("<img src=\"fig8/fig8.png\"").doesNotContain("<img src=\"fig8/fig8.svg\"");
        assertThat(html).contains("<td class=\"v-does-not-hold\">does not hold</td>")
                .contains("<td class=\"v-holds\">holds</td>").contains("<td>(beyond the paper)</td>");
        assertThat(html).contains("scale paper, seed 7, compute time 1.0 s");
    }

    /**
     * Issue 41: six-panel figures were shrunk to 8 px labels. Figures span the window, not the text column,
     * and open at full size on a click, the SVG beside the PNG.
     */
    @Test
    void figuresSpanTheWindowAndLinkToThemselvesAtFullSize() {
        String html = Gallery.html(List.of(manifest("fig6")), f -> true);
        assertThat(html).contains("<figure><a href=\"fig6/fig6.png\"><img src=\"fig6/fig6.png\"")
                .contains("(full size: <a href=\"fig6/fig6.png\">PNG</a>, <a href=\"fig6/fig6.svg\">SVG</a>)");
        // a folder that keeps the PNGs only (as results/paper-scale once did) links no SVG
        assertThat(Gallery.html(List.of(manifest("fig6")), f -> !f.endsWith(".svg")))
                .contains("(full size: <a href=\"fig6/fig6.png\">PNG</a>)").doesNotContain("fig6.svg");
        assertThat(Gallery.CSS).contains("figure img{display:block;width:100%").contains(".text{max-width:75em}");
        // the figure lies outside the text column
        int figure = html.indexOf("<figure>");
        assertThat(html.lastIndexOf("<div class=\"text\">", figure)).isLessThan(html.lastIndexOf("</div>", figure));
    }

    /**
     * Issue 41: the gallery had no contents and no verdict summary. The contents link every figure's section
     * and give its verdict counts: the paper's sentences, after Holm, and the checks beyond the paper; each
     * section repeats them under its heading.
     */
    @Test
    void contentsAndEachSectionCountTheFiguresVerdicts() {
        ObjectNode fig6 = manifest("fig6", decision("fig6", "a", true, Verdict.DOES_NOT_HOLD),
                decision("fig6", "b", false, Verdict.HOLDS), decision("fig6", "c", false, Verdict.HOLDS),
                decision("fig6", "d", false, Verdict.INCONCLUSIVE));
        ObjectNode fig5 = manifest("fig5");
        String html = Gallery.html(List.of(fig5, fig6), f -> true);
        String contents = html.substring(html.indexOf("<h2 id=\"contents\">"), html.indexOf("</table>"));
        assertThat(contents).contains("<a href=\"#fig5\">fig5</a>").contains("<a href=\"#fig6\">fig6</a>");
        assertThat(contents.indexOf("#fig5")).isLessThan(contents.indexOf("#fig6"));
        String row6 = contents.substring(contents.indexOf("#fig6"));
        assertThat(row6).contains("<span class=\"v-holds\">holds: 2</span>, "
                + "<span class=\"v-inconclusive\">inconclusive: 1</span>");
        // a figure without claims counts nothing
        String row5 = contents.substring(contents.indexOf("#fig5"), contents.indexOf("#fig6"));
        assertThat(row5).contains("<td>-</td><td>-</td><td>-</td>");
        assertThat(html).contains("<section id=\"fig6\">").contains("<section id=\"fig5\">");
        String section6 = html.substring(html.indexOf("<section id=\"fig6\">"));
        assertThat(section6).contains("<p class=\"summary\">").contains("<b>Beyond the paper, 3 checks:</b> "
                + "<span class=\"v-holds\">holds: 2</span>, <span class=\"v-inconclusive\">inconclusive: 1</span>");
        assertThat(section6).contains("<a href=\"#contents\">contents</a>");
        assertThat(html.substring(html.indexOf("<section id=\"fig5\">"), html.indexOf("<section id=\"fig6\">")))
                .doesNotContain("class=\"summary\"");
    }

    @Test
    void tallyKeepsTheVerdictsOrderAndCountsOtherVerdictsAfterThem() {
        Map<String, Integer> n = Gallery.tally(List.of("inconclusive", "holds", "new kind", "holds"), s -> s);
        assertThat(n).containsExactly(Map.entry("holds", 2), Map.entry("inconclusive", 1), Map.entry("new kind", 1));
        assertThat(Gallery.counts(Map.of())).isEqualTo("-");
        assertThat(Gallery.verdictClass("equal within the margin")).isEqualTo("v-equal-within-the-margin");
    }

    /**
     * Issue 41, item 1: below paper scale the page says so, and a paper sentence's "does not hold" reads as not
     * reached at that scale, in the contents, the summary and the tables alike; the checks beyond the paper keep
     * their verdicts.
     */
    @Test
    void aReducedScaleIsStatedAndItsFailuresReadAsNotReached() {
        ObjectNode fig2 = manifest("fig2", decision("fig2", "a", true, Verdict.DOES_NOT_HOLD),
                decision("fig2", "b", false, Verdict.DOES_NOT_HOLD));
        fig2.put("scale", "quick");
        String html = Gallery.html(List.of(fig2), f -> true);
        assertThat(html).contains("<p><strong>Reduced scale (quick):</strong> these verdicts cannot be compared with "
                + "the paper's; see REPORT.md's first paragraph.</p>");
        assertThat(html).contains("<td class=\"v-not-reached-at-quick-scale\">not reached at quick scale</td>")
                .contains("<span class=\"v-not-reached-at-quick-scale\">not reached at quick scale: 1</span>")
                .contains("<b>Beyond the paper, 1 check:</b> <span class=\"v-does-not-hold\">does not hold: 1</span>");
        // in the evidence rows only the check beyond the paper reads "does not hold"
        assertThat(html.split("<td class=\"v-does-not-hold\">does not hold</td>", -1)).hasSize(2);
        assertThat(Gallery.html(List.of(manifest("fig2")), f -> true)).doesNotContain("Reduced scale");
    }

    @Test
    void anEmptyFolderSaysSo() {
        assertThat(Gallery.html(List.of(), f -> true)).contains("<p>No figure in this folder.</p>");
    }
}
