#!/usr/bin/env bash
# The archetype's integration test, run by `mvn verify` (phase integration-test of
# rbm-kernel-archetype): generates a plug-in project from the archetype just built, exactly as a
# user would with `mvn archetype:generate`, then runs `mvn verify` in it (compile, the generated
# exactness tests, jar) and checks the jar holds the kernel and its services file.
#
# The suite's artifacts of this build (parent pom, bom, core, kernels, testkit, the archetype) go
# into a private local repository under target/it/repo, never into the user's ~/.m2; everything
# else in that repository is a symbolic link to the user's local repository (ND4J, plugins), so
# nothing is copied or downloaded twice.
#
# Usage: archetype-it.sh VERSION LOCAL_REPOSITORY [--offline=true|false]
set -euo pipefail
VERSION="$1"
LOCAL="$2"
OFFLINE="${3:---offline=false}"
OFFLINE="${OFFLINE#--offline=}"
MODULE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROOT="$(cd "$MODULE/.." && pwd)"
IT="$MODULE/target/it"
REPO="$IT/repo"
ARCHETYPE_PLUGIN="org.apache.maven.plugins:maven-archetype-plugin:${ARCHETYPE_VERSION:-3.4.1}"
MVN=(mvn -B -Dmaven.repo.local="$REPO")
[ "$OFFLINE" = true ] && MVN+=(-o)

fail() {
  echo "archetype-it: $1" >&2
  [ -n "${2:-}" ] && [ -f "$2" ] && tail -n 60 "$2" >&2
  exit 1
}

rm -rf "$IT"
mkdir -p "$REPO/dev/rbmsuite" "$IT/gen"
# the user's local repository, by links, except the suite's own group
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

# this build's artifacts, laid out as `mvn install` would
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
put rbm-bom "$ROOT/bom/pom.xml"
for m in core kernels testkit; do
  put "rbm-$m" "$ROOT/$m/pom.xml" "$ROOT/$m/target/rbm-$m-$VERSION.jar"
done
put rbm-kernel-archetype "$MODULE/pom.xml" "$MODULE/target/rbm-kernel-archetype-$VERSION.jar"

# generate, as docs/plugins.md shows
(cd "$IT/gen" && "${MVN[@]}" "$ARCHETYPE_PLUGIN:generate" -DinteractiveMode=false -DarchetypeCatalog=internal \
    -DarchetypeGroupId=dev.rbmsuite -DarchetypeArtifactId=rbm-kernel-archetype -DarchetypeVersion="$VERSION" \
    -DgroupId=org.example.it -DartifactId=it-plugin -Dversion=1.0 -Dpackage=org.example.it \
    -DkernelName=it-flip -DclassName=ItFlip) > "$IT/generate.log" 2>&1 \
  || fail "mvn archetype:generate failed (log: $IT/generate.log)" "$IT/generate.log"
P="$IT/gen/it-plugin"
for f in pom.xml .mvn/maven.config README.md src/main/java/org/example/it/ItFlip.java \
    src/test/java/org/example/it/ItFlipTest.java src/main/resources/META-INF/services/dev.rbmsuite.kernels.KernelFactory; do
  [ -f "$P/$f" ] || fail "the generated project lacks $f"
done
grep -qx 'org.example.it.ItFlip$Factory' "$P/src/main/resources/META-INF/services/dev.rbmsuite.kernels.KernelFactory" \
  || fail "the generated services file does not name org.example.it.ItFlip\$Factory"

# build it with its tests, unedited
(cd "$P" && "${MVN[@]}" verify) > "$IT/verify.log" 2>&1 \
  || fail "mvn verify in the generated project failed (log: $IT/verify.log)" "$IT/verify.log"
grep -q "Tests run: 4, Failures: 0, Errors: 0, Skipped: 0" "$IT/verify.log" \
  || fail "the generated project did not run its 4 tests (log: $IT/verify.log)" "$IT/verify.log"
JAR="$P/target/it-plugin-1.0.jar"
[ -f "$JAR" ] || fail "no $JAR"
LIST="$("${JAVA_HOME:+$JAVA_HOME/bin/}jar" tf "$JAR")"
grep -qx 'META-INF/services/dev.rbmsuite.kernels.KernelFactory' <<< "$LIST" || fail "$JAR lacks its services file"
grep -qx 'org/example/it/ItFlip\$Factory.class' <<< "$LIST" || fail "$JAR lacks the kernel's factory"
if grep -q '^dev/rbmsuite/' <<< "$LIST"; then fail "$JAR bundles the suite's classes (they must be provided)"; fi
echo "archetype-it: generated $P and built it: 4 tests passed, $JAR holds the kernel"
