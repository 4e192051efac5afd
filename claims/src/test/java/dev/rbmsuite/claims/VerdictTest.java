package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Verdicts are written as claims.csv spells them and read back from that spelling only. */
class VerdictTest {
    @Test
    void textsAreTheCsvSpellings() {
        assertThat(Verdict.HOLDS.text()).isEqualTo("holds");
        assertThat(Verdict.DOES_NOT_HOLD.text()).isEqualTo("does not hold");
        assertThat(Verdict.INCONCLUSIVE.text()).isEqualTo("inconclusive");
    }

    @Test
    void parseInvertsText() {
        for (Verdict v : Verdict.values()) {
            assertThat(Verdict.parse(v.text())).isSameAs(v);
        }
    }

    @Test
    void anyOtherTextIsRefusedByName() {
        assertThatThrownBy(() -> Verdict.parse("HOLDS")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown verdict 'HOLDS'");
        assertThatThrownBy(() -> Verdict.parse("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown verdict ''");
    }
}
