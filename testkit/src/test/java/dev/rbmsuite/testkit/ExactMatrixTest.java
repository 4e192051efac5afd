package dev.rbmsuite.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.kernels.exact.ExactTransitionMatrices;
import dev.rbmsuite.kernels.exact.RbmTables;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The composable primitives rebuild the suite's exact matrices, custom row steps work, and the
 * stationary distribution of a matrix is found whether or not it is the target.
 */
class ExactMatrixTest {
    private static void assertSame(double[][] a, double[][] b) {
        assertThat(a.length).isEqualTo(b.length);
        for (int r = 0; r < a.length; r++) {
            assertThat(a[r]).containsExactly(b[r], Offset.offset(1e-14));
        }
    }

    @Test
    void theRoundTripOfOneLevelFromPrimitives() {
        RbmStack stack = TinyModels.stack342();
        Rbm r0 = stack.layer(0);
        Rbm r1 = stack.layer(1);
        RbmTables t0 = new RbmTables(r0, 1.0);
        RbmTables t1 = new RbmTables(r1, 1.0);
        // slot 0 holds h_0 (hidden of theta_0), slot 1 holds v_1 (visible of theta_1)
        double[][] t = ExactMatrix.on(stack.visibleSizes())
                .hiddenGivenVisible(0, r0)
                .metropolisSwap(0, 1, t0.logMarginalHidden(), t1.logMarginalVisible())
                .gibbsSweep(1, r1)
                .metropolisSwap(0, 1, t0.logMarginalHidden(), t1.logMarginalVisible())
                .visibleGivenHidden(0, r0)
                .build();
        assertSame(t, ExactTransitionMatrices.roundTrip(stack));
        double[] pi = ExactMatrix.product(stack.visibleSizes(), t0.visibleMarginal(), t1.visibleMarginal());
        assertThat(pi).containsExactly(ExactTransitionMatrices.target(stack), Offset.offset(1e-15));
        KernelChecks.assertDetailedBalance(t, pi, 1e-13);
    }

    @Test
    void customRowStepsAndComposition() {
        // a two-state flip with probability 0.3 on one bit, as a layer step and as a joint step
        double[][] layer = ExactMatrix.on(1).step(0, 1, x -> x == 0 ? new double[] {0.7, 0.3} : new double[] {0.3, 0.7})
                .build();
        double[][] joint = ExactMatrix.on(1).step(i -> i == 0 ? new double[] {0.7, 0.3} : new double[] {0.3, 0.7}).build();
        assertSame(layer, joint);
        assertSame(ExactMatrix.power(layer, 2), new double[][] {{0.58, 0.42}, {0.42, 0.58}});
        assertThatThrownBy(() -> ExactMatrix.on(1).step(0, 1, x -> new double[] {0.5, 0.6}).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sums to");
        assertThatThrownBy(() -> ExactMatrix.on(3).hiddenGivenVisible(0, TinyModels.bgsRbm()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds 3 bits");
        assertThatThrownBy(() -> ExactMatrix.on(3, 4).hiddenGivenVisible(0, TinyModels.stack342().layer(0)).build())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theStationaryDistributionOfAnExactAndOfABiasedKernel() {
        Rbm rbm = TinyModels.bgsRbm();
        double[] pi = ExactTransitionMatrices.visibleMarginal(rbm);
        assertThat(ExactMatrix.stationary(ExactTransitionMatrices.bgs(rbm))).containsExactly(pi, Offset.offset(1e-14));
        assertThat(KernelChecks.tv(ExactMatrix.stationary(ExactTransitionMatrices.bgs(rbm)), pi)).isLessThan(1e-13);
        // a two-state chain 0 -> 1 with probability a, 1 -> 0 with probability b: pi = (b, a) / (a + b)
        double[][] t = {{0.9, 0.1}, {0.3, 0.7}};
        assertThat(ExactMatrix.stationary(t)).containsExactly(new double[] {0.75, 0.25}, Offset.offset(1e-15));
        assertThat(KernelChecks.tv(new double[] {0.75, 0.25}, new double[] {0.5, 0.5})).isEqualTo(0.25);
        assertThatThrownBy(() -> ExactMatrix.stationary(new double[][] {{1, 0}, {0, 1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not unique");
        assertThatThrownBy(() -> KernelChecks.tv(new double[2], new double[3])).isInstanceOf(IllegalArgumentException.class);
    }
}
