/**
 * Binary data sets of the paper (section 5.1, Table 1): the {@link dev.rbmsuite.datasets.BinaryDataset}
 * type, the registry {@link dev.rbmsuite.datasets.Datasets} of GenRBM, islands, pentagon, iris, wine and
 * seeds with the paper's defaults, and the PCA plane of figures 5 and 8 ({@link dev.rbmsuite.datasets.Pca}).
 * Sub-packages hold the generators, the UCI data, the rank-hot encoding and CSV input/output.
 */
package dev.rbmsuite.datasets;
