package dev.rbmsuite.experiments.replication;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rbmsuite.claims.report.Report;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.ReportInputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A seed's figures folder, checked before {@code replicate} reads anything from it (issue 37): the
 * replication trusts a seed folder no more than {@code report --from} trusts its input, since both may
 * have been edited by hand, copied in part or damaged. Everything {@link ReportInputs} checks (the
 * manifests' format and version, a figure's id that is its folder's name, its file list, every raw CSV
 * the replication's figures read), then the folder's {@code claims.csv}, where there is one: it is the
 * table of the very claims the figures' manifests hold, row for row (figure, id and verdict), so a
 * truncated or edited table, which says the folder is not what its report was made of, is refused.
 * Each refusal is exit 2 in one line naming the file (and line), before anything is written.
 */
final class SeedInputs {
    /** The table of the figures' claims that a figures folder holds beside its report. */
    static final String CLAIMS = "claims.csv";

    private SeedInputs() {
    }

    /**
     * @param dir a seed's figures folder
     * @return its figures' manifests, in report order ({@link Report#manifests}), once they have passed
     * @throws InputException naming the file (and line) of the first input that does not pass
     * @throws IOException if a folder cannot be listed or a file read
     */
    static List<JsonNode> read(Path dir) throws IOException {
        ReportInputs.check(dir);
        List<JsonNode> manifests = Report.manifests(dir);
        Path file = dir.resolve(CLAIMS);
        if (Files.isRegularFile(file)) {
            checkClaims(dir, file, manifests);
        }
        return manifests;
    }

    /** The claims table: one row per claim of the manifests, in their order, with its figure, id and verdict. */
    private static void checkClaims(Path dir, Path file, List<JsonNode> manifests) throws IOException {
        List<JsonNode> claims = new ArrayList<>();
        manifests.forEach(m -> m.path("claims").forEach(claims::add));
        CsvTable t = CsvTable.read(file);
        for (String column : List.of("figure", "id", "verdict")) {
            if (!t.header().contains(column)) {
                throw new InputException(file + ": line 1: no column '" + column + "'; a figures folder's " + CLAIMS
                        + " has one row per claim of its figures' manifests");
            }
        }
        List<String> figure = t.strings("figure");
        List<String> id = t.strings("id");
        List<String> verdict = t.strings("verdict");
        for (int i = 0; i < Math.min(t.size(), claims.size()); i++) {
            JsonNode c = claims.get(i);
            if (!figure.get(i).equals(c.path("figure").asText()) || !id.get(i).equals(c.path("id").asText())
                    || !verdict.get(i).equals(c.path("verdict").asText())) {
                throw new InputException(file + ": line " + (i + 2) + ": " + figure.get(i) + " " + id.get(i) + " '"
                        + verdict.get(i) + "' where the figures' manifests have " + c.path("figure").asText() + " "
                        + c.path("id").asText() + " '" + c.path("verdict").asText() + "': edited, or not this "
                        + "folder's table? rebuild the folder with rbm report --from " + dir + " --out " + dir);
            }
        }
        if (t.size() != claims.size()) {
            throw new InputException(file + ": line " + (t.size() + 1) + ": " + t.size() + " claim row(s), the figures' "
                    + "manifests hold " + claims.size() + ": truncated or edited? rebuild the folder with rbm report "
                    + "--from " + dir + " --out " + dir);
        }
    }
}
