/** JMH benchmarks of the diagnostics: exact log Z, the lambda2 estimators and mAIS. */
package dev.rbmsuite.benchmarks.diagnostics;
