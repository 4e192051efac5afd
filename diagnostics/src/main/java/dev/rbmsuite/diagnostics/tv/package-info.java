/**
 * Total variation distance between the exact visible marginal and the empirical distribution of
 * chains (paper Eq. tv_distance, Fig. 9; docs/methods.md section 6), and its i.i.d. floor.
 */
package dev.rbmsuite.diagnostics.tv;
