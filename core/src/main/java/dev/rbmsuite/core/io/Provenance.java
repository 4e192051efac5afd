package dev.rbmsuite.core.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rbmsuite.core.SuiteVersion;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import jdk.incubator.vector.DoubleVector;

/**
 * The one provenance record every manifest of the suite begins with (docs/contract.md,
 * "Provenance"): what the file is and which code, command, settings and platform made it. Its keys,
 * always in this order:
 * <pre>
 * format        the kind of output: rbm-stack, training-run, command-result, figure, report
 * version       the version of that format (the only meaning of "version" in any manifest)
 * suiteVersion  the suite's Maven version
 * commit        the git commit of the build (".dirty" with uncommitted changes), or "unknown"
 * command       the command that wrote it (train, init, figure, ...; "library" for direct API use)
 * settings      every setting, in a fixed order
 * seed          the root seed (null where there is none)
 * java, os, arch  the Java version, operating system and version, CPU architecture
 * vectorBits    the preferred vector width of the JVM (jdk.incubator.vector), in bits
 * threads       the threads the computation used
 * wallSeconds, cpuSeconds   the run's wall-clock and CPU time (run records only; see below)
 * </pre>
 * Everything a manifest adds (layers, files, claims, results) follows these keys.
 *
 * <p><b>Same inputs, same bytes.</b> Maps are written in insertion order when they have one
 * ({@link LinkedHashMap}, {@link SortedMap}) and sorted by key otherwise, at every depth, so no
 * manifest depends on hash order. Timing is the one part of a record that differs between runs of
 * the same command: run records (training runs, command results, figures, reports) end with it;
 * model folders, which other outputs are built from and compared by, carry no timing
 * ({@link #withoutTiming()}).
 *
 * @param format the kind of output
 * @param version the format's version
 * @param command the command
 * @param settings every setting (copied in a deterministic order)
 * @param seed the root seed, or null
 * @param threads the threads used
 * @param timing wall and CPU seconds, or null for none (the keys are then left out)
 */
