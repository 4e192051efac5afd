package dev.rbmsuite.experiments.samplers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.io.CsvTable;
import dev.rbmsuite.experiments.FigureRunner;
import dev.rbmsuite.experiments.Figures;
import dev.rbmsuite.experiments.Scale;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samplers benchmark at smoke scale on synthetic MNIST-format images: every file appears with sane
 * numbers, the claims quote Zhang, Liu &amp; Liu's and Grathwohl et al.'s sentences, a rerun resumes every kept trial and writes
 * the same bytes, {@code report --from} rebuilds the report and claims byte for byte from the CSVs, and a
 * missing image folder is one line.
 */
class SamplersBenchmarkTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @AfterEach
    void forgetTheFolder() {
        System.clearProperty(ImageData.PROPERTY);
    }

    @Test
    void runsAtSmokeScaleAndRebuildsByteForByte() throws Exception {
        Path images = SyntheticImages.write(tmp.resolve("mnist"), 12, 10, 5);
        System.setProperty(ImageData.PROPERTY, images.toString());
        Path root = tmp.resolve("out");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        FigureRunner.run(Figures.select("samplers"), root, Scale.SMOKE, 3, 1, quiet);
        Path fig = root.resolve("samplers");
        JsonNode m = JSON.readTree(fig.resolve("manifest.json").toFile());
        assertThat(m.path("figure").asText()).isEqualTo("samplers");
        List<String> files = JSON.convertValue(m.path("files"), List.class);
        assertThat(files).contains("samplers.png", SamplerFiles.TV_STARTS, SamplerFiles.MMD, SamplerFiles.ESS,
                SamplerFiles.MODEL, SamplerFiles.BIAS, SamplerFiles.TV, SamplerFiles.COST);
        assertThat(m.path("settings").path("data").path(ImageData.IMAGES).asText()).hasSize(64);

        CsvTable tv = CsvTable.read(fig.resolve(SamplerFiles.TV_STARTS));
        assertThat(tv.strings("model")).containsOnly("genrbm", ExactModels.POOLED);
        assertThat(tv.strings("kernel")).containsOnly("bgs", "dt", "roundtrip", "gwg", "gwg-gradient", "pas", "dmala",
                "dula", "rsgibbs", "rsgibbs-site");
        // 2 models x 10 kernels x 3 starts x 11 recorded steps (0..10)
        assertThat(tv.size()).isEqualTo(2 * 10 * 3 * 11);
        assertThat(Arrays.stream(tv.doubles("tv")).boxed().toList()).allSatisfy(x -> assertThat(x).isBetween(0.0, 1.0));
        CsvTable mmd = CsvTable.read(fig.resolve(SamplerFiles.MMD));
        // 8 kernels x 3 repetitions x 5 recorded steps (0, 5, ..., 20)
        assertThat(mmd.size()).isEqualTo(8 * 3 * 5);
        assertThat(Arrays.stream(mmd.doubles("mmd")).boxed().toList()).allSatisfy(x -> assertThat(x).isBetween(0.0, 2.0));
        CsvTable ess = CsvTable.read(fig.resolve(SamplerFiles.ESS));
        assertThat(ess.size()).isEqualTo(8 * 3 * 3);
        // 21 values per chain, 3 of them burn-in: an ESS in [1, 18]
        assertThat(Arrays.stream(ess.doubles("ess")).boxed().toList()).allSatisfy(x -> assertThat(x).isBetween(0.0, 18.0));
        CsvTable model = CsvTable.read(fig.resolve(SamplerFiles.MODEL));
        assertThat(model.strings("quantity")).containsExactly("visible", "hidden", "logLikelihood", "referenceMmd");
        assertThat(model.doubles("value")[0]).isEqualTo(144.0);

        CsvTable claims = CsvTable.read(root.resolve("claims.csv"));
        assertThat(claims.strings("id")).contains("samplers.dlp.dmala.vs.gwg.tv-early.genrbm",
                "samplers.dlp.dula.vs.gwg.tv-end.fashion", "samplers.dlp.dula.vs.gwg.mmd",
                "samplers.dlp.dmala.vs.gwg.ess-per-second", "samplers.work.roundtrip.vs.bgs.tv-early.fashion",
                "samplers.work.dt.vs.bgs.tv-end.genrbm", "samplers.gwg-exact.vs.gradient.tv-early.genrbm",
                "samplers.large.pas.vs.bgs.mmd", "samplers.large.dmala.vs.bgs.ess-per-second",
                "samplers.gwg.vs.rsgibbs-site.tv-early.genrbm", "samplers.gwg.vs.rsgibbs-site.tv-end.fashion",
                "samplers.gwg.vs.rsgibbs-site.mmd", "samplers.work.gwg.vs.rsgibbs.tv-end.genrbm",
                "samplers.large.gwg.vs.rsgibbs.ess-per-second", "samplers.work.rsgibbs.vs.bgs.tv-early.genrbm",
                "samplers.large.rsgibbs-site.vs.bgs.mmd");
        assertThat(claims.strings("id")).as("one site update is a fraction of a sweep: no rows per unit of work")
                .noneMatch(id -> id.startsWith("samplers.work.rsgibbs-site"));
        CsvTable cost = CsvTable.read(fig.resolve(SamplerFiles.COST));
        assertThat(cost.doubles("bottomSweepsPerStepLarge")[cost.strings("kernel").indexOf("rsgibbs-site")])
                .isEqualTo(1.0 / 144);
        assertThat(cost.doubles("bottomSweepsPerStepLarge")[cost.strings("kernel").indexOf("rsgibbs")]).isEqualTo(1.0);
        // DULA's exact bias on the models of at most 12 units (GenRBM, n = 10; the 3 x 3 images), at both step
        // sizes: positive, below 1
        CsvTable bias = CsvTable.read(fig.resolve(SamplerFiles.BIAS));
        assertThat(bias.strings("model")).containsExactly("genrbm", "genrbm", "fashion", "fashion");
        assertThat(bias.doubles("alpha")).containsExactly(0.1, 0.2, 0.1, 0.2);
        assertThat(Arrays.stream(bias.doubles("tv")).boxed().toList()).allSatisfy(x -> assertThat(x).isBetween(1e-6, 1.0));
        assertThat(m.path("notes").toString()).contains("DULA's exact bias at step size 0.1");
        for (int r = 0; r < claims.size(); r++) {
            boolean paper = claims.strings("kind").get(r).equals("paper");
            String id = claims.strings("id").get(r);
            assertThat(paper).as(id).isEqualTo(id.startsWith("samplers.dlp.") || id.startsWith("samplers.gwg.vs."));
            if (paper) {
                assertThat(claims.strings("quote").get(r)).isEqualTo(id.startsWith("samplers.dlp.")
                        ? SamplerClaims.DLP_OUTPERFORMS.text() : SamplerClaims.GWG_OUTPERFORMS.text());
            }
        }
        String report = Files.readString(root.resolve("REPORT.md"));
        assertThat(report).contains("## samplers:").contains("### Published claims")
                .contains("DLP outperforms many popular alternatives").contains("outperforms generic samplers");

        // a rerun reads every kept trial back and writes the same bytes
        byte[] claimsBytes = Files.readAllBytes(root.resolve("claims.csv"));
        byte[] mmdBytes = Files.readAllBytes(fig.resolve(SamplerFiles.MMD));
        FigureRunner.run(Figures.select("samplers"), root, Scale.SMOKE, 3, 1, quiet);
        assertThat(Files.readAllBytes(root.resolve("claims.csv"))).isEqualTo(claimsBytes);
        assertThat(Files.readAllBytes(fig.resolve(SamplerFiles.MMD))).isEqualTo(mmdBytes);

        // report --from: the report, the claims and every CSV from the raw CSVs alone, byte for byte
        Path rebuilt = tmp.resolve("rebuilt");
        FigureRunner.rebuild(root, rebuilt, quiet);
        for (String f : List.of("REPORT.md", "claims.csv")) {
            assertThat(Files.readString(rebuilt.resolve(f))).as(f).isEqualTo(Files.readString(root.resolve(f)));
        }
        for (String f : files) {
            if (f.endsWith(".csv")) {
                assertThat(Files.readString(rebuilt.resolve("samplers").resolve(f))).as(f)
                        .isEqualTo(Files.readString(fig.resolve(f)));
            }
        }
    }

    @Test
    void withoutAnImageFolderItIsOneLineNamingTheVariable() {
        System.clearProperty(ImageData.PROPERTY);
        if (System.getenv(ImageData.VARIABLE) == null) {
            assertThatThrownBy(ImageData::locate).isInstanceOf(InputException.class)
                    .hasMessage("figure samplers: needs MNIST-format training images; set FASHION_MNIST to a folder holding "
                            + "train-images-idx3-ubyte.gz and train-labels-idx1-ubyte.gz (Fashion-MNIST or MNIST)");
        }
        System.setProperty(ImageData.PROPERTY, tmp.resolve("none").toString());
        assertThatThrownBy(ImageData::locate).isInstanceOf(InputException.class)
                .hasMessage("figure samplers: " + tmp.resolve("none").resolve(ImageData.IMAGES) + ": file not found (the "
                        + "folder named by system property rbm.fashionMnist)");
    }
}
