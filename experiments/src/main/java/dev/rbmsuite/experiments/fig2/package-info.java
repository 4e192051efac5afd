/** Figure 2: learning failure of SMCI-based training with blocked Gibbs sampling on GenRBM. */
package dev.rbmsuite.experiments.fig2;
