package dev.rbmsuite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build rule behind "the same bytes on every CPU": no main source of any module except benchmarks
 * calls a transcendental function of {@code java.lang.Math} or the Vector API's transcendental lane
 * operations. HotSpot replaces {@code Math.exp}, {@code log}, {@code pow}, {@code sin}, {@code cos}, ...
 * by CPU-specific intrinsics whose last bits are not specified (x86-64 and AArch64 differ), and the
 * Vector API's EXP/LOG even differ between interpreted and compiled code. Main code uses
 * {@code StrictMath} (bit-specified: fdlibm), core's {@code Fdlibm} (a pure-Java port of fdlibm's log, log1p
 * and exp with StrictMath's bits, fast in inner loops) or core's {@code VectorMath} exponentials instead.
 * {@code Math.sqrt}, {@code abs}, {@code min}, {@code max}, {@code fma}, {@code floor}, ... are exactly
 * specified and stay allowed.
 *
 * <p>Why a source scan rather than ArchUnit: ArchUnit is not among the suite's dependencies, and this
 * check, like {@link ModuleGraphTest}, runs in core, the module every build compiles first, before any
 * other module's classes exist; it reads only text. It strips comments, then looks for
 * {@code Math.f(} and {@code Math::f} (also fully qualified), static imports of Math's members, and
 * {@code VectorOperators.EXP} and its kin.
 */
class StrictMathRuleTest {
    private static final String FUNCTIONS = "exp|expm1|log|log10|log1p|pow|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh"
            + "|cbrt|hypot|IEEEremainder";
    /** A call or method reference of java.lang.Math's transcendental functions; StrictMath (a word before it) does not match. */
    static final Pattern MATH_CALL = Pattern.compile("(?<![\\w$])(?:java\\.lang\\.)?Math\\s*(?:\\.|::)\\s*(" + FUNCTIONS
            + ")\\b");
    /** A static import of Math's members, which would hide the calls' owner. */
    static final Pattern STATIC_IMPORT = Pattern.compile("import\\s+static\\s+java\\.lang\\.Math\\.");
    /** The Vector API's transcendental lane operations. */
    static final Pattern VECTOR_OP = Pattern.compile("VectorOperators\\s*\\.\\s*(EXP|EXPM1|LOG|LOG10|LOG1P|POW|SIN|COS|TAN"
            + "|ASIN|ACOS|ATAN|ATAN2|SINH|COSH|TANH|CBRT|HYPOT)\\b");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");

    @Test
    void noMainSourceOutsideBenchmarksCallsANonStrictTranscendental() throws IOException {
        Path root = RepositoryFiles.root();
        List<String> problems = new ArrayList<>();
        int scanned = 0;
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(p -> Files.isRegularFile(p.resolve("pom.xml"))).sorted().toList()) {
                if (module.getFileName().toString().equals("benchmarks")) {
                    continue; // measures Math against StrictMath on purpose; none of its numbers reaches an output
                }
                Path main = module.resolve("src/main/java");
                if (!Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(main)) {
                    for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        scanned++;
                        problems.addAll(violations(root.relativize(file).toString(), RepositoryFiles.read(file)));
                    }
                }
            }
        }
        assertThat(scanned).as("main sources scanned").isGreaterThan(100);
        assertThat(problems).as("use StrictMath, core's Fdlibm or VectorMath instead (see this test's Javadoc)").isEmpty();
    }

    @Test
    void theRuleCatchesEveryFormAndSparesStrictMathAndComments() {
        String bad = String.join("\n", "class A {", "  double a = Math.exp(1);", "  double b = java.lang.Math.log(2);",
                "  DoubleUnaryOperator c = Math::cos;", "  double d = Math . pow(2, 3);",
                "  var e = v.lanewise(VectorOperators.EXP);", "}");
        assertThat(violations("A.java", bad)).hasSize(5);
        assertThat(violations("B.java", "import static java.lang.Math.log;\nclass B {}")).isNotEmpty();
        assertThat(violations("D.java", "import static java.lang.Math.*;\nclass D {}")).hasSize(1);
        String good = String.join("\n", "class C {", "  double a = StrictMath.exp(1) + Math.sqrt(2) + Math.abs(-1);",
                "  double b = Fdlibm.log(2) + MyMath.exp(3) + Math.max(1, 2) + Math.fma(1, 2, 3);",
                "  // Math.exp(1) in a comment", "  /* Math.log(2) */", "  String s = \"Math.pow(2, 3)\";",
                "  /** {@link Math#log} */", "}");
        assertThat(violations("C.java", good)).isEmpty();
    }

    static List<String> violations(String file, String source) {
        String code = STRING.matcher(COMMENT.matcher(source).replaceAll(m -> blankKeepingLines(m.group())))
                .replaceAll("\"\"");
        List<String> out = new ArrayList<>();
        for (Pattern p : List.of(MATH_CALL, STATIC_IMPORT, VECTOR_OP)) {
            Matcher m = p.matcher(code);
            while (m.find()) {
                int line = 1 + (int) code.substring(0, m.start()).chars().filter(c -> c == '\n').count();
                out.add(file + ":" + line + ": " + m.group());
            }
        }
        return out;
    }

    private static String blankKeepingLines(String s) {
        return s.replaceAll("[^\\n]", " ");
    }
}
