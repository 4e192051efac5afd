/** JMH benchmarks of one transition of each kernel on 100 chains (BGS, deep tempering, round trip, parallel tempering). */
package dev.rbmsuite.benchmarks.kernels;
