package dev.rbmsuite.experiments.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import dev.rbmsuite.experiments.PaperData;
import dev.rbmsuite.experiments.Scale;
import dev.rbmsuite.experiments.training.RunConfig;
import dev.rbmsuite.experiments.training.TrainedModel;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.TemperedState;
import dev.rbmsuite.kernels.TransitionKernel;
import org.junit.jupiter.api.Test;

/**
 * The sampling figures' models and starts: the round-trip (L = 3) configuration, N_s starts, and
 * chains that replicate one persistent chain (every layer, or layer 0 alone for BGS) with the
 * model's tempering parity.
 */
class BestModelsTest {
    private static TrainedModel model(int parity) {
        RbmStack stack = RbmStack.gaussian(3, new int[] {2, 2}, 0.3, Rng.seeded(1));
        double[][] buffers = {{1, 0, 1, 0, 1, 1, 0, 0, 0}, {1, 1, 0, 1, 1, 0}};
        return new TrainedModel(stack, new TemperedState(3, new int[] {3, 2}, buffers, parity));
    }

    @Test
    void theModelIsTheBestRoundTripRunWithLThree() {
        RunConfig c = BestModels.config(Scale.SMOKE, "iris");
        assertThat(c.kernel()).isEqualTo("roundtrip");
        assertThat(c.upperLayers()).isEqualTo(3);
        assertThat(c.dataset()).isEqualTo("iris");
        assertThat(c.lambda2Every()).isZero();
        assertThat(BestModels.chains("iris")).isEqualTo(PaperData.setting("iris").samples());
    }

    @Test
    void startReplicatesOnePersistentChainInEveryLayer() {
        TrainedModel m = model(1);
        TransitionKernel dt = BestModels.kernel("dt", m);
        ChainState s = BestModels.start(m, dt, 1, 4, false);
        assertThat(s.chains()).isEqualTo(4);
        assertThat(s.layers()).isEqualTo(2);
        assertThat(s.buffer(0)).containsExactly(0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1);
        assertThat(s.buffer(1)).containsExactly(0, 1, 0, 1, 0, 1, 0, 1);
        assertThat(TrainedModel.parity(s)).isEqualTo(1);
        // the source chains are left as they were
        assertThat(m.chains().buffer(0)).containsExactly(1, 0, 1, 0, 1, 1, 0, 0, 0);
    }

    @Test
    void bgsStartsFromTheBottomLayerAlone() {
        TrainedModel m = model(0);
        assertThat(BestModels.bottomOnly("bgs")).isTrue();
        assertThat(BestModels.bottomOnly("dt")).isFalse();
        assertThat(BestModels.bottomOnly("roundtrip")).isFalse();
        ChainState s = BestModels.start(m, BestModels.kernel("bgs", m), 2, 2, true);
        assertThat(s.layers()).isEqualTo(1);
        assertThat(s.buffer(0)).containsExactly(0, 0, 0, 0, 0, 0);
    }

    @Test
    void kernelsAndLabelsInLegendOrder() {
        assertThat(BestModels.KERNELS).containsExactly("bgs", "dt", "roundtrip");
        assertThat(BestModels.KERNELS.stream().map(BestModels::label)).containsExactly("BGS", "DT (L = 3)",
                "proposed (L = 3)");
        assertThat(BestModels.kernel("roundtrip", model(0))).isNotNull();
    }
}
