#!/usr/bin/env bash
# The suite against PyTorch on the gradient-based samplers (docs/samplers.md, "Cost per step"):
# 100 chains of a 784 x 500 RBM with W, b, c ~ N(0, 0.01^2), float64, one thread, one step of each
# kernel (bgs as the reference point, gwg with exact and with gradient differences, pas with a path
# of 3 flips, dmala at step size 0.2, dula at 0.1).
#
#   benchmarks/peers/samplers.sh [ROUNDS] [KERNELS]      (default 5 rounds; all kernels)
#
# Each round runs, per kernel and alternately, PyTorch (benchmarks/peers/samplers.py: STEPS minus
# SHORT steps in one process, so start-up and the first evaluation cancel) and the suite's whole
# command twice (./rbm sample --chains 100 --steps LONG and --steps SHORT, --json): the difference of
# the sampling times the command reports, divided by LONG - SHORT, is the time of one step, with the
# JIT's warm-up within the shorter run cancelled. Both sides report the wall time and the sampling
# thread's CPU time (the suite's `cpuSeconds`, Python's time.thread_time()); on a loaded machine the
# CPU time leaves out the time other processes held the core, so it is the steadier of the two. PyTorch's
# exact flip differences are timed in the faster of its two forms (samplers.py --exact-form product;
# "softplus" measured slower). Prints each side's median ms per step over the rounds, wall and CPU, and
# the ratios PyTorch / suite (above 1: the suite is faster).
#
# Environment: PYTHON (default /usr/bin/python3, Debian's python3-torch, which calls the system's
# libblas.so.3: check the "BLAS" line, an OpenBLAS there, not the reference BLAS); CHAINS; BENCH_LOCK,
# a lock file to hold while measuring on a shared machine (flock); SUITE_ARGS, more options of the
# suite's sample (for example "--arithmetic blas", the opt-in OpenBLAS products; split at spaces).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROUNDS="${1:-5}"
KERNELS="${2:-bgs gwg gwg-gradient pas dmala dula}"
PYTHON="${PYTHON:-/usr/bin/python3}"
CHAINS="${CHAINS:-100}"
read -r -a SUITE_EXTRA <<< "${SUITE_ARGS:-}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
. "$ROOT/benchmarks/peers/openblas-core.sh" "$PYTHON"

if [ -n "${BENCH_LOCK:-}" ]; then
  exec 9>"$BENCH_LOCK"
  flock 9
fi

"$ROOT/rbm" init --visible 784 --hidden 500 --weight-std 0.01 --seed 1 --out "$WORK/model" >/dev/null

suite_args() { # kernel -> the suite's --kernel options
  case "$1" in
    gwg-gradient) echo "--kernel gwg --kernel-param differences=gradient" ;;
    *) echo "--kernel $1" ;;
  esac
}
steps() { # kernel side -> "LONG SHORT"
  case "$1:$2" in
    gwg:torch|pas:torch) echo "12 2" ;;
    *:torch) echo "220 20" ;;
    gwg:suite|pas:suite) echo "110 10" ;;
    *:suite) echo "520 20" ;;
  esac
}
suite_seconds() { # kernel steps -> "wall cpu": the sampling seconds the command reports
  # shellcheck disable=SC2046
  "$ROOT/rbm" sample --model "$WORK/model" $(suite_args "$1") --chains "$CHAINS" --steps "$2" --seed 1 \
    --out "$WORK/states.csv" --force --json ${SUITE_EXTRA[@]+"${SUITE_EXTRA[@]}"} 2>/dev/null \
    | "$PYTHON" -c 'import json,sys; j=json.load(sys.stdin); print(j["seconds"], j["cpuSeconds"])'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "start: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)${SUITE_ARGS:+, suite options: $SUITE_ARGS}"
suite_seconds bgs 20 >/dev/null   # the first run also builds the suite and its class-data archive
for k in $KERNELS; do
  for f in torch suite torch-cpu suite-cpu; do : > "$WORK/$f-$k"; done
done
for r in $(seq 1 "$ROUNDS"); do
  for k in $KERNELS; do
    read -r tl ts <<< "$(steps "$k" torch)"
    "$PYTHON" "$ROOT/benchmarks/peers/samplers.py" --kernel "$k" --chains "$CHAINS" --steps "$tl" --short "$ts" \
      --reps 1 --json > "$WORK/torch.json"
    "$PYTHON" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["ms_per_step"]); print(j["cpu_ms_per_step"], file=sys.stderr)' \
      "$WORK/torch.json" >> "$WORK/torch-$k" 2>> "$WORK/torch-cpu-$k"
    read -r sl ss <<< "$(steps "$k" suite)"
    read -r lw lc <<< "$(suite_seconds "$k" "$sl")"
    read -r sw sc <<< "$(suite_seconds "$k" "$ss")"
    echo "($lw - $sw) * 1000 / ($sl - $ss)" | bc -l >> "$WORK/suite-$k"
    echo "($lc - $sc) * 1000 / ($sl - $ss)" | bc -l >> "$WORK/suite-cpu-$k"
    printf 'round %d, %-12s: pytorch %9.3f ms (cpu %9.3f), suite %9.3f ms (cpu %9.3f) per step\n' "$r" "$k" \
      "$(tail -1 "$WORK/torch-$k")" "$(tail -1 "$WORK/torch-cpu-$k")" "$(tail -1 "$WORK/suite-$k")" \
      "$(tail -1 "$WORK/suite-cpu-$k")"
  done
done
blas=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["blas"])' "$WORK/torch.json")
torch_version=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["torch"])' "$WORK/torch.json")
echo "end: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cpu: $("$ROOT/benchmarks/cpu-name"); JVM MaxVectorSize $(java -XX:+PrintFlagsFinal -version 2>/dev/null | awk '/ MaxVectorSize /{print $4}') bytes"
echo "pytorch $torch_version, BLAS $blas"
printf '%-12s %12s %12s %8s | %12s %12s %8s\n' kernel "torch wall" "suite wall" "ratio" "torch cpu" "suite cpu" "ratio"
for k in $KERNELS; do
  t=$(median < "$WORK/torch-$k")
  s=$(median < "$WORK/suite-$k")
  tc=$(median < "$WORK/torch-cpu-$k")
  sc=$(median < "$WORK/suite-cpu-$k")
  printf '%-12s %12.3f %12.3f %8.2f | %12.3f %12.3f %8.2f\n' "$k" "$t" "$s" "$(echo "$t / $s" | bc -l)" "$tc" "$sc" \
    "$(echo "$tc / $sc" | bc -l)"
  echo "  rounds (ms, wall): pytorch $(paste -sd' ' "$WORK/torch-$k"); suite $(paste -sd' ' "$WORK/suite-$k")"
  echo "  rounds (ms, cpu):  pytorch $(paste -sd' ' "$WORK/torch-cpu-$k"); suite $(paste -sd' ' "$WORK/suite-cpu-$k")"
done
