package dev.rbmsuite.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** StrictJson accepts RFC 8259 JSON and rejects what a strict parser rejects, naming the place. */
class StrictJsonTest {
    @Test
    void acceptsPlainJson() {
        assertThat(StrictJson.parse("{\"a\": [1, 2.5e3, null, true], \"b\": {\"c\": \"x\"}}\n".getBytes(StandardCharsets.UTF_8),
                "m.json").get("a").get(1).asDouble()).isEqualTo(2500.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\": 1} {\"b\": 2}",
        "{\"a\": 1} x",
        "{\"a\": 1, \"a\": 2}",
        "{\"a\": NaN}",
        "{\"a\": Infinity}",
        "{\"a\": -Infinity}",
        "{'a': 1}",
        "{\"a\": 1,}",
        "{\"a\": 1 /* c */}",
        "{\"a\": 01}",
        "",
        "   ",
        "{\"a\": [1, 2}",
        "{\"a\": 1e400}",
        "{\"a\": [-1e999]}",
    })
    void rejectsWhatAStrictParserRejects(String text) {
        assertThatThrownBy(() -> StrictJson.parse(text.getBytes(StandardCharsets.UTF_8), "m.json"))
                .isInstanceOf(InputException.class).hasMessageStartingWith("m.json: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
