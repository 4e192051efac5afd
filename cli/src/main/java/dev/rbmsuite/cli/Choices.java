package dev.rbmsuite.cli;

import dev.rbmsuite.core.InputException;
import java.util.function.Function;

/**
 * The settings step of a command for options that name a choice (a method, estimator or schedule):
 * the option's text becomes the enum constant through the enum's own {@code parse}, and a name no
 * constant has becomes one line for the user that names the option and lists the accepted names
 * (exit code 2, docs/contract.md).
 */
final class Choices {
    private Choices() {
    }

    /**
     * @param option the option, e.g. "--method"
     * @param text the option's value
     * @param parse the enum's parse, which throws IllegalArgumentException listing the accepted names
     * @param <T> the enum
     * @return the constant of that name
     * @throws InputException "option OPTION: 'TEXT' is not one of ..." for a name no constant has
     */
    static <T> T parse(String option, String text, Function<String, T> parse) {
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new InputException("option " + option + ": " + e.getMessage(), e);
        }
    }
}
