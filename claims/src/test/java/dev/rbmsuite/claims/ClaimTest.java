package dev.rbmsuite.claims;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A claim's shape is checked against its design when it is built: paper claims quote, beyond
 * claims do not, the samples fit the design, the threshold is finite; the builder fills every
 * field it is told and nothing else.
 */
class ClaimTest {
    private static final PaperQuote Q = new PaperQuote("Sec. 9", "A sentence.");

    @Test
    void theBuilderCarriesEveryFieldAndDefaultsToABeyondOneSampleClaim() {
        double[] a = {1, 2, 3};
        Claim c = Claim.builder("fig6", "fig6.x").statement("s").statistic("st").effect("e").oneSample(a).threshold(0.5)
                .note("n").build();
        assertThat(c.figure()).isEqualTo("fig6");
        assertThat(c.id()).isEqualTo("fig6.x");
        assertThat(c.kind()).isEqualTo(Kind.BEYOND);
        assertThat(c.quote()).isEmpty();
        assertThat(c.section()).isEmpty();
        assertThat(c.statement()).isEqualTo("s");
        assertThat(c.statistic()).isEqualTo("st");
        assertThat(c.effectLabel()).isEqualTo("e");
        assertThat(c.design()).isEqualTo(Design.ONE_SAMPLE);
        assertThat(c.a()).isSameAs(a);
        assertThat(c.b()).isNull();
        assertThat(c.threshold()).isEqualTo(0.5);
        assertThat(c.missing()).isEmpty();
        assertThat(c.note()).isEqualTo("n");
        assertThat(Claim.builder("f", "i").oneSample(a).build().effectLabel()).isEqualTo("effect");
    }

    @Test
    void paperTakesTheQuoteAndItsSection() {
        Claim c = Claim.builder("f", "i").paper(Q).oneSample(new double[] {1}).build();
        assertThat(c.kind()).isEqualTo(Kind.PAPER);
        assertThat(c.quote()).isEqualTo("A sentence.");
        assertThat(c.section()).isEqualTo("Sec. 9");
    }

    @Test
    void eachDesignKeepsItsSamples() {
        double[] a = {1, 2};
        double[] b = {3, 4};
        assertThat(Claim.builder("f", "i").paired(a, b).build().design()).isEqualTo(Design.PAIRED);
        assertThat(Claim.builder("f", "i").pairedBootstrap(a, b).build().design()).isEqualTo(Design.PAIRED_BOOTSTRAP);
        Claim w = Claim.builder("f", "i").welch(a, new double[] {5}).build();
        assertThat(w.design()).isEqualTo(Design.WELCH);
        assertThat(w.a()).isSameAs(a);
        assertThat(w.b()).containsExactly(5);
        // the last sample call wins: oneSample after paired drops b
        assertThat(Claim.builder("f", "i").paired(a, b).oneSample(a).build().b()).isNull();
    }

    @Test
    void missingDataDropTheSamplesAndKeepTheDesignAndReason() {
        Claim c = Claim.builder("f", "i").paired(new double[] {1}, new double[] {2}).missing(Design.WELCH, "no file")
                .build();
        assertThat(c.design()).isEqualTo(Design.WELCH);
        assertThat(c.a()).isNull();
        assertThat(c.b()).isNull();
        assertThat(c.missing()).isEqualTo("no file");
    }

    @Test
    void withNoteChangesTheNoteOnly() {
        Claim c = Claim.builder("f", "i").paper(Q).welch(new double[] {1}, new double[] {2}).threshold(-0.1).build();
        Claim n = c.withNote("still rising");
        assertThat(n.note()).isEqualTo("still rising");
        assertThat(n).usingRecursiveComparison().ignoringFields("note").isEqualTo(c);
    }

    @Test
    void nullTextsBecomeEmpty() {
        Claim c = new Claim("f", "i", Kind.BEYOND, null, null, "", "", "", Design.ONE_SAMPLE, new double[] {1}, null, 0,
                null, null);
        assertThat(c.quote()).isEmpty();
        assertThat(c.section()).isEmpty();
        assertThat(c.missing()).isEmpty();
        assertThat(c.note()).isEmpty();
    }

    @Test
    void invalidShapesAreRefusedNamingTheClaim() {
        assertThatThrownBy(() -> new Claim("f", "c1", Kind.PAPER, "", "", "", "", "", Design.ONE_SAMPLE,
                new double[] {1}, null, 0, "", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("c1: a paper claim needs the paper's sentence");
        assertThatThrownBy(() -> new Claim("f", "c2", Kind.BEYOND, "quoted", "", "", "", "", Design.ONE_SAMPLE,
                new double[] {1}, null, 0, "", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("c2: a beyond-the-paper claim quotes nothing");
        assertThatThrownBy(() -> new Claim("f", "c3", Kind.BEYOND, "", "", "", "", "", Design.WELCH,
                new double[] {1}, null, 0, "", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("c3: WELCH needs two samples");
        assertThatThrownBy(() -> new Claim("f", "c4", Kind.BEYOND, "", "", "", "", "", Design.ONE_SAMPLE,
                new double[] {1}, new double[] {2}, 0, "", "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("c4: ONE_SAMPLE needs one sample");
        assertThatThrownBy(() -> Claim.builder("f", "c5").pairedBootstrap(new double[] {1, 2}, new double[] {1}).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("c5: paired samples of different lengths 2 and 1");
        assertThatThrownBy(() -> Claim.builder("f", "c6").oneSample(new double[] {1}).threshold(Double.NaN).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("c6: threshold must be finite");
        assertThatThrownBy(() -> Claim.builder("f", "c7").build()).isInstanceOf(NullPointerException.class)
                .hasMessage("c7: sample a");
        assertThatThrownBy(() -> Claim.builder(null, "c8").oneSample(new double[] {1}).build())
                .isInstanceOf(NullPointerException.class).hasMessage("figure");
    }

    @Test
    void missingClaimsNeedNoSamplesButStillAFiniteThreshold() {
        Claim ok = new Claim("f", "m", Kind.BEYOND, "", "", "", "", "", Design.PAIRED, null, null, 0, "gone", "");
        assertThat(ok.missing()).isEqualTo("gone");
        assertThatThrownBy(() -> new Claim("f", "m2", Kind.BEYOND, "", "", "", "", "", Design.PAIRED, null, null,
                Double.POSITIVE_INFINITY, "gone", "")).hasMessage("m2: threshold must be finite");
    }
}
