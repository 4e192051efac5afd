/** Figure 6: GenRBM learning curves for BGS, deep tempering and the round trip with L = 1, 2, 3. */
package dev.rbmsuite.experiments.fig6;
