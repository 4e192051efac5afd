package dev.rbmsuite.plots.schematic;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rbmsuite.plots.render.Drawing;
import dev.rbmsuite.plots.render.DrawingWriter;

/**
 * The elements of a drawing's SVG (as {@link DrawingWriter#svg} writes it: one flat element per line), so that
 * schematic tests can check what was drawn where (shapes, colours, text) instead of comparing pixels.
 */
final class Svg {

    private static final Pattern ELEMENT = Pattern.compile("<(\\w+)((?:\\s+[\\w:-]+=\"[^\"]*\")*)\\s*/?>(?:([^<]*)</\\1>)?");
    private static final Pattern ATTRIBUTE = Pattern.compile("([\\w:-]+)=\"([^\"]*)\"");

    /** One element: its tag, attributes, the declarations of its style attribute, and its text. */
    record Element(String tag, Map<String, String> attributes, Map<String, String> style, String text) {

        double num(String attribute) {
            return Double.parseDouble(attributes.get(attribute));
        }

        boolean fills(Color c) {
            return rgb(c).equals(style.get("fill"));
        }

        boolean strokes(Color c) {
            return rgb(c).equals(style.get("stroke"));
        }
    }

    final String text;
    final List<Element> elements = new ArrayList<>();

    Svg(Drawing d) throws IOException {
        text = new String(DrawingWriter.svg(d), StandardCharsets.UTF_8);
        Matcher m = ELEMENT.matcher(text);
        while (m.find()) {
            Map<String, String> attributes = new LinkedHashMap<>();
            Matcher a = ATTRIBUTE.matcher(m.group(2));
            while (a.find()) {
                attributes.put(a.group(1), a.group(2));
            }
            Map<String, String> style = new LinkedHashMap<>();
            for (String decl : attributes.getOrDefault("style", "").split(";")) {
                int colon = decl.indexOf(':');
                if (colon > 0) {
                    style.put(decl.substring(0, colon).trim(), decl.substring(colon + 1).trim());
                }
            }
            String body = m.group(3) == null ? "" : m.group(3).replace("&lt;", "<").replace("&gt;", ">")
                    .replace("&quot;", "\"").replace("&amp;", "&");
            elements.add(new Element(m.group(1), attributes, style, body));
        }
    }

    /** @return the elements with this tag, in drawing order */
    List<Element> all(String tag) {
        return elements.stream().filter(e -> e.tag().equals(tag)).toList();
    }

    /** @return the text elements' contents, in drawing order */
    List<String> texts() {
        return all("text").stream().map(Element::text).toList();
    }

    /** @return the text elements whose content is exactly {@code s} */
    List<Element> textsEqualTo(String s) {
        return all("text").stream().filter(e -> e.text().equals(s)).toList();
    }

    static String rgb(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }
}
