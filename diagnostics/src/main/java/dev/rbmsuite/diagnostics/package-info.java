/**
 * Diagnostics of RBMs: exact enumeration of log Z, log-likelihood and moments, TV distance, the second eigenvalue of transition kernels (Appendix B) and partition-function estimators (mAIS, AIS, reverse AIS).
 */
package dev.rbmsuite.diagnostics;
