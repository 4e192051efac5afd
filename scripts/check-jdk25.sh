#!/usr/bin/env bash
# The suite on a newer JDK beside the build's (issue 41), for CI after `mvn -B verify` (.ci/run) and by
# hand. Where a JDK of version 24 or later is installed it checks, through ./rbm under that JDK:
#   1. the bytes: `figure all --scale smoke --seed 7 --threads 2` writes every CSV with the SHA-256 that
#      results/checksums.sha256 holds for section smoke-seed7 (what FiguresSmokeTest checks on the
#      build's JDK), and no WARNING line reaches stderr (JavaCPP's native access, sun.misc.Unsafe);
#   2. the class-data-sharing archives: after runs of `./rbm kernels` on the default JDK, the newer JDK
#      records an archive of its own (the launcher keys archives by the JVM) and its next run maps it;
#      prints the start-up of `./rbm kernels` on the newer JDK with its archive and without one
#      (RBM_CDS=0), medians of 7 runs (wall and CPU seconds; noisy on a loaded machine).
# Without such a JDK it says so and exits 0.
#
# Usage: scripts/check-jdk25.sh [JAVA_HOME]   (default: $RBM_JDK25, else the newest JDK >= 24 in /usr/lib/jvm)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null | head -1 || true; }
JDK="${1:-${RBM_JDK25:-}}"
if [ -z "$JDK" ]; then
  best=0
  for home in /usr/lib/jvm/*/; do
    home="${home%/}"
    v="$(major "$home")"
    if [ -n "$v" ] && [ "$v" -ge 24 ] && [ "$v" -gt "$best" ] && [ -x "$home/bin/java" ]; then
      best="$v"; JDK="$home"
    fi
  done
fi
if [ -z "$JDK" ]; then
  echo "check-jdk25: no JDK 24 or newer installed (set RBM_JDK25 or pass a java home); nothing to check"
  exit 0
fi
[ -x "$JDK/bin/java" ] || { echo "check-jdk25: $JDK/bin/java is not a java" >&2; exit 2; }
echo "check-jdk25: $("$JDK/bin/java" -version 2>&1 | head -1) at $JDK"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# a stale build is rebuilt by the launcher on the default JDK first, so that Maven's own lines stay
# out of what is checked below
./rbm --version > /dev/null 2>&1

# 1. the smoke figures' bytes
t0=$(date +%s)
JAVA_HOME="$JDK" ./rbm figure all --scale smoke --seed 7 --threads 2 --out "$WORK/smoke" > "$WORK/figure.out" 2> "$WORK/figure.err" \
  || { tail -n 40 "$WORK/figure.err" >&2; echo "check-jdk25: figure all failed on $JDK" >&2; exit 1; }
sed -n 's/^\([0-9a-f]\{64\}\)  smoke-seed7\//\1  /p' results/checksums.sha256 | sort -k2 > "$WORK/expected"
(cd "$WORK/smoke" && find . -name '*.csv' -type f | sed 's|^\./||' | sort | xargs sha256sum) | sort -k2 > "$WORK/actual"
[ -s "$WORK/expected" ] || { echo "check-jdk25: results/checksums.sha256 has no section smoke-seed7" >&2; exit 2; }
if ! diff -u "$WORK/expected" "$WORK/actual" > "$WORK/diff"; then
  head -n 40 "$WORK/diff" >&2
  echo "check-jdk25: the smoke figures' CSVs differ from results/checksums.sha256 (smoke-seed7) on $JDK" >&2
  exit 1
fi
if grep -q '^WARNING' "$WORK/figure.err"; then
  grep '^WARNING' "$WORK/figure.err" | sort | uniq -c >&2
  echo "check-jdk25: ./rbm printed WARNING lines on $JDK" >&2
  exit 1
fi
echo "check-jdk25: figure all --scale smoke --seed 7: $(wc -l < "$WORK/actual") CSVs as in results/checksums.sha256, no WARNING line ($(( $(date +%s) - t0 )) s)"

# 2. one archive per JVM
CDS="$ROOT/cli/target/cds"
archives() { find "$CDS" -maxdepth 1 -name 'kernels-*.jsa' 2>/dev/null | sort; }
rm -f "$CDS"/kernels-*.jsa "$CDS"/kernels-*.jsa.*.tmp
log="$WORK/classes.log"
./rbm kernels > /dev/null; ./rbm kernels > /dev/null # the default JDK records its archive, then maps it
JAVA_HOME="$JDK" ./rbm kernels > /dev/null           # the newer JDK records an archive of its own at exit
JAVA_HOME="$JDK" ./rbm kernels > "$WORK/kernels.out"  # publishes and maps it
after="$(archives)"
[ "$(echo "$after" | grep -c .)" -eq 2 ] \
  || { echo "check-jdk25: expected one archive of ./rbm kernels per JDK (the default and $JDK), found: $after" >&2; exit 1; }
# its own archive is mapped: class loading says so (the log option keys an archive of its own, hence two runs)
RBM_JAVA_OPTS="-Xlog:class+load=info:file=$log" JAVA_HOME="$JDK" ./rbm kernels > /dev/null
RBM_JAVA_OPTS="-Xlog:class+load=info:file=$log" JAVA_HOME="$JDK" ./rbm kernels > /dev/null
grep -q 'dev.rbmsuite.cli.Main source: shared objects file (top)' "$log" \
  || { echo "check-jdk25: the second run on $JDK did not map its own archive" >&2; exit 1; }
diff -q <(./rbm kernels) "$WORK/kernels.out" > /dev/null \
  || { echo "check-jdk25: ./rbm kernels printed other lines on $JDK" >&2; exit 1; }

median() { sort -g | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2}'; }
startup() { # prints "wall cpu" medians of 7 runs of ./rbm kernels with the given environment
  : > "$WORK/t"
  for _ in 1 2 3 4 5 6 7; do
    env "$@" /usr/bin/time -f '%e %U %S' -o "$WORK/one" ./rbm kernels > /dev/null
    awk '{print $1, $2 + $3}' "$WORK/one" >> "$WORK/t"
  done
  echo "$(awk '{print $1}' "$WORK/t" | median) s wall, $(awk '{print $2}' "$WORK/t" | median) s CPU"
}
echo "check-jdk25: one archive of ./rbm kernels per JVM; start-up of ./rbm kernels on $JDK," \
  "medians of 7: $(startup JAVA_HOME="$JDK") with its archive, $(startup JAVA_HOME="$JDK" RBM_CDS=0) without;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
