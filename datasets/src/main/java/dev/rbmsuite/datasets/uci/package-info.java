/**
 * The UCI iris, wine and seeds classification data (paper section 5.1), shipped as resources of this module
 * in their original layouts with their attribution ({@code PROVENANCE.md}, CC BY 4.0), and a checking parser
 * for those layouts.
 */
package dev.rbmsuite.datasets.uci;
