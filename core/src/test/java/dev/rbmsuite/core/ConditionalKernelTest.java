package dev.rbmsuite.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The fused conditional loop against plain scalar loops written here, bit for bit: every operation
 * of {@link ConditionalKernel} is lane-wise (one output unit per lane), so its bits are fixed by the
 * order of its additions, which the references below follow: for binary rows, bias plus one table
 * row per group of 4 inputs, where the table row of a pattern adds the group's rows of M from the
 * highest set unit down to the lowest (each table row extends the one without its lowest bit); for
 * other rows, bias then one fused multiply-add per input in order. Layer sizes cover partial groups
 * and outputs that are not a whole number of vectors.
 */
class ConditionalKernelTest {
    private static final int[] INPUTS = {1, 3, 4, 5, 8, 9, 13};
    private static final int[] OUTPUTS = {1, 2, 7, 8, 9, 25};

    private static double[] gaussian(int len, Rng r, double scale) {
        double[] x = new double[len];
        for (int k = 0; k < len; k++) {
            x[k] = r.nextGaussian() * scale;
        }
        return x;
    }

    /** Rows 0..rows-2 binary (row 0 all zeros, row 1 all ones when rows &gt; 2), the last row real-valued. */
    private static double[] inputs(int nIn, int rows, Rng r) {
        double[] x = new double[rows * nIn];
        for (int row = 0; row < rows; row++) {
            for (int i = 0; i < nIn; i++) {
                int k = row * nIn + i;
                if (row == rows - 1) {
                    x[k] = r.nextDouble();
                } else if (row == 1 && rows > 2) {
                    x[k] = 1.0;
                } else if (row > 0) {
                    x[k] = r.nextDouble() < 0.5 ? 1.0 : 0.0;
                }
            }
        }
        return x;
    }

    /** The table row of pattern p in group g: M[unit] added from the highest set unit down. */
    private static double tableSum(double[] mat, int nOut, int g, int p, int j) {
        if (p == 0) {
            return 0.0;
        }
        int unit = g * 4 + Integer.numberOfTrailingZeros(p);
        return tableSum(mat, nOut, g, p & (p - 1), j) + mat[unit * nOut + j];
    }

    /** The field of output j for input row x (offset xo), as the documented scalar loops. */
    private static double field(double[] mat, double[] bias, int nIn, int nOut, double[] x, int xo, int j) {
        boolean binary = true;
        for (int i = 0; i < nIn; i++) {
            binary &= x[xo + i] == 0.0 || x[xo + i] == 1.0;
        }
        double f = bias[j];
        if (binary) {
            for (int g = 0; g * 4 < nIn; g++) {
                int p = 0;
                for (int k = 0; k < 4 && g * 4 + k < nIn; k++) {
                    p |= (int) x[xo + g * 4 + k] << k;
                }
                f += tableSum(mat, nOut, g, p, j);
            }
        } else {
            for (int i = 0; i < nIn; i++) {
                f = Math.fma(mat[i * nOut + j], x[xo + i], f);
            }
        }
        return f;
    }

