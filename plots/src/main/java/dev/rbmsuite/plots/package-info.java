/**
 * Publication-style figures with XChart from plain numeric series; this package knows nothing about RBMs.
 */
package dev.rbmsuite.plots;
