package dev.rbmsuite.core.io;

import dev.rbmsuite.core.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes numpy {@code .npy} files holding float64 arrays in C order (format 1.0 on write;
 * 1.0, 2.0 and 3.0 on read). Written by hand because the format is small and because the suite must
 * reject a wrong dtype, Fortran order, a wrong shape or a truncated file with a message naming the
 * file, which ND4J's reader does not do.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private Npy() {
    }

    /** A float64 array read from a file: its shape and its values in C order. */
    public static final class Array {
        private final long[] shape;
        private final double[] data;

        Array(long[] shape, double[] data) {
            this.shape = shape;
            this.data = data;
        }

        /** @return the shape (a copy) */
        public long[] shape() {
            return shape.clone();
        }

        /** @return the values in C order (the array itself: the caller owns it) */
        public double[] data() {
            return data;
        }
    }

    /**
     * Writes a float64 C-order array, atomically ({@link AtomicFiles}).
     *
     * @param file destination
     * @param data values in C order
     * @param shape dimensions; their product must equal {@code data.length}
     * @throws IOException on write failure
     */
    public static void write(Path file, double[] data, long... shape) throws IOException {
        long count = 1;
        for (long d : shape) {
            count *= d;
        }
        if (count != data.length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " needs " + count + " values, got " + data.length);
        }
        StringBuilder dims = new StringBuilder();
        for (int k = 0; k < shape.length; k++) {
            dims.append(shape[k]).append(k == 0 && shape.length == 1 ? "," : (k + 1 < shape.length ? ", " : ""));
        }
        String header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + dims + "), }";
        int total = MAGIC.length + 2 + 2 + header.length() + 1;
        int pad = (64 - total % 64) % 64;
        StringBuilder h = new StringBuilder(header);
        h.append(" ".repeat(pad)).append('\n');
        byte[] hb = h.toString().getBytes(StandardCharsets.US_ASCII);
        ByteBuffer body = ByteBuffer.allocate(data.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        body.asDoubleBuffer().put(data);
        AtomicFiles.write(file, out -> {
            out.write(MAGIC);
            out.write(new byte[] {1, 0, (byte) (hb.length & 0xff), (byte) (hb.length >>> 8)});
            out.write(hb);
            out.write(body.array());
        });
    }

    /**
     * Reads a float64 C-order array, rejecting anything else.
     *
     * @param file the .npy file
     * @return shape and values
     * @throws InputException naming the file if it is missing, truncated, not float64 or not C order
     */
    public static Array read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputException(file + ": file not found");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        if (bytes.length < 10 || !Arrays.equals(Arrays.copyOf(bytes, 6), MAGIC)) {
            throw new InputException(file + ": not a numpy .npy file (bad magic bytes)");
        }
        int major = bytes[6] & 0xff;
        int headerLen;
        int start;
        if (major == 1) {
            headerLen = (bytes[8] & 0xff) | (bytes[9] & 0xff) << 8;
            start = 10;
        } else if (major == 2 || major == 3) {
            if (bytes.length < 12) {
                throw new InputException(file + ": truncated .npy header");
            }
            headerLen = ByteBuffer.wrap(bytes, 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            start = 12;
        } else {
            throw new InputException(file + ": unsupported .npy format version " + major);
        }
        if (headerLen < 0 || start + headerLen > bytes.length) {
            throw new InputException(file + ": truncated .npy header");
        }
        String header = new String(bytes, start, headerLen, StandardCharsets.ISO_8859_1);
        Matcher d = DESCR.matcher(header);
        Matcher f = FORTRAN.matcher(header);
        Matcher s = SHAPE.matcher(header);
        if (!d.find() || !f.find() || !s.find()) {
            throw new InputException(file + ": malformed .npy header: " + header.trim());
        }
        String descr = d.group(1);
        if (!descr.equals("<f8") && !descr.equals("=f8") && !descr.equals("f8")) {
            throw new InputException(file + ": dtype is '" + descr + "', expected float64 ('<f8')");
        }
        if (f.group(1).equals("True")) {
            throw new InputException(file + ": array is in Fortran order, expected C order");
        }
        String[] parts = s.group(1).split(",");
        long[] shape = Arrays.stream(parts).map(String::trim).filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray();
        long count = 1;
        for (long dim : shape) {
            count *= dim;
        }
        int dataStart = start + headerLen;
        long available = bytes.length - dataStart;
        if (available != count * 8) {
            throw new InputException(file + ": holds " + available + " data bytes, but shape " + Arrays.toString(shape)
                    + " needs " + count * 8 + (available < count * 8 ? " (truncated)" : " (trailing bytes)"));
        }
        double[] data = new double[(int) count];
        ByteBuffer.wrap(bytes, dataStart, (int) (count * 8)).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(data);
        return new Array(shape, data);
    }
}
