package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;

/** The round trip's state: positions plus a cache that is never part of its value. */
class RoundTripStateTest {
    @Test
    void theCacheIsNotPartOfTheValueAndCopiesStartWithoutIt() {
        RoundTrip kernel = new RoundTrip(KernelsTest.STACK);
        RoundTripState s = (RoundTripState) kernel.init(5, Rng.seeded(1));
        assertThat(s.cacheOwner).isNull();
        kernel.advance(Rng.seeded(2), s);
        assertThat(s.cacheOwner).as("a transition fills the cache").isSameAs(kernel);
        RoundTripState c = s.copy();
        assertThat(c).isEqualTo(s).isNotSameAs(s);
        assertThat(c.cacheOwner).isNull();
        assertThat(c.positions()).isEqualTo(s.positions());
        s.invalidateCache();
        assertThat(s.cacheOwner).isNull();
        assertThat(s).isEqualTo(c);
        RoundTripState fromPositions = new RoundTripState(s.positions());
        assertThat(fromPositions).isEqualTo(s);
        assertThat(fromPositions.buffer(0)).isNotSameAs(s.buffer(0));
    }

    /** Forgetting the cache changes no draw: the next transition recomputes the same evaluations. */
    @Test
    void invalidatingTheCacheLeavesTheNextTransitionUnchanged() {
        RoundTrip kernel = new RoundTrip(KernelsTest.STACK);
        RoundTripState a = (RoundTripState) kernel.init(40, Rng.seeded(3));
        kernel.advance(Rng.seeded(4), a);
        RoundTripState b = a.copy();
        a.invalidateCache();
        StepInfo ia = kernel.advance(Rng.seeded(5), a);
        StepInfo ib = kernel.advance(Rng.seeded(5), b);
        assertThat(a).isEqualTo(b);
        assertThat(ia).isEqualTo(ib);
    }
}
