package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Scratch buffers by key: reused while long enough, grown when not, keys checked. */
class WorkspaceTest {
    @Test
    void buffersAreReusedUntilALongerOneIsNeeded() {
        Workspace w = new Workspace();
        double[] a = w.doubles(3, 10);
        assertThat(a).hasSize(10);
        assertThat(w.doubles(3, 4)).isSameAs(a);
        assertThat(w.doubles(3, 10)).isSameAs(a);
        double[] b = w.doubles(3, 11);
        assertThat(b).hasSize(11).isNotSameAs(a);
        assertThat(w.doubles(0, 1)).as("keys are independent").isNotSameAs(b);
        int[] i = w.ints(3, 5);
        assertThat(i).hasSize(5);
        assertThat(w.ints(3, 2)).isSameAs(i);
        assertThat(w.ints(3, 6)).hasSize(6).isNotSameAs(i);
        assertThat(w.ints(65_535, 1)).hasSize(1);
    }

    @Test
    void objectsAreKeptByKey() {
        Workspace w = new Workspace();
        assertThat(w.object(7)).isNull();
        Object slot = new Object();
        w.setObject(7, slot);
        assertThat(w.object(7)).isSameAs(slot);
        assertThat(w.object(6)).isNull();
        assertThat(w.object(65_535)).isNull();
        w.setObject(7, null);
        assertThat(w.object(7)).isNull();
    }

    @Test
    void keysOutsideTheRangeAreRejected() {
        Workspace w = new Workspace();
        assertThatThrownBy(() -> w.doubles(-1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("workspace keys lie in 0..65535, got -1");
        assertThatThrownBy(() -> w.ints(65_536, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("workspace keys lie in 0..65535, got 65536");
        assertThatThrownBy(() -> w.setObject(70_000, "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("workspace keys lie in 0..65535, got 70000");
        assertThatThrownBy(() -> w.object(-2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("workspace keys lie in 0..65535, got -2");
    }
}
