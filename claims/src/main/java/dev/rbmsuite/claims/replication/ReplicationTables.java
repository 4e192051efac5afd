package dev.rbmsuite.claims.replication;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.Verdict;
import dev.rbmsuite.core.io.CsvTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The replication's machine-readable tables: {@code replication.csv}, one row per paper sentence
 * (its outcome in every seed, the counts, the replication rate and the pooled outcome), and
 * {@code replication-rows.csv}, one row per evidence row pooled over the seeds.
 */
public final class ReplicationTables {
    /** The first columns of replication.csv, in order; one verdict column per seed follows. */
    public static final List<String> SENTENCE_HEADER = List.of("sentence", "figure", "baseline", "seeds", "holds",
            "does_not_hold", "equal", "inconclusive", "unmeasurable", "replication_rate", "holds_after_holm",
            "pooled_verdict", "pooled_verdict_after_holm", "pooled_effect", "pooled_ci_low", "pooled_ci_high",
            "pooled_margin", "pooled_row", "pooled_tau2", "smaller_than_margin", "replicates");

    private ReplicationTables() {
    }

    /**
     * @param r the replication
     * @return replication.csv
     */
    public static CsvTable sentences(Replication.Result r) {
        List<String> header = new ArrayList<>(SENTENCE_HEADER);
        List<String> labels = labels(r);
        labels.forEach(l -> header.add("verdict_" + column(l)));
        CsvTable.Builder b = CsvTable.builder(header.toArray(new String[0]));
        for (Replication.SentenceLine s : r.sentences()) {
            List<Object> row = new ArrayList<>();
            row.add(s.id());
            row.add(s.figure());
            row.add(s.baseline());
            row.add(s.seeds());
            row.add(s.counts().get(Verdict.HOLDS));
            row.add(s.counts().get(Verdict.DOES_NOT_HOLD));
            row.add(s.counts().get(Verdict.EQUAL));
            row.add(s.counts().get(Verdict.INCONCLUSIVE));
            row.add(s.counts().get(Verdict.UNMEASURABLE));
            row.add(s.replicationRate());
            long adjustedHolds = r.confirmatory().stream().filter(x -> s.adjusted().get(x.label()) == Verdict.HOLDS)
                    .count();
            row.add(adjustedHolds);
            row.add(s.pooled() == null ? "" : s.pooled().verdict().text());
            row.add(s.pooled() == null ? "" : s.pooled().adjusted().text());
            JsonNode bind = s.binding();
            row.add(number(bind, "effect"));
            row.add(number(bind, "ci_low"));
            row.add(number(bind, "ci_high"));
            row.add(number(bind, "margin"));
            row.add(bind == null ? "" : bind.path("id").asText());
            row.add(number(bind, "tau2"));
            row.add(s.pooled() != null && s.pooled().smallerThanMargin());
            row.add(s.replicates());
            for (String l : labels) {
                Verdict v = s.verdicts().get(l);
                row.add(v == null ? "" : v.text());
            }
            b.row(row.toArray());
        }
        return b.build();
    }

    /**
     * @param r the replication
     * @return replication-rows.csv: every row pooled, with each confirmatory seed's effect and interval
     */
    public static CsvTable rows(Replication.Result r) {
        List<String> header = new ArrayList<>(List.of("row", "sentence", "figure", "kind", "statistic", "seeds",
                "pooled_effect", "pooled_ci_low", "pooled_ci_high", "pooled_se", "tau2", "margin", "pooled_verdict",
                "smaller_than_margin", "seeds_unmeasurable"));
        List<String> labels = r.confirmatory().stream().map(SeedRun::label).toList();
        for (String l : labels) {
            for (String k : List.of("effect", "ci_low", "ci_high", "verdict")) {
                header.add(k + "_" + column(l));
            }
        }
        CsvTable.Builder b = CsvTable.builder(header.toArray(new String[0]));
        for (JsonNode p : r.pooledRows()) {
            List<Object> row = new ArrayList<>(List.of(p.path("id").asText(), p.path("verdict_of").asText(),
                    p.path("figure").asText(), p.path("kind").asText(), p.path("statistic").asText(),
                    p.path("n").asText(), number(p, "effect"), number(p, "ci_low"), number(p, "ci_high"),
                    number(p, "se"), number(p, "tau2"), number(p, "margin"), p.path("verdict").asText(),
                    p.path("smaller_than_margin").asBoolean(false), p.path("seeds_unmeasurable").asInt()));
            for (String l : labels) {
                JsonNode e = p.path("per_seed").path(l);
                row.add(number(e, "effect"));
                row.add(number(e, "ci_low"));
                row.add(number(e, "ci_high"));
                row.add(e.path("verdict").asText(""));
            }
            b.row(row.toArray());
        }
        return b.build();
    }

    /** @return the seeds' labels, confirmatory first, then the exploratory one */
    static List<String> labels(Replication.Result r) {
        List<String> out = new ArrayList<>(r.confirmatory().stream().map(SeedRun::label).toList());
        if (r.exploratory() != null) {
            out.add(r.exploratory().label());
        }
        return out;
    }

    /** "seed 2" as "seed_2", "seed 1 (exploratory)" as "seed_1_exploratory". */
    static String column(String label) {
        return label.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("_+$", "");
    }

    private static Object number(JsonNode n, String key) {
        return n != null && n.path(key).isNumber() ? (Object) n.path(key).asDouble() : (Object) Double.NaN;
    }
}
