/** JMH benchmarks of one full training update (chains, estimators, gradients, AdaMax). */
package dev.rbmsuite.benchmarks.learning;
