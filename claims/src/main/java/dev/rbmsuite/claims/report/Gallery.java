package dev.rbmsuite.claims.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Sentences;
import dev.rbmsuite.claims.Tex;
import dev.rbmsuite.claims.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The gallery {@code index.html} of a figures folder (written by {@link Report#write}): a table of
 * contents with each figure's verdict summary, then per figure its images, caption, verdict summary,
 * the paper's sentences with their verdicts and, folded away, the evidence rows and the checks beyond
 * the paper. Everything comes from the figures' manifests, as REPORT.md does.
 *
 * <p>Readable panels (issue 41: six-panel figures were shrunk into a 1,200 px column, their labels to
 * 8 px): the figures take the window's whole width, not the text column's, and each image links to
 * itself at full size, with the SVG beside it where the folder has one. The verdict
 * summaries count the verdicts the report already gives: the paper's sentences (and after Holm's
 * adjustment) as REPORT.md's summary table counts them, and the rows beyond the paper by their verdict.
 */
public final class Gallery {
    private Gallery() {
    }

    /**
     * @param manifests every figure's manifest, in the report's order
     * @param present whether a file, named relative to the folder ("fig6/fig6.svg"), is there: a figure's SVG
     *     is linked only then (a committed copy may keep the PNGs only)
     * @return the gallery page
     */
    public static String html(List<JsonNode> manifests, Predicate<String> present) {
        List<JsonNode> all = new ArrayList<>();
        manifests.forEach(m -> m.path("claims").forEach(all::add));
        List<Sentences.Sentence> sentences = Sentences.of(all);
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>RBM suite figures</title>\n")
                .append("<style>").append(CSS).append("</style></head><body>\n")
                .append("<div class=\"text\">\n<h1>Figures of Sekimoto &amp; Yasuda, regenerated</h1>\n")
                .append("<p>See REPORT.md for how the claims are decided; claims.csv has every number. Each figure is ")
                .append("shown as wide as the window allows; click it to open it at full size.</p>\n");
        String scale = Report.scale(manifests);
        if (Scales.reduced(scale)) {
            sb.append("<p><strong>Reduced scale (").append(esc(scale)).append("):</strong> these verdicts cannot be ")
                    .append("compared with the paper's; see REPORT.md's first paragraph.</p>\n");
        }
        contents(sb, manifests, sentences);
        sb.append("</div>\n");
        for (JsonNode m : manifests) {
            section(sb, m, sentences, present);
        }
        return sb.append("</body></html>\n").toString();
    }

    /** The page's style: a text column for reading, figures as wide as the window, verdicts in colour. */
    static final String CSS = "body{font-family:sans-serif;margin:1.5em 2em;color:#222;line-height:1.4}"
            + ".text{max-width:75em}"
            + "figure{margin:1.5em 0}figure img{display:block;width:100%;height:auto;border:1px solid #ddd}"
            + "figcaption{max-width:75em;margin-top:.5em}.full{font-size:90%;color:#555}"
            + "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:4px 8px;"
            + "vertical-align:top;text-align:left}th{background:#f4f4f4}"
            + ".n{text-align:right;white-space:nowrap}"
            + ".v-does-not-hold{color:#b00;font-weight:bold}.v-holds{color:#070}.v-equal-within-the-margin{color:#555}"
            + ".summary{margin:.3em 0 1em}.summary .group{margin-right:1.5em}"
            + "details{margin:.5em 0 1em}summary{cursor:pointer;font-weight:bold}"
            + "section{border-top:1px solid #ddd;margin-top:2em;padding-top:.5em}";

    private static void contents(StringBuilder sb, List<JsonNode> manifests, List<Sentences.Sentence> sentences) {
        if (manifests.isEmpty()) {
            sb.append("<p>No figure in this folder.</p>\n");
            return;
        }
        sb.append("<h2 id=\"contents\">Contents</h2>\n<table class=\"contents\"><tr><th>figure</th><th>title</th>")
                .append("<th>scale</th><th>the paper's sentences</th><th>after Holm</th><th>beyond the paper</th></tr>\n");
        for (JsonNode m : manifests) {
            String id = m.path("figure").asText();
            List<Sentences.Sentence> own = own(sentences, id);
            String scale = scale(m);
            sb.append("<tr><td><a href=\"#").append(esc(anchor(id))).append("\">").append(esc(id)).append("</a></td><td>")
                    .append(esc(m.path("title").asText())).append("</td><td>").append(esc(m.path("scale").asText()))
                    .append("</td><td>").append(counts(tally(own, x -> Scales.shown(x.verdict(), scale)))).append("</td><td>")
                    .append(counts(tally(own, x -> Scales.shown(x.adjusted(), scale)))).append("</td><td>")
                    .append(counts(beyond(m))).append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    private static void section(StringBuilder sb, JsonNode m, List<Sentences.Sentence> sentences,
                                Predicate<String> present) {
        String id = m.path("figure").asText();
        List<Sentences.Sentence> own = own(sentences, id);
        String scale = scale(m);
        sb.append("<section id=\"").append(esc(anchor(id))).append("\"><div class=\"text\"><h2>").append(esc(id))
                .append(": ").append(esc(m.path("title").asText())).append("</h2>\n");
        Map<String, Integer> paper = tally(own, x -> Scales.shown(x.verdict(), scale));
        Map<String, Integer> beyond = beyond(m);
        if (!paper.isEmpty() || !beyond.isEmpty()) {
            sb.append("<p class=\"summary\">");
            if (!paper.isEmpty()) {
                sb.append("<span class=\"group\"><b>The paper's ").append(own.size())
                        .append(own.size() == 1 ? " sentence" : " sentences").append(":</b> ").append(counts(paper))
                        .append("</span><span class=\"group\"><b>after Holm:</b> ")
                        .append(counts(tally(own, x -> Scales.shown(x.adjusted(), scale)))).append("</span>");
            }
            if (!beyond.isEmpty()) {
                int n = beyond.values().stream().mapToInt(Integer::intValue).sum();
                sb.append("<span class=\"group\"><b>Beyond the paper, ").append(n).append(n == 1 ? " check" : " checks")
                        .append(":</b> ").append(counts(beyond)).append("</span>");
            }
            sb.append("</p>\n");
        }
        sb.append("</div>\n");
        List<String> files = new ArrayList<>();
        m.path("files").forEach(f -> files.add(f.asText()));
        for (String f : files) {
            if (!f.endsWith(".png")) {
                continue;
            }
            String png = id + "/" + f;
            String svg = f.substring(0, f.length() - ".png".length()) + ".svg";
            sb.append("<figure><a href=\"").append(esc(png)).append("\"><img src=\"").append(esc(png))
                    .append("\" alt=\"").append(esc(id + ": " + m.path("title").asText())).append("\"></a><figcaption>")
                    .append(esc(m.path("caption").asText())).append(" <span class=\"full\">(full size: <a href=\"")
                    .append(esc(png)).append("\">PNG</a>");
            if (files.contains(svg) && present.test(id + "/" + svg)) {
                sb.append(", <a href=\"").append(esc(id + "/" + svg)).append("\">SVG</a>");
            }
            sb.append(")</span></figcaption></figure>\n");
        }
        sb.append("<div class=\"text\">\n");
        if (!own.isEmpty()) {
            sb.append("<h3>The paper's sentences</h3>\n<table><tr><th>sentence</th><th>verdict of</th><th>verdict</th>"
                    + "<th>after Holm</th><th>fragile</th><th>evidence rows</th></tr>\n");
            for (Sentences.Sentence x : own) {
                String verdict = Scales.shown(x.verdict(), scale);
                String adjusted = Scales.shown(x.adjusted(), scale);
                sb.append("<tr><td>").append(esc(Tex.plain(x.quote()))).append("</td><td>").append(esc(x.id()))
                        .append("</td><td class=\"").append(verdictClass(verdict)).append("\">")
                        .append(esc(verdict)).append("</td><td class=\"")
                        .append(verdictClass(adjusted)).append("\">").append(esc(adjusted))
                        .append("</td><td>").append(x.fragile() ? "fragile: " + esc(Report.changes(x.sensitivity(),
                                x.verdict())) : "no").append("</td><td class=\"n\">").append(x.rows().size())
                        .append("</td></tr>\n");
            }
            sb.append("</table>\n");
        }
        if (m.path("claims").size() > 0) {
            sb.append("<details><summary>").append(own.isEmpty() ? "Checks beyond the paper"
                    : "Evidence rows and checks beyond the paper").append(" (").append(m.path("claims").size())
                    .append(" rows)</summary>\n<table><tr><th>kind</th><th>claim</th><th>test</th><th>verdict</th></tr>\n");
            for (JsonNode c : m.path("claims")) {
                String v = "paper".equals(c.path("kind").asText())
                        ? Scales.shown(Verdict.parse(c.path("verdict").asText()), scale) : c.path("verdict").asText();
                String claim = c.path("quote").asText().isEmpty() ? "(beyond the paper)"
                        : Tex.plain(c.path("quote").asText());
                sb.append("<tr><td>").append(esc(c.path("kind").asText())).append("</td><td>").append(esc(claim))
                        .append("</td><td>").append(esc(c.path("sentence").asText())).append("</td><td class=\"")
                        .append(verdictClass(v)).append("\">").append(esc(v)).append("</td></tr>\n");
            }
            sb.append("</table>\n</details>\n");
        }
        sb.append("<p><small>scale ").append(esc(m.path("scale").asText())).append(", seed ")
                .append(m.path("seed").asLong()).append(", compute time ").append(esc(Report.computeTime(m)))
                .append(" · <a href=\"#contents\">contents</a></small></p>\n</div></section>\n");
    }

    /** @return a figure's scale, "paper" where its manifest names none (as the report reads it) */
    private static String scale(JsonNode manifest) {
        return manifest.path("scale").asText(Scales.PAPER);
    }

    private static List<Sentences.Sentence> own(List<Sentences.Sentence> sentences, String figure) {
        return sentences.stream().filter(x -> x.figure().equals(figure)).toList();
    }

    /**
     * @param items what to count
     * @param verdict an item's verdict text
     * @return how many items have each verdict, the verdicts in {@link Verdict}'s order (a verdict text of
     *     another kind after them, in the order met), none with count 0
     */
    static <T> Map<String, Integer> tally(List<T> items, Function<T, String> verdict) {
        Map<String, Integer> n = new LinkedHashMap<>();
        for (Verdict v : Verdict.values()) {
            n.put(v.text(), 0);
        }
        items.forEach(x -> n.merge(verdict.apply(x), 1, Integer::sum));
        n.values().removeIf(k -> k == 0);
        return n;
    }

    /**
     * @return the verdicts of the figure's rows beyond the paper, counted as {@link #tally} does (the suite's
     *     own checks are about this run, so a reduced scale shows their verdicts as they are)
     */
    static Map<String, Integer> beyond(JsonNode manifest) {
        List<JsonNode> rows = new ArrayList<>();
        manifest.path("claims").forEach(c -> {
            if (!"paper".equals(c.path("kind").asText())) {
                rows.add(c);
            }
        });
        return tally(rows, c -> c.path("verdict").asText());
    }

    /** @return "holds: 3, does not hold: 1" with each count in its verdict's colour, or "-" for none */
    static String counts(Map<String, Integer> tally) {
        if (tally.isEmpty()) {
            return "-";
        }
        List<String> parts = new ArrayList<>();
        tally.forEach((v, k) -> parts.add("<span class=\"" + verdictClass(v) + "\">" + esc(v) + ": " + k + "</span>"));
        return String.join(", ", parts);
    }

    /** @return the CSS class of a verdict text, "v-does-not-hold" for "does not hold" */
    static String verdictClass(String verdict) {
        return esc("v-" + verdict.toLowerCase(Locale.ROOT).replace(' ', '-'));
    }

    /** @return the section's anchor: the figure id ("fig6", "lambda2"), which the report keeps to [a-z0-9-] */
    private static String anchor(String id) {
        return id.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
    }

    private static String esc(String s) {
        return Markup.html(s);
    }
}
