#!/usr/bin/env bash
# The library beside scikit-learn's BernoulliRBM (issue 41; docs/library.md, "Beside scikit-learn"):
# the same work written with each, in lines of code, and the time of the same fit.
#
#   benchmarks/peers/sklearn.sh [REPS]        (default 5)
#
# The work: read the islands data set (100 rows x 25 units, ./rbm dataset islands), fit an RBM with 20
# hidden units for 200 epochs of one full-batch update (100 rows) with 100 persistent chains, then draw
# 1,000 samples by 100 Gibbs steps, score the data and save the model: benchmarks/peers/sklearn_rbm.py
# (BernoulliRBM: PCD and SGD, its default learning rate 0.1) and LibraryRbm.java (Fit's defaults: BGS
# chains, semi-second-order SMCI and AdaMax at 0.01). Each runs REPS times as a fresh process,
# alternately. Printed are medians of the fit alone (timed inside the program: wall and the process's
# CPU time, the JVM's compiler threads included), of a second, identical fit in the same process (the
# JVM then runs compiled code: a program that fits more than once), and of the whole process
# (start-up, imports, data,
# fit, sampling, scoring, saving: wall and user + system CPU time), then the exact log-likelihood of
# both fitted models (enumerated here, outside the programs; scikit-learn itself offers only a
# pseudo-likelihood). On a shared machine the CPU times are the steadier measure: wall times grow with
# the load. One thread everywhere (OPENBLAS_NUM_THREADS=1). Environment: SKLEARN_PY (a python3 with
# scikit-learn, default /usr/bin/python3: Debian's python3-sklearn), BENCH_LOCK (a lock file: every
# timed run holds it), JAVA (default java).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
REPS="${1:-5}"
PY="${SKLEARN_PY:-/usr/bin/python3}"
JAVA="${JAVA:-java}"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
. "$ROOT/benchmarks/peers/openblas-core.sh" "$PY"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

locked() {
  if [ -n "${BENCH_LOCK:-}" ]; then flock "$BENCH_LOCK" "$@"; else "$@"; fi
}
median() {
  sort -g | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2}'
}
# non-blank lines that are neither comments nor timing
loc() {
  grep -v -e '^[[:space:]]*$' -e '^[[:space:]]*#' -e '^[[:space:]]*//' -e '# timing$' -e '// timing$' "$1" | wc -l
}
# one run of a program in the folder $WORK/run: prints "wall cpu" (seconds; cpu = user + system); its
# stdout goes to $WORK/out, its stderr to $WORK/err
timed() {
  locked /usr/bin/time -f '%e %U %S' -o "$WORK/time" bash -c 'cd "$1" && shift && exec "$@" > ../out 2> ../err' _ \
    "$WORK/run" "$@" || { cat "$WORK/err" >&2; exit 1; }
  awk '{printf "%.3f %.3f\n", $1, $2 + $3}' "$WORK/time"
}

"$ROOT/rbm" --version >/dev/null 2>&1 # builds the suite (the library included) if needed, outside the timings
mkdir -p "$WORK/run" "$WORK/classes"
"$ROOT/rbm" dataset islands --out "$WORK/run/islands.csv" >/dev/null
CP="$ROOT/library/target/classes:$(cat "$ROOT/cli/target/rbm.classpath")"
"${JAVA%java}javac" -d "$WORK/classes" -cp "$CP" "$ROOT/benchmarks/peers/LibraryRbm.java"
"$PY" -c 'import sklearn' 2>/dev/null || { echo "sklearn.sh: $PY has no scikit-learn (apt-get install python3-sklearn)" >&2; exit 2; }

: > "$WORK/sk"; : > "$WORK/lib"
for r in $(seq "$REPS"); do
  p=$(timed "$PY" "$ROOT/benchmarks/peers/sklearn_rbm.py")
  echo "$(awk '/^fit_seconds/ {print $2, $3}' "$WORK/out") $p $(awk '/^refit_seconds/ {print $2, $3}' "$WORK/out")" >> "$WORK/sk"
  p=$(timed "$JAVA" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
    -Dsun.misc.unsafe.memory.access=allow -cp "$WORK/classes:$CP" LibraryRbm)
  echo "$(awk '/^fit_seconds/ {print $2, $3}' "$WORK/out") $p $(awk '/^refit_seconds/ {print $2, $3}' "$WORK/out")" >> "$WORK/lib"
done

# the exact log-likelihood of both fitted models, as the last runs left them (model.pkl, model/), enumerating
# the 2^20 hidden states; not part of the work
lls=$(cd "$WORK/run" && "$PY" - <<'PY'
import pickle
import numpy as np
def exact_ll(W, b, c, data):
    """mean ln P(v) of an RBM with energy -b.v - c.h - v.W.h, by enumerating the hidden layer"""
    m = W.shape[1]
    logz = []
    for start in range(0, 1 << m, 1 << 16):
        h = ((np.arange(start, start + (1 << 16))[:, None] >> np.arange(m)) & 1).astype(float)
        logz.append(np.logaddexp.reduce(h @ c + np.logaddexp(0, b + h @ W.T).sum(axis=1)))
    return (data @ b + np.logaddexp(0, c + data @ W).sum(axis=1)).mean() - np.logaddexp.reduce(logz)
data = np.loadtxt("islands.csv", delimiter=",", skiprows=1, usecols=range(25))
rbm = pickle.load(open("model.pkl", "rb"))
sk = exact_ll(rbm.components_.T, rbm.intercept_visible_, rbm.intercept_hidden_, data)
lib = exact_ll(np.load("model/layer0/W.npy"), np.load("model/layer0/b.npy"), np.load("model/layer0/c.npy"), data)
print("%.4f %.4f" % (sk, lib))
PY
)

echo "CPU: $("$ROOT/benchmarks/cpu-name"); load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%d)"
echo "scikit-learn $("$PY" -c 'import sklearn; print(sklearn.__version__)'), numpy $("$PY" -c 'import numpy; print(numpy.__version__)'); $("$JAVA" -version 2>&1 | head -1)"
# columns of $WORK/sk and $WORK/lib: fit wall, fit cpu, process wall, process cpu, second fit wall, its cpu
col() { awk -v c="$2" '{print $c}' "$WORK/$1" | median; }
printf '%-13s %5s %21s %21s %23s %15s\n' "" "lines" "fit: wall / CPU (s)" "2nd fit: wall / CPU" "process: wall / CPU (s)" "exact log-lik."
for p in sk lib; do
  if [ $p = sk ]; then name=scikit-learn; file=sklearn_rbm.py; ll="${lls% *}"; else name=rbm-library; file=LibraryRbm.java; ll="${lls#* }"; fi
  printf '%-13s %5d %9.3f / %-9.3f %9.3f / %-9.3f %11.3f / %-9.3f %15s\n' "$name" "$(loc "$ROOT/benchmarks/peers/$file")" \
    "$(col $p 1)" "$(col $p 2)" "$(col $p 5)" "$(col $p 6)" "$(col $p 3)" "$(col $p 4)" "$ll"
done
echo "medians of $REPS; every run (fit wall, fit CPU, process wall, process CPU, 2nd fit wall, 2nd fit CPU):"
echo "  scikit-learn: $(paste -sd';' "$WORK/sk")"
echo "  rbm-library:  $(paste -sd';' "$WORK/lib")"
