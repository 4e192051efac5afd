/**
 * Learning RBMs and RBM stacks: SMCI estimators, AdaMax, persistent chains and joint training with BGS, DT and the round-trip kernel.
 */
package dev.rbmsuite.learning;
