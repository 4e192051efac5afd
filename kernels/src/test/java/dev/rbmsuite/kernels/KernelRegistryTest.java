package dev.rbmsuite.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ServiceLoader registry: built-ins found through META-INF/services, name errors, parameters. */
class KernelRegistryTest {
    @Test
    void resolvedParametersWriteTheDefaultsOutAndWithoutDefaultsLeavesThemOut() {
        KernelFactory pt = KernelRegistry.installed().factory("pt");
        String t = BuiltinKernels.Pt.TEMPERATURES;
        String b = BuiltinKernels.Pt.BETA_MIN;
        assertThat(KernelRegistry.resolved(pt, Map.of())).containsOnlyKeys(t, b)
                .containsEntry(t, Integer.toString(ParallelTempering.DEFAULT_TEMPERATURES));
        assertThat(KernelRegistry.resolved(pt, Map.of(t, "3"))).containsEntry(t, "3");
        assertThat(KernelRegistry.resolved(KernelRegistry.installed().factory("bgs"), Map.of())).isEmpty();
        String same = ParallelTempering.DEFAULT_TEMPERATURES + ".0"; // the same number written otherwise
        assertThat(KernelRegistry.withoutDefaults(pt, Map.of(t, same, b, "0.5"))).containsOnlyKeys(b);
        assertThat(KernelRegistry.withoutDefaults(pt, Map.of(t, "3"))).containsEntry(t, "3");
    }

    @Test
    void theOriginOfABuiltInKernelIsItsClassAndOfAnotherItsFile() {
        KernelOrigin bgs = KernelOrigin.of(KernelRegistry.installed().factory("bgs"));
        assertThat(bgs.builtIn()).isTrue();
        assertThat(bgs.asMap()).containsOnlyKeys("class", "builtIn");
        KernelFactory local = new KernelRegistryTest.Local();
        KernelOrigin o = KernelOrigin.of(local);
        assertThat(o.builtIn()).isFalse();
        assertThat(o.className()).isEqualTo(Local.class.getName());
        // a folder of classes (this module's test classes): the checksum of the factory's class file
        assertThat(o.location()).isNotNull();
        assertThat(o.sha256()).matches("[0-9a-f]{64}")
                .isEqualTo(KernelOrigin.sha256(Path.of(o.location(), Local.class.getName().replace('.', '/')
                        + ".class")));
    }

    /** A kernel defined outside the built-in ones. */
    static final class Local implements KernelFactory {
        @Override
        public String name() {
            return "local";
        }

        @Override
        public String description() {
            return "for the origin test";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            throw new UnsupportedOperationException();
        }
    }

    private static final RbmStack STACK = KernelsTest.STACK;

    @Test
    void theBuiltInKernelsAreFoundThroughTheServiceFile() {
        KernelRegistry r = KernelRegistry.installed();
        assertThat(r.names()).startsWith("bgs", "dt", "roundtrip", "pt");
        RbmStack stack = STACK;
        for (String name : BuiltinKernels.NAMES) {
            KernelFactory f = r.factory(name);
            assertThat(f.name()).isEqualTo(name);
            assertThat(f.description()).isNotBlank();
            assertThat(r.create(name, stack).name()).isEqualTo(name);
        }
        assertThat(r.factory("bgs").usesUpperLayers()).isFalse();
        assertThat(r.factory("pt").usesUpperLayers()).isFalse();
        assertThat(r.factory("dt").usesUpperLayers()).isTrue();
        assertThat(r.factory("roundtrip").usesUpperLayers()).isTrue();
    }

