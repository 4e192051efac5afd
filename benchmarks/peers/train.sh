#!/usr/bin/env bash
# Training at large sizes against peers (issue 30; docs/performance.md, "Training at large sizes").
# Runs each peer (benchmarks/peers/train.py) and the suite's matching whole command alternately, REPS
# times, and prints the per-epoch medians (ms) and the ratio peer/suite (above 1: the suite is faster).
#
#   benchmarks/peers/train.sh [REPS] [CASES]      CASES: any of full mini paper (default: all three)
#
# The suite's per-epoch time is (whole command with E2 epochs - whole command with E1 epochs) / (E2 - E1),
# start, data loading, warm-up and the final (minimal) evaluation included in both; monitors are as
# rare as the options allow (one evaluation at the end, mAIS with 3 temperatures and 2 runs). A peer's
# time is its training loop after one warm-up epoch (train.py), per epoch. The mini-batch case takes
# 3 minus 1 epochs: each command's fixed cost (start-up, reading 94 MB of CSV) is about 17 s on a 2-core
# machine, against about 4 s an epoch, and with 2 minus 1 a single round's difference ranged 1.6 to
# 5.1 s on one shared host (docs/performance.md, 2026-12-07).
# Environment: TORCH_PY (python with PyTorch, default /usr/bin/python3; empty: skip PyTorch),
# NUMPY_PY (python with a numpy on a real BLAS, default python3), BENCH_LOCK (a lock file: every
# timed command runs under flock on it), FULL_E1/FULL_E2 (20/120), MINI_E1/MINI_E2 (1/3),
# PAPER_E1/PAPER_E2 (1/2000), TORCH_FULL_EPOCHS (10), TORCH_MINI_EPOCHS (1), NUMPY_FULL_EPOCHS (50),
# NUMPY_MINI_EPOCHS (2), PAPER_PEER_EPOCHS (2000), SUITE_ARGS (more options of the suite's train, for
# example "--arithmetic blas", the opt-in OpenBLAS products; split at spaces), PEER_STEP (the peers'
# parameter step: adamax, the default, the step the suite takes, so both do the same work; or sgd, the
# plain step of the measurements before 2026-12-07, less work than the suite's).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
REPS="${1:-5}"
CASES="${2:-full mini paper}"
TORCH_PY="${TORCH_PY-/usr/bin/python3}"
NUMPY_PY="${NUMPY_PY:-python3}"
PEER_STEP="${PEER_STEP:-adamax}"
case "$PEER_STEP" in sgd|adamax) ;; *) echo "train.sh: PEER_STEP must be adamax or sgd, got $PEER_STEP" >&2; exit 2 ;; esac
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
read -r -a SUITE_EXTRA <<< "${SUITE_ARGS:-}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

locked() {
  if [ -n "${BENCH_LOCK:-}" ]; then flock "$BENCH_LOCK" "$@"; else "$@"; fi
}

# seconds of a whole ./rbm train command (timed inside the lock)
suite() {
  local out="$WORK/out"
  rm -rf "$out"
  local ns
  ns=$(locked bash -c 't0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $((t1 - t0))' _ \
    "$ROOT/rbm" train --quiet --kernel bgs --estimator mc --samples 100 --eval-every 1000000 \
    --loglik-method mais --ais-temperatures 3 --ais-runs 2 --out "$out" ${SUITE_EXTRA[@]+"${SUITE_EXTRA[@]}"} "$@")
  echo "scale=6; $ns / 1000000000" | bc
}

peer() {
  locked "$@" | awk '/^seconds/ {print $2}'
}

median() {
  sort -g | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2}'
}

"$NUMPY_PY" - "$WORK" <<'PY'
import sys
import numpy as np
work = sys.argv[1]
for name, rows, n, seed in (("full", 1000, 784, 1), ("mini", 60000, 784, 2), ("paper", 100, 25, 3)):
    x = (np.random.default_rng(seed).random((rows, n)) < 0.5).astype(np.int8)
    with open("%s/%s.csv" % (work, name), "w") as f:
        f.write(",".join("v%d" % i for i in range(n)) + "\n")
        np.savetxt(f, x, fmt="%d", delimiter=",")
PY
"$ROOT/rbm" --version >/dev/null 2>&1 # builds the suite if needed, outside the timings

