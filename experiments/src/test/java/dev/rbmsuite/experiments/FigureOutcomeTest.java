package dev.rbmsuite.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two helpers of an outcome: a plain one for schematics, and the file list images first. */
class FigureOutcomeTest {
    @Test
    void aPlainOutcomeHasNoClaimsNotesOrComputeTime() {
        FigureOutcome o = FigureOutcome.plain("cap", List.of("a.png"), Map.of("kind", "schematic"));
        assertThat(o.caption()).isEqualTo("cap");
        assertThat(o.files()).containsExactly("a.png");
        assertThat(o.settings()).containsExactly(Map.entry("kind", "schematic"));
        assertThat(o.claims()).isEmpty();
        assertThat(o.notes()).isEmpty();
        assertThat(o.computeSeconds()).isZero();
    }

    @Test
    void filesPutTheImagesFirstAndLeaveTheInputsAlone() {
        List<String> images = List.of("f.png", "f.svg");
        List<String> all = FigureOutcome.files(images, "a.csv", "b.csv");
        assertThat(all).containsExactly("f.png", "f.svg", "a.csv", "b.csv");
        assertThat(images).containsExactly("f.png", "f.svg");
        assertThat(FigureOutcome.files(images)).containsExactly("f.png", "f.svg");
    }
}
