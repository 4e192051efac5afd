package dev.rbmsuite.experiments;

import dev.rbmsuite.core.InputException;
import java.util.Locale;

/**
 * How much work a figure does. {@code SMOKE} runs every figure in seconds (part of the test
 * command), {@code QUICK} shows each claim within minutes, {@code PAPER} uses the paper's settings
 * (Table 1 and the defaults of docs/methods.md section 7).
 */
public enum Scale {
    /** Seconds per figure: tiny epochs and trials, to check that everything runs. */
    SMOKE,
    /** A few minutes for all figures: enough to see each claim. */
    QUICK,
    /** The paper's settings: 10 trials, 20,000 epochs. */
    PAPER;

    /**
     * @param text "smoke", "quick" or "paper" (any case)
     * @return the scale
     * @throws InputException naming the option for anything else
     */
    public static Scale parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InputException("option --scale: unknown scale '" + text + "' (expected smoke, quick or paper)");
        }
    }

    /**
     * Picks the value for this scale.
     *
     * @param smoke value at smoke scale
     * @param quick value at quick scale
     * @param paper value at paper scale
     * @return the value for this scale
     */
    public int pick(int smoke, int quick, int paper) {
        return this == SMOKE ? smoke : this == QUICK ? quick : paper;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
