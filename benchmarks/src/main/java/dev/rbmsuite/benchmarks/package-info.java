/**
 * JMH benchmarks of the suite's hot paths.
 */
package dev.rbmsuite.benchmarks;
