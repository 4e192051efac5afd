#!/usr/bin/env python3
"""Peer timings of RBM training for benchmarks/peers/train.sh (issue 30, training at large sizes).

Float64, one thread. Prints one line, "seconds S", the wall time of the training loop only
(data made and libraries loaded before the clock starts; one untimed warm-up epoch first).

  train.py full  EPOCHS [torch|numpy]  PCD-1, full batch: 1,000 random binary rows, n=784, m=500, 100 chains
  train.py mini  EPOCHS [torch|numpy]  PCD-1, mini-batches of 100 over 60,000 random binary rows, n=784, m=500
  train.py paper EPOCHS                numpy PCD-1 written like PyDeep (numpy dot products): n=25, m=100,
                                       100 rows, 100 chains

torch (the default for full and mini) is PyTorch with torch.set_num_threads(1); numpy runs the same
algorithm on numpy's BLAS (OpenBLAS in a pip numpy; run it with OPENBLAS_NUM_THREADS=1). Which BLAS
PyTorch uses matters: a Debian python3-torch calls the reference BLAS for float64 matrix products.

Each update: chains advanced by one block Gibbs transition (h ~ P(h|v), v ~ P(v|h)), fresh
h ~ P(h|v) on the chains, positive statistics with the hidden probabilities of the data, negative
statistics with the binary chain samples (the suite's --estimator mc), plain SGD step.
"""
import sys
import time

import numpy as np


def torch_run(n, m, rows, batch, chains, epochs, lr=0.01):
    import torch
    torch.set_num_threads(1)
    torch.manual_seed(1)
    dt = torch.float64
    data = (torch.rand(rows, n, dtype=dt) < 0.5).to(dt)
    w = torch.randn(n, m, dtype=dt) * (2.0 / (n + m)) ** 0.5
    b = torch.zeros(n, dtype=dt)
    c = torch.zeros(m, dtype=dt)
    vc = (torch.rand(chains, n, dtype=dt) < 0.5).to(dt)

    def update(v):
        nonlocal w, b, c, vc
        ph = torch.sigmoid(v @ w + c)
        pos_w = v.t() @ ph / v.shape[0]
        pos_b = v.mean(0)
        pos_c = ph.mean(0)
        hc = torch.bernoulli(torch.sigmoid(vc @ w + c))
        vc = torch.bernoulli(torch.sigmoid(hc @ w.t() + b))
        hc = torch.bernoulli(torch.sigmoid(vc @ w + c))
        neg_w = vc.t() @ hc / chains
        w += lr * (pos_w - neg_w)
        b += lr * (pos_b - vc.mean(0))
        c += lr * (pos_c - hc.mean(0))

    def epoch():
        if batch >= rows:
            update(data)
            return
        order = torch.randperm(rows)
        for s in range(0, rows, batch):
            update(data[order[s:s + batch]])

    with torch.no_grad():
        epoch()  # warm-up
        t0 = time.perf_counter()
        for _ in range(epochs):
            epoch()
        return time.perf_counter() - t0


def numpy_run(n, m, rows, batch, chains, epochs, lr=0.01):
    rng = np.random.default_rng(1)
    data = (rng.random((rows, n)) < 0.5).astype(np.float64)
    w = rng.standard_normal((n, m)) * (2.0 / (n + m)) ** 0.5
    b = np.zeros(n)
    c = np.zeros(m)
    vc = (rng.random((chains, n)) < 0.5).astype(np.float64)

    def sig(x):
        return 1.0 / (1.0 + np.exp(-x))

    def update(v):
        nonlocal w, b, c, vc
        ph = sig(v @ w + c)
        pos_w = v.T @ ph / v.shape[0]
        pos_b = v.mean(0)
        pos_c = ph.mean(0)
        hc = (sig(vc @ w + c) > rng.random((chains, m))).astype(np.float64)
        vc = (sig(hc @ w.T + b) > rng.random((chains, n))).astype(np.float64)
        hc = (sig(vc @ w + c) > rng.random((chains, m))).astype(np.float64)
        neg_w = vc.T @ hc / chains
        w += lr * (pos_w - neg_w)
        b += lr * (pos_b - vc.mean(0))
        c += lr * (pos_c - hc.mean(0))

    def epoch():
        if batch >= rows:
            update(data)
            return
        order = rng.permutation(rows)
        for s in range(0, rows, batch):
            update(data[order[s:s + batch]])

    epoch()  # warm-up
    t0 = time.perf_counter()
    for _ in range(epochs):
        epoch()
    return time.perf_counter() - t0


def numpy_paper(epochs, n=25, m=100, rows=100, chains=100, lr=0.01):
    rng = np.random.default_rng(1)
    data = (rng.random((rows, n)) < 0.5).astype(np.float64)
    w = rng.standard_normal((n, m)) * (2.0 / (n + m)) ** 0.5
    b = np.zeros((1, n))
    c = np.zeros((1, m))
    vc = (rng.random((chains, n)) < 0.5).astype(np.float64)

    def sig(x):
        return 1.0 / (1.0 + np.exp(-x))

    def epoch():
        nonlocal w, b, c, vc
        ph = sig(np.dot(data, w) + c)
        hc = (sig(np.dot(vc, w) + c) > rng.random((chains, m))).astype(np.float64)
        vc = (sig(np.dot(hc, w.T) + b) > rng.random((chains, n))).astype(np.float64)
        hc = (sig(np.dot(vc, w) + c) > rng.random((chains, m))).astype(np.float64)
        w += lr * (np.dot(data.T, ph) / rows - np.dot(vc.T, hc) / chains)
        b += lr * (np.mean(data, axis=0, keepdims=True) - np.mean(vc, axis=0, keepdims=True))
        c += lr * (np.mean(ph, axis=0, keepdims=True) - np.mean(hc, axis=0, keepdims=True))

    epoch()
    t0 = time.perf_counter()
    for _ in range(epochs):
        epoch()
    return time.perf_counter() - t0


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in ("full", "mini", "paper") \
            or (len(sys.argv) == 4 and sys.argv[3] not in ("torch", "numpy")):
        print("usage: train.py full|mini|paper EPOCHS [torch|numpy]", file=sys.stderr)
        sys.exit(2)
    what, epochs = sys.argv[1], int(sys.argv[2])
    run = numpy_run if len(sys.argv) == 4 and sys.argv[3] == "numpy" else torch_run
    if what == "full":
        s = run(784, 500, 1000, 1000, 100, epochs)
    elif what == "mini":
        s = run(784, 500, 60000, 100, 100, epochs)
    else:
        s = numpy_paper(epochs)
    print("seconds %.6f" % s)


if __name__ == "__main__":
    main()
