package dev.rbmsuite.cli;

import dev.rbmsuite.core.SuiteVersion;
import picocli.CommandLine.IVersionProvider;

/** Reports the suite's version for {@code rbm --version}. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"rbm-suite " + SuiteVersion.get()};
    }
}
