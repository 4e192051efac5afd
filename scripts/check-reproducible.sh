#!/usr/bin/env bash
# Checks that the build is reproducible: builds every module twice from clean (mvn clean package,
# tests skipped) and compares the SHA-256 of every jar and pom the two builds produced
# (*/target/*.jar: classes, sources, javadoc, tests, the archetype). Exit 0 when all are
# byte-identical, 1 naming the jars that differ. Extra arguments go to both mvn calls, for example
#   scripts/check-reproducible.sh -o
# Takes about twice a package build; not part of mvn verify.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

build() {
  mvn -B -q -DskipTests "$@" clean package >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log" >&2; exit 1; }
}
sums() {
  find . -path ./.git -prune -o -path '*/target/it' -prune -o -path '*/target/*.jar' -print | LC_ALL=C sort | xargs sha256sum
}
build "$@"; sums >"$WORK/first"
build "$@"; sums >"$WORK/second"
count="$(wc -l <"$WORK/first")"
[ "$count" -gt 0 ] || { echo "check-reproducible: no jars were built" >&2; exit 1; }
if diff "$WORK/first" "$WORK/second" >"$WORK/diff"; then
  echo "check-reproducible: $count jars byte-identical in two clean builds"
else
  echo "check-reproducible: jars differ between two clean builds:" >&2
  grep '^[<>]' "$WORK/diff" >&2
  exit 1
fi
