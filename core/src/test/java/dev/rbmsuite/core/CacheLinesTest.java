package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link CacheLines}: the lead that puts element LEAD of a double[] on a cache line, from the JVM's
 * object alignment and the arrays' header. Whether the loads then really are aligned is a matter of
 * speed only (docs/performance.md, "Cache lines"); that the bits do not depend on the lead is shown by
 * the kernels' own tests, which run in JVMs with both alignments (the test JVM with 64 bytes, the
 * width forks of {@code WidthIndependenceTest} with 8 and 64).
 */
class CacheLinesTest {
    @Test
    void theLeadPutsAnElementOnALineWhereObjectsStartLines() {
        // HotSpot's double[] header: 16 bytes with compressed class pointers, 24 without, 16 with compact headers
        assertThat(CacheLines.lead(64, 16)).isEqualTo(6);
        assertThat(CacheLines.lead(64, 24)).isEqualTo(5);
        assertThat(CacheLines.lead(128, 16)).isEqualTo(6);
        assertThat(CacheLines.lead(64, 0)).isZero();
        assertThat(CacheLines.lead(64, 64)).isZero();
        for (int base = 0; base <= 256; base += 8) {
            int lead = CacheLines.lead(64, base);
            assertThat(lead).isBetween(0, 7);
            assertThat((base + lead * Double.BYTES) % CacheLines.LINE).as("base %d", base).isZero();
        }
    }

    @Test
    void nothingIsKnownWhereObjectsDoNotStartLines() {
        // the JVM's default 8-byte alignment, or 16 and 32: an array may start anywhere in a line
        assertThat(CacheLines.lead(8, 16)).isZero();
        assertThat(CacheLines.lead(16, 16)).isZero();
        assertThat(CacheLines.lead(32, 16)).isZero();
        // a header that is not a whole number of doubles, or none known
        assertThat(CacheLines.lead(64, 12)).isZero();
        assertThat(CacheLines.lead(64, -1)).isZero();
    }

    @Test
    void theLeadIsThisJvmsOwn() {
        int alignment = CacheLines.objectAlignment();
        int base = CacheLines.arrayBase();
        assertThat(alignment).isPositive();
        assertThat(base).as("HotSpot's double[] header").isIn(16, 24);
        assertThat(CacheLines.LEAD).isEqualTo(CacheLines.lead(alignment, base));
        // the test JVM runs with the launcher's alignment (argLine), so the tables' rows start lines here
        assertThat(alignment).as("the test JVM's -XX:ObjectAlignmentInBytes").isEqualTo(64);
        assertThat(CacheLines.LEAD).isEqualTo((CacheLines.LINE - base) / Double.BYTES);
    }
}
