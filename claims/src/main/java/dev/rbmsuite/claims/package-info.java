/**
 * The claim engine of the reproduction report: a {@link dev.rbmsuite.claims.Claim} is
 * data (the paper's sentence, the per-trial or per-start statistic, the comparison and its margin),
 * {@link dev.rbmsuite.claims.ClaimEngine} turns it into a
 * {@link dev.rbmsuite.claims.Decision} (effect, 95 % confidence interval, verdict), and
 * the report's sentence and {@code claims.csv} row are generated from that one object, so the text
 * and the verdict cannot drift apart (docs/methods.md, "Verdicts").
 */
package dev.rbmsuite.claims;