if grep -qw avx512f /proc/cpuinfo 2>/dev/null; then width="512-bit (AVX-512, 8 doubles)"
elif grep -qw avx2 /proc/cpuinfo 2>/dev/null; then width="256-bit (AVX2, 4 doubles)"
else width="the JVM's preferred"; fi
echo "CPU: $("$ROOT/benchmarks/cpu-name"); suite vector width: $width"
# the roofline: one core's float64 FMA peak (benchmarks/peak); each case's nominal work per epoch is that
# of the peers' update, 2 n m (2 B + 4 N_s) flops per update of B data rows and N_s = 100 chains (the
# positive conditional and product, three chain conditionals and the negative product)
peak_line=$("$ROOT/benchmarks/peak")
echo "$peak_line"
PEAK=$(echo "$peak_line" | awk '{print $4}')
# the BLAS behind the peers' products (Debian's torch and numpy load the system's libblas.so.3: the
# reference BLAS unless an optimised one such as libopenblas0-pthread is installed)
echo "peers' step: $PEER_STEP (the suite's: adamax)"
echo "peers' libblas.so.3: $(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo unknown)"
. "$ROOT/benchmarks/peers/openblas-core.sh" "$NUMPY_PY"
for c in $CASES; do
  case "$c" in
    full) e1=${FULL_E1:-20}; e2=${FULL_E2:-120}; args=(--data "$WORK/full.csv" --hidden 500)
          tp=${TORCH_FULL_EPOCHS:-10}; np_=${NUMPY_FULL_EPOCHS:-50} ;;
    mini) e1=${MINI_E1:-1}; e2=${MINI_E2:-3}; args=(--data "$WORK/mini.csv" --hidden 500 --batch-size 100)
          tp=${TORCH_MINI_EPOCHS:-1}; np_=${NUMPY_MINI_EPOCHS:-2} ;;
    paper) e1=${PAPER_E1:-1}; e2=${PAPER_E2:-2000}; args=(--data "$WORK/paper.csv" --hidden 100)
          tp=0; np_=${PAPER_PEER_EPOCHS:-2000} ;;
    *) echo "train.sh: unknown case $c (full, mini or paper)" >&2; exit 2 ;;
  esac
  : > "$WORK/suite"; : > "$WORK/torch"; : > "$WORK/numpy"
  for r in $(seq "$REPS"); do
    a=$(suite "${args[@]}" --epochs "$e1")
    b=$(suite "${args[@]}" --epochs "$e2")
    echo "($b - $a) * 1000 / ($e2 - $e1)" | bc -l >> "$WORK/suite"
    if [ "$c" = paper ]; then
      s=$(peer "$NUMPY_PY" "$ROOT/benchmarks/peers/train.py" paper "$np_" "$PEER_STEP")
      echo "$s * 1000 / $np_" | bc -l >> "$WORK/numpy"
    else
      if [ -n "$TORCH_PY" ]; then
        s=$(peer "$TORCH_PY" "$ROOT/benchmarks/peers/train.py" "$c" "$tp" torch "$PEER_STEP")
        echo "$s * 1000 / $tp" | bc -l >> "$WORK/torch"
      fi
      s=$(peer "$NUMPY_PY" "$ROOT/benchmarks/peers/train.py" "$c" "$np_" numpy "$PEER_STEP")
      echo "$s * 1000 / $np_" | bc -l >> "$WORK/numpy"
    fi
  done
  sm=$(median < "$WORK/suite")
  case "$c" in
    full) flops=$(echo "2 * 784 * 500 * (2 * 1000 + 4 * 100)" | bc) ;;
    mini) flops=$(echo "600 * 2 * 784 * 500 * (2 * 100 + 4 * 100)" | bc) ;;
    paper) flops=$(echo "2 * 25 * 100 * (2 * 100 + 4 * 100)" | bc) ;;
  esac
  printf '%-6s suite %10.3f ms/epoch (./rbm train %s, %s minus %s epochs)\n' "$c" "$sm" \
    "${args[*]}${SUITE_EXTRA[@]+ ${SUITE_EXTRA[*]}}" "$e2" "$e1"
  printf '%-6s suite %10.1f GFLOP/s, %.0f %% of the %s GFLOP/s peak\n' "$c" "$(echo "$flops / $sm / 1000000" | bc -l)" \
    "$(echo "100 * $flops / $sm / 1000000 / $PEAK" | bc -l)" "$PEAK"
  for p in torch numpy; do
    if [ -s "$WORK/$p" ]; then
      pm=$(median < "$WORK/$p")
      printf '%-6s %-5s %10.3f ms/epoch   ratio peer/suite %.2fx   %.1f GFLOP/s\n' "$c" "$p" "$pm" "$(echo "$pm / $sm" | bc -l)" \
        "$(echo "$flops / $pm / 1000000" | bc -l)"
    fi
  done
done
