/** Figure 8: 100-step trajectories of BGS, DT and the round trip in the PCA plane of each data set. */
package dev.rbmsuite.experiments.fig8;
