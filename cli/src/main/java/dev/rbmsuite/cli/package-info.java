/**
 * The suite's command line ({@code ./rbm COMMAND ...}, or {@code mvn -q -pl cli exec:java
 * -Dexec.args="COMMAND ..."}), as specified in the contract: every command takes {@code --seed}
 * and {@code --json}, exits 0 on success, 2 on bad input with one line on stderr naming the problem
 * and the place, and 1 on an internal error.
 */
package dev.rbmsuite.cli;
