package dev.rbmsuite.kernels;

import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.io.DecimalText;
import java.util.Map;

/**
 * A named kind of transition kernel, found by {@link KernelRegistry} through
 * {@link java.util.ServiceLoader}: a jar adds a kernel to the suite (the command line's
 * {@code sample}, {@code tv} and {@code train}, training from Java, the figures that take kernel
 * names) by implementing this interface in a public class with a public no-argument constructor and
 * naming that class in {@code META-INF/services/dev.rbmsuite.kernels.KernelFactory}. The built-in
 * kernels register the same way ({@link BuiltinKernels}).
 *
 * <p>A factory describes what the kernel needs, so that callers never test kernel names:
 * {@link #usesUpperLayers()} says whether it samples the whole stack theta_0..theta_L (deep
 * tempering, the round trip; training then trains every layer) or only the bottom RBM theta_0 (BGS,
 * PT; training then trains a single RBM); {@link #parameters()} lists the parameters
 * {@link #create} accepts.
 */
public interface KernelFactory {
    /** @return the kernel's name, as given to {@code --kernel}: lower case letters, digits and '-' */
    String name();

    /** @return one line saying what the kernel does (for {@code rbm kernels}) */
    String description();

    /**
     * @return true if the kernel samples every RBM of the stack (its state has one layer per RBM,
     *     layer l holding v_l of theta_l) so that training trains all layers jointly; false if it
     *     samples the bottom RBM theta_0 only (layer 0 of its state holds the samples; the upper RBMs
     *     are ignored) so that training trains a single RBM
     */
    boolean usesUpperLayers();

    /**
     * @return the parameters {@link #create} accepts, name to a one-line description with the default
     *     (empty for a kernel without parameters), in a fixed order
     */
    default Map<String, String> parameters() {
        return Map.of();
    }

    /**
     * The defaults of the parameters, as text that {@link #create} accepts, so that callers can record
     * the parameters a kernel actually ran with ({@link KernelRegistry#resolved}: manifests write them
     * out) and recognise two runs whose parameters differ only by a default written out
     * ({@link KernelRegistry#withoutDefaults}: a resumed training run). A parameter whose default
     * depends on the model (for example one proposal per visible unit) is left out and recorded only
     * when given.
     *
     * @return default values by name, a subset of {@link #parameters()}'s names (empty by default)
     */
    default Map<String, String> defaults() {
        return Map.of();
    }

    /**
     * The kernel's work on the bottom (training) RBM, for comparisons per unit of compute rather than
     * per transition (figures 8 and 9 report both), so that callers need not know kernels by name.
     *
     * @param params parameter values by name (absent ones take their defaults), as for {@link #create}
     * @return conditional sweeps of the bottom layer (draws of h_0, then v_0) per transition, on
     *     average; 1 (the default) for a kernel that redraws each once per transition, as BGS does
     */
    default double bottomSweeps(Map<String, String> params) {
        return 1.0;
    }

    /**
     * {@link #bottomSweeps(Map)} for a kernel whose work depends on the model's size (for example a
     * number of single-site updates, whose work is a fraction of a sweep of n units).
     *
     * @param visible n, the bottom RBM's visible units
     * @param params parameter values by name (absent ones take their defaults)
     * @return conditional sweeps of the bottom layer per transition, on average; by default
     *     {@link #bottomSweeps(Map)}
     */
    default double bottomSweeps(int visible, Map<String, String> params) {
        return bottomSweeps(params);
    }

    /**
     * A kernel on the given model. The registry has already rejected parameter names that
     * {@link #parameters()} does not list.
     *
     * @param stack the model (a single RBM is a stack of one layer)
     * @param params parameter values by name (absent ones take their defaults)
     * @return a kernel bound to the stack
     * @throws IllegalArgumentException for a bad parameter value (the message names the parameter) or a
     *     model the kernel cannot sample
     */
    TransitionKernel create(RbmStack stack, Map<String, String> params);

    /**
     * Reads an integer parameter.
     *
     * @param params the parameters
     * @param name the parameter's name
     * @param fallback its default
     * @return the value
     * @throws IllegalArgumentException naming the parameter if the value is not a decimal integer (docs/contract.md, "Option values")
     */
    static int intParameter(Map<String, String> params, String name, int fallback) {
        String v = params.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            return DecimalText.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter " + name + ": '" + v + "' is not an integer", e);
        }
    }

    /**
     * Reads a finite real parameter.
     *
     * @param params the parameters
     * @param name the parameter's name
     * @param fallback its default
     * @return the value
     * @throws IllegalArgumentException naming the parameter if the value is not a finite decimal number
     */
    static double doubleParameter(Map<String, String> params, String name, double fallback) {
        String v = params.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            double d = DecimalText.parseDouble(v);
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("parameter " + name + ": '" + v + "' is not a finite number");
    }
}
