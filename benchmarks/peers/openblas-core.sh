# Sourced by the peers' scripts (sweep.sh, train.sh, samplers.sh, sklearn.sh): chooses the OpenBLAS
# kernel the peers run on and prints it, so that every comparison is against the best peer the
# machine has.
#
# OpenBLAS picks its kernels by CPU model at load time unless OPENBLAS_CORETYPE names one. Two ways
# to a weak peer were found (docs/performance.md, "AMD EPYC, Zen 5"): a machine's environment that
# sets OPENBLAS_CORETYPE=Haswell (AVX2) for every program, and a CPU newer than the OpenBLAS build,
# which it does not recognise. On a 2-core AMD EPYC of family 26 (Zen 5, AVX-512) Debian's OpenBLAS
# 0.3.21 multiplied 1,000 x 784 by 784 x 500 at 49 GFLOP/s with Haswell's kernels and 103-107 with
# SkylakeX's. So an inherited OPENBLAS_CORETYPE is dropped, OpenBLAS detects the CPU, and where the
# CPU has AVX-512 but the detected kernel does not, the peers run SkylakeX's.
#
# PEER_CORETYPE=NAME runs the peers on kernel NAME; PEER_CORETYPE=detected keeps OpenBLAS's choice.
#
# usage: . benchmarks/peers/openblas-core.sh PYTHON    (PYTHON: the interpreter whose numpy loads it)
peer_python="$1"
peer_inherited="${OPENBLAS_CORETYPE:-}"
unset OPENBLAS_CORETYPE
peer_detected=$(OPENBLAS_VERBOSE=2 OPENBLAS_NUM_THREADS=1 "$peer_python" -c 'import numpy' 2>&1 \
  | sed -n 's/^Core: *//p' | head -1)
peer_note="OpenBLAS detected ${peer_detected:-nothing (not OpenBLAS?)}"
if [ -n "$peer_inherited" ]; then
  peer_note="$peer_note; the environment's OPENBLAS_CORETYPE=$peer_inherited dropped"
fi
if [ -n "${PEER_CORETYPE:-}" ] && [ "$PEER_CORETYPE" != detected ]; then
  export OPENBLAS_CORETYPE="$PEER_CORETYPE"
  echo "peers' OpenBLAS kernel: $OPENBLAS_CORETYPE (PEER_CORETYPE; $peer_note)"
elif [ -n "$peer_detected" ] && [ "${PEER_CORETYPE:-}" != detected ] && grep -qw avx512f /proc/cpuinfo 2>/dev/null \
    && ! echo "$peer_detected" | grep -qiE 'skylakex|cooperlake|sapphirerapids'; then
  export OPENBLAS_CORETYPE=SkylakeX
  echo "peers' OpenBLAS kernel: SkylakeX (this CPU has AVX-512; $peer_note)"
else
  echo "peers' OpenBLAS kernel: ${peer_detected:-unknown} ($peer_note)"
fi
