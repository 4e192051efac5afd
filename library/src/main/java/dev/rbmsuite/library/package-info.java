/**
 * The suite in a handful of calls, on plain Java arrays: train ({@link dev.rbmsuite.library.Fit}),
 * sample, score, extract hidden features, save and load ({@link dev.rbmsuite.library.RbmModel}), and
 * read, write and create binary data ({@link dev.rbmsuite.library.Data}), each with the command line's
 * defaults and bytes. docs/library.md opens with a complete program and the pom that runs it.
 */
package dev.rbmsuite.library;
