package dev.rbmsuite.learning.train;

import dev.rbmsuite.core.io.AtomicFiles;
import dev.rbmsuite.learning.optim.AdaMax;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A training checkpoint: the run's complete state ({@link Trainer.Snapshot}: parameters, AdaMax
 * state, chains with parity, root random stream, epoch), the settings it was made with, a fingerprint
 * of the data, and the metrics rows written so far.
 *
 * <p>One binary file (magic {@code RBMTRAIN}, version 1, big-endian doubles bit for bit), written
 * through core's {@link AtomicFiles}, so a crash never leaves a half-written checkpoint.
 *
 * @param settingsKey the settings as text (epochs excluded), compared on resume
 * @param dataFingerprint a hash of the training data, compared on resume
 * @param snapshot the trainer's state
 * @param metricsRows the CSV rows (without header) written up to this epoch
 */
public record Checkpoint(String settingsKey, long dataFingerprint, Trainer.Snapshot snapshot, List<String> metricsRows) {
    private static final byte[] MAGIC = "RBMTRAIN".getBytes(StandardCharsets.US_ASCII);
    private static final int VERSION = 1;

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
            return java.util.Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
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
            DataOutputStream out = new DataOutputStream(os);
            out.write(MAGIC);
            out.writeInt(VERSION);
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
            out.flush();
        });
    }

    /**
     * @param file a checkpoint written by {@link #write}
     * @return the checkpoint
     * @throws IOException if the file cannot be read or is not a checkpoint of this version
     */
    public static Checkpoint read(Path file) throws IOException {
        try (InputStream is = Files.newInputStream(file);
             DataInputStream in = new DataInputStream(new BufferedInputStream(is, 1 << 16))) {
            byte[] magic = new byte[MAGIC.length];
            in.readFully(magic);
            if (!java.util.Arrays.equals(magic, MAGIC) || in.readInt() != VERSION) {
                throw new IOException(file + ": not a training checkpoint of version " + VERSION);
            }
            String key = readString(in);
            long fp = in.readLong();
            int epoch = in.readInt();
            double[] theta = readDoubles(in);
            double[] m = readDoubles(in);
            double[] u = readDoubles(in);
            long t = in.readLong();
            int layers = in.readInt();
            double[][] chains = new double[layers][];
            for (int l = 0; l < layers; l++) {
                chains[l] = readDoubles(in);
            }
            int parity = in.readInt();
            long[] rng = {in.readLong(), in.readLong()};
            int nrows = in.readInt();
            List<String> rows = new ArrayList<>(nrows);
            for (int k = 0; k < nrows; k++) {
                rows.add(readString(in));
            }
            return new Checkpoint(key, fp, new Trainer.Snapshot(epoch, theta, new AdaMax.State(m, u, t), chains, parity,
                    rng), rows);
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int len = in.readInt();
        if (len < 0 || len > (1 << 26)) {
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
        if (len < 0 || len > (1 << 28)) {
            throw new IOException("corrupt checkpoint (array length " + len + ")");
        }
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = Double.longBitsToDouble(in.readLong());
        }
        return x;
    }
}
