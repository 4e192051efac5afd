/**
 * Cost guards for the computations that can run for a very long time (exact enumeration, exact
 * transition matrices and their spectra): each estimates its cost before it starts, refuses above a
 * documented limit unless the caller allows it ({@link dev.rbmsuite.core.cost.CostGuard}), and
 * reports its progress while it runs.
 */
package dev.rbmsuite.core.cost;
