package dev.rbmsuite.core;

import java.util.List;
import java.util.function.Function;

/**
 * Parses the name of a choice (a method, estimator or schedule given on the command line and written to
 * manifests) into its enum constant, so that the code switches on types and only the enums know
 * the names. Each such enum keeps its own {@code optionName()} and calls {@link #parse} from a
 * static {@code parse(String)}.
 */
public final class OptionNames {
    private OptionNames() {
    }

    /**
     * @param accepted the constants accepted here, in the order the error message lists them
     * @param nameOf each constant's option name
     * @param name the text to parse
     * @param <E> the enum
     * @return the accepted constant of that name
     * @throws IllegalArgumentException if none has that name: "'NAME' is not one of a, b, c"
     */
    public static <E extends Enum<E>> E parse(List<E> accepted, Function<E, String> nameOf, String name) {
        for (E e : accepted) {
            if (nameOf.apply(e).equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not one of " + list(accepted, nameOf));
    }

    /**
     * @param constants the constants
     * @param nameOf each constant's option name
     * @param <E> the enum
     * @return their option names separated by ", " (for messages and help)
     */
    public static <E extends Enum<E>> String list(List<E> constants, Function<E, String> nameOf) {
        StringBuilder sb = new StringBuilder();
        for (E e : constants) {
            sb.append(sb.length() == 0 ? "" : ", ").append(nameOf.apply(e));
        }
        return sb.toString();
    }
}
