package dev.rbmsuite.claims;

/**
 * A sentence of the paper, verbatim (LaTeX markup included), with the section it stands in.
 *
 * @param section for example "Sec. 5.2, Learning Performance"
 * @param text the sentence as printed in the paper's source
 */
public record PaperQuote(String section, String text) {
}
