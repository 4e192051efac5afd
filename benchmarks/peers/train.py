#!/usr/bin/env python3
"""Peer timings of RBM training for benchmarks/peers/train.sh (issue 30, training at large sizes).

Float64, one thread. Prints one line, "seconds S", the wall time of the training loop only
(data made and libraries loaded before the clock starts; one untimed warm-up epoch first).

  train.py full  EPOCHS [torch|numpy] [sgd|adamax]  PCD-1, full batch: 1,000 random binary rows, n=784,
                                                   m=500, 100 chains
  train.py mini  EPOCHS [torch|numpy] [sgd|adamax]  PCD-1, mini-batches of 100 over 60,000 random binary
                                                   rows, n=784, m=500
  train.py paper EPOCHS [sgd|adamax]                numpy PCD-1 written like PyDeep (numpy dot products):
                                                   n=25, m=100, 100 rows, 100 chains

torch (the default for full and mini) is PyTorch with torch.set_num_threads(1); numpy runs the same
algorithm on numpy's BLAS (OpenBLAS in a pip numpy; run it with OPENBLAS_NUM_THREADS=1). Which BLAS
PyTorch uses matters: a Debian python3-torch calls the reference BLAS for float64 matrix products.

Each update: chains advanced by one block Gibbs transition (h ~ P(h|v), v ~ P(v|h)), fresh
h ~ P(h|v) on the chains, positive statistics with the hidden probabilities of the data, negative
statistics with the binary chain samples (the suite's --estimator mc), then the step: plain SGD
(sgd, the default: less work than the suite does) or AdaMax as the suite steps (adamax: Kingma and Ba's
Algorithm 2 with the suite's bias correction and epsilon, written in place, m = b1 m + (1 - b1) g,
u = max(b2 u, |g|), theta += lr / (1 - b1^t) m / (u + eps); the same work as `rbm train`).
"""
import sys
import time

import numpy as np


B1, B2, EPS = 0.9, 0.999, 1e-8


def torch_run(n, m, rows, batch, chains, epochs, step="sgd", lr=0.01):
    import torch
    torch.set_num_threads(1)
    torch.manual_seed(1)
    dt = torch.float64
    data = (torch.rand(rows, n, dtype=dt) < 0.5).to(dt)
    w = torch.randn(n, m, dtype=dt) * (2.0 / (n + m)) ** 0.5
    b = torch.zeros(n, dtype=dt)
    c = torch.zeros(m, dtype=dt)
    vc = (torch.rand(chains, n, dtype=dt) < 0.5).to(dt)
    moments = [(torch.zeros_like(p), torch.zeros_like(p)) for p in (w, b, c)]
    t = 0

    def ascend(params, grads):
        nonlocal t
        if step == "sgd":
            for p, g in zip(params, grads):
                p += lr * g
            return
        t += 1
        s = lr / (1.0 - B1 ** t)
        for p, g, (mo, u) in zip(params, grads, moments):
            mo.mul_(B1).add_(g, alpha=1.0 - B1)
            torch.maximum(u.mul_(B2), g.abs(), out=u)
            p.addcdiv_(mo, u + EPS, value=s)

    def update(v):
        nonlocal vc
        ph = torch.sigmoid(v @ w + c)
        pos_w = v.t() @ ph / v.shape[0]
        pos_b = v.mean(0)
        pos_c = ph.mean(0)
        hc = torch.bernoulli(torch.sigmoid(vc @ w + c))
        vc = torch.bernoulli(torch.sigmoid(hc @ w.t() + b))
        hc = torch.bernoulli(torch.sigmoid(vc @ w + c))
        neg_w = vc.t() @ hc / chains
        ascend((w, b, c), (pos_w - neg_w, pos_b - vc.mean(0), pos_c - hc.mean(0)))

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


def numpy_step(step, lr):
    """The step for numpy peers: SGD, or AdaMax in place as the suite steps."""
    state = {"t": 0, "moments": {}}

    def ascend(params, grads):
        if step == "sgd":
            for p, g in zip(params, grads):
                p += lr * g
            return
        state["t"] += 1
        s = lr / (1.0 - B1 ** state["t"])
        for k, (p, g) in enumerate(zip(params, grads)):
            mo, u = state["moments"].setdefault(k, (np.zeros_like(p), np.zeros_like(p)))
            mo *= B1
            mo += (1.0 - B1) * g
            np.maximum(u * B2, np.abs(g), out=u)
            p += s * mo / (u + EPS)
    return ascend


