package dev.rbmsuite.library;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Arithmetic;
import dev.rbmsuite.learning.train.TrainingSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The training description: the command line's defaults, the kernel by depth, and the same bytes for any thread count. */
class FitTest {
    private static final double[][] DATA = Data.dataset("islands");

    @Test
    void theDefaultsAreTheCommandLines() {
        TrainingSettings one = Fit.hidden(20).settings();
        assertThat(one.kernel()).isEqualTo("bgs");
        assertThat(one.epochs()).isEqualTo(Fit.DEFAULT_EPOCHS).isEqualTo(1000);
        assertThat(one.learningRate()).isEqualTo(0.01);
        assertThat(one.samples()).isEqualTo(100);
        assertThat(one.estimator()).isEqualTo("smci2");
        assertThat(one.seed()).isEqualTo(1);
        assertThat(one.batchSize()).isZero();
        assertThat(one.arithmetic()).isEqualTo(Arithmetic.FIXED_ORDER);
        assertThat(Fit.hidden(8).arithmetic(Arithmetic.BLAS).settings().arithmetic()).isEqualTo(Arithmetic.BLAS);
        assertThat(Fit.hidden(20, 10).settings().kernel()).isEqualTo("roundtrip");
        TrainingSettings all = Fit.hidden(8).kernel("pt").kernelParam("temperatures", "3").epochs(5).learningRate(0.05)
                .samples(10).estimator("mc").batchSize(20).seed(9).settings();
        assertThat(all.kernelParams()).isEqualTo(Map.of("temperatures", "3"));
        assertThat(all.estimator()).isEqualTo("mc");
        assertThat(all.batchSize()).isEqualTo(20);
        assertThat(all.seed()).isEqualTo(9);
    }

    @Test
    void theModelIsTheSameForAnyThreadCountAndMiniBatches() {
        Fit fit = Fit.hidden(12).epochs(6).batchSize(30).seed(4);
        RbmModel one = fit.fit(DATA);
        RbmModel two = fit.threads(2).fit(DATA);
        assertThat(two.stack()).isEqualTo(one.stack());
        assertThat(one.kernel()).isEqualTo("bgs");
        assertThat(Fit.hidden(12).epochs(6).seed(5).fit(DATA).stack()).isNotEqualTo(one.stack());
    }

    @Test
    void badSettingsAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> Fit.hidden(20).kernel("dt").settings())
                .hasMessage("hidden: kernel dt samples a stack, give m0 and at least one upper size (for example 20, 50)");
        assertThatThrownBy(() -> Fit.hidden(20, 10).kernel("bgs").settings()).hasMessageStartingWith("hidden: kernel bgs");
        assertThatThrownBy(() -> Fit.hidden(20).epochs(0).settings()).hasMessage("epochs must be positive, got 0");
        assertThatThrownBy(() -> Fit.hidden(20).estimator("cd").settings()).hasMessageContaining("cd");
        assertThatThrownBy(() -> Fit.hidden(20).kernel("nope").settings()).hasMessageStartingWith("kernel: ");
        assertThatThrownBy(() -> Fit.hidden(4).fit(new double[][] {{0.5}})).hasMessageStartingWith("data: row 0, column 0");
    }
}
