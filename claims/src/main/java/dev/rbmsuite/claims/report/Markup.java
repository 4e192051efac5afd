package dev.rbmsuite.claims.report;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;

/**
 * Text from users (a data file's name, a folder, a parameter value) escaped for the places it reaches:
 * Markdown ({@code REPORT.md}), HTML ({@code index.html}) and JSON manifests that other tools may
 * paste into HTML. A file named {@code <svg onload=alert(1)>.csv} was copied raw into a comparison's
 * {@code REPORT.md} and manifest, and so into any page rendered from them.
 */
public final class Markup {
    private Markup() {
    }

    /**
     * @param s any text
     * @return {@code s} as Markdown prose that renders as exactly {@code s} (line breaks as spaces):
     *     HTML's {@code & < >} as entities, Markdown's emphasis, link, code, table and escape
     *     characters behind a backslash
     */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '\r', '\n' -> sb.append(' ');
                case '\\', '`', '*', '_', '[', ']', '|', '#', '!', '~' -> sb.append('\\').append(c);
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Text for a cell of a Markdown table, escaped as little as a reader of the raw file needs: a
     * table cell shows {@code E[v]} and {@code CI [1.2, 3.4]} as they are, where {@link #text} wrote
     * {@code E\[v\]}. What a table and safety need is still escaped: the column separator {@code |},
     * HTML's {@code & < >} as entities, line breaks as spaces, the backslash itself, the emphasis and
     * code characters {@code * _ ` ~}, and the {@code ]} of a link or image ({@code ](} or
     * {@code ][}), so that hostile text renders as text there too (no HTML, no link, no broken row).
     *
     * @param s any text
     * @return {@code s} as the content of one table cell
     */
    public static String cell(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '\r', '\n' -> sb.append(' ');
                case '\\', '`', '*', '_', '|', '~' -> sb.append('\\').append(c);
                case ']' -> {
                    boolean link = i + 1 < s.length() && (s.charAt(i + 1) == '(' || s.charAt(i + 1) == '[');
                    sb.append(link ? "\\]" : "]");
                }
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * @param s any text
     * @return {@code s} for HTML text or a quoted attribute value
     */
    public static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    /**
     * JSON escapes for manifests: {@code < > &} written as {@code \u003c \u003e \u0026} (the same
     * string to every JSON reader), so a manifest's text is inert where it is pasted into HTML.
     */
    public static final CharacterEscapes JSON_ESCAPES = new CharacterEscapes() {
        private static final long serialVersionUID = 1L;
        private final int[] table;

        {
            table = standardAsciiEscapesForJSON();
            table['<'] = ESCAPE_STANDARD;
            table['>'] = ESCAPE_STANDARD;
            table['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return table;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    };
}
