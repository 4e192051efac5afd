package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.OptionNames;
import java.util.List;

/**
 * How the training monitor gets log Z for the log-likelihood (docs/methods.md section 7.2), by the
 * names the command line ({@code --loglik-method}), manifests and checkpoints use.
 */
public enum LogLikelihoodMethod {
    /** Exact log Z where min(n_0, m_0) &le; {@value Monitor#EXACT_LL_LIMIT}, else mAIS. */
    AUTO("auto"),
    /** Exact log Z always (refused above {@value Monitor#EXACT_LL_LIMIT}). */
    EXACT("exact"),
    /** mAIS always (for example to check mAIS against exact values). */
    MAIS("mais");

    private final String optionName;

    LogLikelihoodMethod(String optionName) {
        this.optionName = optionName;
    }

    /** @return the method's name on the command line and in manifests ("auto", "exact" or "mais") */
    public String optionName() {
        return optionName;
    }

    /**
     * @param smallerLayer min(n_0, m_0)
     * @return whether this method computes log Z exactly for a bottom RBM of that size
     */
    public boolean exactFor(int smallerLayer) {
        return this == EXACT || this == AUTO && smallerLayer <= Monitor.EXACT_LL_LIMIT;
    }

    /**
     * @param name an {@link #optionName()}
     * @return the method of that name
     * @throws IllegalArgumentException if none has that name; the message quotes it and lists the
     *     accepted names
     */
    public static LogLikelihoodMethod parse(String name) {
        return OptionNames.parse(List.of(values()), LogLikelihoodMethod::optionName, name);
    }
}
