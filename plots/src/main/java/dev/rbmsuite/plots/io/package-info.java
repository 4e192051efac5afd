/**
 * Output files of the plots module: {@link dev.rbmsuite.plots.io.CsvTable} for the raw numbers behind every
 * figure (issue 7: "every figure also writes the raw numbers as CSV") and
 * {@link dev.rbmsuite.plots.io.AtomicFiles}, which writes any file through a temporary file in the same folder
 * and a move, so a failed or interrupted run never leaves a partial file (COMMON brief, output files).
 */
package dev.rbmsuite.plots.io;
