#!/usr/bin/env bash
# The suite against PyTorch on the large-layer BGS workload (docs/performance.md, "Large layers"):
# 100 chains of a 784 x 500 RBM with W, b, c ~ N(0, 0.01^2), blocked Gibbs sweeps, float64, one thread.
#
#   benchmarks/peers/sweep.sh [ROUNDS]        (default 5 rounds)
#
# Each round runs, alternately, PyTorch (benchmarks/peers/sweep.py: 1,000 sweeps minus 20 in one
# process, so start-up cancels) and the suite's whole command twice (./rbm sample --kernel bgs
# --chains 100 --steps 1000, and --steps 20: their wall-clock difference / 980 is the time of one
# sweep, so JVM start-up, reading the model and writing the CSV cancel). Prints each side's median ms
# per sweep over the rounds and the ratio PyTorch / suite (above 1: the suite is faster).
#
# Environment: PYTHON (default /usr/bin/python3, Debian's python3-torch); PEER_BLAS, a folder with
# the libblas.so.3 PyTorch should load instead of the system's (Debian's torch calls whatever
# libblas.so.3 is installed: the reference BLAS unless an optimised one is; e.g. a folder extracted
# from Debian's libopenblas0-pthread); CHAINS, STEPS, SHORT to change the workload.
# Wrap it in `flock /tmp/bench.lock` on a shared machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROUNDS="${1:-5}"
PYTHON="${PYTHON:-/usr/bin/python3}"
CHAINS="${CHAINS:-100}"
STEPS="${STEPS:-1000}"
SHORT="${SHORT:-20}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if [ -n "${PEER_BLAS:-}" ]; then
  export LD_LIBRARY_PATH="$PEER_BLAS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export OPENBLAS_NUM_THREADS=1
fi
export OMP_NUM_THREADS=1
. "$ROOT/benchmarks/peers/openblas-core.sh" "$PYTHON"

"$ROOT/rbm" init --visible 784 --hidden 500 --weight-std 0.01 --seed 1 --out "$WORK/model" >/dev/null

now() { date +%s.%N; }
suite_run() { # steps -> seconds of the whole command
  local t0 t1
  t0=$(now)
  "$ROOT/rbm" sample --model "$WORK/model" --kernel bgs --chains "$CHAINS" --steps "$1" --seed 1 \
    --out "$WORK/states-$1.csv" --force >/dev/null
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

suite_run "$SHORT" >/dev/null   # the first run also builds the suite and its class-data archive
: > "$WORK/suite"; : > "$WORK/torch"
for r in $(seq 1 "$ROUNDS"); do
  "$PYTHON" "$ROOT/benchmarks/peers/sweep.py" --chains "$CHAINS" --steps "$STEPS" --short "$SHORT" --reps 1 \
    --json > "$WORK/torch.json"
  "$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["ms_per_sweep"])' "$WORK/torch.json" >> "$WORK/torch"
  long=$(suite_run "$STEPS")
  short=$(suite_run "$SHORT")
  echo "($long - $short) * 1000 / ($STEPS - $SHORT)" | bc -l >> "$WORK/suite"
  printf 'round %d: pytorch %.3f ms, suite %.3f ms per sweep\n' "$r" "$(tail -1 "$WORK/torch")" "$(tail -1 "$WORK/suite")"
done
blas=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["blas"])' "$WORK/torch.json")
csv_bytes=$(stat -c %s "$WORK/states-$STEPS.csv")
torch_med=$(median < "$WORK/torch")
suite_med=$(median < "$WORK/suite")
echo "cpu: $("$ROOT/benchmarks/cpu-name"); JVM MaxVectorSize $(java -XX:+PrintFlagsFinal -version 2>/dev/null | awk '/ MaxVectorSize /{print $4}') bytes"
echo "pytorch: BLAS $blas; suite output: $csv_bytes bytes of CSV"
printf 'median over %d rounds, ms per sweep (%d chains, %d minus %d sweeps): pytorch %.3f, suite %.3f, pytorch/suite %.2f\n' \
  "$ROUNDS" "$CHAINS" "$STEPS" "$SHORT" "$torch_med" "$suite_med" "$(echo "$torch_med / $suite_med" | bc -l)"
# the roofline (benchmarks/peak) and the sweep's nominal work: two conditionals of CHAINS rows, 2 x 2 n m flops per row
peak_line=$("$ROOT/benchmarks/peak")
echo "$peak_line"
PEAK=$(echo "$peak_line" | awk '{print $4}')
flops=$(echo "2 * 2 * 784 * 500 * $CHAINS" | bc)
printf 'GFLOP/s: pytorch %.1f, suite %.1f (%.0f %% of the %s GFLOP/s peak)\n' "$(echo "$flops / $torch_med / 1000000" | bc -l)" \
  "$(echo "$flops / $suite_med / 1000000" | bc -l)" "$(echo "100 * $flops / $suite_med / 1000000 / $PEAK" | bc -l)" "$PEAK"
