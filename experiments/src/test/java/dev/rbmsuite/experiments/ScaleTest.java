package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Scales parse in any case with blanks around, print in lower case, and pick their own value. */
class ScaleTest {
    @Test
    void parsesAnyCaseAndPrintsLowerCase() {
        assertThat(Scale.parse("smoke")).isEqualTo(Scale.SMOKE);
        assertThat(Scale.parse(" Quick ")).isEqualTo(Scale.QUICK);
        assertThat(Scale.parse("PAPER")).isEqualTo(Scale.PAPER);
        for (Scale s : Scale.values()) {
            assertThat(Scale.parse(s.toString())).isSameAs(s);
            assertThat(s.toString()).isEqualTo(s.name().toLowerCase(Locale.ROOT));
        }
    }

    @Test
    void anUnknownScaleIsAnInputErrorNamingTheOptionAndTheChoices() {
        assertThatThrownBy(() -> Scale.parse("huge")).isInstanceOf(InputException.class)
                .hasMessage("option --scale: unknown scale 'huge' (expected smoke, quick or paper)");
        assertThatThrownBy(() -> Scale.parse("")).isInstanceOf(InputException.class)
                .hasMessageContaining("unknown scale ''");
    }

    @Test
    void pickReturnsTheValueOfItsOwnScale() {
        assertThat(Scale.SMOKE.pick(1, 2, 3)).isEqualTo(1);
        assertThat(Scale.QUICK.pick(1, 2, 3)).isEqualTo(2);
        assertThat(Scale.PAPER.pick(1, 2, 3)).isEqualTo(3);
    }
}
