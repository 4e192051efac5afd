/**
 * Binary data sets of the paper (GenRBM, islands, pentagon, iris, wine, seeds), the CSV format of the suite's contract, rank-hot encoding and PCA.
 */
package dev.rbmsuite.datasets;
