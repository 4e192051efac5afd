#!/usr/bin/env bash
# The archetype's integration test, run by `mvn verify` (phase integration-test of
# rbm-kernel-archetype): generates a plug-in project from the archetype just built with the command
# docs/plugins.md gives, run as written (offline when the build is; Maven must print no warning, the
# remote catalogue's included), then runs `mvn verify` in it (compile, the generated exactness tests,
# jar), checks the jar holds the kernel, its services file and its Implementation-Version, and runs
# the commands of the generated README as written, with the suite's launcher over this build.
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
# gen/.mvn: Maven takes the nearest folder above with a .mvn as the project's base, which would be the
# suite's checkout (its jvm.config); a user generates in a folder of their own
mkdir -p "$REPO/dev/rbmsuite" "$IT/gen/.mvn"
# the user's local repository, by links, except the suite's own group and the local archetype
# catalogue, which the install below writes as `mvn install` would
for e in "$LOCAL"/* "$LOCAL"/.[!.]*; do
  [ -e "$e" ] || continue
  case "$(basename "$e")" in dev|archetype-catalog.xml) ;; *) ln -s "$e" "$REPO/$(basename "$e")" ;; esac
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
# the local catalogue entry that `mvn install` of an archetype writes (archetype:update-local-catalog)
cat > "$REPO/archetype-catalog.xml" <<CATALOG
<?xml version="1.0" encoding="UTF-8"?>
<archetype-catalog xmlns="http://maven.apache.org/plugins/maven-archetype-plugin/archetype-catalog/1.0.0">
  <archetypes>
    <archetype>
      <groupId>dev.rbmsuite</groupId>
      <artifactId>rbm-kernel-archetype</artifactId>
      <version>$VERSION</version>
    </archetype>
  </archetypes>
</archetype-catalog>
CATALOG

# generate with the command of docs/plugins.md as written: its continued lines joined, `mvn` pointed at the
# private repository (and offline when this build is)
DOC="$ROOT/docs/plugins.md"
GENERATE="$(awk '/<!-- code: .*archetype-it.sh runs it as written/ {m = 1; next}
    m == 1 && /^```/ {m = 2; next} m == 2 && /^```/ {exit} m == 2 {print}' "$DOC" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta')"
case "$GENERATE" in
  "mvn "*"$ARCHETYPE_PLUGIN:generate "*"-DarchetypeVersion=$VERSION "*) ;;
  *) fail "docs/plugins.md: no command \"mvn ... $ARCHETYPE_PLUGIN:generate ... -DarchetypeVersion=$VERSION ...\"\
 under the marker \"archetype-it.sh runs it as written\" (the build's archetype plug-in and version)" ;;
esac
(cd "$IT/gen" && mvn() { command "${MVN[@]}" "$@"; } && eval "$GENERATE") > "$IT/generate.log" 2>&1 \
  || fail "docs/plugins.md's archetype:generate failed (log: $IT/generate.log)" "$IT/generate.log"
if grep -q 'WARN' "$IT/generate.log"; then
  fail "docs/plugins.md's archetype:generate printed a warning (log: $IT/generate.log)" "$IT/generate.log"
fi
P="$IT/gen/flip-kernel"
for f in pom.xml .mvn/maven.config README.md src/main/java/org/example/flip/MyFlip.java \
    src/test/java/org/example/flip/MyFlipTest.java src/main/resources/META-INF/services/dev.rbmsuite.kernels.KernelFactory; do
  [ -f "$P/$f" ] || fail "the generated project lacks $f"
done
grep -qx 'org.example.flip.MyFlip$Factory' "$P/src/main/resources/META-INF/services/dev.rbmsuite.kernels.KernelFactory" \
  || fail "the generated services file does not name org.example.flip.MyFlip\$Factory"

# build it with its tests, unedited
(cd "$P" && "${MVN[@]}" verify) > "$IT/verify.log" 2>&1 \
  || fail "mvn verify in the generated project failed (log: $IT/verify.log)" "$IT/verify.log"
grep -q "Tests run: 4, Failures: 0, Errors: 0, Skipped: 0" "$IT/verify.log" \
  || fail "the generated project did not run its 4 tests (log: $IT/verify.log)" "$IT/verify.log"
JAR="$P/target/flip-kernel-1.0.0.jar"
[ -f "$JAR" ] || fail "no $JAR"
LIST="$("${JAVA_HOME:+$JAVA_HOME/bin/}jar" tf "$JAR")"
grep -qx 'META-INF/services/dev.rbmsuite.kernels.KernelFactory' <<< "$LIST" || fail "$JAR lacks its services file"
grep -qx 'org/example/flip/MyFlip\$Factory.class' <<< "$LIST" || fail "$JAR lacks the kernel's factory"
if grep -q '^dev/rbmsuite/' <<< "$LIST"; then fail "$JAR bundles the suite's classes (they must be provided)"; fi
# the suite records the plug-in jar's version in the manifests of the runs that use it
unzip -p "$JAR" META-INF/MANIFEST.MF | tr -d '\r' | grep -qx 'Implementation-Version: 1.0.0' \
  || fail "$JAR has no Implementation-Version: 1.0.0 in its manifest"

# the generated README's commands, as written, with RBM set to the suite's launcher: a copy of ./rbm in a
# scratch root over this build's class path and command-line jar (no sources there, so it never builds)
APP_JAR="$ROOT/cli/target/rbm-cli-$VERSION.jar"
if [ ! -f "$APP_JAR" ] || [ ! -f "$ROOT/cli/target/rbm.classpath" ]; then
  echo "archetype-it: the generated README's commands not run: the suite's cli module is not built" \
    "(run mvn verify from the repository's root)"
else
  SUITE="$IT/suite"
  mkdir -p "$SUITE/cli/target"
  cp "$ROOT/rbm" "$SUITE/rbm"
  cp "$ROOT/cli/target/rbm.classpath" "$SUITE/cli/target/"
  ln -s "$APP_JAR" "$SUITE/cli/target/"
  README_LINES="$(awk '/^Use it from the suite.s launcher/ {m = 1; next}
      m == 1 && /^    / {m = 2} m == 2 && !/^    / {exit} m == 2 {sub(/^    /, ""); print}' "$P/README.md")"
  grep -q '^RBM=' <<< "$README_LINES" || fail "the generated README has no RBM= line in its launcher block" "$P/README.md"
  README_LINES="$(sed "s|^RBM=.*|RBM='$SUITE/rbm'|" <<< "$README_LINES")"
  (cd "$P" && bash -euo pipefail -c "$README_LINES") > "$IT/readme.log" 2>&1 \
    || fail "the generated README's commands failed (log: $IT/readme.log)" "$IT/readme.log"
  grep -q '^my-flip ' "$IT/readme.log" || fail "rbm kernels did not list my-flip (log: $IT/readme.log)" "$IT/readme.log"
  grep -q '^wrote 100 chains after 20 my-flip steps to target/samples.csv' "$IT/readme.log" \
    || fail "rbm sample did not sample with my-flip (log: $IT/readme.log)" "$IT/readme.log"
  grep -q '"version" : "1.0.0"' "$P/target/samples.manifest.json" \
    || fail "target/samples.manifest.json does not record the plug-in's version 1.0.0" "$P/target/samples.manifest.json"
fi
echo "archetype-it: generated $P with docs/plugins.md's command and built it: 4 tests passed, $JAR holds the kernel" \
  "and its version; the README's commands ran"
