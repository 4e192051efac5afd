package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.learning.optim.AdaMax;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * A training checkpoint: the run's complete state ({@link Trainer.Snapshot}: parameters, AdaMax
 * state, chains with parity, root random stream, epoch), the settings it was made with, a fingerprint
 * of the data, and the metrics rows written so far.
 *
 * <p>One binary file, written through core's {@link AtomicFiles} (a crash never leaves a
 * half-written checkpoint): the magic {@code RBMTRAIN}, the format version (int, {@value #VERSION}),
 * the payload (the format name, then the fields above, big-endian, doubles bit for bit), and a
 * trailer with the payload's length (long) and its CRC32C checksum (int). A truncated or corrupted
 * file (one flipped bit) is refused when read, so a run never resumes silently into a different
 * model. Version 1 files (no format name, no trailer) are still read. A checkpoint made in the middle of
 * a mini-batch epoch is written as version {@value #BATCH_VERSION}: version 2's payload followed by the
 * batch position (int); one between epochs keeps version 2, so full-batch runs write the same bytes as
 * before mini-batches existed.
 *
 * @param settingsKey the settings as text (epochs excluded), compared on resume
 * @param dataFingerprint a hash of the training data, compared on resume
 * @param snapshot the trainer's state
 * @param metricsRows the CSV rows (without header) written up to this epoch
 */
public record Checkpoint(String settingsKey, long dataFingerprint, Trainer.Snapshot snapshot, List<String> metricsRows) {
    private static final byte[] MAGIC = "RBMTRAIN".getBytes(StandardCharsets.US_ASCII);
    /** The format version this code writes: 2 adds the payload's length and CRC32C checksum. */
    public static final int VERSION = 2;
    /** The format version of a checkpoint within a mini-batch epoch (version 2 plus the batch position). */
    public static final int BATCH_VERSION = 3;
    private static final String FORMAT = "training-checkpoint";

    /** Copies the rows. */
    public Checkpoint {
        metricsRows = List.copyOf(metricsRows);
    }

    /**
     * @param data row-major data values
     * @return a 64-bit fingerprint of the values (FNV-1a over their bits)
     */
    public static long fingerprint(double[] data) {
        long h = 0xcbf29ce484222325L;
        for (double x : data) {
            h ^= Double.doubleToLongBits(x);
            h *= 0x100000001b3L;
        }
        return h ^ data.length;
    }

    /**
     * @param file a path
     * @return whether it is a regular file that begins with the checkpoint's magic bytes
     */
    public static boolean looksLikeCheckpoint(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Writes the checkpoint atomically (temporary file in the same folder, then an atomic move).
     *
     * @param file destination
     * @throws IOException on write failure
     */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, os -> {
            DataOutputStream head = new DataOutputStream(os);
            head.write(MAGIC);
            head.writeInt(snapshot.batch() == 0 ? VERSION : BATCH_VERSION);
            head.flush();
            CheckedOutputStream checked = new CheckedOutputStream(os, new CRC32C());
            DataOutputStream out = new DataOutputStream(checked);
            writePayload(out);
            out.flush();
            head.writeLong(out.size());
            head.writeInt((int) checked.getChecksum().getValue());
            head.flush();
        });
    }

    private void writePayload(DataOutputStream out) throws IOException {
        out.writeUTF(FORMAT);
        writeString(out, settingsKey);
        out.writeLong(dataFingerprint);
        Trainer.Snapshot s = snapshot;
        out.writeInt(s.epoch());
        writeDoubles(out, s.theta());
        writeDoubles(out, s.optimiser().m());
        writeDoubles(out, s.optimiser().u());
        out.writeLong(s.optimiser().t());
        out.writeInt(s.chains().length);
        for (double[] c : s.chains()) {
            writeDoubles(out, c);
        }
        out.writeInt(s.parity());
        out.writeLong(s.rootRng()[0]);
        out.writeLong(s.rootRng()[1]);
        out.writeInt(metricsRows.size());
        for (String r : metricsRows) {
            writeString(out, r);
        }
        if (s.batch() != 0) {
            out.writeInt(s.batch());
        }
    }

    /**
     * Reads a checkpoint, verifying its format version and checksum; version 1 files (without a
     * checksum, written before it existed) are still read.
     *
     * @param file a checkpoint written by {@link #write}
     * @return the checkpoint
     * @throws IOException if the file cannot be read, is not a checkpoint, has another format
     *     version, or fails its checksum (the message says which)
     */
    public static Checkpoint read(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        ByteBuffer buf = ByteBuffer.wrap(all);
        if (all.length < MAGIC.length + 4 || !Arrays.equals(Arrays.copyOf(all, MAGIC.length), MAGIC)) {
            throw new IOException("not a training checkpoint (no RBMTRAIN header)");
        }
        buf.position(MAGIC.length);
        int version = buf.getInt();
        int start = buf.position();
        int end = all.length;
        boolean trailer = version == VERSION || version == BATCH_VERSION;
        if (trailer) {
            if (all.length < start + 12) {
                throw new IOException("truncated checkpoint (" + all.length + " bytes)");
            }
            long length = buf.getLong(all.length - 12);
            int crc = buf.getInt(all.length - 4);
            end = all.length - 12;
            if (length != end - start) {
                throw new IOException("truncated or corrupt checkpoint (payload of " + (end - start)
                        + " bytes, header says " + length + ")");
            }
            CRC32C c = new CRC32C();
            c.update(all, start, end - start);
            if ((int) c.getValue() != crc) {
                throw new IOException("corrupt checkpoint (CRC32C checksum mismatch)");
            }
        } else if (version != 1) {
            throw new IOException("checkpoint format version " + version + " is not supported (this suite reads 1, "
                    + VERSION + " and " + BATCH_VERSION + ")");
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(all, start, end - start));
        try {
            if (trailer && !FORMAT.equals(in.readUTF())) {
                throw new IOException("corrupt checkpoint (payload format)");
            }
            Checkpoint ck = readPayload(in, version == BATCH_VERSION);
            if (in.available() != 0) {
                throw new IOException("corrupt checkpoint (" + in.available() + " trailing bytes)");
            }
            return ck;
        } catch (EOFException e) {
            throw new IOException("truncated checkpoint", e);
        }
    }

    private static Checkpoint readPayload(DataInputStream in, boolean withBatch) throws IOException {
        String key = readString(in);
        long fp = in.readLong();
        int epoch = in.readInt();
        double[] theta = readDoubles(in);
        double[] m = readDoubles(in);
        double[] u = readDoubles(in);
        long t = in.readLong();
        int layers = in.readInt();
        if (layers < 0 || layers > 1 << 16) {
            throw new IOException("corrupt checkpoint (layer count " + layers + ")");
        }
        double[][] chains = new double[layers][];
        for (int l = 0; l < layers; l++) {
            chains[l] = readDoubles(in);
        }
        int parity = in.readInt();
        long[] rng = {in.readLong(), in.readLong()};
        int nrows = in.readInt();
        if (nrows < 0 || nrows > 1 << 26) {
            throw new IOException("corrupt checkpoint (row count " + nrows + ")");
        }
        List<String> rows = new ArrayList<>();
        for (int k = 0; k < nrows; k++) {
            rows.add(readString(in));
        }
        int batch = withBatch ? in.readInt() : 0;
        if (withBatch && batch <= 0) {
            throw new IOException("corrupt checkpoint (batch position " + batch + ")");
        }
        return new Checkpoint(key, fp, new Trainer.Snapshot(epoch, theta, new AdaMax.State(m, u, t), chains, parity,
                rng, batch), rows);
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int len = in.readInt();
        if (len < 0 || len > in.available()) {
            throw new IOException("corrupt checkpoint (string length " + len + ")");
        }
        byte[] b = new byte[len];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void writeDoubles(DataOutputStream out, double[] x) throws IOException {
        out.writeInt(x.length);
        for (double d : x) {
            out.writeLong(Double.doubleToRawLongBits(d));
        }
    }

    private static double[] readDoubles(DataInputStream in) throws IOException {
        int len = in.readInt();
        if (len < 0 || len > in.available() / 8) {
            throw new IOException("corrupt checkpoint (array length " + len + ")");
        }
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = Double.longBitsToDouble(in.readLong());
        }
        return x;
    }
}
