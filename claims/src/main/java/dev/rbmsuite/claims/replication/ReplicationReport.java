package dev.rbmsuite.claims.replication;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Decision;
import dev.rbmsuite.claims.Registration;
import dev.rbmsuite.claims.Tex;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.claims.report.Baselines;
import dev.rbmsuite.claims.report.Markup;
import dev.rbmsuite.claims.report.PlainSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The replication report's text (issue 36, items 5 and 6): the rules and what was looked at when;
 * a headline per baseline and per figure in plain sentences (what replicates, what does not, what is
 * unmeasurable or undecided); the abstract's claims with their status; the fixed-budget caveats;
 * and every sentence's outcome in every seed with its pooled effect.
 */
public final class ReplicationReport {
    /**
     * The abstract's (and the conclusion's) comparative claims, each with the sentence families that
     * test it: the headline names their status against BGS and against DT.
     */
    static final Map<String, List<String>> ABSTRACT = new LinkedHashMap<>();

    static {
        ABSTRACT.put("Abstract: \"the proposed kernel performs nonlocal transitions more frequently [...] than BGS and "
                + "DT\"; conclusion: \"moved between modes more frequently than BGS and DT\"", List.of("fig8.moves"));
        ABSTRACT.put("Conclusion: \"the proposed transition kernel explored a broader range of states [...] than BGS "
                + "and DT\"", List.of("fig8.broader"));
        ABSTRACT.put("Abstract: \"[the proposed kernel] achieves higher sampling quality with fewer transitions than "
                + "BGS and DT\"", List.of("fig9.rapid", "fig9.lower"));
        ABSTRACT.put("Abstract: \"learning based on the proposed kernel is more stable and mitigates the training "
                + "failures observed with BGS- and DT-based learning\"", List.of("fig6.mitigates-failure-vs-bgs",
                "fig6.more-effective-than-dt", "fig6.stable-at-L3"));
        ABSTRACT.put("Section 5.2: the proposed kernel's learning is \"comparable to or better than\" BGS and DT on the "
                + "other data sets", List.of("fig7.comparable"));
    }

    private ReplicationReport() {
    }

    /**
     * @param r the replication
     * @param figures the figure files to show, as paths relative to the report (may be empty)
     * @return REPORT.md
     */
    public static String markdown(Replication.Result r, List<String> figures) {
        StringBuilder sb = new StringBuilder("# Replication of the verdicts over seeds\n\n");
        List<String> labels = ReplicationTables.labels(r);
        sb.append(String.format(Locale.ROOT, "Sekimoto & Yasuda, *Nonlocal Transition Kernel for Efficient Learning of "
                + "RBMs*: every sentence of the reproduction report decided in %d confirmatory seed%s (%s) at %s scale, "
                + "each with new initial parameters, new trained models and new chains on the same data sets, and "
                + "pooled over the seeds with the seed (trained model) as a random effect.%s Each seed's folder is a "
                + "full reproduction report (`report --from SEED` rebuilds it byte for byte).%n%n",
                r.confirmatory().size(), r.confirmatory().size() == 1 ? "" : "s",
                String.join(", ", r.confirmatory().stream().map(SeedRun::label).toList()),
                r.confirmatory().get(0).scale(),
                r.exploratory() == null ? "" : " " + r.exploratory().label() + ", seen while the rules were made, is "
                        + "shown beside them as exploratory and counts for nothing."));
        rules(sb, r);
        headline(sb, r);
        abstractClaims(sb, r);
        caveats(sb, r);
        table(sb, r, labels);
        for (String f : figures) {
            sb.append("![").append(f).append("](").append(f).append(")\n\n");
        }
        method(sb);
        return sb.toString();
    }

    private static void rules(StringBuilder sb, Replication.Result r) {
        sb.append("## Rules, and what was looked at when\n\n");
        String registered = Registration.VERSION + " " + Registration.REGISTERED_SHA256;
        sb.append("The rules are registered in `registration-").append(Registration.VERSION).append(".md` of the claim ")
                .append("engine (SHA-256 `").append(Registration.REGISTERED_SHA256).append("`), committed before any ")
                .append("confirmatory seed was rendered or decided; its section 0 says what was known when it was ")
                .append("written. Deviations from it: none.\n\n| seed | role | rules its manifests record | registered |\n")
                .append("|---|---|---|---|\n");
        List<SeedRun> all = new ArrayList<>(r.confirmatory());
        if (r.exploratory() != null) {
            all.add(r.exploratory());
        }
        for (SeedRun s : all) {
            sb.append("| ").append(s.label()).append(" | ").append(s.confirmatory() ? "confirmatory" : "exploratory")
                    .append(" | ").append(String.join("; ", s.rules())).append(" | ")
                    .append(s.rules().equals(Set.of(registered)) ? "yes" : "**no**").append(" |\n");
        }
        sb.append('\n');
    }

