package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class DataDigestTest {
    @Test
    void isTheSha256OfTheRowsAsHeaderlessZeroOneText() throws Exception {
        double[] data = {1, 0, 1, 0, 0, 1};
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest("1,0,1\n0,0,1\n".getBytes(StandardCharsets.US_ASCII)));
        assertThat(DataDigest.sha256(data, 2, 3)).isEqualTo(expected);
        assertThat(DataDigest.sha256(data, 3, 2)).as("the shape is part of the text").isNotEqualTo(expected);
        assertThat(DataDigest.sha256(new double[] {1, 0, 1, 0, 0, 0}, 2, 3)).isNotEqualTo(expected);
    }

    @Test
    void refusesAnArrayOfAnotherShape() {
        assertThatThrownBy(() -> DataDigest.sha256(new double[5], 2, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2x3");
    }
}
