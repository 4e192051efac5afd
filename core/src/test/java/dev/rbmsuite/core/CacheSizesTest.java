package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CacheSizes}: sysfs sizes read by level and type, fallbacks, and the block rows derived from them. */
class CacheSizesTest {
    @TempDir
    Path dir;

    private void index(int k, int level, String type, String size) throws IOException {
        Path d = Files.createDirectories(dir.resolve("index" + k));
        Files.writeString(d.resolve("level"), level + "\n");
        Files.writeString(d.resolve("type"), type + "\n");
        Files.writeString(d.resolve("size"), size + "\n");
    }

    @Test
    void theDataCacheOfEachLevelIsFoundAndTheInstructionCacheSkipped() throws IOException {
        index(0, 1, "Data", "48K");
        index(1, 1, "Instruction", "64K");
        index(2, 2, "Unified", "2048K");
        index(3, 3, "Unified", "480M");
        assertThat(CacheSizes.find(dir, 1, 1)).isEqualTo(48L << 10);
        assertThat(CacheSizes.find(dir, 2, 1)).isEqualTo(2L << 20);
    }

    @Test
    void aMissingOrUnreadableEntryFallsBack() throws IOException {
        assertThat(CacheSizes.find(dir.resolve("absent"), 1, 777)).isEqualTo(777);
        index(0, 1, "Data", "a lot");
        assertThat(CacheSizes.find(dir, 1, 777)).isEqualTo(777);
        assertThat(CacheSizes.parse("32K")).isEqualTo(32L << 10);
        assertThat(CacheSizes.parse("1M")).isEqualTo(1L << 20);
        assertThat(CacheSizes.parse("65536")).isEqualTo(65536);
        assertThat(CacheSizes.parse("-4K")).isEqualTo(-1);
        assertThat(CacheSizes.parse("")).isEqualTo(-1);
    }

    @Test
    void theBlockOfBFillsAtMostHalfOfTheL1Cache() {
        assertThat(Products.blockRows(48L << 10, 24)).isEqualTo(128);
        assertThat(Products.blockRows(32L << 10, 24)).isEqualTo(64);
        assertThat(Products.blockRows(32L << 10, 16)).isEqualTo(128);
        assertThat(Products.blockRows(1L << 10, 24)).isEqualTo(16);
        assertThat(Products.blockRows(1L << 30, 8)).isEqualTo(512);
        assertThat(CacheSizes.l1Data()).isPositive();
        assertThat(CacheSizes.describe()).startsWith("L1d ");
    }
}
