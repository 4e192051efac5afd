package dev.rbmsuite.experiments.schematics;

import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.experiments.Experiment;
import dev.rbmsuite.experiments.ExperimentContext;
import dev.rbmsuite.experiments.FigureOutcome;
import dev.rbmsuite.plots.render.Drawing;
import dev.rbmsuite.plots.render.DrawingWriter;
import dev.rbmsuite.plots.schematic.DeepTemperingSchematic;
import dev.rbmsuite.plots.schematic.RbmSchematic;
import dev.rbmsuite.plots.schematic.RoundTripSchematic;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The paper's three schematic figures, drawn rather than computed: Fig. 1 (an RBM, Eq. 1-2),
 * Fig. 3 (the RBM sequence of deep tempering with L = 2, section 3) and Fig. 4 (the round-trip
 * sampling procedure with L = 2, section 4 and Alg. 3). Each is written as PNG and SVG.
 */
public final class SchematicFigure implements Experiment {
    private final String id;
    private final String title;
    private final String caption;
    private final Supplier<Drawing> drawing;

    private SchematicFigure(String id, String title, String caption, Supplier<Drawing> drawing) {
        this.id = id;
        this.title = title;
        this.caption = caption;
        this.drawing = drawing;
    }

    /** @return Figure 1: a restricted Boltzmann machine */
    public static SchematicFigure figure1() {
        return new SchematicFigure("fig1", "A restricted Boltzmann machine",
                "Figure 1. A restricted Boltzmann machine: visible units v (n) and hidden units h (m) with "
                        + "biases b and c, connected by the weights W only across layers.", RbmSchematic::new);
    }

    /** @return Figure 3: the RBM sequence of deep tempering */
    public static SchematicFigure figure3() {
        return new SchematicFigure("fig3", "The RBM sequence of deep tempering (L = 2)",
                "Figure 3. The RBM sequence with L = 2 used in deep tempering: the bottom RBM is the training "
                        + "RBM, the RBMs above it (n_{l+1} = m_l) are used for sampling.", DeepTemperingSchematic::new);
    }

    /** @return Figure 4: the round-trip sampling procedure */
    public static SchematicFigure figure4() {
        return new SchematicFigure("fig4", "The round-trip kernel (L = 2)",
                "Figure 4. The proposed round-trip kernel on an RBM sequence with L = 2: swaps upward from the "
                        + "bottom, one BGS step at the top, swaps downward in reverse order.", RoundTripSchematic::new);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public FigureOutcome run(ExperimentContext ctx) throws Exception {
        Drawing d = drawing.get();
        AtomicFiles.write(ctx.file(id + ".png"), DrawingWriter.png(d));
        AtomicFiles.write(ctx.file(id + ".svg"), DrawingWriter.svg(d));
        return new FigureOutcome(caption, List.of(id + ".png", id + ".svg"), Map.of("kind", "schematic"), List.of());
    }
}
