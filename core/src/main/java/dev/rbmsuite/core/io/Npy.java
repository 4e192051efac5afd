package dev.rbmsuite.core.io;

import java.util.ArrayList;
import java.util.List;
import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads and writes numpy {@code .npy} files holding float64 arrays in C order (format 1.0 on write;
 * 1.0, 2.0 and 3.0 on read). Written by hand because the format is small and because the suite must
 * reject a wrong dtype, Fortran order, a wrong shape or a truncated file with a message naming the
 * file, which ND4J's reader does not do.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};

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
     * Reads a float64 C-order array, rejecting anything numpy would not load as one: bad magic or
     * version (1.0, 2.0 and 3.0 are read), a header that is not exactly a Python dict literal with
     * the keys 'descr', 'fortran_order' and 'shape' (numpy's literal_eval), a dtype other than
     * float64, Fortran order, a shape whose size disagrees with the data (truncated or trailing
     * bytes), and anything but a regular file (a device or a pipe) or a file larger than a Java
     * array.
     *
     * @param file the .npy file
     * @return shape and values
     * @throws InputException naming the file on every such defect
     */
    public static Array read(Path file) {
        byte[] bytes = UserFiles.readAll(file, Memory.MAX_ARRAY_LENGTH, ".npy array");
        if (bytes.length < 10 || !Arrays.equals(Arrays.copyOf(bytes, 6), MAGIC)) {
            throw new InputException(file + ": not a numpy .npy file (bad magic bytes)");
        }
        int major = bytes[6] & 0xff;
        int minor = bytes[7] & 0xff;
        int headerLen;
        int start;
        if (major == 1 && minor == 0) {
            headerLen = (bytes[8] & 0xff) | (bytes[9] & 0xff) << 8;
            start = 10;
        } else if ((major == 2 || major == 3) && minor == 0) {
            if (bytes.length < 12) {
                throw new InputException(file + ": truncated .npy header");
            }
            headerLen = ByteBuffer.wrap(bytes, 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            start = 12;
        } else {
            throw new InputException(file + ": unsupported .npy format version " + major + "." + minor);
        }
        if (headerLen < 0 || (long) start + headerLen > bytes.length) {
            throw new InputException(file + ": truncated .npy header");
        }
        String header = new String(bytes, start, headerLen, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        Header h;
        try {
            h = new HeaderParser(header).parse();
        } catch (IllegalArgumentException e) {
            throw new InputException(file + ": malformed .npy header (" + e.getMessage() + ")");
        }
        if (!h.descr.equals("<f8") && !h.descr.equals("=f8") && !h.descr.equals("f8")) {
            throw new InputException(file + ": dtype is '" + h.descr + "', expected float64 ('<f8')");
        }
        if (h.fortranOrder) {
            throw new InputException(file + ": array is in Fortran order, expected C order");
        }
        long[] shape = h.shape;
        long count = 1;
        for (long dim : shape) {
            count = dim == 0 || count <= Long.MAX_VALUE / 8 / dim ? count * dim : Long.MAX_VALUE / 8;
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

    /** The three entries of a .npy header. */
    private record Header(String descr, boolean fortranOrder, long[] shape) {
    }

    /**
     * A strict parser of the header's Python literal: {@code {'descr': S, 'fortran_order': B,
     * 'shape': T}} in any key order, each key once and no other, an optional trailing comma, strings
     * in single or double quotes, B True or False, T a tuple of non-negative integers ({@code ()},
     * {@code (n,)}, {@code (n, m)}...), then only spaces and one final newline as padding.
     */
    private static final class HeaderParser {
        private final String s;
        private int i;

        HeaderParser(String s) {
            this.s = s;
        }

        Header parse() {
            String descr = null;
            Boolean fortran = null;
            long[] shape = null;
            skip();
            expect('{');
            skip();
            while (peek() != '}') {
                String key = string();
                skip();
                expect(':');
                skip();
                switch (key) {
                    case "descr" -> {
                        if (descr != null) {
                            throw new IllegalArgumentException("duplicate key 'descr'");
                        }
                        descr = string();
                    }
                    case "fortran_order" -> {
                        if (fortran != null) {
                            throw new IllegalArgumentException("duplicate key 'fortran_order'");
                        }
                        fortran = bool();
                    }
                    case "shape" -> {
                        if (shape != null) {
                            throw new IllegalArgumentException("duplicate key 'shape'");
                        }
                        shape = tuple();
                    }
                    default -> throw new IllegalArgumentException("unexpected key '" + key + "'");
                }
                skip();
                if (peek() == ',') {
                    i++;
                    skip();
                } else if (peek() != '}') {
                    throw new IllegalArgumentException("expected ',' or '}' at offset " + i);
                }
            }
            i++;
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            if (i < s.length() && s.charAt(i) == '\n') {
                i++;
            }
            if (i != s.length()) {
                throw new IllegalArgumentException("trailing characters after the dict at offset " + i);
            }
            if (descr == null || fortran == null || shape == null) {
                throw new IllegalArgumentException("needs the keys 'descr', 'fortran_order' and 'shape'");
            }
            return new Header(descr, fortran, shape);
        }

        private char peek() {
            if (i >= s.length()) {
                throw new IllegalArgumentException("ends early");
            }
            return s.charAt(i);
        }

        private void expect(char c) {
            if (peek() != c) {
                throw new IllegalArgumentException("expected '" + c + "' at offset " + i);
            }
            i++;
        }

        private void skip() {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n')) {
                i++;
            }
        }

        private String string() {
            char q = peek();
            if (q != '\'' && q != '"') {
                throw new IllegalArgumentException("expected a quoted string at offset " + i);
            }
            int end = s.indexOf(q, i + 1);
            if (end < 0) {
                throw new IllegalArgumentException("unterminated string at offset " + i);
            }
            String v = s.substring(i + 1, end);
            if (v.indexOf('\\') >= 0 || v.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("unsupported escape or newline in a string at offset " + i);
            }
            i = end + 1;
            return v;
        }

        private boolean bool() {
            if (s.startsWith("True", i)) {
                i += 4;
                return true;
            }
            if (s.startsWith("False", i)) {
                i += 5;
                return false;
            }
            throw new IllegalArgumentException("expected True or False at offset " + i);
        }

        private long[] tuple() {
            expect('(');
            skip();
            List<Long> dims = new ArrayList<>();
            boolean comma = false;
            while (peek() != ')') {
                int from = i;
                while (i < s.length() && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) {
                    i++;
                }
                if (i == from) {
                    throw new IllegalArgumentException("expected a non-negative integer in 'shape' at offset " + from);
                }
                try {
                    dims.add(Long.parseLong(s.substring(from, i)));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("dimension too large in 'shape' at offset " + from);
                }
                skip();
                comma = false;
                if (peek() == ',') {
                    i++;
                    comma = true;
                    skip();
                } else if (peek() != ')') {
                    throw new IllegalArgumentException("expected ',' or ')' in 'shape' at offset " + i);
                }
            }
            if (dims.size() == 1 && !comma) {
                throw new IllegalArgumentException("'shape' (" + dims.get(0) + ") is not a tuple (needs a comma)");
            }
            i++;
            return dims.stream().mapToLong(Long::longValue).toArray();
        }
    }
}