def numpy_run(n, m, rows, batch, chains, epochs, step="sgd", lr=0.01):
    rng = np.random.default_rng(1)
    data = (rng.random((rows, n)) < 0.5).astype(np.float64)
    w = rng.standard_normal((n, m)) * (2.0 / (n + m)) ** 0.5
    b = np.zeros(n)
    c = np.zeros(m)
    vc = (rng.random((chains, n)) < 0.5).astype(np.float64)
    ascend = numpy_step(step, lr)

    def sig(x):
        return 1.0 / (1.0 + np.exp(-x))

    def update(v):
        nonlocal vc
        ph = sig(v @ w + c)
        pos_w = v.T @ ph / v.shape[0]
        pos_b = v.mean(0)
        pos_c = ph.mean(0)
        hc = (sig(vc @ w + c) > rng.random((chains, m))).astype(np.float64)
        vc = (sig(hc @ w.T + b) > rng.random((chains, n))).astype(np.float64)
        hc = (sig(vc @ w + c) > rng.random((chains, m))).astype(np.float64)
        neg_w = vc.T @ hc / chains
        ascend((w, b, c), (pos_w - neg_w, pos_b - vc.mean(0), pos_c - hc.mean(0)))

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


def numpy_paper(epochs, step="sgd", n=25, m=100, rows=100, chains=100, lr=0.01):
    rng = np.random.default_rng(1)
    data = (rng.random((rows, n)) < 0.5).astype(np.float64)
    w = rng.standard_normal((n, m)) * (2.0 / (n + m)) ** 0.5
    b = np.zeros((1, n))
    c = np.zeros((1, m))
    vc = (rng.random((chains, n)) < 0.5).astype(np.float64)
    ascend = numpy_step(step, lr)

    def sig(x):
        return 1.0 / (1.0 + np.exp(-x))

    def epoch():
        nonlocal vc
        ph = sig(np.dot(data, w) + c)
        hc = (sig(np.dot(vc, w) + c) > rng.random((chains, m))).astype(np.float64)
        vc = (sig(np.dot(hc, w.T) + b) > rng.random((chains, n))).astype(np.float64)
        hc = (sig(np.dot(vc, w) + c) > rng.random((chains, m))).astype(np.float64)
        ascend((w, b, c), (np.dot(data.T, ph) / rows - np.dot(vc.T, hc) / chains,
                           np.mean(data, axis=0, keepdims=True) - np.mean(vc, axis=0, keepdims=True),
                           np.mean(ph, axis=0, keepdims=True) - np.mean(hc, axis=0, keepdims=True)))

    epoch()
    t0 = time.perf_counter()
    for _ in range(epochs):
        epoch()
    return time.perf_counter() - t0


def main():
    args = sys.argv[1:]
    ok = len(args) >= 2 and args[0] in ("full", "mini", "paper")
    lib = [a for a in args[2:] if a in ("torch", "numpy")]
    step = [a for a in args[2:] if a in ("sgd", "adamax")]
    ok = ok and len(lib) <= 1 and len(step) <= 1 and len(lib) + len(step) == len(args) - 2 \
        and not (args[0] == "paper" and lib)
    if not ok:
        print("usage: train.py full|mini EPOCHS [torch|numpy] [sgd|adamax] | train.py paper EPOCHS [sgd|adamax]",
              file=sys.stderr)
        sys.exit(2)
    what, epochs = args[0], int(args[1])
    step = step[0] if step else "sgd"
    run = numpy_run if lib == ["numpy"] else torch_run
    if what == "full":
        s = run(784, 500, 1000, 1000, 100, epochs, step)
    elif what == "mini":
        s = run(784, 500, 60000, 100, 100, epochs, step)
    else:
        s = numpy_paper(epochs, step)
    print("seconds %.6f" % s)


if __name__ == "__main__":
    main()
