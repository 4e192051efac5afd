/** Figure 9: TV distance to the exact visible marginal per step, from persistent-chain starts. */
package dev.rbmsuite.experiments.fig9;
