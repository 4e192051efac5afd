#!/usr/bin/env bash
# Issue 39's measurements on the machine at hand, in one run (docs/performance.md, "Every CPU"): the CPU
# and its fp64 FMA peak; the BGS sweep, full-batch and mini-batch epochs at 784 x 500 against PyTorch and
# numpy (one thread, on the OpenBLAS kernel benchmarks/peers/openblas-core.sh chooses) for the default
# path and the opt-in BLAS path; the paper-size whole command; the JMH training updates (batch784 and
# pcd784 as shares of peak, sparse784 on rows of 13 % ones, paper25 against numpy's epoch) and the large sampling kernels; the peak again
# at the end (a shared host moves it). About 15 minutes on a 2-core machine; run it with the machine
# otherwise idle. Arguments: ROUNDS (default 3) for the peers' scripts.
#
# Environment: NUMPY_PY (python with numpy on a real BLAS; default /usr/bin/python3), SKIP_BLAS=1 to
# leave out the opt-in path.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${1:-3}"
export NUMPY_PY="${NUMPY_PY:-/usr/bin/python3}"
cd "$ROOT"
echo "== every-cpu $(date -u +%FT%TZ) at $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "cpu: $(benchmarks/cpu-name)"
benchmarks/peak
echo "== BGS sweep, 784 x 500, 100 chains"
benchmarks/peers/sweep.sh "$ROUNDS"
echo "== training epochs, peers with AdaMax"
PEER_STEP=adamax benchmarks/peers/train.sh "$ROUNDS" "full mini paper"
if [ "${SKIP_BLAS:-0}" != 1 ]; then
  echo "== the opt-in BLAS path (--arithmetic blas), one round"
  SUITE_ARGS="--arithmetic blas" PEER_STEP=adamax benchmarks/peers/train.sh 1 "full mini"
fi
echo "== JMH: training updates and large sampling kernels"
benchmarks/run 'TrainingUpdateBench|RbmLargeSamplingBench.(gibbsSweep|hiddenField)' \
  -p setting=batch784,sparse784,pcd784,paper25 -f 1 -wi 3 -i 5 -w 1 -r 1 2>&1 | grep -E '^(cpu:|fp64)|:p0.50'
benchmarks/peak
echo "== end $(date -u +%FT%TZ)"
