/**
 * Optimisers over flat float64 parameter vectors: AdaMax (Kingma and Ba 2015, Alg. 2), the optimiser
 * of the paper's experiments (Sec. 2.3, Sec. 5.1; docs/methods.md section 7.1).
 */
package dev.rbmsuite.learning.optim;
