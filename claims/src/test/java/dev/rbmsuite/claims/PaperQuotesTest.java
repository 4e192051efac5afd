package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The paper's sentences: one per claim, each a whole sentence (capital first, full stop last), no
 * two alike, each from a numbered section of the paper, and the LaTeX markup kept verbatim.
 */
class PaperQuotesTest {
    private static List<PaperQuote> all() throws IllegalAccessException {
        List<PaperQuote> out = new ArrayList<>();
        for (Field f : PaperQuotes.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == PaperQuote.class) {
                out.add((PaperQuote) f.get(null));
            }
        }
        return out;
    }

    @Test
    void everyQuoteIsAWholeSentenceFromANumberedSection() throws Exception {
        List<PaperQuote> quotes = all();
        assertThat(quotes).hasSize(11);
        for (PaperQuote q : quotes) {
            assertThat(q.section()).as(q.text()).matches("Sec\\. \\d+\\.\\d+, [A-Z].+");
            assertThat(q.text()).matches("[A-Z].*\\.").doesNotContain("  ");
        }
        assertThat(quotes.stream().map(PaperQuote::text).distinct()).hasSize(quotes.size());
    }

    @Test
    void latexMarkupIsKeptAsPrinted() {
        assertThat(PaperQuotes.FIG2_LAMBDA2.text()).contains("$\\lambda_2$");
        assertThat(PaperQuotes.FIG6_MORE_EFFECTIVE.text()).endsWith("learning appears stable at $L=3$.");
        assertThat(PaperQuotes.FIG9_RAPID.section()).isEqualTo(PaperQuotes.FIG8_MOVES.section());
    }
}
