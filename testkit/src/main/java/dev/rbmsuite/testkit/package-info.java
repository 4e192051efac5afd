/**
 * The public test kit for transition kernels (artifact rbm-testkit): {@link dev.rbmsuite.testkit.ExactMatrix}
 * composes exact transition matrices from primitives (conditional draws, Metropolis swaps, custom steps
 * given by their row functions), {@link dev.rbmsuite.testkit.KernelChecks} checks stationarity, detailed
 * balance, sampled steps against exact rows, no drift from exact starts and the randomness contract of
 * {@link dev.rbmsuite.kernels.TransitionKernel#advance}, and {@link dev.rbmsuite.testkit.States} converts
 * chain states to and from joint indices. The suite's own kernels are proven with it (this module's
 * tests), as is the plug-in kernel of the examples module.
 */
package dev.rbmsuite.testkit;
