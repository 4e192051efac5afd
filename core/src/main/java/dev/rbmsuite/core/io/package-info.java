/**
 * Model folders as specified by the suite's contract: {@code manifest.json} plus
 * {@code layerK/W.npy}, {@code b.npy}, {@code c.npy} in numpy's float64 C-order format. Writes are
 * atomic (temporary folder, then move); reads validate the manifest, the npy headers and the shapes
 * and name the offending file in the error.
 */
package dev.rbmsuite.core.io;
