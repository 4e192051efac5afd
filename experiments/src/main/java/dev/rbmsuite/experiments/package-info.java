/**
 * One experiment class per figure of the paper, each writing PNG, CSV and a manifest.
 */
package dev.rbmsuite.experiments;
