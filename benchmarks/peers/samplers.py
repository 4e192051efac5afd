#!/usr/bin/env python3
"""PyTorch side of the gradient-based sampler comparison (docs/performance.md, "Gradient-based samplers").

The workload of `./rbm sample --kernel K --chains 100`: 100 chains of an RBM with n = 784 visible and
m = 500 hidden units, W, b, c ~ N(0, 0.01^2) (as `./rbm init --weight-std 0.01`), float64, one thread,
each kernel written here from its paper, the same algorithm as the suite's kernel of that name
(docs/samplers.md):

  bgs          blocked Gibbs sweep h ~ P(h | v), v ~ P(v | h) (the reference point)
  gwg          Gibbs-with-Gradients (Grathwohl et al. 2021) with exact flip differences
  gwg-gradient the same with the first-order (gradient) approximation of the differences
  pas          path auxiliary proposal (Sun et al. 2022), a path of R = 3 flips, exact differences
  dmala        Metropolis-adjusted discrete Langevin (Zhang, Liu & Liu 2022), step size 0.2
  dula         unadjusted discrete Langevin, step size 0.1

lv(v) = b.v + sum_j softplus(c_j + (vW)_j). The Metropolis kernels keep the accepted proposal's
evaluations (differences or gradient, lv, the proposal's normaliser) for the next step, as the suite's
do, so each step evaluates one new state. The exact differences are computed in chunks of chains as
d_i = s_i b_i + sum_j [softplus(zeta_j + s_i W_ij) - softplus(zeta_j)] ("softplus", the direct form) or
as s_i b_i + sum_j ln(sig(-zeta_j) + sig(zeta_j) e^{s_i W_ij}) with e^{+-W} tabulated ("product", the
suite's form); --exact-form picks one, and samplers.sh times both and keeps PyTorch's faster.

A run of S steps is timed from uniform random starting states; one step costs
(t(STEPS) - t(SHORT)) / (STEPS - SHORT), so start-up (allocation, first-call costs, the first
evaluation) cancels as it does in the suite's `./rbm sample --steps S` minus `--steps SHORT`. Both the
wall time and this thread's CPU time are taken (the CPU time leaves out the time other processes held
the core on a loaded machine). Prints the median over --reps repetitions in ms per step, and with
--json one JSON object.
"""
import argparse
import json
import statistics
import time

import torch
import torch.nn.functional as F


class Rbm:
    def __init__(self, n, m, std, gen):
        self.w = torch.randn(n, m, dtype=torch.float64, generator=gen) * std
        self.b = torch.randn(n, dtype=torch.float64, generator=gen) * std
        self.c = torch.randn(m, dtype=torch.float64, generator=gen) * std
        self.wt = self.w.t().contiguous()
        self.e_on = torch.exp(self.w)       # e^{+W}: a unit that turns on
        self.e_off = torch.exp(-self.w)     # e^{-W}: a unit that turns off

    def zeta(self, x):
        return torch.addmm(self.c, x, self.w)

    def lv(self, x, zeta):
        return x @ self.b + F.softplus(zeta).sum(-1)

    def gradient(self, zeta):
        return torch.addmm(self.b, torch.sigmoid(zeta), self.wt)


def exact_differences(rbm, x, zeta, form, chunk):
    """d_i(x) = lv(x with unit i flipped) - lv(x) for every unit of every row."""
    s = 1.0 - 2.0 * x
    out = torch.empty_like(x)
    if form == "softplus":
        base = F.softplus(zeta).sum(-1)
        for a in range(0, x.shape[0], chunk):
            z = zeta[a:a + chunk, None, :] + s[a:a + chunk, :, None] * rbm.w[None]
            out[a:a + chunk] = F.softplus(z).sum(-1) - base[a:a + chunk, None]
    else:
        sig = torch.sigmoid(zeta)
        comp = torch.sigmoid(-zeta)
        for a in range(0, x.shape[0], chunk):
            f = torch.where(x[a:a + chunk, :, None] == 0, rbm.e_on[None], rbm.e_off[None])
            f.mul_(sig[a:a + chunk, None, :]).add_(comp[a:a + chunk, None, :])
            out[a:a + chunk] = torch.log(f).sum(-1)
    return out + s * rbm.b


