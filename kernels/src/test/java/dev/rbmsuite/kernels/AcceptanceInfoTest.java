package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Proposals and acceptances per level: validation, immutability, sums, rates and statistics. */
class AcceptanceInfoTest {
    @Test
    void isImmutableAndAddsUpPerLevel() {
        long[] attempts = {10, 0};
        AcceptanceInfo a = new AcceptanceInfo(attempts, new long[] {4, 0});
        attempts[0] = 77;
        assertThat(a.swapAttempts()).as("the constructor copies").containsExactly(10, 0);
        long[] att = a.swapAttempts();
        att[0] = 99;
        assertThat(a.swapAttempts()).as("the getter copies").containsExactly(10, 0);
        AcceptanceInfo sum = a.plus(new AcceptanceInfo(new long[] {10, 5}, new long[] {6, 5}));
        assertThat(sum.swapAttempts()).containsExactly(20, 5);
        assertThat(sum.swapAccepts()).containsExactly(10, 5);
        assertThat(sum.levels()).isEqualTo(2);
        assertThat(a.swapAttempts()).as("plus leaves its operands").containsExactly(10, 0);
        assertThat(AcceptanceInfo.zero(2).plus(a)).isEqualTo(a).hasSameHashCodeAs(a);
        assertThat(a.plus(StepInfo.NONE)).isSameAs(a);
    }

    @Test
    void ratesAreAcceptedOverProposedAndUndefinedWithoutProposals() {
        AcceptanceInfo a = new AcceptanceInfo(new long[] {8, 0, 3}, new long[] {2, 0, 3});
        assertThat(a.acceptanceRate(0)).isEqualTo(0.25);
        assertThat(a.acceptanceRate(1)).isNaN();
        assertThat(a.acceptanceRate(2)).isEqualTo(1.0);
        Map<String, Object> s = a.statistics();
        assertThat(s.keySet()).containsExactly("swapAttempts", "swapAccepts", "acceptanceRates");
        assertThat((long[]) s.get("swapAttempts")).containsExactly(8, 0, 3);
        assertThat((long[]) s.get("swapAccepts")).containsExactly(2, 0, 3);
        assertThat((Double[]) s.get("acceptanceRates")).containsExactly(0.25, null, 1.0);
    }

    @Test
    void rejectsInconsistentCountsAndForeignInfos() {
        assertThatThrownBy(() -> new AcceptanceInfo(new long[] {1, 2}, new long[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("2 attempt counts but 1 acceptance counts");
        assertThatThrownBy(() -> new AcceptanceInfo(new long[] {1, 3}, new long[] {1, 4}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("level 1: 4 acceptances of 3 proposals");
        assertThatThrownBy(() -> new AcceptanceInfo(new long[] {1}, new long[] {-1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("level 0: -1 acceptances of 1 proposals");
        AcceptanceInfo a = AcceptanceInfo.zero(2);
        assertThatThrownBy(() -> a.plus(AcceptanceInfo.zero(3))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot add");
        assertThatThrownBy(() -> a.plus(RoundTripInfo.zero(2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot add RoundTripInfo");
    }

    @Test
    void equalityIsByCounts() {
        AcceptanceInfo a = new AcceptanceInfo(new long[] {3, 1}, new long[] {2, 0});
        assertThat(a).isEqualTo(new AcceptanceInfo(new long[] {3, 1}, new long[] {2, 0}))
                .isNotEqualTo(new AcceptanceInfo(new long[] {3, 1}, new long[] {1, 0}))
                .isNotEqualTo(new AcceptanceInfo(new long[] {3, 2}, new long[] {2, 0}));
        assertThat(a.toString()).isEqualTo("AcceptanceInfo[attempts=[3, 1], accepts=[2, 0]]");
    }

    /** A labelled level names itself for a summary, keeps its label through sums, and counts as any other. */
    @Test
    void aLabelledLevelNamesWhatItCounts() {
        AcceptanceInfo zero = AcceptanceInfo.labelled("site updates", "flipped their unit", 0, 0);
        AcceptanceInfo sum = zero.plus(AcceptanceInfo.labelled("site updates", "flipped their unit", 10, 4))
                .plus(new AcceptanceInfo(new long[] {2}, new long[] {1}));
        assertThat(sum.levelName(0)).isEqualTo("site updates");
        assertThat(sum.successVerb()).isEqualTo("flipped their unit");
        assertThat(sum.swapAttempts()).containsExactly(12);
        assertThat(sum.swapAccepts()).containsExactly(5);
        assertThat(AcceptanceInfo.zero(1).plus(sum).levelName(0)).as("an unlabelled zero takes the other's label")
                .isEqualTo("site updates");
        AcceptanceInfo swaps = new AcceptanceInfo(new long[] {3, 1}, new long[] {2, 0});
        assertThat(swaps.levelName(1)).isEqualTo("swap level 1");
        assertThat(swaps.successVerb()).isEqualTo("accepted");
        assertThat(sum.statistics()).containsKeys("swapAttempts", "swapAccepts", "acceptanceRates");
    }
}
