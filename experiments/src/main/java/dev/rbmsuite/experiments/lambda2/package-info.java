/** The lambda2 estimators of figure 2 against the exact value (beyond the paper). */
package dev.rbmsuite.experiments.lambda2;
