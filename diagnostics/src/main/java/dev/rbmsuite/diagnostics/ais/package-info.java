/**
 * Partition-function estimators (docs/methods.md section 1): marginalised AIS (mAIS, hidden layer summed
 * out), standard joint-space AIS and reverse AIS, with linear or Salakhutdinov-Murray schedules,
 * uniform or base-rate starts, standard errors, log-weight SDs and effective sample sizes.
 */
package dev.rbmsuite.diagnostics.ais;
