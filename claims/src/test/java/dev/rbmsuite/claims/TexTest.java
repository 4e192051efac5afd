package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** The quotes' LaTeX as plain Unicode: no dollar, backslash or brace is left in any paper quote. */
class TexTest {
    @Test
    void mathBecomesUnicode() {
        assertThat(Tex.plain("the estimator of $\\lambda_2$ converged")).isEqualTo("the estimator of λ₂ converged");
        assertThat(Tex.plain("learning appears stable at $L=3$.")).isEqualTo("learning appears stable at L = 3.");
        assertThat(Tex.plain("as $L$ increases")).isEqualTo("as L increases");
        assertThat(Tex.plain("in Section~\\ref{ssec:demonstrate_failure}.")).isEqualTo("in Section 2.3.");
        assertThat(Tex.plain("no markup")).isEqualTo("no markup");
    }

    @Test
    void everyPaperQuoteReadsWithoutMarkup() throws Exception {
        for (Field f : PaperQuotes.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == PaperQuote.class) {
                String plain = Tex.plain(((PaperQuote) f.get(null)).text());
                assertThat(plain).as(f.getName()).doesNotContain("$").doesNotContain("\\").doesNotContain("{")
                        .doesNotContain("~");
            }
        }
    }
}
