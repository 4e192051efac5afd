package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The round trip's info: origin counts from the per-chain origins, sums, the non-local share. */
class RoundTripInfoTest {
    private static final AcceptanceInfo SWAPS = new AcceptanceInfo(new long[] {10, 0}, new long[] {4, 0});

    @Test
    void countsOriginsAndAddsUp() {
        int[] origin = {0, 2, 0, 1};
        RoundTripInfo r = new RoundTripInfo(SWAPS, origin);
        origin[0] = 2;
        assertThat(r.bottomOrigin()).as("copied").containsExactly(0, 2, 0, 1);
        assertThat(r.originCounts()).containsExactly(2, 1, 1);
        assertThat(r.transitions()).isEqualTo(4);
        assertThat(r.nonlocalFraction()).isEqualTo(0.5);
        assertThat(r.swaps()).isSameAs(SWAPS);
        assertThat(r.swapAttempts()).containsExactly(10, 0);
        assertThat(r.swapAccepts()).containsExactly(4, 0);
        RoundTripInfo r2 = r.plus(r);
        assertThat(r2.originCounts()).containsExactly(4, 2, 2);
        assertThat(r2.transitions()).isEqualTo(8);
        assertThat(r2.nonlocalFraction()).isEqualTo(0.5);
        assertThat(r2.swapAttempts()).containsExactly(20, 0);
        assertThat(r2.bottomOrigin()).as("a sum keeps only the counts").isEmpty();
        assertThat(RoundTripInfo.zero(2).plus(r)).isEqualTo(RoundTripInfo.zero(2).plus(r)).isNotEqualTo(r);
        assertThat(r.plus(StepInfo.NONE)).isSameAs(r);
        assertThat(RoundTripInfo.zero(2).nonlocalFraction()).isEqualTo(0.0);
        assertThat(new RoundTripInfo(SWAPS, new int[] {0, 0}).nonlocalFraction()).isEqualTo(0.0);
        assertThat(new RoundTripInfo(SWAPS, new int[] {2, 1, 1}).nonlocalFraction()).isEqualTo(1.0);
    }

    @Test
    void statisticsAddTheOriginsToTheSwaps() {
        RoundTripInfo r = new RoundTripInfo(SWAPS, new int[] {1, 0, 0, 0});
        Map<String, Object> s = r.statistics();
        assertThat(s.keySet()).containsExactly("swapAttempts", "swapAccepts", "acceptanceRates", "bottomOrigin",
                "nonlocalFraction");
        assertThat((long[]) s.get("bottomOrigin")).containsExactly(3, 1, 0);
        assertThat(s.get("nonlocalFraction")).isEqualTo(0.25);
    }

    @Test
    void rejectsInfosOfAnotherShapeOrKindAndOriginsOutOfRange() {
        RoundTripInfo r = new RoundTripInfo(SWAPS, new int[] {0});
        assertThatThrownBy(() -> r.plus(RoundTripInfo.zero(3))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot add");
        assertThatThrownBy(() -> r.plus(SWAPS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot add AcceptanceInfo");
        assertThatThrownBy(() -> new RoundTripInfo(SWAPS, new int[] {0, 3})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chain 1: origin layer 3 outside 0..2");
        assertThatThrownBy(() -> new RoundTripInfo(SWAPS, new int[] {-1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chain 0: origin layer -1 outside 0..2");
    }
}
