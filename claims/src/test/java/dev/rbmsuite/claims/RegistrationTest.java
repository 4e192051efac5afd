package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegistrationTest {
    @Test
    void theShippedDocumentIsTheRegisteredOne() {
        assertThat(Registration.digest()).as("registration-v1.md is immutable: a change of rules is a new version")
                .isEqualTo(Registration.REGISTERED_SHA256);
        assertThat(Registration.registered()).isTrue();
        assertThat(Registration.sha256(Registration.text().getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(Registration.digest());
    }

    @Test
    void theDigestChangesWithAnyByte() {
        assertThat(Registration.sha256("a".getBytes(StandardCharsets.UTF_8)))
                .isNotEqualTo(Registration.sha256("b".getBytes(StandardCharsets.UTF_8)));
    }

    /** The parameter table of section 6 against the constants the engine decides with. */
    @Test
    void theRegisteredParametersAreTheEnginesConstants() {
        Map<String, String> table = parameters(Registration.text());
        assertThat(table).containsEntry("bootstrap resamples", Integer.toString(ClaimEngine.BOOTSTRAP_RESAMPLES))
                .containsEntry("minimum units per group", Integer.toString(ClaimEngine.MIN_N))
                .containsEntry("one-sided alpha", Double.toString(Sentences.ALPHA))
                .containsEntry("log-likelihood margin", Double.toString(Margins.LOGLIK_NATS))
                .containsEntry("MAE margin", Double.toString(Margins.MAE_RELATIVE))
                .containsEntry("TV margin fraction of floor", Double.toString(Margins.TV_FLOOR_FRACTION))
                .containsEntry("range margin fraction", Double.toString(Margins.RANGE_RELATIVE))
                .containsEntry("levelled margin", Double.toString(Margins.LEVELLED_NATS));
        assertThat(Double.parseDouble(table.get("lambda2 margin"))).isEqualTo(Margins.LAMBDA2_FROM_ONE, within(1e-15));
        assertThat(Double.parseDouble(table.get("halfway margin"))).isEqualTo(Margins.HALFWAY_STEPS);
        assertThat(Double.parseDouble(table.get("moves margin"))).isEqualTo(Margins.MOVES);
    }

    static Map<String, String> parameters(String doc) {
        Map<String, String> out = new LinkedHashMap<>();
        String section = doc.substring(doc.indexOf("## 6. Parameters"));
        for (String line : section.split("\n")) {
            String[] cells = line.split("\\|", -1);
            if (cells.length == 4 && !cells[1].isBlank() && !cells[1].strip().equals("parameter")
                    && !cells[1].startsWith("---")) {
                out.put(cells[1].strip(), cells[2].strip());
            }
        }
        return out;
    }
}
