package dev.rbmsuite.cli;

import dev.rbmsuite.core.OptionNames;
import java.util.List;

/**
 * How {@code logz} and {@code loglik} get log Z (docs/methods.md section 1), by the names of their
 * {@code --method} option: exact enumeration, mAIS, joint AIS or reverse AIS.
 */
enum LogZMethod {
    /** Enumeration of the smaller layer (min(n, m) &lt;= 30). */
    EXACT("exact"),
    /** Marginal AIS (docs/methods.md section 1.3). */
    MAIS("mais"),
    /** Joint AIS over (v, h). */
    AIS("ais"),
    /** Reverse AIS from model states (an upper bound on log Z in expectation). */
    RAIS("rais");

    /** The methods of {@code loglik}, which needs an unbiased log Z of the visible marginal. */
    static final List<LogZMethod> LOGLIK = List.of(EXACT, MAIS);

    private final String optionName;

    LogZMethod(String optionName) {
        this.optionName = optionName;
    }

    /** @return the method's name on the command line and in results ("exact", "mais", "ais", "rais") */
    String optionName() {
        return optionName;
    }

    /**
     * @param name an {@link #optionName()}
     * @return the method of that name
     * @throws IllegalArgumentException if none has that name; the message quotes it and lists the names
     */
    static LogZMethod parse(String name) {
        return OptionNames.parse(List.of(values()), LogZMethod::optionName, name);
    }

    /**
     * @param name "exact" or "mais"
     * @return the {@link #LOGLIK} method of that name
     * @throws IllegalArgumentException for any other name; the message quotes it and lists "exact, mais"
     */
    static LogZMethod parseLoglik(String name) {
        return OptionNames.parse(LOGLIK, LogZMethod::optionName, name);
    }
}
