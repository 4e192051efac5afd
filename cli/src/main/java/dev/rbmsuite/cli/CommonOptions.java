package dev.rbmsuite.cli;

import dev.rbmsuite.core.Rng;
import picocli.CommandLine.Option;

/** Options every command takes: the seed of all its randomness, and JSON output. */
public final class CommonOptions {
    @Option(names = "--seed", paramLabel = "S", description = "seed of all randomness of the command (default ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--json", description = "print exactly one JSON object with the result on stdout")
    boolean json;

    /** @return the seed given with {@code --seed} (default 1) */
    public long seed() {
        return seed;
    }

    /** @return whether {@code --json} was given */
    public boolean json() {
        return json;
    }

    /** @return the root random stream of this command */
    public Rng rng() {
        return Rng.seeded(seed);
    }
}