    @Test
    void fieldsEqualTheScalarLoopsBitForBitAndWriteOnlyTheirRows() {
        Rng r = Rng.seeded(5);
        for (int nIn : INPUTS) {
            for (int nOut : OUTPUTS) {
                double[] mat = gaussian(nIn * nOut, r, 1.0);
                double[] bias = gaussian(nOut, r, 1.0);
                ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
                for (int rows = 1; rows <= 4; rows++) {
                    double[] x = inputs(nIn, rows, r);
                    double[] out = new double[rows * nOut + 3];
                    Arrays.fill(out, 42.0);
                    k.apply(x, rows, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
                    for (int row = 0; row < rows; row++) {
                        for (int j = 0; j < nOut; j++) {
                            double expected = field(mat, bias, nIn, nOut, x, row * nIn, j);
                            assertThat(out[row * nOut + j]).as("%dx%d, row %d of %d, unit %d", nIn, nOut, row, rows, j)
                                    .isEqualTo(expected);
                            // and the definition bias + x . M, independently of the order
                            double plain = bias[j];
                            for (int i = 0; i < nIn; i++) {
                                plain += x[row * nIn + i] * mat[i * nOut + j];
                            }
                            assertThat(expected).isCloseTo(plain, within(1e-12 * (1 + Math.abs(plain))));
                        }
                    }
                    for (int q = rows * nOut; q < out.length; q++) {
                        assertThat(out[q]).as("past the last row (%dx%d, %d rows)", nIn, nOut, rows).isEqualTo(42.0);
                    }
                }
            }
        }
    }

    /** Non-binary values anywhere in a row (2, -0.5, NaN) take the dense path; NaN propagates. */
    @Test
    void nonBinaryRowsTakeTheDensePath() {
        Rng r = Rng.seeded(6);
        int nIn = 9;
        int nOut = 5;
        double[] mat = gaussian(nIn * nOut, r, 1.0);
        double[] bias = gaussian(nOut, r, 1.0);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
        for (int pos : new int[] {0, 3, 4, 8}) {
            for (double odd : new double[] {2.0, -0.5, 1.0 + Math.ulp(1.0)}) {
                double[] x = {1, 0, 1, 1, 0, 1, 0, 0, 1};
                x[pos] = odd;
                double[] out = new double[nOut];
                k.apply(x, 1, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
                for (int j = 0; j < nOut; j++) {
                    double f = bias[j];
                    for (int i = 0; i < nIn; i++) {
                        f = Math.fma(mat[i * nOut + j], x[i], f);
                    }
                    assertThat(out[j]).as("value %s at input %d, unit %d", odd, pos, j).isEqualTo(f);
                }
            }
        }
        double[] x = new double[nIn];
        x[8] = Double.NaN;
        double[] out = new double[nOut];
        k.apply(x, 1, out, ConditionalKernel.Mode.FIELD, 1.0, null, null);
        for (double o : out) {
            assertThat(o).isNaN();
        }
    }

    /** MEAN writes sig(beta f) = 1 / (e^{-beta f} + 1) of the same fields, bit for bit. */
    @Test
    void meansAreTheSigmoidOfTheFields() {
        Rng r = Rng.seeded(7);
        for (int nOut : OUTPUTS) {
            int nIn = 6;
            double[] mat = gaussian(nIn * nOut, r, 2.0);
            double[] bias = gaussian(nOut, r, 2.0);
            ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
            int rows = 3;
            double[] x = inputs(nIn, rows, r);
            for (double beta : new double[] {1.0, 0.4}) {
                double[] out = new double[rows * nOut];
                k.apply(x, rows, out, ConditionalKernel.Mode.MEAN, beta, null, null);
                for (int row = 0; row < rows; row++) {
                    for (int j = 0; j < nOut; j++) {
                        double f = field(mat, bias, nIn, nOut, x, row * nIn, j);
                        assertThat(out[row * nOut + j]).isEqualTo(1.0 / (VectorMath.expScalar(-beta * f) + 1.0));
                        assertThat(out[row * nOut + j]).isCloseTo(Numerics.sigmoid(beta * f), within(1e-15));
                    }
                }
            }
        }
    }

    /**
     * SAMPLE draws unit q of the batch as fma(u_q, e^{-beta f}, u_q) &lt; 1 with u the stream's
     * uniforms in order (exactly rows * nOut of them, also across the 1024-draw chunks), so the
     * same stream gives the same bits and a different one different draws.
     */
    @Test
    void samplesDecideWithTheStreamsUniformsInOrder() {
        Rng r = Rng.seeded(8);
        int nIn = 7;
        int nOut = 9;
        double[] mat = gaussian(nIn * nOut, r, 1.0);
        double[] bias = gaussian(nOut, r, 0.5);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
        int rows = 300; // 2700 draws: three chunks
        double[] x = inputs(nIn, rows, r);
        double beta = 0.9;
        double[] out = assertDrawsAreTheReference(k, mat, bias, nIn, nOut, x, rows, beta, Rng.seeded(9));
        double[] again = new double[rows * nOut];
        k.apply(x, rows, again, ConditionalKernel.Mode.SAMPLE, beta, Rng.seeded(9), new double[rows * nOut]);
        assertThat(again).isEqualTo(out);
        double[] other = new double[rows * nOut];
        k.apply(x, rows, other, ConditionalKernel.Mode.SAMPLE, beta, Rng.seeded(10), new double[rows * nOut]);
        assertThat(other).isNotEqualTo(out);
    }

    /**
     * A chunk with a lane the fast draws may not decide (here fields beyond the exponential's range,
     * from one real-valued row of large inputs) is drawn again from the same uniforms with the exact
     * draws: the same bits as the reference, in that chunk and in the others, and the same number of
     * draws.
     */
    @Test
    void chunksThatNeedTheExactDrawAreDrawnAgainFromTheSameUniforms() {
        Rng r = Rng.seeded(11);
        int nIn = 5;
        int nOut = 25;
        double[] mat = gaussian(nIn * nOut, r, 1.0);
        double[] bias = gaussian(nOut, r, 0.5);
        ConditionalKernel k = new ConditionalKernel(nIn, nOut, mat, bias);
        int rows = 130; // 3250 draws: four chunks, the last row's in the fourth
        double[] x = inputs(nIn, rows, r);
        for (int i = 0; i < nIn; i++) {
            x[(rows - 1) * nIn + i] = 400.0 * (i % 2 == 0 ? 1 : -1) + i;
        }
        x[(rows - 2) * nIn] = Double.NaN;
        double[] out = assertDrawsAreTheReference(k, mat, bias, nIn, nOut, x, rows, 2.0, Rng.seeded(12));
        assertThat(Arrays.stream(out).filter(d -> d != 0.0 && d != 1.0)).as("draws other than 0 and 1").isEmpty();
    }

    /** Draws SAMPLE with the stream and checks every unit against fma(u, e^{-beta f}, u) &lt; 1. */
    private static double[] assertDrawsAreTheReference(ConditionalKernel k, double[] mat, double[] bias, int nIn, int nOut,
                                                       double[] x, int rows, double beta, Rng stream) {
        Rng replay = stream.copy();
        double[] out = new double[rows * nOut];
        k.apply(x, rows, out, ConditionalKernel.Mode.SAMPLE, beta, stream, new double[rows * nOut]);
        double[] u = new double[rows * nOut];
        replay.fillUniform(u, 0, u.length);
        assertThat(stream.state()).as("exactly rows * nOut draws").isEqualTo(replay.state());
        for (int row = 0; row < rows; row++) {
            for (int j = 0; j < nOut; j++) {
                int q = row * nOut + j;
                double f = field(mat, bias, nIn, nOut, x, row * nIn, j);
                double expected = Math.fma(u[q], VectorMath.expScalar(-beta * f), u[q]) < 1.0 ? 1.0 : 0.0;
                assertThat(out[q]).as("row %d unit %d", row, j).isEqualTo(expected);
            }
        }
        return out;
    }
}
