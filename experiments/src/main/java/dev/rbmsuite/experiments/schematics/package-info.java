/** Figures 1, 3 and 4 of the paper: the schematics of an RBM, the deep-tempering stack and the round trip. */
package dev.rbmsuite.experiments.schematics;
