/**
 * The suite's file input and output, shared by every module: the one atomic writer
 * ({@link dev.rbmsuite.core.io.AtomicFiles}: files and folders through a temporary sibling and a
 * rename, one permission policy), output-folder ownership ({@link dev.rbmsuite.core.io.OutputFolder};
 * no write through a symbolic link inside an owned folder, {@link dev.rbmsuite.core.io.LinkGuard}),
 * CSV tables of raw numbers ({@link dev.rbmsuite.core.io.CsvTable}), numpy arrays
 * ({@link dev.rbmsuite.core.io.Npy}) and model folders as specified by the suite's contract
 * ({@link dev.rbmsuite.core.io.ModelStore}: {@code manifest.json} plus {@code layerK/W.npy},
 * {@code b.npy}, {@code c.npy}; reads validate the manifest, the npy headers and the shapes and name
 * the offending file in the error). {@link dev.rbmsuite.core.io.FaultInjection} lets tests fail or
 * "kill" any write.
 */
package dev.rbmsuite.core.io;
