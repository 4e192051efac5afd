package dev.rbmsuite.diagnostics.ais;

import dev.rbmsuite.core.OptionNames;
import java.util.List;

/**
 * The shapes of {@link AnnealingSchedule} by the names the command line and manifests use
 * (docs/methods.md section 1.4): {@code linear} (beta_k = k/K) and {@code piecewise} (Salakhutdinov
 * and Murray's, rescaled to K steps).
 */
public enum ScheduleKind {
    /** {@link AnnealingSchedule#linear(int)}. */
    LINEAR("linear"),
    /** {@link AnnealingSchedule#piecewise(int)}. */
    PIECEWISE("piecewise");

    private final String optionName;

    ScheduleKind(String optionName) {
        this.optionName = optionName;
    }

    /** @return the schedule's name on the command line and in manifests ("linear" or "piecewise") */
    public String optionName() {
        return optionName;
    }

    /**
     * @param temperatures K, the number of annealing steps (at least 3 for {@link #PIECEWISE})
     * @return the schedule of this shape with K steps
     */
    public AnnealingSchedule schedule(int temperatures) {
        return switch (this) {
            case LINEAR -> AnnealingSchedule.linear(temperatures);
            case PIECEWISE -> AnnealingSchedule.piecewise(temperatures);
        };
    }

    /**
     * @param name an {@link #optionName()}
     * @return the kind of that name
     * @throws IllegalArgumentException if none has that name; the message quotes it and lists the
     *     accepted names
     */
    public static ScheduleKind parse(String name) {
        return OptionNames.parse(List.of(values()), ScheduleKind::optionName, name);
    }
}
