/** Figure 5: the islands and pentagon data sets as binary images and in their PCA plane. */
package dev.rbmsuite.experiments.fig5;
