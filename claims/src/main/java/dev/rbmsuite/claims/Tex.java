package dev.rbmsuite.claims;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paper's LaTeX markup in quotes as plain Unicode text, for REPORT.md and index.html (which
 * must read offline, without a math renderer): {@code $\lambda_2$} becomes λ₂, {@code $L=3$}
 * becomes L = 3, {@code Section~\ref{ssec:demonstrate_failure}} becomes Section 2.3. The manifests
 * and claims.csv keep the verbatim source.
 */
public final class Tex {
    private static final Map<String, String> SYMBOLS = Map.of("\\lambda", "λ", "\\theta", "θ", "\\ell", "ℓ",
            "\\le", "≤", "\\ge", "≥", "\\times", "×", "\\infty", "∞");
    private static final Map<String, String> REFS = Map.of("ssec:demonstrate_failure", "2.3");
    private static final String SUB_DIGITS = "₀₁₂₃₄₅₆₇₈₉";
    private static final Pattern MATH = Pattern.compile("\\$([^$]*)\\$");
    private static final Pattern REF = Pattern.compile("\\\\ref\\{([^}]*)\\}");

    private Tex() {
    }

    /**
     * @param tex a sentence with inline LaTeX
     * @return the same sentence in plain Unicode
     */
    public static String plain(String tex) {
        Matcher r = REF.matcher(tex);
        StringBuilder sb = new StringBuilder();
        while (r.find()) {
            r.appendReplacement(sb, Matcher.quoteReplacement(REFS.getOrDefault(r.group(1), r.group(1))));
        }
        r.appendTail(sb);
        Matcher m = MATH.matcher(sb.toString().replace("~", " "));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(math(m.group(1))));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String math(String s) {
        String x = s;
        for (Map.Entry<String, String> e : SYMBOLS.entrySet().stream()
                .sorted((a, b) -> b.getKey().length() - a.getKey().length()).toList()) {
            x = x.replace(e.getKey(), e.getValue());
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < x.length(); i++) {
            char c = x.charAt(i);
            if (c == '_' && i + 1 < x.length() && Character.isDigit(x.charAt(i + 1))) {
                sb.append(SUB_DIGITS.charAt(x.charAt(++i) - '0'));
            } else if (c == '=') {
                sb.append(" = ");
            } else if (c != '{' && c != '}') {
                sb.append(c);
            }
        }
        return sb.toString().replaceAll(" +", " ").trim();
    }
}
