# The scikit-learn side of docs/library.md's side-by-side (benchmarks/peers/sklearn.sh runs it): the
# same work as LibraryRbm.java, written as a scikit-learn user would. Lines ending in "# timing" only
# measure; sklearn.sh leaves them and comments out of the line count.
import pickle
import time  # timing

import numpy as np
from sklearn.neural_network import BernoulliRBM

data = np.loadtxt("islands.csv", delimiter=",", skiprows=1, usecols=range(25))
t0, c0 = time.perf_counter(), time.process_time()  # timing
rbm = BernoulliRBM(n_components=20, batch_size=100, n_iter=200, random_state=1).fit(data)
print("fit_seconds", time.perf_counter() - t0, time.process_time() - c0)  # timing
t1, c1 = time.perf_counter(), time.process_time()  # timing
BernoulliRBM(n_components=20, batch_size=100, n_iter=200, random_state=1).fit(data)  # timing
print("refit_seconds", time.perf_counter() - t1, time.process_time() - c1)  # timing
samples = np.random.default_rng(1).integers(0, 2, size=(1000, 25)).astype(float)
for _ in range(100):
    samples = rbm.gibbs(samples)
print("pseudo-log-likelihood", rbm.score_samples(data).mean())
with open("model.pkl", "wb") as f:
    pickle.dump(rbm, f)
