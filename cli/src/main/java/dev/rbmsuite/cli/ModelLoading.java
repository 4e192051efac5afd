package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Rbm;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.ModelStore;
import java.nio.file.Path;

/** Loading a model folder and picking a layer, with input errors that name the option. */
final class ModelLoading {
    private ModelLoading() {
    }

    /**
     * @param dir model folder
     * @param layer layer index
     * @return that layer's RBM
     */
    static Rbm layer(Path dir, int layer) {
        RbmStack stack = ModelStore.load(dir);
        if (layer < 0 || layer >= stack.size()) {
            throw new InputException("option --layer: " + layer + " is not a layer of " + dir + " (0.." + (stack.size() - 1) + ")");
        }
        return stack.layer(layer);
    }
}
