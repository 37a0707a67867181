#!/usr/bin/python3
"""NumPy doing a bench/rows kernel's work unfused: the host reference of goal 3.

    /usr/bin/python3 bench/rows/numpy_reference.py NAME ROWS COLS

NAME is softmax, layernorm or rmsnorm. Builds random fp32 inputs of the
kernel's shapes, runs the same steps the kernel does, one NumPy call per step
as a user would write them (no fusion, no out= tricks, float32 throughout),
and prints the best of several repetitions in seconds on one line.
"""

import sys
import time

import numpy as np


def softmax(x, _params):
    m = np.max(x, axis=1, keepdims=True)
    e = np.exp(x - m)
    s = np.sum(e, axis=1, keepdims=True)
    return e / s


def layernorm(x, params):
    gamma, beta = params
    mean = np.mean(x, axis=1, keepdims=True)
    var = np.var(x, axis=1, keepdims=True)
    rstd = 1.0 / np.sqrt(var + np.float32(1e-5))
    y = (x - mean) * rstd
    return y * gamma + beta


def rmsnorm(x, params):
    (g,) = params
    ms = np.mean(np.square(x), axis=1, keepdims=True)
    rstd = 1.0 / np.sqrt(ms + np.float32(1e-6))
    return x * rstd * g


KERNELS = {"softmax": (softmax, 0), "layernorm": (layernorm, 2), "rmsnorm": (rmsnorm, 1)}


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in KERNELS:
        sys.stderr.write("usage: numpy_reference.py {softmax|layernorm|rmsnorm} ROWS COLS\n")
        return 2
    name, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    fn, nparams = KERNELS[name]
    rng = np.random.default_rng(0)
    x = rng.uniform(-10.0, 10.0, size=(rows, cols)).astype(np.float32)
    params = [rng.uniform(-2.0, 2.0, size=(1, cols)).astype(np.float32) for _ in range(nparams)]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        out = fn(x, params)
        best = min(best, time.perf_counter() - start)
        assert out.dtype == np.float32
    print(f"{best:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
