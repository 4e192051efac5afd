package dev.rbmsuite.kernels;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a kernel came from, for the manifests of the runs that use it: the factory's class and,
 * for a plug-in, the jar (or folder of classes) it was loaded from with the file's SHA-256 and the
 * jar's {@code Implementation-Version}, so that a result names the exact code that produced it. A
 * built-in kernel is recorded by its class only: the suite's own version and commit are in the
 * manifest already, and its jars' paths differ from machine to machine.
 *
 * @param className the factory's class name
 * @param builtIn whether the factory is one of the suite's own ({@link BuiltinKernels})
 * @param location the plug-in's jar or folder of classes as an absolute path (null for a built-in
 *     kernel or where the class has no file, for example one defined at run time)
 * @param sha256 the SHA-256 of the jar, or for a folder of classes of the factory's class file
 *     (lower-case hex; null where {@code location} is)
 * @param version the jar's {@code Implementation-Version} (null where it has none)
 */
public record KernelOrigin(String className, boolean builtIn, String location, String sha256, String version) {
    /**
     * @param factory an installed factory
     * @return whether it is one of the suite's own kernels ({@link BuiltinKernels}), without reading any file
     */
    public static boolean isBuiltIn(KernelFactory factory) {
        Class<?> c = factory.getClass();
        return c.getEnclosingClass() == BuiltinKernels.class || c == BuiltinKernels.class;
    }

    /**
     * @param factory an installed factory
     * @return where it came from
     * @throws IllegalStateException if its jar or class file cannot be read
     */
    public static KernelOrigin of(KernelFactory factory) {
        Class<?> c = factory.getClass();
        boolean builtIn = isBuiltIn(factory);
        Package p = c.getPackage();
        String version = p == null ? null : p.getImplementationVersion();
        if (builtIn) {
            return new KernelOrigin(c.getName(), true, null, null, null);
        }
        Path file = codeFile(c);
        if (file == null) {
            return new KernelOrigin(c.getName(), false, null, null, version);
        }
        Path hashed = Files.isDirectory(file) ? file.resolve(c.getName().replace('.', '/') + ".class") : file;
        return new KernelOrigin(c.getName(), false, file.toString(), Files.isRegularFile(hashed) ? sha256(hashed) : null,
                version);
    }

    /** @return the jar or folder the class was loaded from, or null if it has none on the file system */
    private static Path codeFile(Class<?> c) {
        CodeSource cs = c.getProtectionDomain() == null ? null : c.getProtectionDomain().getCodeSource();
        URL url = cs == null ? null : cs.getLocation();
        if (url == null || !"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            return Path.of(url.toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * @param file a file
     * @return its SHA-256 in lower-case hex
     * @throws IllegalStateException if it cannot be read
     */
    static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new IllegalStateException("kernel plug-in " + file + " cannot be read: " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** @return the fields as a map in a fixed order, nulls left out (for manifests) */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("class", className);
        m.put("builtIn", builtIn);
        if (location != null) {
            m.put("location", location);
        }
        if (sha256 != null) {
            m.put("sha256", sha256);
        }
        if (version != null) {
            m.put("version", version);
        }
        return m;
    }
}