public record Provenance(String format, int version, String command, Map<String, Object> settings, Long seed,
                         int threads, Timing timing) {
    /** The platform part of every record, fixed for the life of the JVM. */
    private static final String JAVA = System.getProperty("java.version");
    private static final String OS = System.getProperty("os.name") + " " + System.getProperty("os.version");
    private static final String ARCH = System.getProperty("os.arch");
    /** Converts settings to JSON keeping the (already deterministic) order of their maps. */
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Wall-clock and CPU seconds of a run.
     *
     * @param wallSeconds elapsed real time
     * @param cpuSeconds CPU time of the process over the run (all threads)
     */
    public record Timing(double wallSeconds, double cpuSeconds) {
    }

    /** Measures a run from its start. */
    public static final class Stopwatch {
        private final long wallStart;
        private final long cpuStart;

        private Stopwatch(long wallStart, long cpuStart) {
            this.wallStart = wallStart;
            this.cpuStart = cpuStart;
        }

        /** @return a stopwatch started now */
        public static Stopwatch start() {
            return new Stopwatch(System.nanoTime(), processCpuNanos());
        }

        /**
         * @return the time since the process started (for a command's result: the process is the
         *     command)
         */
        public static Timing sinceProcessStart() {
            Instant start = ProcessHandle.current().info().startInstant().orElse(Instant.now());
            double wall = Duration.between(start, Instant.now()).toNanos() / 1e9;
            return new Timing(Math.max(0, wall), Math.max(0, processCpuNanos()) / 1e9);
        }

        /** @return the time since {@link #start()} */
        public Timing elapsed() {
            long cpu = processCpuNanos();
            return new Timing((System.nanoTime() - wallStart) / 1e9,
                    cpu < 0 || cpuStart < 0 ? Double.NaN : (cpu - cpuStart) / 1e9);
        }

        private static long processCpuNanos() {
            if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
                return os.getProcessCpuTime();
            }
            return -1;
        }
    }

    /** Copies the settings into a deterministic order. */
    public Provenance {
        settings = orderedMap(settings);
    }

    /**
     * A record without timing.
     *
     * @param format the kind of output
     * @param version the format's version
     * @param command the command
     * @param settings every setting
     * @param seed the root seed, or null
     * @param threads the threads used
     * @return the record
     */
    public static Provenance of(String format, int version, String command, Map<String, ?> settings, Long seed,
                                int threads) {
        return new Provenance(format, version, command, orderedMap(settings), seed, threads, null);
    }

    /**
     * @param t the run's timing
     * @return this record with that timing
     */
    public Provenance withTiming(Timing t) {
        return new Provenance(format, version, command, settings, seed, threads, t);
    }

    /** @return this record without timing (for outputs compared byte for byte, such as models) */
    public Provenance withoutTiming() {
        return new Provenance(format, version, command, settings, seed, threads, null);
    }

    /**
     * @param newFormat another kind of output
     * @param newVersion its format version
     * @return this record describing that output (same command, settings and seed)
     */
    public Provenance as(String newFormat, int newVersion) {
        return new Provenance(newFormat, newVersion, command, settings, seed, threads, timing);
    }

    /** @return a new JSON object holding the record's keys, in their fixed order */
    public ObjectNode toJson() {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", format);
        o.put("version", version);
        putRest(o);
        return o;
    }

    /**
     * Adds the keys after {@code format} and {@code version} to an object that already starts with
     * them (a model folder's manifest, whose first keys the contract fixes).
     *
     * @param o the object
     */
    public void putRest(ObjectNode o) {
        o.put("suiteVersion", SuiteVersion.maven());
        o.put("commit", SuiteVersion.commit());
        o.put("command", command);
        o.set("settings", JSON.valueToTree(settings));
        if (seed == null) {
            o.putNull("seed");
        } else {
            o.put("seed", seed.longValue());
        }
        o.put("java", JAVA);
        o.put("os", OS);
        o.put("arch", ARCH);
        o.put("vectorBits", DoubleVector.SPECIES_PREFERRED.vectorBitSize());
        o.put("threads", threads);
        if (timing != null) {
            putNumber(o, "wallSeconds", timing.wallSeconds());
            putNumber(o, "cpuSeconds", timing.cpuSeconds());
        }
    }

    private static void putNumber(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    /**
     * @param manifest a manifest's JSON
     * @return a copy without the timing keys: what two runs of the same command must agree on
     */
    public static JsonNode withoutTiming(JsonNode manifest) {
        JsonNode copy = manifest.deepCopy();
        if (copy instanceof ObjectNode o) {
            o.remove("wallSeconds");
            o.remove("cpuSeconds");
        }
        return copy;
    }

    /** @return a copy of a map whose iteration order is deterministic, at every depth */
    private static Map<String, Object> orderedMap(Map<?, ?> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        boolean keepOrder = m instanceof LinkedHashMap || m instanceof SortedMap || m.size() < 2;
        Map<?, ?> source = keepOrder ? m : sorted(m);
        for (Map.Entry<?, ?> e : source.entrySet()) {
            out.put(String.valueOf(e.getKey()), ordered(e.getValue()));
        }
        return out;
    }

    private static Map<String, Object> sorted(Map<?, ?> m) {
        Map<String, Object> t = new TreeMap<>();
        m.forEach((k, v) -> t.put(String.valueOf(k), v));
        return t;
    }

    private static Object ordered(Object v) {
        if (v instanceof Map<?, ?> m) {
            return orderedMap(m);
        }
        if (v instanceof Collection<?> c && !(v instanceof List<?>)) {
            List<Object> l = new ArrayList<>();
            for (Object x : c) {
                l.add(ordered(x));
            }
            if (!(v instanceof SortedSet<?> || v instanceof LinkedHashSet<?>)) {
                l.sort((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
            }
            return l;
        }
        if (v instanceof List<?> list) {
            List<Object> l = new ArrayList<>();
            for (Object x : list) {
                l.add(ordered(x));
            }
            return l;
        }
        return v;
    }
}
