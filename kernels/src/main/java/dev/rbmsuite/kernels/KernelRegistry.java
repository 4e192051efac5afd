package dev.rbmsuite.kernels;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.RbmStack;
import dev.rbmsuite.core.VectorModule;
import dev.rbmsuite.core.io.DecimalText;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The installed kernels by name: every {@link KernelFactory} named in a {@link ServiceLoader} services file
 * on the class path (the built-in ones first in {@link BuiltinKernels#NAMES}' order, then plug-ins in name
 * order).
 * Every place that takes a kernel name resolves it here, so that a plug-in jar on the class path
 * (the launcher adds the jars named in {@code RBM_PLUGINS}) is usable everywhere.
 *
 * <p>Instances are immutable and safe to share between threads.
 */
public final class KernelRegistry {
    static {
        VectorModule.require(); // before any vectorised class is linked (see VectorModule)
    }

    private static volatile KernelRegistry installed;
    /** The factory classes loaded as plug-ins from a class path's services files ({@link #scan}). */
    private static final Set<Class<?>> PLUG_INS = ConcurrentHashMap.newKeySet();

    private final Map<String, KernelFactory> factories;
    private final List<String> problems;

    private KernelRegistry(Map<String, KernelFactory> factories, List<String> problems) {
        this.factories = Collections.unmodifiableMap(factories);
        this.problems = List.copyOf(problems);
    }

    /**
     * The kernels on the class path of this class's loader (loaded once, then cached).
     *
     * @return the registry
     * @throws dev.rbmsuite.core.InputException if two kernels share a name (a plug-in that cannot be
     *     loaded is left out and listed in {@link #problems()}, see {@link #scan})
     */
    public static KernelRegistry installed() {
        KernelRegistry r = installed;
        if (r == null) {
            r = load();
        }
        return r;
    }

    private static synchronized KernelRegistry load() {
        KernelRegistry r = installed;
        if (r == null) {
            r = scan(KernelRegistry.class.getClassLoader(), System.getProperty("java.class.path", ""));
            for (String p : r.problems) {
                System.err.println("rbm: warning: " + p);
            }
            System.err.flush();
            installed = r;
        }
        return r;
    }

    /**
     * The kernels a class loader offers, read from every
     * {@code META-INF/services/dev.rbmsuite.kernels.KernelFactory} it finds, one jar (or folder) at a
     * time, so that each failure names its jar and its problem. {@link ServiceLoader} instead stopped
     * at the first bad entry with an error naming no jar (a null name gave a bare
     * NullPointerException), which broke every kernel, the built-in ones included, and the JVM
     * silently ignores a class-path entry that is not a zip file.
     *
     * <p>A broken plug-in (a class that is missing, cannot be loaded, is not a {@link KernelFactory},
     * has no public no-argument constructor or whose constructor or {@code name()} throws; a null or
     * malformed name; a class-path file that is not a jar) is left out and recorded in
     * {@link #problems()}: the built-in kernels and every sound plug-in stay usable, the command line
     * prints each problem as one warning line, and asking for a kernel that is not installed repeats
     * them ({@link #factory}). Two kernels of one name (two plug-ins, or a plug-in and a built-in
     * kernel) cannot be resolved either way, so that is refused outright, naming both sources.
     *
     * @param loader the class loader whose service files are read
     * @param classPath class-path entries separated by {@link java.io.File#pathSeparator} that must be
     *     jars (zip files) or folders; may be empty
     * @return the registry, with the problems of the plug-ins left out
     * @throws dev.rbmsuite.core.InputException naming both sources, if two kernels share a name
     */
    public static KernelRegistry scan(ClassLoader loader, String classPath) {
        List<String> problems = new ArrayList<>();
        for (String entry : classPath.split(Pattern.quote(File.pathSeparator))) {
            if (entry.indexOf('\uFFFD') >= 0) {
                // the JVM read a name that is not valid UTF-8 (under the launcher's C.UTF-8) as U+FFFD,
                // so it looks for another file and silently finds none
                problems.add("kernel plug-in " + entry.replace('\uFFFD', '?') + ": its path is not valid UTF-8, so "
                        + "the JVM cannot open it (rename it, or a folder above it, to a UTF-8 name); its kernels are "
                        + "not installed");
                continue;
            }
            Path p = entry.isEmpty() ? null : Path.of(entry);
            if (p != null && Files.isRegularFile(p)) {
                try (ZipFile z = new ZipFile(p.toFile())) {
                    z.size();
                } catch (IOException e) {
                    problems.add("kernel plug-in " + entry + ": not a jar (zip) file (" + e.getMessage()
                            + "); its kernels are not installed");
                }
            }
        }
        Map<String, KernelFactory> byName = new LinkedHashMap<>();
        Map<String, String> sourceOf = new LinkedHashMap<>();
        Map<String, String> classes = new HashMap<>(); // each class named, to the first source naming it
        Set<String> files = new LinkedHashSet<>();
        try {
            Enumeration<URL> urls = loader.getResources("META-INF/services/" + KernelFactory.class.getName());
            while (urls.hasMoreElements()) {
                files.add(urls.nextElement().toString());
            }
        } catch (IOException e) {
            problems.add("kernel plug-ins: the class path cannot be read (" + e.getMessage() + ")");
        }
        for (String url : files) {
            String where = source(url);
            if (isFolder(url)) {
                // a jar's folder entry reads as empty, a folder's as a listing of its files: either way
                // no kernel would be found, and nothing would say so
                problems.add("kernel plug-in " + where + ": META-INF/services/" + KernelFactory.class.getName()
                        + " is a folder, not the services file (one class name a line); its kernels are not installed");
                continue;
            }
            List<String> lines;
            try (InputStream in = new URL(url).openStream()) {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            } catch (IOException e) {
                problems.add("kernel plug-in " + where + ": its services file cannot be read (" + e.getMessage() + ")");
                continue;
            }
            for (String line : lines) {
                String cls = line.replaceFirst("#.*", "").strip();
                if (cls.isEmpty()) {
                    continue;
                }
                String first = classes.putIfAbsent(cls, where);
                if (first != null) {
                    // ServiceLoader too loads a class named twice only once, from the first entry of the
                    // class path that holds it: a second copy (a folder and a jar of RBM_PLUGINS) is not used
                    if (!first.equals(where)) {
                        problems.add("kernel plug-in " + where + ": names the class " + cls + ", which " + first
                                + " names too; the class is loaded once, from the first of them on the class path, "
                                + "and this copy is ignored (remove one of them from the class path or RBM_PLUGINS)");
                    }
                    continue;
                }
                String problem = null;
                try {
                    Class<?> c = Class.forName(cls, false, loader);
                    if (!KernelFactory.class.isAssignableFrom(c)) {
                        problem = "class " + cls + " does not implement " + KernelFactory.class.getName();
                    } else {
                        KernelFactory f = (KernelFactory) c.getConstructor().newInstance();
                        PLUG_INS.add(c);
                        String name = f.name();
                        if (name == null || !name.matches("[a-z0-9][a-z0-9-]*")) {
                            problem = cls + " has a malformed kernel name " + (name == null ? "null" : "'" + name + "'")
                                    + " (lower case letters, digits and '-')";
                        } else {
                            KernelFactory old = byName.put(name, f);
                            if (old != null) {
                                throw new InputException("kernel plug-ins: two kernels are named '" + name + "': "
                                        + old.getClass().getName() + " in " + sourceOf.get(name) + " and " + cls + " in "
                                        + where + " (remove one of them from the class path or RBM_PLUGINS)");
                            }
                            sourceOf.put(name, where);
                        }
                    }
                } catch (ClassNotFoundException | NoClassDefFoundError e) {
                    problem = "names the class " + cls + ", which is not on the class path";
                } catch (NoSuchMethodException e) {
                    problem = cls + " has no public constructor without arguments";
                } catch (InvocationTargetException e) {
                    problem = "the constructor of " + cls + " threw " + e.getCause();
                } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                    if (e instanceof InputException ie) {
                        throw ie;
                    }
                    problem = cls + " cannot be loaded: " + e;
                }
                if (problem != null) {
                    problems.add("kernel plug-in " + where + ": " + problem.replaceAll("[\\r\\n]+", " ")
                            + "; its kernel is not installed");
                }
            }
        }
        return new KernelRegistry(sorted(new ArrayList<>(byName.values())), problems);
    }

    /** @return whether the services URL names a folder (a jar's folder entry, or a folder on disk) */
    private static boolean isFolder(String url) {
        try {
            if (url.startsWith("jar:") && url.contains("!/")) {
                try (ZipFile z = new ZipFile(source(url))) {
                    // getEntry finds "NAME/" where there is no "NAME", as the class loader does
                    ZipEntry e = z.getEntry(url.substring(url.indexOf("!/") + 2));
                    return e != null && e.isDirectory();
                }
            }
            return url.startsWith("file:") && Files.isDirectory(Path.of(new URI(url)));
        } catch (IOException | URISyntaxException | IllegalArgumentException
                 | FileSystemNotFoundException e) {
            return false; // reading it then says what is wrong
        }
    }

    /** @return the jar (or folder) a services file lies in, for messages */
    private static String source(String url) {
        String u = url;
        if (u.startsWith("jar:")) {
            u = u.substring(4, u.contains("!/") ? u.indexOf("!/") : u.length());
        } else {
            u = u.substring(0, u.length() - ("META-INF/services/" + KernelFactory.class.getName()).length());
        }
        try {
            return Path.of(new URI(u)).toString();
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return u;
        }
    }

    /**
     * Adds a kernel to the {@link #installed()} registry at run time, for kernels defined in code
     * rather than in a jar with a service file (a notebook, a test): afterwards its name resolves
     * everywhere a kernel name does (training, sampling, the command line run in-process).
     *
     * @param factory the kernel's factory
     * @throws IllegalStateException if a kernel of that name is already installed
     */
    public static synchronized void register(KernelFactory factory) {
        KernelRegistry now = installed();
        List<KernelFactory> all = new ArrayList<>(now.factories.values());
        all.add(factory);
        installed = new KernelRegistry(of(all).factories, now.problems);
    }

    /**
     * A registry of the given factories: the built-in ones in their documented order, then the others
     * by name.
     *
     * @param list the factories
     * @return the registry
     * @throws IllegalStateException if two factories share a name or a name is malformed
     */
    public static KernelRegistry of(List<? extends KernelFactory> list) {
        return new KernelRegistry(sorted(list), List.of());
    }

    private static Map<String, KernelFactory> sorted(List<? extends KernelFactory> list) {
        List<KernelFactory> sorted = new ArrayList<>(list);
        sorted.sort((a, b) -> {
            int ia = rank(a.name());
            int ib = rank(b.name());
            return ia != ib ? Integer.compare(ia, ib) : a.name().compareTo(b.name());
        });
        Map<String, KernelFactory> m = new LinkedHashMap<>();
        for (KernelFactory f : sorted) {
            String name = f.name();
            if (name == null || !name.matches("[a-z0-9][a-z0-9-]*")) {
                throw new IllegalStateException("kernel factory " + f.getClass().getName() + " has a malformed name '"
                        + name + "' (lower case letters, digits and '-')");
            }
            KernelFactory old = m.put(name, f);
            if (old != null) {
                throw new IllegalStateException("two kernel factories are named '" + name + "': "
                        + old.getClass().getName() + " and " + f.getClass().getName());
            }
        }
        return m;
    }

    private static int rank(String name) {
        int i = BuiltinKernels.NAMES.indexOf(name);
        return i < 0 ? BuiltinKernels.NAMES.size() : i;
    }

    /**
     * @return one line for each plug-in left out when the registry was read from the class path
     *     ({@link #scan}), naming its jar and its problem; empty when every plug-in loaded
     */
    public List<String> problems() {
        return problems;
    }

    /** @return the installed names: the built-in ones in their documented order, then the others by name */
    public List<String> names() {
        return List.copyOf(factories.keySet());
    }

    /** @return the installed factories, in the order of {@link #names()} */
    public List<KernelFactory> factories() {
        return List.copyOf(factories.values());
    }

    /**
     * @param name a kernel name
     * @return whether a kernel of that name is installed
     */
    public boolean contains(String name) {
        return factories.containsKey(name);
    }

    /**
     * @param name a kernel name
     * @return its factory
     * @throws IllegalArgumentException with one line listing the installed names, if none is installed
     */
    public KernelFactory factory(String name) {
        KernelFactory f = factories.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown kernel '" + name + "' (installed: "
                    + String.join(", ", factories.keySet()) + ")"
                    + (problems.isEmpty() ? "" : "; not installed: " + String.join("; ", problems)));
        }
        return f;
    }

    /**
     * A kernel by name with its default parameters.
     *
     * @param name a kernel name
     * @param stack the model
     * @return the kernel
     * @throws IllegalArgumentException for an unknown name
     */
    public TransitionKernel create(String name, RbmStack stack) {
        return create(name, stack, Map.of());
    }

    /**
     * A kernel by name.
     *
     * @param name a kernel name
     * @param stack the model
     * @param params parameter values by name
     * @return the kernel
     * @throws IllegalArgumentException for an unknown name, an unknown parameter name (the message
     *     lists the accepted ones) or a bad parameter value
     */
    public TransitionKernel create(String name, RbmStack stack, Map<String, String> params) {
        KernelFactory f = factory(name);
        checkParameters(f, params);
        return create(f, stack, params);
    }

    /**
     * Calls {@code factory.create}, so that a plug-in's failure names the plug-in: a built-in factory's
     * exceptions pass through; a plug-in's {@code create} that throws anything but an
     * IllegalArgumentException (a bad parameter or model, the caller's input), or returns null, becomes
     * an InputException naming its class and its jar or folder (the user's plug-in, not the suite, is
     * at fault: exit 2 on the command line). The kernel of a plug-in (a factory loaded from a class path's
     * services files, not one of the suite's own) comes wrapped in a {@code CheckedKernel}, which refuses,
     * naming the plug-in, any state it makes or moves that is not binary or not of the model's widths.
     *
     * @param factory the kernel's factory
     * @param stack the model
     * @param params parameter values by name
     * @return the kernel
     */
    public static TransitionKernel create(KernelFactory factory, RbmStack stack, Map<String, String> params) {
        TransitionKernel k;
        try {
            k = factory.create(stack, params);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            KernelOrigin origin = KernelOrigin.of(factory); // only on failure: it reads the plug-in's jar
            if (origin.builtIn()) {
                throw e;
            }
            throw new InputException("kernel plug-in " + origin.location() + ": "
                    + origin.className() + ".create failed (" + e + ")", e);
        }
        if (k == null) {
            KernelOrigin origin = KernelOrigin.of(factory);
            throw new InputException("kernel plug-in " + origin.location() + ": "
                    + origin.className() + ".create returned null");
        }
        // a plug-in's states are checked at every step (binary, the model's widths, the chains asked for)
        return isPlugIn(factory) ? new CheckedKernel(k, factory, stack) : k;
    }

    /**
     * @param factory a factory
     * @return whether it is a plug-in: loaded from a class path's services files and not one of the suite's
     *     own kernels (a kernel registered in code by a library user, {@link #register}, is that user's own)
     */
    static boolean isPlugIn(KernelFactory factory) {
        return !KernelOrigin.isBuiltIn(factory) && PLUG_INS.contains(factory.getClass());
    }

    /**
     * The parameters a kernel runs with: its {@link KernelFactory#defaults()} overridden by the given
     * values, in name order (what manifests record, so that a run with defaults is not recorded as
     * {@code {}}).
     *
     * @param f a factory
     * @param params parameter values by name
     * @return the given values and the defaults of the others, sorted by name
     */
    public static Map<String, String> resolved(KernelFactory f, Map<String, String> params) {
        Map<String, String> m = new TreeMap<>();
        f.defaults().forEach((k, v) -> {
            if (f.parameters().containsKey(k)) {
                m.put(k, v);
            }
        });
        m.putAll(params);
        return Collections.unmodifiableMap(m);
    }

    /**
     * The given parameters less those equal to their {@link KernelFactory#defaults() default} (as text,
     * or as the same decimal number: "5" and "5.0"), in name order: the same form for a run that
     * leaves a default out and one that writes it out.
     *
     * @param f a factory
     * @param params parameter values by name
     * @return the values that differ from a default, sorted by name
     */
    public static Map<String, String> withoutDefaults(KernelFactory f, Map<String, String> params) {
        Map<String, String> m = new TreeMap<>(params);
        Map<String, String> defaults = f.defaults();
        m.entrySet().removeIf(e -> defaults.containsKey(e.getKey()) && sameValue(e.getValue(), defaults.get(e.getKey())));
        return Collections.unmodifiableMap(m);
    }

    private static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return DecimalText.parseDouble(a) == DecimalText.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * @param f a factory
     * @param params parameter values by name
     * @throws IllegalArgumentException if a name is not among {@code f.parameters()}
     */
    public static void checkParameters(KernelFactory f, Map<String, String> params) {
        for (String p : params.keySet()) {
            if (!f.parameters().containsKey(p)) {
                throw new IllegalArgumentException("kernel " + f.name() + " has no parameter '" + p + "' ("
                        + (f.parameters().isEmpty() ? "it takes none" : "accepted: "
                        + String.join(", ", f.parameters().keySet())) + ")");
            }
        }
    }
}
