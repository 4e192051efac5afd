/**
 * Binary encodings of continuous data: rank-hot (thermometer) encoding by quantile bins, METHODS.md
 * section 4.
 */
package dev.rbmsuite.datasets.encoding;