    @Test
    void anUnknownNameIsOneLineListingTheInstalledNames() {
        assertThatThrownBy(() -> KernelRegistry.installed().factory("gibbs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown kernel 'gibbs' (installed: " + String.join(", ", KernelRegistry.installed().names())
                        + ")");
    }

    @Test
    void parametersAreCheckedByNameAndValue() {
        RbmStack stack = STACK;
        KernelRegistry r = KernelRegistry.installed();
        ParallelTempering pt = (ParallelTempering) r.create("pt", stack, Map.of("temperatures", "3", "beta-min", "0.25"));
        assertThat(pt.betas()).containsExactly(ParallelTempering.geometricLadder(3, 0.25));
        assertThatThrownBy(() -> r.create("pt", stack, Map.of("temps", "3")))
                .hasMessage("kernel pt has no parameter 'temps' (accepted: temperatures, beta-min)");
        assertThatThrownBy(() -> r.create("bgs", stack, Map.of("k", "3")))
                .hasMessage("kernel bgs has no parameter 'k' (it takes none)");
        assertThatThrownBy(() -> r.create("pt", stack, Map.of("temperatures", "x")))
                .hasMessage("parameter temperatures: 'x' is not an integer");
        assertThatThrownBy(() -> r.create("pt", stack, Map.of("beta-min", "1.5")))
                .hasMessage("parameter beta-min: must lie in (0, 1), got 1.5");
    }

    @Test
    void kernelsDefinedInCodeCanBeRegisteredAtRunTime() {
        KernelFactory bgsAlias = new KernelFactory() {
            @Override
            public String name() {
                return "test-registered-bgs";
            }

            @Override
            public String description() {
                return "BGS under another name";
            }

            @Override
            public boolean usesUpperLayers() {
                return false;
            }

            @Override
            public TransitionKernel create(RbmStack stack, Map<String, String> params) {
                return new BlockedGibbs(stack.bottom());
            }
        };
        KernelRegistry.register(bgsAlias);
        assertThat(KernelRegistry.installed().names()).startsWith("bgs", "dt", "roundtrip", "pt")
                .contains("test-registered-bgs");
        assertThat(Kernels.create("test-registered-bgs", STACK)).isInstanceOf(BlockedGibbs.class);
        assertThatThrownBy(() -> KernelRegistry.register(bgsAlias)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two kernel factories are named 'test-registered-bgs'");
    }

    @Test
    void duplicateOrMalformedNamesAreRejected() {
        assertThatThrownBy(() -> KernelRegistry.of(List.of(new BuiltinKernels.Bgs(), new BuiltinKernels.Bgs())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("two kernel factories are named 'bgs'");
        KernelFactory bad = new KernelFactory() {
            @Override
            public String name() {
                return "Bad Name";
            }

            @Override
            public String description() {
                return "";
            }

            @Override
            public boolean usesUpperLayers() {
                return false;
            }

            @Override
            public TransitionKernel create(RbmStack stack, Map<String, String> params) {
                return null;
            }
        };
        assertThatThrownBy(() -> KernelRegistry.of(List.of(bad))).hasMessageContaining("malformed name 'Bad Name'");
        assertThat(KernelRegistry.of(List.of(new BuiltinKernels.Pt(), new BuiltinKernels.Bgs())).names())
                .containsExactly("bgs", "pt");
    }

    /** A plug-in factory whose create fails as a broken plug-in's would (loaded from test classes, so not built in). */
    private record FailingFactory(RuntimeException failure) implements KernelFactory {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public String description() {
            return "fails";
        }

        @Override
        public boolean usesUpperLayers() {
            return false;
        }

        @Override
        public TransitionKernel create(RbmStack stack, Map<String, String> params) {
            if (failure != null) {
                throw failure;
            }
            return null;
        }
    }

    /**
     * Found by the adversarial review of this round: a plug-in whose create throws (or returns null)
     * reached the user as "internal error" naming no jar; now an input error naming its class and
     * location, while a bad parameter (IllegalArgumentException) passes through as before.
     */
    @Test
    void aPluginsFailingCreateNamesThePlugin() {
        RbmStack stack = RbmStack.xavier(3, new int[] {2}, Rng.seeded(1));
        assertThatThrownBy(() -> KernelRegistry.create(new FailingFactory(new UnsupportedOperationException("nope")), stack, Map.of()))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("kernel plug-in ").hasMessageContaining(FailingFactory.class.getName())
                .hasMessageContaining(".create failed").hasMessageContaining("nope");
        assertThatThrownBy(() -> KernelRegistry.create(new FailingFactory(null), stack, Map.of()))
                .isInstanceOf(InputException.class).hasMessageContaining(".create returned null");
        assertThatThrownBy(() -> KernelRegistry.create(new FailingFactory(new IllegalArgumentException("parameter x")), stack, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("parameter x");
        assertThat(KernelRegistry.create(KernelRegistry.installed().factory("bgs"), stack, Map.of())).isNotNull();
    }
}
