/**
 * MNIST-format (IDX) data: {@link dev.rbmsuite.datasets.idx.IdxFile} reads and checks one IDX file of
 * unsigned bytes (plain or gzip-compressed), {@link dev.rbmsuite.datasets.idx.IdxDataset} turns image
 * files, with optional labels, into binary data sets (threshold or stochastic binarisation, class
 * selection): MNIST, Fashion-MNIST or any copy in that format, named by the user.
 */
package dev.rbmsuite.datasets.idx;
