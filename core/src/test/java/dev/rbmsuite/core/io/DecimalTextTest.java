package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The one rule for numbers in users' words: decimal, as written, nothing Java adds. */
class DecimalTextTest {
    @Test
    void decimalRealsReadAsJavaReadsThem() {
        for (String s : new String[] {"0", "-3", "+5", "0.01", "1e-2", "1E+2", ".5", "5.", "-0.0", "1e400", "NaN", "-Infinity"}) {
            assertThat(Double.doubleToRawLongBits(DecimalText.parseDouble(s))).as(s)
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(s)));
        }
    }

    @Test
    void whatJavaAlsoAcceptsIsRefused() {
        for (String s : new String[] {" 1", "1 ", "\t1", "0.01d", "2f", "2F", "0x1p3", "0X10", "", ".", "e3", "1e", "1,5",
            "inf", "nan", "++1", "1e2.5", "\u0661"}) {
            assertThatThrownBy(() -> DecimalText.parseDouble(s)).as(s).isInstanceOf(NumberFormatException.class)
                    .hasMessage("'" + s + "' is not a decimal number");
        }
        assertThatThrownBy(() -> DecimalText.parseDouble(null)).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void integersAreDigitsWithAnOptionalSign() {
        assertThat(DecimalText.parseInt("13")).isEqualTo(13);
        assertThat(DecimalText.parseInt("+5")).isEqualTo(5);
        assertThat(DecimalText.parseInt("-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThat(DecimalText.parseInt("007")).isEqualTo(7);
        // Integer.parseInt takes the digits of every script, and this rule only ASCII ones
        assertThat(Integer.parseInt("\u0661\u0662")).isEqualTo(12);
        for (String s : new String[] {" 13", "13 ", "0x10", "1_000", "1.0", "1e3", "", "-", "5L", "\u0661\u0662"}) {
            assertThatThrownBy(() -> DecimalText.parseInt(s)).as(s).isInstanceOf(NumberFormatException.class)
                    .hasMessage("'" + s + "' is not a decimal integer");
        }
        assertThatThrownBy(() -> DecimalText.parseInt("2147483648")).isInstanceOf(NumberFormatException.class);
        assertThat(DecimalText.parseLong("2147483648")).isEqualTo(2147483648L);
        assertThat(DecimalText.parseLong("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
        for (String s : new String[] {" 1", "1L", "0x10", "\u0661", "9223372036854775808"}) {
            assertThatThrownBy(() -> DecimalText.parseLong(s)).as(s).isInstanceOf(NumberFormatException.class);
        }
    }
}
