#!/usr/bin/env bash
# The suite against PyTorch on the gradient-based samplers (docs/performance.md, "Gradient-based
# samplers"): 100 chains of a 784 x 500 RBM with W, b, c ~ N(0, 0.01^2), float64, one thread, one step
# of each kernel (bgs as the reference point, gwg with exact and with gradient differences, pas with
# a path of 4 flips, dmala at step size 0.2, dula at 0.1).
#
#   benchmarks/peers/samplers.sh [ROUNDS] [KERNELS]      (default 5 rounds; all kernels)
#
# Each round runs, per kernel and alternately, PyTorch (benchmarks/peers/samplers.py: STEPS minus
# SHORT steps in one process, so start-up and the first evaluation cancel) and the suite's whole
# command twice (./rbm sample --chains 100 --steps LONG and --steps SHORT, --json): the difference of
# the sampling times the command reports, divided by LONG - SHORT, is the time of one step, with the
# JIT's warm-up within the shorter run cancelled. PyTorch's exact flip differences are timed in the
# faster of its two forms (samplers.py --exact-form product; "softplus" measured slower). Prints each
# side's median ms per step over the rounds and the ratio PyTorch / suite (above 1: the suite is faster).
#
# Environment: PYTHON (default /usr/bin/python3, Debian's python3-torch); CHAINS; BENCH_LOCK, a lock
# file to hold while measuring on a shared machine (flock).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROUNDS="${1:-5}"
KERNELS="${2:-bgs gwg gwg-gradient pas dmala dula}"
PYTHON="${PYTHON:-/usr/bin/python3}"
CHAINS="${CHAINS:-100}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

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
    *:suite) echo "250 50" ;;
  esac
}
suite_seconds() { # kernel steps -> the sampling seconds the command reports
  # shellcheck disable=SC2046
  "$ROOT/rbm" sample --model "$WORK/model" $(suite_args "$1") --chains "$CHAINS" --steps "$2" --seed 1 \
    --out "$WORK/states.csv" --force --json 2>/dev/null \
    | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["seconds"])'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "start: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
suite_seconds bgs 20 >/dev/null   # the first run also builds the suite and its class-data archive
for k in $KERNELS; do : > "$WORK/torch-$k"; : > "$WORK/suite-$k"; done
for r in $(seq 1 "$ROUNDS"); do
  for k in $KERNELS; do
    read -r tl ts <<< "$(steps "$k" torch)"
    "$PYTHON" "$ROOT/benchmarks/peers/samplers.py" --kernel "$k" --chains "$CHAINS" --steps "$tl" --short "$ts" \
      --reps 1 --json > "$WORK/torch.json"
    "$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["ms_per_step"])' "$WORK/torch.json" \
      >> "$WORK/torch-$k"
    read -r sl ss <<< "$(steps "$k" suite)"
    long=$(suite_seconds "$k" "$sl")
    short=$(suite_seconds "$k" "$ss")
    echo "($long - $short) * 1000 / ($sl - $ss)" | bc -l >> "$WORK/suite-$k"
    printf 'round %d, %-12s: pytorch %9.3f ms, suite %9.3f ms per step\n' "$r" "$k" "$(tail -1 "$WORK/torch-$k")" \
      "$(tail -1 "$WORK/suite-$k")"
  done
done
blas=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["blas"])' "$WORK/torch.json")
torch_version=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["torch"])' "$WORK/torch.json")
echo "end: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(getconf _NPROCESSORS_ONLN) cores; JVM MaxVectorSize $(java -XX:+PrintFlagsFinal -version 2>/dev/null | awk '/ MaxVectorSize /{print $4}') bytes"
echo "pytorch $torch_version, BLAS $blas"
printf '%-12s %14s %14s %14s\n' kernel "pytorch ms" "suite ms" "pytorch/suite"
for k in $KERNELS; do
  t=$(median < "$WORK/torch-$k")
  s=$(median < "$WORK/suite-$k")
  printf '%-12s %14.3f %14.3f %14.2f\n' "$k" "$t" "$s" "$(echo "$t / $s" | bc -l)"
  echo "  rounds: pytorch $(paste -sd' ' "$WORK/torch-$k"); suite $(paste -sd' ' "$WORK/suite-$k")"
done
