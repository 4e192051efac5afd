/**
 * Binary encodings of continuous data: rank-hot (thermometer) encoding by quantile bins, docs/methods.md
 * section 4.
 */
package dev.rbmsuite.datasets.encoding;
