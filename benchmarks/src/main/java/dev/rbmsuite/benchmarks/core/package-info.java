/** JMH benchmarks of core's batched conditionals: one blocked Gibbs sweep and its parts. */
package dev.rbmsuite.benchmarks.core;
