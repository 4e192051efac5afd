#!/usr/bin/env bash
# The integration test of docs/library.md's first program, run by `mvn verify` (phase
# integration-test of rbm-library): takes the program, its pom and its command from the page, lays
# them out as the page says (pom.xml, src/main/java/CLASS.java), runs the command exactly as written,
# with only a private local repository added (and -o when the build is offline), and checks that it
# prints the page's output with nothing on stderr but the JVM's incubator line.
#
# The suite's artifacts of this build (the parent pom, core, kernels, diagnostics, datasets, learning,
# library) go into a private local repository under target/it/repo, never into the user's ~/.m2;
# everything else in it is a symbolic link to the user's local repository (ND4J, plugins, slf4j-nop),
# so nothing is copied or downloaded twice. LibraryGuideTest runs the same program without Maven.
#
# Usage: first-program-it.sh VERSION LOCAL_REPOSITORY [--offline=true|false]
set -euo pipefail
VERSION="$1"
LOCAL="$2"
OFFLINE="${3:---offline=false}"
OFFLINE="${OFFLINE#--offline=}"
MODULE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROOT="$(cd "$MODULE/.." && pwd)"
GUIDE="$ROOT/docs/library.md"
IT="$MODULE/target/it"
REPO="$IT/repo"
INCUBATOR='WARNING: Using incubator modules: jdk.incubator.vector'

fail() {
  echo "first-program-it: $1" >&2
  [ -n "${2:-}" ] && [ -f "$2" ] && tail -n 60 "$2" >&2
  exit 1
}

# block N (1-based) of the code blocks marked "run by LibraryGuideTest", without its fences
block() {
  awk -v want="$1" '
    /^```/ {
      if (open) { open = 0; if (mine && n == want) exit; mine = 0; next }
      open = 1; mine = marked; if (mine) n++; marked = 0; next
    }
    open { if (mine && n == want) print; next }
    /^<!-- code: run by LibraryGuideTest/ { marked = 1; next }
    NF { marked = 0 }
  ' "$GUIDE"
}

rm -rf "$IT"
mkdir -p "$REPO/dev/rbmsuite"
for e in "$LOCAL"/* "$LOCAL"/.[!.]*; do
  [ -e "$e" ] || continue
  case "$(basename "$e")" in dev) ;; *) ln -s "$e" "$REPO/$(basename "$e")" ;; esac
done
if [ -d "$LOCAL/dev" ]; then
  for e in "$LOCAL"/dev/*; do
    [ -e "$e" ] || continue
    [ "$(basename "$e")" = rbmsuite ] || ln -s "$e" "$REPO/dev/$(basename "$e")"
  done
fi
put() { # ARTIFACT_ID POM [JAR]
  local d="$REPO/dev/rbmsuite/$1/$VERSION"
  mkdir -p "$d"
  cp "$2" "$d/$1-$VERSION.pom"
  if [ -n "${3:-}" ]; then
    [ -f "$3" ] || fail "$3 is missing: build the suite first (mvn package)"
    cp "$3" "$d/$1-$VERSION.jar"
  fi
}
put rbm-suite "$ROOT/pom.xml"
for m in core kernels diagnostics datasets learning library; do
  put "rbm-$m" "$ROOT/$m/pom.xml" "$ROOT/$m/target/rbm-$m-$VERSION.jar"
done

# the project, as the page lays it out
P="$IT/first-rbm"
block 1 > "$IT/program.java"
CLASS="$(sed -n 's/^public class \([A-Za-z0-9_]*\).*/\1/p' "$IT/program.java" | head -1)"
[ -n "$CLASS" ] || fail "the first block of $GUIDE declares no public class"
# an empty .mvn folder ends Maven's search for one upwards: without it, the suite's own .mvn (its JVM
# flags and maven.config) would apply to the project, which a user's copy does not have
mkdir -p "$P/src/main/java" "$P/.mvn"
cp "$IT/program.java" "$P/src/main/java/$CLASS.java"
block 2 > "$IT/expected.txt"
block 3 > "$P/pom.xml"
COMMAND="$(block 4)"
case "$COMMAND" in
  "mvn "*) ;;
  *) fail "the fourth block of $GUIDE is not one mvn command: $COMMAND" ;;
esac
read -r -a ARGS <<< "${COMMAND#mvn }"
MVN=(mvn -Dmaven.repo.local="$REPO")
[ "$OFFLINE" = true ] && MVN+=(-o)

(cd "$P" && env -u JDK_JAVA_OPTIONS -u JAVA_TOOL_OPTIONS -u MAVEN_OPTS "${MVN[@]}" "${ARGS[@]}") \
    > "$IT/stdout.txt" 2> "$IT/stderr.txt" \
  || fail "'$COMMAND' failed in $P (stdout: $IT/stdout.txt)" "$IT/stdout.txt"
# Maven 3.8 writes colour resets around its quiet output even in a pipe; the program's lines are what count
sed -e 's/\x1b\[[0-9;]*m//g' "$IT/stdout.txt" | grep -v '^$' > "$IT/actual.txt" || true
diff -u "$IT/expected.txt" "$IT/actual.txt" > "$IT/diff.txt" \
  || fail "'$COMMAND' printed other lines than $GUIDE shows" "$IT/diff.txt"
others="$(sed -e 's/\x1b\[[0-9;]*m//g' "$IT/stderr.txt" | grep -v -x -F "$INCUBATOR" | grep -v '^$' || true)"
[ -z "$others" ] || fail "'$COMMAND' printed more than the incubator line on stderr: $others"
[ -f "$P/model/manifest.json" ] && [ -f "$P/samples.csv" ] || fail "the program wrote no model/ and samples.csv in $P"
echo "first-program-it: '$COMMAND' in $P printed the $(wc -l < "$IT/expected.txt") lines of $GUIDE"
