package dev.rbmsuite.cli;

import dev.rbmsuite.core.cost.CostGuard;
import picocli.CommandLine.Option;

/**
 * {@code --allow-slow} for the commands whose exact computations can run for a very long time
 * (logz, loglik, tv, lambda2): without it they refuse, with exit code 2 and one line saying the
 * estimated cost, anything estimated above {@link CostGuard#DEFAULT_LIMIT_SECONDS} seconds
 * (10 minutes). Either way a computation estimated at 5 seconds or more says its estimate on stderr
 * when it starts and reports its progress there every 5 seconds.
 */
public final class CostOptions {
    @Option(names = "--allow-slow",
            description = "run exact computations estimated above 10 minutes instead of refusing them")
    boolean allowSlow;

    /** @return the guard of this command: the default limit or none, with progress on stderr */
    public CostGuard guard() {
        return (allowSlow ? CostGuard.UNLIMITED : CostGuard.DEFAULT).withProgress(System.err);
    }
}