class Bgs:
    def __init__(self, rbm, x, gen):
        self.rbm, self.x, self.gen = rbm, x, gen

    def step(self):
        r = self.rbm
        h = torch.bernoulli(torch.sigmoid(r.zeta(self.x)), generator=self.gen)
        self.x = torch.bernoulli(torch.sigmoid(torch.addmm(r.b, h, r.wt)), generator=self.gen)


class LocallyBalanced:
    """Gibbs-with-Gradients (path length 1) and the path auxiliary proposal (path length R)."""

    def __init__(self, rbm, x, gen, exact, path, form, chunk):
        self.rbm, self.x, self.gen = rbm, x, gen
        self.exact, self.path, self.form, self.chunk = exact, path, form, chunk
        self.d, self.lv, self.lse = self.evaluate(x)

    def evaluate(self, x):
        zeta = self.rbm.zeta(x)
        if self.exact:
            d = exact_differences(self.rbm, x, zeta, self.form, self.chunk)
        else:
            d = (1.0 - 2.0 * x) * self.rbm.gradient(zeta)
        return d, self.rbm.lv(x, zeta), torch.logsumexp(d / 2, -1)

    def step(self):
        x, d, lse = self.x, self.d, self.lse
        logq = d / 2 - lse[:, None]
        idx = torch.multinomial(torch.exp(logq), self.path, replacement=True, generator=self.gen)
        y = x.clone()
        rows = torch.arange(x.shape[0])
        for k in range(self.path):
            y[rows, idx[:, k]] = 1.0 - y[rows, idx[:, k]]
        dy, lvy, lsey = self.evaluate(y)
        forward = logq.gather(1, idx).sum(-1)
        reverse = (dy / 2 - lsey[:, None]).gather(1, idx).sum(-1)
        u = torch.rand(x.shape[0], dtype=torch.float64, generator=self.gen)
        acc = torch.log(u) < (lvy - self.lv) + (reverse - forward)
        self.x = torch.where(acc[:, None], y, x)
        self.d = torch.where(acc[:, None], dy, d)
        self.lv = torch.where(acc, lvy, self.lv)
        self.lse = torch.where(acc, lsey, lse)


class Langevin:
    """DMALA (adjusted) and DULA (unadjusted) on {0,1}^n."""

    def __init__(self, rbm, x, gen, step_size, adjusted):
        self.rbm, self.x, self.gen = rbm, x, gen
        self.offset, self.adjusted = 1.0 / (2.0 * step_size), adjusted
        if adjusted:
            self.g, self.lv = self.evaluate(x)

    def evaluate(self, x):
        zeta = self.rbm.zeta(x)
        return self.rbm.gradient(zeta), self.rbm.lv(x, zeta)

    def logits(self, x, g):
        return 0.5 * (1.0 - 2.0 * x) * g - self.offset

    def step(self):
        x = self.x
        if not self.adjusted:
            g = self.rbm.gradient(self.rbm.zeta(x))
            a = self.logits(x, g)
            flip = torch.rand(x.shape, dtype=torch.float64, generator=self.gen) < torch.sigmoid(a)
            self.x = torch.where(flip, 1.0 - x, x)
            return
        a = self.logits(x, self.g)
        flip = torch.rand(x.shape, dtype=torch.float64, generator=self.gen) < torch.sigmoid(a)
        y = torch.where(flip, 1.0 - x, x)
        forward = -F.softplus(torch.where(flip, -a, a)).sum(-1)
        gy, lvy = self.evaluate(y)
        ay = self.logits(y, gy)
        reverse = -F.softplus(torch.where(flip, -ay, ay)).sum(-1)
        u = torch.rand(x.shape[0], dtype=torch.float64, generator=self.gen)
        acc = torch.log(u) < (lvy - self.lv) + (reverse - forward)
        self.x = torch.where(acc[:, None], y, x)
        self.g = torch.where(acc[:, None], gy, self.g)
        self.lv = torch.where(acc, lvy, self.lv)


