"""NumPy helpers of the example compiler test suite: inputs in each dtype,
and the values they hold, computed without trnemu."""

import numpy as np

# numpy dtype of the arrays given to trnemu for each trnemu dtype.
STORAGE = {"fp32": np.float32, "fp16": np.float16, "bf16": np.uint16}


def bf16_bits(x):
    """float32 values -> bf16 bits, rounding to nearest even."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def random_input(rng, shape, dtype, low=-2.0, high=2.0):
    """(array for trnemu, its values as float64)."""
    x = rng.uniform(low, high, shape).astype(np.float32)
    if dtype == "bf16":
        bits = bf16_bits(x)
        return bits, (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    a = x.astype(STORAGE[dtype])
    return a, a.astype(np.float64)