    private static void headline(StringBuilder sb, Replication.Result r) {
        sb.append("## Headline\n\n");
        sb.append(String.format(Locale.ROOT, "A sentence **replicates** when its pooled outcome holds and it holds in at "
                + "least %.0f %% of the confirmatory seeds; it **does not replicate** when its pooled outcome does not "
                + "hold (the baseline is better) or it holds in fewer seeds than that although pooled it holds.%n%n",
                100 * Replication.REPLICATES));
        for (String base : Baselines.ORDER) {
            List<Replication.SentenceLine> own = r.sentences().stream().filter(s -> s.baseline().equals(base)).toList();
            if (own.isEmpty()) {
                continue;
            }
            sb.append("### ").append(Baselines.words(base)).append("\n\n");
            sb.append(String.format(Locale.ROOT, "%d sentences, their pooled outcomes:%n%n", own.size()));
            group(sb, own, "Replicate", Replication.SentenceLine::replicates);
            group(sb, own, "Hold when pooled but in fewer than " + percent() + " of the seeds",
                    s -> !s.replicates() && pooled(s) == Verdict.HOLDS);
            group(sb, own, "Do not hold when pooled (the baseline is better)", s -> pooled(s) == Verdict.DOES_NOT_HOLD);
            group(sb, own, "Equal within the margin when pooled", s -> pooled(s) == Verdict.EQUAL);
            group(sb, own, "Unmeasurable (a count or TV at its ceiling or floor)", s -> pooled(s) == Verdict.UNMEASURABLE);
            group(sb, own, "Inconclusive when pooled", s -> pooled(s) == Verdict.INCONCLUSIVE);
            sb.append('\n');
        }
        sb.append("### Per figure\n\n| figure | sentences | replicate | pooled: holds / does not hold / equal / "
                + "inconclusive / unmeasurable | after Holm | mean replication rate |\n|---|---|---|---|---|---|\n");
        Map<String, List<Replication.SentenceLine>> byFigure = new LinkedHashMap<>();
        r.sentences().forEach(s -> byFigure.computeIfAbsent(s.figure(), k -> new ArrayList<>()).add(s));
        byFigure.forEach((fig, own) -> sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %s | %.2f |%n", fig,
                own.size(), own.stream().filter(Replication.SentenceLine::replicates).count(), counts(own, false),
                counts(own, true), own.stream().mapToDouble(Replication.SentenceLine::replicationRate).average()
                        .orElse(Double.NaN))));
        sb.append('\n');
    }

    private static String percent() {
        return String.format(Locale.ROOT, "%.0f %%", 100 * Replication.REPLICATES);
    }

    private static Verdict pooled(Replication.SentenceLine s) {
        return s.pooled() == null ? Verdict.INCONCLUSIVE : s.pooled().verdict();
    }

    private static void group(StringBuilder sb, List<Replication.SentenceLine> own, String title,
                              Predicate<Replication.SentenceLine> which) {
        List<Replication.SentenceLine> g = own.stream().filter(which).toList();
        if (g.isEmpty()) {
            return;
        }
        // one clause per family of sentences: its words, then where and in how many seeds it held
        Map<String, List<String>> byFamily = new LinkedHashMap<>();
        for (Replication.SentenceLine s : g) {
            String where = PlainSummary.where(s.id());
            byFamily.computeIfAbsent(PlainSummary.familyWords(s.id(), s.quote()), k -> new ArrayList<>())
                    .add(String.format(Locale.ROOT, "%sheld in %d of %d", where.isEmpty() ? "" : where + ": ",
                            s.counts().get(Verdict.HOLDS), s.seeds()));
        }
        List<String> clauses = new ArrayList<>();
        byFamily.forEach((words, where) -> clauses.add(words + " (" + String.join("; ", where) + ")"));
        sb.append(String.format(Locale.ROOT, "- **%s (%d):** %s.%n", title, g.size(), String.join(". ", clauses)));
    }

    private static String counts(List<Replication.SentenceLine> own, boolean adjusted) {
        int[] n = new int[Verdict.values().length];
        for (Replication.SentenceLine s : own) {
            Verdict v = s.pooled() == null ? Verdict.INCONCLUSIVE : adjusted ? s.pooled().adjusted() : s.pooled().verdict();
            n[v.ordinal()]++;
        }
        return n[Verdict.HOLDS.ordinal()] + " / " + n[Verdict.DOES_NOT_HOLD.ordinal()] + " / " + n[Verdict.EQUAL.ordinal()]
                + " / " + n[Verdict.INCONCLUSIVE.ordinal()] + " / " + n[Verdict.UNMEASURABLE.ordinal()];
    }

    private static void abstractClaims(StringBuilder sb, Replication.Result r) {
        sb.append("## The abstract's claims\n\n");
        ABSTRACT.forEach((claim, families) -> {
            sb.append("- ").append(claim).append(": ");
            List<String> parts = new ArrayList<>();
            for (String base : Baselines.ORDER) {
                List<Replication.SentenceLine> own = r.sentences().stream().filter(s -> s.baseline().equals(base)
                        && families.stream().anyMatch(f -> s.id().equals(f) || s.id().startsWith(f + "."))).toList();
                if (own.isEmpty()) {
                    continue;
                }
                String who = base.equals("none") ? "on its own" : base.equals("bgs") ? "against BGS" : "against DT";
                parts.add(String.format(Locale.ROOT, "%s %d of %d sentences replicate (pooled: %s)", who,
                        own.stream().filter(Replication.SentenceLine::replicates).count(), own.size(), words(own)));
            }
            sb.append(String.join("; ", parts)).append(".\n");
        });
        sb.append('\n');
    }

    /** "3 hold, 1 does not hold, 1 inconclusive" over the pooled outcomes, zero counts left out. */
    private static String words(List<Replication.SentenceLine> own) {
        List<String> out = new ArrayList<>();
        for (Verdict v : Verdict.values()) {
            long n = own.stream().filter(s -> pooled(s) == v).count();
            if (n > 0) {
                out.add(n + " " + (v == Verdict.HOLDS ? (n == 1 ? "holds" : "hold") : v == Verdict.DOES_NOT_HOLD
                        ? (n == 1 ? "does not hold" : "do not hold") : v.text()));
            }
        }
        return String.join(", ", out);
    }

    private static void caveats(StringBuilder sb, Replication.Result r) {
        List<String> lines = new ArrayList<>();
        for (Replication.SentenceLine s : r.sentences()) {
            if (!s.caveats().isEmpty()) {
                lines.add("- `" + s.id() + "`: " + Markup.text(String.join("; ", s.caveats())));
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        sb.append("## Fixed-budget caveats\n\nThe paper trains for a fixed number of epochs; where a learning curve was "
                + "still rising (or not shown to have levelled off) at the last epoch in some seed, a comparison at a "
                + "longer budget could differ:\n\n");
        lines.forEach(l -> sb.append(l).append('\n'));
        sb.append('\n');
    }

    private static void table(StringBuilder sb, Replication.Result r, List<String> labels) {
        sb.append("## Every sentence\n\nPer seed the sentence's outcome (before Holm; H holds, N does not hold, E equal "
                + "within the margin, I inconclusive, U unmeasurable; ' when Holm within the seed makes it "
                + "inconclusive), the share of confirmatory seeds in which it holds, and the pooled outcome with the "
                + "effect and 95 % interval of its binding row (pooled over the confirmatory seeds).\n\n| sentence | ");
        sb.append(String.join(" | ", labels)).append(" | holds in | pooled (after Holm) | pooled effect [95 % CI] |\n|---|");
        sb.append("---|".repeat(labels.size())).append("---|---|---|\n");
        for (Replication.SentenceLine s : r.sentences()) {
            sb.append("| `").append(s.id()).append("` |");
            for (String l : labels) {
                Verdict v = s.verdicts().get(l);
                Verdict a = s.adjusted().get(l);
                sb.append(' ').append(v == null ? "-" : letter(v) + (a != v ? "'" : "")).append(" |");
            }
            JsonNode b = s.binding();
            sb.append(String.format(Locale.ROOT, " %d of %d | %s | %s |%n", s.counts().get(Verdict.HOLDS), s.seeds(),
                    s.pooled() == null ? "-" : "**" + s.pooled().verdict().text() + "**"
                            + (s.pooled().smallerThanMargin() ? ", smaller than the margin" : "")
                            + (s.pooled().adjusted() != s.pooled().verdict() ? " (" + s.pooled().adjusted().text() + ")"
                            : ""),
                    b == null || !b.path("ci_low").isNumber() ? "-" : Decision.num(b.path("effect").asDouble()) + " ["
                            + Decision.num(b.path("ci_low").asDouble()) + ", " + Decision.num(b.path("ci_high").asDouble())
                            + "] (" + Markup.cell(Tex.plain(b.path("statistic").asText())) + ")"));
        }
        sb.append('\n');
    }

    private static String letter(Verdict v) {
        return switch (v) {
            case HOLDS -> "H";
            case DOES_NOT_HOLD -> "N";
            case EQUAL -> "E";
            case UNMEASURABLE -> "U";
            default -> "I";
        };
    }

    private static void method(StringBuilder sb) {
        sb.append("## How the seeds are pooled\n\nPer evidence row, over the confirmatory seeds in which it has an "
                + "interval and is measurable: each seed's effect with its standard error (the bootstrap "
                + "distribution's standard deviation for bootstrap rows, the half-width over the t quantile for t "
                + "rows); DerSimonian and Laird's between-seed variance τ²; the Hartung-Knapp-Sidik-Jonkman interval "
                + "with q* = max(1, q) and k - 1 degrees of freedom; the mean of the seeds' margins. Fewer than "
                + Replication.MIN_SEEDS + " such seeds give no pooled interval. The pooled row is decided by the rule "
                + "each seed is decided by, rows combine into sentences as in each seed, and Holm's adjustment runs "
                + "over the pooled paper sentences (registration-v1.md, section 5; docs/methods.md, section 9). "
                + "`replication.csv` has one line per sentence, `replication-rows.csv` one per pooled row with every "
                + "seed's effect and interval.\n");
    }
}
