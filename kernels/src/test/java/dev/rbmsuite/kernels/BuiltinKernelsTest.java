package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.RbmStack;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The built-in factories: names, what they sample, the kernels they make and their parameters. */
class BuiltinKernelsTest {
    private static final RbmStack STACK = KernelsTest.STACK;
    private static final List<KernelFactory> FACTORIES = List.of(new BuiltinKernels.Bgs(), new BuiltinKernels.Dt(),
            new BuiltinKernels.RoundTripFactory(), new BuiltinKernels.Pt(), new BuiltinKernels.Gwg(),
            new BuiltinKernels.Dmala(), new BuiltinKernels.Dula(), new BuiltinKernels.Pas(), new BuiltinKernels.Rsgibbs());

    @Test
    void namesAreTheDocumentedOnesInOrder() {
        assertThat(FACTORIES.stream().map(KernelFactory::name).toList()).isEqualTo(BuiltinKernels.NAMES)
                .containsExactly("bgs", "dt", "roundtrip", "pt", "gwg", "dmala", "dula", "pas", "rsgibbs");
        for (KernelFactory f : FACTORIES) {
            assertThat(f.description()).as(f.name()).isNotBlank().doesNotContain("\n");
            assertThat(f.create(STACK, Map.of()).name()).as("the kernel carries the factory's name").isEqualTo(f.name());
        }
    }

    @Test
    void stackKernelsUseEveryLayerAndTheOthersOnlyTheBottomRbm() {
        assertThat(FACTORIES.stream().map(KernelFactory::usesUpperLayers).toList()).containsExactly(false, true, true, false,
                false, false, false, false, false);
        BlockedGibbs bgs = (BlockedGibbs) new BuiltinKernels.Bgs().create(STACK, Map.of());
        assertThat(bgs.rbm()).isSameAs(STACK.bottom());
        DeepTempering dt = (DeepTempering) new BuiltinKernels.Dt().create(STACK, Map.of());
        assertThat(dt.stack()).isSameAs(STACK);
        RoundTrip rt = (RoundTrip) new BuiltinKernels.RoundTripFactory().create(STACK, Map.of());
        assertThat(rt.stack()).isSameAs(STACK);
        ParallelTempering pt = (ParallelTempering) new BuiltinKernels.Pt().create(STACK, Map.of());
        assertThat(pt.rbm()).isSameAs(STACK.bottom());
        assertThat(pt.betas()).isEqualTo(ParallelTempering.geometricLadder(ParallelTempering.DEFAULT_TEMPERATURES,
                ParallelTempering.DEFAULT_BETA_MIN));
    }

    @Test
    void ptReadsItsLadderFromItsParameters() {
        BuiltinKernels.Pt f = new BuiltinKernels.Pt();
        assertThat(f.parameters().keySet()).containsExactly("temperatures", "beta-min");
        assertThat(f.parameters().get("temperatures")).contains("default " + ParallelTempering.DEFAULT_TEMPERATURES);
        ParallelTempering pt = (ParallelTempering) f.create(STACK, Map.of("temperatures", "3", "beta-min", "0.25"));
        assertThat(pt.betas()).containsExactly(1.0, 0.5, 0.25);
        assertThat(((ParallelTempering) f.create(STACK, Map.of("temperatures", "1"))).betas()).containsExactly(1.0);
        assertThatThrownBy(() -> f.create(STACK, Map.of("temperatures", "0"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter temperatures: must be at least 1, got 0");
        for (String b : new String[] {"0", "1", "-0.5", "1.5"}) {
            assertThatThrownBy(() -> f.create(STACK, Map.of("beta-min", b))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("parameter beta-min: must lie in (0, 1), got " + Double.parseDouble(b));
        }
        assertThatThrownBy(() -> f.create(STACK, Map.of("temperatures", "three")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("parameter temperatures: 'three' is not an integer");
    }

    @Test
    void theGradientKernelsStateTheirParametersAndDefaults() {
        for (KernelFactory f : FACTORIES.subList(4, 8)) {
            assertThat(f.defaults().keySet()).as(f.name()).isEqualTo(f.parameters().keySet());
            assertThat(f.bottomSweeps(Map.of())).as(f.name()).isEqualTo(1.0);
            TransitionKernel k = f.create(STACK, f.defaults());
            assertThat(k.name()).isEqualTo(f.name());
            assertThat(k.chainBlocks()).isTrue();
        }
        assertThat(new BuiltinKernels.Gwg().parameters().keySet()).containsExactly("differences");
        assertThat(new BuiltinKernels.Pas().parameters().keySet()).containsExactly("path-length", "differences");
        assertThat(new BuiltinKernels.Dmala().defaults()).isEqualTo(Map.of("step-size", "0.2"));
        assertThat(new BuiltinKernels.Dula().defaults()).isEqualTo(Map.of("step-size", "0.1"));
        GibbsWithGradients gwg = (GibbsWithGradients) new BuiltinKernels.Gwg().create(STACK, Map.of());
        assertThat(gwg.rbm()).isSameAs(STACK.bottom());
        DiscreteLangevin dula = (DiscreteLangevin) new BuiltinKernels.Dula().create(STACK, Map.of());
        assertThat(dula.rbm()).isSameAs(STACK.bottom());
    }

    @Test
    void randomScanGibbsDefaultsToOneSweepAndCountsSitesAsAShareOfOne() {
        BuiltinKernels.Rsgibbs f = new BuiltinKernels.Rsgibbs();
        int n = STACK.bottom().numVisible();
        assertThat(f.parameters().keySet()).containsExactly("sites");
        assertThat(f.parameters().get("sites")).contains("n, one random-scan sweep");
        assertThat(f.defaults()).as("a model-dependent default is never recorded").isEmpty();
        RandomScanGibbs sweep = (RandomScanGibbs) f.create(STACK, Map.of());
        assertThat(sweep.sites()).isEqualTo(n);
        assertThat(sweep.rbm()).isSameAs(STACK.bottom());
        assertThat(sweep.chainBlocks()).isTrue();
        assertThat(((RandomScanGibbs) f.create(STACK, Map.of("sites", "1"))).sites()).isEqualTo(1);
        assertThat(f.bottomSweeps(Map.of())).isEqualTo(1.0);
        assertThat(f.bottomSweeps(n, Map.of())).isEqualTo(1.0);
        assertThat(f.bottomSweeps(25, Map.of("sites", "5"))).isEqualTo(0.2);
        assertThat(f.bottomSweeps(25, Map.of("sites", "50"))).isEqualTo(2.0);
        assertThatThrownBy(() -> f.bottomSweeps(Map.of("sites", "5"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("parameter sites: the work of K site updates");
        assertThatThrownBy(() -> f.create(STACK, Map.of("sites", "0"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter sites: must be between 1 and 1073741823, got 0");
        assertThatThrownBy(() -> f.create(STACK, Map.of("sites", "2000000000"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter sites: must be between 1 and 1073741823, got 2000000000");
        assertThat(new BuiltinKernels.Gwg().bottomSweeps(7, Map.of())).as("the model-aware form defaults to the other")
                .isEqualTo(1.0);
        assertThat(new BuiltinKernels.Pt().bottomSweeps(7, Map.of("temperatures", "4"))).isEqualTo(4.0);
    }
}
