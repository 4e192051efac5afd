#!/usr/bin/env python3
"""PyTorch side of the large-layer BGS comparison (docs/performance.md, "Large layers (784 x 500)").

The workload of `./rbm sample --kernel bgs --chains 100`: 100 chains of an RBM with n = 784 visible
and m = 500 hidden units, W, b, c ~ N(0, 0.01^2) (as `./rbm init --weight-std 0.01`), blocked Gibbs
sweeps h ~ Bernoulli(sig(v W + c)), v ~ Bernoulli(sig(h W^T + b)), float64, one thread.

A run of S sweeps is timed from uniform random starting states; the time of one sweep is
(t(STEPS) - t(SHORT)) / (STEPS - SHORT), so start-up (allocation, first-call costs) cancels as it does
in the suite's `./rbm sample --steps 1000` minus `--steps 20`. Prints the median over --reps
repetitions in ms per sweep, and with --json one JSON object.
"""
import argparse
import json
import statistics
import time

import torch


def run(w, b, c, chains, steps, gen):
    v = torch.bernoulli(torch.full((chains, w.shape[0]), 0.5, dtype=torch.float64), generator=gen)
    wt = w.t()
    for _ in range(steps):
        h = torch.bernoulli(torch.sigmoid(torch.addmm(c, v, w)), generator=gen)
        v = torch.bernoulli(torch.sigmoid(torch.addmm(b, h, wt)), generator=gen)
    return v


def timed(w, b, c, chains, steps, gen):
    t0 = time.perf_counter()
    v = run(w, b, c, chains, steps, gen)
    t1 = time.perf_counter()
    assert v.shape == (chains, w.shape[0])
    return t1 - t0


def blas_library():
    """The BLAS library this process loaded (Debian's torch calls libblas.so.3: reference BLAS unless
    an optimised one is installed or put first on LD_LIBRARY_PATH)."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "blas" in path.lower() and ".so" in path:
                return path
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--visible", type=int, default=784)
    ap.add_argument("--hidden", type=int, default=500)
    ap.add_argument("--chains", type=int, default=100)
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--short", type=int, default=20)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(a.seed)
    w = torch.randn(a.visible, a.hidden, dtype=torch.float64, generator=gen) * 0.01
    b = torch.randn(a.visible, dtype=torch.float64, generator=gen) * 0.01
    c = torch.randn(a.hidden, dtype=torch.float64, generator=gen) * 0.01
    timed(w, b, c, a.chains, a.short, gen)  # first calls: library loading, allocator
    per_sweep = []
    for _ in range(a.reps):
        long_s = timed(w, b, c, a.chains, a.steps, gen)
        short_s = timed(w, b, c, a.chains, a.short, gen)
        per_sweep.append((long_s - short_s) / (a.steps - a.short) * 1e3)
    med = statistics.median(per_sweep)
    if a.json:
        print(json.dumps({"ms_per_sweep": med, "reps": per_sweep, "threads": torch.get_num_threads(),
                          "torch": torch.__version__, "blas": blas_library()}))
    else:
        print(f"pytorch {torch.__version__} 1 thread float64 ({blas_library()}): {med:.3f} ms per sweep "
              f"(median of {a.reps}: {', '.join(f'{x:.3f}' for x in per_sweep)})")


if __name__ == "__main__":
    main()
