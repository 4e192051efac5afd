package dev.rbmsuite.experiments.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rbmsuite.core.Rng;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.kernels.ChainState;
import dev.rbmsuite.kernels.KernelRegistry;
import dev.rbmsuite.kernels.TemperedState;
import dev.rbmsuite.kernels.TransitionKernel;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trained stack and its persistent chains survive a save and load bit for bit, the tempering
 * parity included; a state without a parity has parity 0; a kernel's own state type is built at
 * given positions with the parity carried over.
 */
class TrainedModelTest {
    @TempDir
    Path tmp;

    private static ChainState chains(int[] sizes, int count, long seed) {
        Rng rng = Rng.seeded(seed);
        double[][] buffers = new double[sizes.length][];
        for (int l = 0; l < sizes.length; l++) {
            buffers[l] = new double[count * sizes[l]];
            for (int k = 0; k < buffers[l].length; k++) {
                buffers[l][k] = rng.nextDouble() < 0.5 ? 0 : 1;
            }
        }
        return new ChainState(count, sizes, buffers);
    }

    @Test
    void saveAndLoadKeepTheStackTheChainsAndTheParity() throws Exception {
        RbmStack stack = RbmStack.gaussian(4, new int[] {3, 2}, 0.5, Rng.seeded(1));
        int[] sizes = stack.visibleSizes();
        TemperedState chains = new TemperedState(chains(sizes, 5, 2), 1);
        new TrainedModel(stack, chains).save(tmp, Map.of("dataset", "toy"), 42);
        TrainedModel back = TrainedModel.load(tmp);
        assertThat(back.stack().size()).isEqualTo(2);
        for (int l = 0; l < 2; l++) {
            assertThat(back.stack().layer(l).weightsArray()).containsExactly(stack.layer(l).weightsArray());
            assertThat(back.stack().layer(l).visibleBiasArray()).containsExactly(stack.layer(l).visibleBiasArray());
            assertThat(back.stack().layer(l).hiddenBiasArray()).containsExactly(stack.layer(l).hiddenBiasArray());
            assertThat(back.chains().buffer(l)).containsExactly(chains.buffer(l));
        }
        assertThat(back.chains().chains()).isEqualTo(5);
        assertThat(TrainedModel.parity(back.chains())).isEqualTo(1);
        assertThat(tmp.resolve("model/manifest.json")).isRegularFile();
        assertThat(tmp.resolve("chains-layer1.npy")).isRegularFile();
    }

    @Test
    void aStateWithoutParityHasParityZero() {
        ChainState plain = chains(new int[] {3}, 2, 3);
        assertThat(TrainedModel.parity(plain)).isZero();
        assertThat(TrainedModel.parity(new TemperedState(plain, 1))).isEqualTo(1);
    }

    @Test
    void forKernelBuildsTheKernelsStateAtThePositionsWithTheParity() {
        RbmStack stack = RbmStack.gaussian(4, new int[] {3, 2}, 0.5, Rng.seeded(1));
        ChainState positions = chains(stack.visibleSizes(), 3, 4);
        TransitionKernel dt = KernelRegistry.installed().create("dt", stack);
        ChainState s = TrainedModel.forKernel(dt, positions, 1);
        assertThat(s).isInstanceOf(TemperedState.class);
        assertThat(TrainedModel.parity(s)).isEqualTo(1);
        assertThat(s.buffer(0)).containsExactly(positions.buffer(0));
        assertThat(TrainedModel.parity(TrainedModel.forKernel(dt, positions, 0))).isZero();
        TransitionKernel bgs = KernelRegistry.installed().create("bgs", stack);
        ChainState bottom = new ChainState(3, new int[] {4}, new double[][] {positions.buffer(0).clone()});
        assertThat(TrainedModel.forKernel(bgs, bottom, 1).buffer(0)).containsExactly(positions.buffer(0));
    }
}