def make(kernel, rbm, x, gen, a):
    if kernel == "bgs":
        return Bgs(rbm, x, gen)
    if kernel == "gwg":
        return LocallyBalanced(rbm, x, gen, True, 1, a.exact_form, a.chunk)
    if kernel == "gwg-gradient":
        return LocallyBalanced(rbm, x, gen, False, 1, a.exact_form, a.chunk)
    if kernel == "pas":
        return LocallyBalanced(rbm, x, gen, True, a.path_length, a.exact_form, a.chunk)
    if kernel == "dmala":
        return Langevin(rbm, x, gen, 0.2, True)
    if kernel == "dula":
        return Langevin(rbm, x, gen, 0.1, False)
    raise ValueError(kernel)


def timed(kernel, rbm, chains, steps, gen, a):
    """(wall seconds, this thread's CPU seconds) of a run: with one intra-op thread and
    OPENBLAS_NUM_THREADS=1 every product runs on the calling thread, so its CPU time is the run's,
    without the time other processes held the core (a loaded machine)."""
    t0, c0 = time.perf_counter(), time.thread_time()
    x = torch.bernoulli(torch.full((chains, rbm.w.shape[0]), 0.5, dtype=torch.float64), generator=gen)
    k = make(kernel, rbm, x, gen, a)
    for _ in range(steps):
        k.step()
    t1, c1 = time.perf_counter(), time.thread_time()
    assert k.x.shape == (chains, rbm.w.shape[0])
    return t1 - t0, c1 - c0


def blas_library():
    """The BLAS library this process loaded (Debian's torch calls libblas.so.3)."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "blas" in path.lower() and ".so" in path:
                return path
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", required=True, choices=["bgs", "gwg", "gwg-gradient", "pas", "dmala", "dula"])
    ap.add_argument("--visible", type=int, default=784)
    ap.add_argument("--hidden", type=int, default=500)
    ap.add_argument("--weight-std", type=float, default=0.01)
    ap.add_argument("--chains", type=int, default=100)
    ap.add_argument("--steps", type=int, default=220)
    ap.add_argument("--short", type=int, default=20)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--path-length", type=int, default=3)
    ap.add_argument("--exact-form", choices=["softplus", "product"], default="product")
    ap.add_argument("--chunk", type=int, default=10, help="chains per chunk of the exact differences")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(a.seed)
    rbm = Rbm(a.visible, a.hidden, a.weight_std, gen)
    timed(a.kernel, rbm, a.chains, 2, gen, a)  # first calls: library loading, allocator
    per_step = []
    cpu_per_step = []
    for _ in range(a.reps):
        long_s, long_c = timed(a.kernel, rbm, a.chains, a.steps, gen, a)
        short_s, short_c = timed(a.kernel, rbm, a.chains, a.short, gen, a)
        per_step.append((long_s - short_s) / (a.steps - a.short) * 1e3)
        cpu_per_step.append((long_c - short_c) / (a.steps - a.short) * 1e3)
    med = statistics.median(per_step)
    cpu_med = statistics.median(cpu_per_step)
    if a.json:
        print(json.dumps({"kernel": a.kernel, "ms_per_step": med, "cpu_ms_per_step": cpu_med, "reps": per_step,
                          "cpu_reps": cpu_per_step, "threads": torch.get_num_threads(), "exact_form": a.exact_form,
                          "torch": torch.__version__, "blas": blas_library()}))
    else:
        print(f"pytorch {torch.__version__} 1 thread float64 ({blas_library()}): {a.kernel} {med:.3f} ms per step "
              f"of {a.chains} chains (median of {a.reps}: {', '.join(f'{x:.3f}' for x in per_step)})")


if __name__ == "__main__":
    main()
