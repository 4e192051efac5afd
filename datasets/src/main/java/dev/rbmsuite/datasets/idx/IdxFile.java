package dev.rbmsuite.datasets.idx;

import dev.rbmsuite.core.InputException;
import dev.rbmsuite.core.Memory;
import dev.rbmsuite.core.io.UserFiles;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * One IDX file of unsigned bytes, the format of MNIST (LeCun, Bottou, Bengio &amp; Haffner 1998; Y. LeCun's
 * MNIST page), also used by Fashion-MNIST (Xiao, Rasul &amp; Vollgraf 2017), KMNIST and EMNIST: a big-endian
 * header (two zero bytes, the type code 0x08 for unsigned bytes, the number of dimensions d, then d
 * 32-bit sizes) followed by the product of the sizes in bytes, row-major. Images are d = 3 (count, rows,
 * columns), labels d = 1 (count). The file may be gzip-compressed, as the data sets are distributed;
 * compression is recognised by its magic bytes, not by the name, so a user's own copy is read as it
 * is.
 *
 * <p>Every problem (a missing or unreadable file, a file that is not IDX, another data type or number of
 * dimensions, a truncated or over-long file, corrupt gzip data) is an {@link InputException} of one line
 * naming the file and the problem (docs/contract.md: bad input exits with code 2).
 */
public final class IdxFile {
    /** The IDX type code of unsigned bytes, the only one these data sets use. */
    public static final int UNSIGNED_BYTE = 0x08;
    /** The largest file read, compressed (the full MNIST training images are 9.9 MB, Fashion-MNIST's 26 MB). */
    public static final long MAX_FILE_BYTES = 1L << 31;

    private final int[] sizes;
    private final byte[] data;

    private IdxFile(int[] sizes, byte[] data) {
        this.sizes = sizes;
        this.data = data;
    }

    /**
     * Reads and checks an IDX file of unsigned bytes.
     *
     * @param file the file (plain or gzip-compressed)
     * @param dimensions the number of dimensions expected (3 for images, 1 for labels)
     * @param what what the file should hold, for messages ("images", "labels")
     * @return the file's sizes and bytes
     * @throws InputException naming the file and the problem
     */
    public static IdxFile read(Path file, int dimensions, String what) {
        byte[] raw = UserFiles.readAll(file, MAX_FILE_BYTES, "file of IDX " + what);
        try (InputStream in = gzip(raw) ? new GZIPInputStream(new ByteArrayInputStream(raw), 1 << 16)
                : new ByteArrayInputStream(raw)) {
            return parse(in, file, dimensions, what);
        } catch (ZipException e) {
            throw new InputException(file + ": not valid gzip data (" + e.getMessage() + ")", e);
        } catch (EOFException e) {
            throw new InputException(file + ": truncated: the gzip data ends early", e);
        } catch (IOException e) {
            throw UserFiles.cannotRead(file, e);
        }
    }

    /**
     * Whether a file looks like IDX data: it starts with the gzip magic bytes or with an IDX header of
     * unsigned bytes (0x00 0x00 0x08). CSV data files start with text, so the two never meet; a gzip
     * file that is not IDX is then refused by {@link #read} with a message saying so.
     *
     * @param file a file
     * @return false for a missing, unreadable or short file, or one that starts otherwise
     */
    public static boolean looksLikeIdx(Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            return false;
        }
        byte[] head = new byte[3];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, 3) < 3) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        return gzip(head) || (head[0] == 0 && head[1] == 0 && head[2] == UNSIGNED_BYTE);
    }

    private static boolean gzip(byte[] b) {
        return b.length >= 2 && (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b;
    }

    private static IdxFile parse(InputStream in, Path file, int dimensions, String what) throws IOException {
        byte[] magic = new byte[4];
        int got = in.readNBytes(magic, 0, 4);
        if (got < 4 || magic[0] != 0 || magic[1] != 0) {
            throw new InputException(file + ": not an IDX file (it starts with " + hex(magic, got)
                    + "; an IDX file starts with two zero bytes, the type code and the number of dimensions)");
        }
        int type = magic[2] & 0xff;
        if (type != UNSIGNED_BYTE) {
            throw new InputException(String.format(Locale.ROOT,
                    "%s: IDX data of type 0x%02x; only unsigned bytes (type 0x08, as in MNIST) are read", file, type));
        }
        int d = magic[3] & 0xff;
        if (d != dimensions) {
            throw new InputException(file + ": an IDX file of " + d + " dimension(s), expected " + dimensions + " for "
                    + what + (dimensions == 3 ? " (count, rows, columns)" : " (count)"));
        }
        byte[] header = new byte[4 * d];
        got = in.readNBytes(header, 0, header.length);
        if (got < header.length) {
            throw new InputException(file + ": truncated: the IDX header ends after " + (4 + got) + " bytes, expected "
                    + (4 + header.length));
        }
        int[] sizes = new int[d];
        long total = 1;
        for (int k = 0; k < d; k++) {
            long s = ((header[4 * k] & 0xffL) << 24) | ((header[4 * k + 1] & 0xffL) << 16)
                    | ((header[4 * k + 2] & 0xffL) << 8) | (header[4 * k + 3] & 0xffL);
            if (s < 1 || s > Integer.MAX_VALUE) {
                throw new InputException(file + ": the IDX header gives size " + s + " for dimension " + (k + 1)
                        + "; each size must be a positive 32-bit integer");
            }
            sizes[k] = (int) s;
            total *= s;
            if (total > Memory.MAX_ARRAY_LENGTH) {
                throw new InputException(file + ": the IDX header announces " + shape(sizes, k + 1)
                        + " bytes, more than a Java array holds");
            }
        }
        Memory.require(Memory.bytes(1, total), file + " (" + shape(sizes, d) + " bytes of " + what + ")");
        byte[] data = new byte[(int) total];
        got = in.readNBytes(data, 0, data.length);
        if (got < data.length) {
            throw new InputException(file + ": truncated: its header announces " + shape(sizes, d) + " = " + total
                    + " bytes of data, the file holds " + got);
        }
        if (in.read() >= 0) {
            throw new InputException(file + ": more data than its header announces (" + shape(sizes, d) + " = " + total
                    + " bytes)");
        }
        return new IdxFile(sizes, data);
    }

    private static String shape(int[] sizes, int count) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < count; k++) {
            s.append(k == 0 ? "" : " x ").append(sizes[k]);
        }
        return s.toString();
    }

    private static String hex(byte[] b, int len) {
        if (len <= 0) {
            return "no bytes (an empty file)";
        }
        StringBuilder s = new StringBuilder("0x");
        for (int k = 0; k < len; k++) {
            s.append(String.format(Locale.ROOT, "%02x", b[k] & 0xff));
        }
        return s.toString();
    }

    /** @return the sizes of the dimensions (a copy): {count, rows, columns} for images, {count} for labels */
    public int[] sizes() {
        return sizes.clone();
    }

    /** @return the first size: the number of images or labels */
    public int count() {
        return sizes[0];
    }

    /** @return the bytes per item: the product of the sizes after the first (rows x columns for images) */
    public int itemSize() {
        int s = 1;
        for (int k = 1; k < sizes.length; k++) {
            s *= sizes[k];
        }
        return s;
    }

    /**
     * @param item an item (image or label) index
     * @param k a byte of the item (a pixel, row-major)
     * @return its value, 0..255
     */
    public int value(int item, int k) {
        return data[item * itemSize() + k] & 0xff;
    }

    @Override
    public String toString() {
        return "IdxFile" + Arrays.toString(sizes);
    }
}
