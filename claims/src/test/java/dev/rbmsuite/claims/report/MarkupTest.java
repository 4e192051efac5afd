package dev.rbmsuite.claims.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkupTest {
    private static final String HOSTILE = "<svg onload=alert(1)> & `x` *y* _z_ [a](b) | # \\ \n<b>";

    @Test
    void markdownTextHasNoRawHtmlOrMarkdownLeft() {
        String md = Markup.text(HOSTILE);
        assertThat(md).doesNotContain("<").doesNotContain(">").doesNotContain("\n")
                .isEqualTo("&lt;svg onload=alert(1)&gt; &amp; \\`x\\` \\*y\\* \\_z\\_ \\[a\\](b) \\| \\# \\\\  &lt;b&gt;");
    }

    /**
     * A table cell keeps the suite's brackets readable ({@code E[v]}, a confidence interval) and still
     * renders hostile text as text: no raw HTML, no line break, no unescaped column separator, link
     * or emphasis.
     */
    @Test
    void aTableCellKeepsBracketsButNoRawHtmlLinkOrSeparator() {
        assertThat(Markup.cell("MAE of E[v], 95 % CI [14.56, 18.59]")).isEqualTo("MAE of E[v], 95 % CI [14.56, 18.59]");
        String md = Markup.cell(HOSTILE + " ![i](j) [r][s]");
        assertThat(md).doesNotContain("<").doesNotContain(">").doesNotContain("\n")
                .doesNotContainPattern("(^|[^\\\\])\\][(\\[]").isEqualTo("&lt;svg onload=alert(1)&gt; &amp; \\`x\\` \\*y\\* \\_z\\_ [a\\](b) "
                        + "\\| # \\\\  &lt;b&gt; ![i\\](j) [r\\][s]");
        // every '|' is escaped by an odd number of backslashes, so no row gains a column
        assertThat(md.replace("\\\\", "")).doesNotContainPattern("(^|[^\\\\])\\|");
    }

    @Test
    void htmlEscapesTextAndAttributes() {
        assertThat(Markup.html("<a href=\"x\" title='y'>&</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
    }

    @Test
    void manifestJsonKeepsTheTextButNoAngleBrackets() throws Exception {
        ObjectMapper m = new ObjectMapper();
        m.getFactory().setCharacterEscapes(Markup.JSON_ESCAPES);
        String json = m.writeValueAsString(Map.of("data", HOSTILE));
        assertThat(json).doesNotContain("<").doesNotContain(">").doesNotContain("&");
        assertThat(new ObjectMapper().readTree(json).get("data").asText()).isEqualTo(HOSTILE);
    }
}
