/** Figure 7: learning curves on the clustered data sets (islands, pentagon, iris, wine, seeds). */
package dev.rbmsuite.experiments.fig7;
