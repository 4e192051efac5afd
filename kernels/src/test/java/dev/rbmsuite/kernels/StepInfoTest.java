package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** NONE is the neutral element of every sum; the swap counts default to empty, the level names to swap levels. */
class StepInfoTest {
    @Test
    void noneIsTheNeutralElement() {
        AcceptanceInfo a = new AcceptanceInfo(new long[] {2}, new long[] {1});
        assertThat(StepInfo.NONE.plus(StepInfo.NONE)).isSameAs(StepInfo.NONE);
        assertThat(StepInfo.NONE.plus(a)).isSameAs(a);
        assertThat(a.plus(StepInfo.NONE)).isSameAs(a);
        assertThat(StepInfo.NONE.statistics()).isEmpty();
        assertThat(StepInfo.NONE.swapAttempts()).isEmpty();
        assertThat(StepInfo.NONE.swapAccepts()).isEmpty();
        assertThat(StepInfo.NONE).hasToString("StepInfo.NONE");
    }

    @Test
    void aKernelsInfosAddUpFromItsZero() {
        // the sum a caller keeps without knowing the kernel, as in the interface's example
        StepInfo total = StepInfo.NONE;
        for (int t = 0; t < 3; t++) {
            total = total.plus(new AcceptanceInfo(new long[] {2, 2}, new long[] {t % 2, 1}));
        }
        assertThat(total.swapAttempts()).containsExactly(6, 6);
        assertThat(total.swapAccepts()).containsExactly(1, 3);
        StepInfo custom = new StepInfo() {
            @Override
            public StepInfo plus(StepInfo other) {
                return this;
            }

            @Override
            public Map<String, Object> statistics() {
                return Map.of("x", 1L);
            }
        };
        assertThat(custom.swapAttempts()).isEmpty();
        assertThat(custom.swapAccepts()).isEmpty();
        assertThat(custom.levelName(2)).isEqualTo("swap level 2");
        assertThat(custom.successVerb()).isEqualTo("accepted");
        // what a summary prints comes from the info, whatever its class (sample's summary)
        StepInfo labelled = AcceptanceInfo.labelled("site updates", "flipped their unit", 4, 1);
        assertThat(labelled.levelName(0)).isEqualTo("site updates");
        assertThat(labelled.successVerb()).isEqualTo("flipped their unit");
    }
}
