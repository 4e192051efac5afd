package dev.rbmsuite.kernels;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.Rng;
import java.util.Map;

/**
 * A plug-in's kernel with its states checked at the one boundary every command crosses
 * ({@link KernelRegistry#create(KernelFactory, RbmStack, Map)}): every state the kernel makes
 * ({@link #init}) or moves ({@link #advance}, {@link #step}) must hold the chains asked for, a bottom layer
 * of the model's n units (for a kernel that uses the upper layers, layer l of layer l's visible units),
 * and binary values only (0 or 1: no 0.5, no NaN or infinity). A state that does not is the plug-in's
 * fault and is refused with an {@link InputException} naming the kernel, its class and its jar (exit 2
 * on the command line), at the step it appears: before, {@code train} trained on such states to a model
 * (exit 0), and {@code sample} and {@code tv} failed with an internal ArrayIndexOutOfBoundsException.
 *
 * <p>Only plug-ins are wrapped; the built-in kernels are proven exact by the test kit and run as they
 * are, so their bytes and speed do not change. The check reads every value once per transition, about
 * the cost of one conditional draw.
 */
final class CheckedKernel implements TransitionKernel {
    private final TransitionKernel kernel;
    private final KernelFactory factory;
    private final int[] widths;

    /**
     * @param kernel the plug-in's kernel
     * @param factory its factory (named in messages)
     * @param stack the model it samples (its layer widths are the states' widths)
     */
    CheckedKernel(TransitionKernel kernel, KernelFactory factory, RbmStack stack) {
        this.kernel = kernel;
        this.factory = factory;
        int layers = factory.usesUpperLayers() ? stack.size() : 1;
        this.widths = new int[layers];
        for (int l = 0; l < layers; l++) {
            widths[l] = stack.layer(l).numVisible();
        }
    }

    @Override
    public String name() {
        return kernel.name();
    }

    @Override
    public ChainState init(int chains, Rng rng) {
        return checked(kernel.init(chains, rng), chains, "init");
    }

    @Override
    public ChainState init(ChainState positions) {
        return checked(kernel.init(positions), positions.chains(), "init");
    }

    @Override
    public ChainState init(int chains, Rng rng, double[] starts, int rows) {
        return checked(kernel.init(chains, rng, starts, rows), chains, "init");
    }

    @Override
    public StepInfo advance(Rng rng, ChainState state) {
        int chains = state.chains();
        StepInfo info = kernel.advance(rng, state);
        if (info == null) {
            throw refused("advance", "returned no step information (null)");
        }
        checked(state, chains, "advance");
        return info;
    }

    @Override
    public Step step(Rng rng, ChainState state) {
        Step s = kernel.step(rng, state);
        if (s == null || s.info() == null) {
            throw refused("step", "returned no step (null)");
        }
        checked(s.state(), state.chains(), "step");
        return s;
    }

    @Override
    public boolean chainBlocks() {
        return kernel.chainBlocks();
    }

    @Override
    public StepInfo zeroInfo() {
        return kernel.zeroInfo();
    }

    /** @return the state, after refusing one of other chains, widths or values than a model's chains hold */
    private ChainState checked(ChainState s, int chains, String where) {
        if (s == null) {
            throw refused(where, "returned no state (null)");
        }
        if (s.chains() != chains) {
            throw refused(where, "made " + s.chains() + " chain(s) where " + chains + " were asked for");
        }
        if (s.layers() < widths.length) {
            throw refused(where, "made chains of " + s.layers() + " layer(s), the model's kernel needs " + widths.length);
        }
        for (int l = 0; l < widths.length; l++) {
            if (s.size(l) != widths[l]) {
                throw refused(where, "made chains of " + s.size(l) + " unit(s) in layer " + l + ", the model has "
                        + widths[l]);
            }
        }
        for (int l = 0; l < s.layers(); l++) {
            double[] v = s.buffer(l);
            int n = s.size(l);
            for (int k = 0; k < v.length; k++) {
                if (v[k] != 0.0 && v[k] != 1.0) {
                    throw refused(where, "left the value " + v[k] + " at chain " + (k / n) + ", unit " + (k % n)
                            + " of layer " + l + "; a state holds 0 or 1 only");
                }
            }
        }
        return s;
    }

    private InputException refused(String where, String problem) {
        KernelOrigin origin = KernelOrigin.of(factory); // only on failure: it reads the plug-in's jar
        return new InputException("kernel plug-in " + (origin.location() == null ? "(no file)" : origin.location())
                + ": kernel '" + factory.name() + "' (" + origin.className() + ") " + where + " " + problem);
    }
}
