package dev.rbmsuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rbmsuite.core.Rng;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@link CommonOptions}: --seed (default 1) seeds the command's one root stream; --json switches the output. */
class CommonOptionsTest {
    @Command(name = "probe")
    static final class Probe {
        @Mixin
        CommonOptions common;
    }

    private static CommonOptions parse(String... args) {
        Probe p = new Probe();
        new CommandLine(p).parseArgs(args);
        return p.common;
    }

    @Test
    void defaultsAreSeedOneAndText() {
        CommonOptions c = parse();
        assertThat(c.seed()).isEqualTo(1);
        assertThat(c.json()).isFalse();
    }

    @Test
    void theOptionsAreParsed() {
        CommonOptions c = parse("--seed", "-9", "--json");
        assertThat(c.seed()).isEqualTo(-9);
        assertThat(c.json()).isTrue();
        assertThatThrownBy(() -> parse("--seed", "x")).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--seed");
    }

    @Test
    void theRootStreamIsTheSeededCoreStream() {
        double[] a = draws(parse("--seed", "5").rng());
        assertThat(a).isEqualTo(draws(Rng.seeded(5)));
        assertThat(a).isEqualTo(draws(parse("--seed", "5").rng()));
        assertThat(a).isNotEqualTo(draws(parse("--seed", "6").rng()));
        assertThat(draws(parse().rng())).isEqualTo(draws(Rng.seeded(1)));
    }

    private static double[] draws(Rng rng) {
        double[] x = new double[8];
        for (int k = 0; k < x.length; k++) {
            x[k] = rng.nextDouble();
        }
        return x;
    }
}
