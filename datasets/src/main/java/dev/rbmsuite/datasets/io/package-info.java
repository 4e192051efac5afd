/**
 * Reading and writing binary data sets in the CSV format of the suite's contract (docs/contract.md, "Data
 * files"), with line-numbered errors and atomic, deterministic output.
 */
package dev.rbmsuite.datasets.io;
