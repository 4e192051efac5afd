package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Parsing an option's name into an enum constant among the accepted ones, and the message listing them. */
class OptionNamesTest {
    private enum Colour { RED, DARK_GREEN, BLUE }

    private static String name(Colour c) {
        return c.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Test
    void parsesEachAcceptedNameToItsConstant() {
        List<Colour> all = List.of(Colour.values());
        for (Colour c : all) {
            assertThat(OptionNames.parse(all, OptionNamesTest::name, name(c))).isSameAs(c);
        }
    }

    @Test
    void refusesOtherNamesListingTheAcceptedOnesInOrder() {
        List<Colour> some = List.of(Colour.BLUE, Colour.RED);
        // a constant outside the accepted list is refused like an unknown name
        assertThatThrownBy(() -> OptionNames.parse(some, OptionNamesTest::name, "dark-green"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("'dark-green' is not one of blue, red");
        // the enum's own spelling is not an option name
        assertThatThrownBy(() -> OptionNames.parse(some, OptionNamesTest::name, "RED"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("'RED' is not one of blue, red");
        assertThatThrownBy(() -> OptionNames.parse(some, OptionNamesTest::name, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("'null' is not one of blue, red");
    }

    @Test
    void listsNamesSeparatedByCommas() {
        assertThat(OptionNames.list(List.of(Colour.values()), OptionNamesTest::name)).isEqualTo("red, dark-green, blue");
        assertThat(OptionNames.list(List.of(Colour.BLUE), OptionNamesTest::name)).isEqualTo("blue");
        assertThat(OptionNames.list(List.<Colour>of(), OptionNamesTest::name)).isEmpty();
    }
}
