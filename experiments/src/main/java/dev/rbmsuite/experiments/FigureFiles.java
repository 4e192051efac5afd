package dev.rbmsuite.experiments;

import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.plots.Figure;
import dev.rbmsuite.plots.render.FigureRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Renders a figure as {@code NAME.png} and {@code NAME.svg} into a folder, each written atomically. */
public final class FigureFiles {
    private FigureFiles() {
    }

    /**
     * @param figure the figure
     * @param dir the destination folder (created if missing)
     * @param name the file name without extension
     * @return the two file names, PNG first
     * @throws IOException on write failure
     */
    public static List<String> render(Figure figure, Path dir, String name) throws IOException {
        AtomicFiles.createFolders(dir);
        AtomicFiles.write(dir.resolve(name + ".png"), FigureRenderer.png(figure));
        AtomicFiles.write(dir.resolve(name + ".svg"), FigureRenderer.svg(figure));
        return List.of(name + ".png", name + ".svg");
    }
}
