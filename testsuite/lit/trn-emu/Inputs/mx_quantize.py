#!/usr/bin/env python3
"""mx_quantize.py inputs DIR | check DIR: the inputs of mx-quantize.s and
the check of its outputs against mx_ref.py, NumPy's OCP MX (independent of
trnemu)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), *[".."] * 4, "docs", "examples", "common"))
import mx_ref  # noqa: E402


def block(a, g, c):
    """The 8 x 4 values of block (g, c) of a [P, F] array."""
    return a[8 * g:8 * g + 8, 4 * c:4 * c + 4]


def inputs(d):
    rng = np.random.default_rng(16)
    P, F = 128, 256
    e = rng.integers(-30, 31, size=(P // 8, 1, F // 4, 1)) + rng.integers(-12, 1, size=(P // 8, 8, F // 4, 4))
    v = rng.uniform(1, 2, size=e.shape) * np.exp2(e.astype(np.float64))
    v *= np.where(rng.random(e.shape) < 0.5, -1, 1)
    x = mx_ref.f32_to_bf16(v.reshape(P, F).astype(np.float32))
    block(x, 0, 0)[:] = 0
    block(x, 0, 0)[0, :2] = 0x8000                                # -0
    block(x, 1, 1)[3, 2] = 0x7FC0                                 # NaN
    block(x, 2, 2)[5, 1] = 0x7F80                                 # +inf
    block(x, 3, 3)[:] = rng.integers(1, 0x80, size=(8, 4))        # subnormals
    block(x, 4, 4)[:] = 0x7F7F                                    # the largest bf16
    block(x, 4, 4)[1, :] = 0xFF7F
    t = block(x, 5, 5)
    t[:] = mx_ref.f32_to_bf16(np.full((8, 4), 1.5, np.float32))
    t[0, 0] = mx_ref.f32_to_bf16(np.float32(256.0))               # amax 2^8: X = 1
    t[0, 1] = mx_ref.f32_to_bf16(np.float32(1.0625))              # tie: 1.0
    t[0, 2] = mx_ref.f32_to_bf16(np.float32(1.1875))              # tie: 1.25
    t[0, 3] = mx_ref.f32_to_bf16(np.float32(-1.1875))             # tie: -1.25
    np.save(os.path.join(d, "x.npy"), x)
    h = (rng.uniform(-1, 1, size=(32, 64)) * np.exp2(rng.integers(-20, 16, size=(32, 64)))).astype(np.float16)
    h[0:8, 0:4] = np.float16(65504)
    np.save(os.path.join(d, "h.npy"), h)


def check_tile(label, elem_name, src, packed, scales, P, rows_untouched):
    elem, codes = mx_ref.quantize(src, elem_name)
    want = mx_ref.pack(elem, elem_name)
    ok = np.array_equal(packed, want)
    n_scales = codes.size
    if P == 32:
        ok_s = np.array_equal(scales, codes)
    else:
        ok_s = True
        for q in range(P // 32):
            ok_s &= np.array_equal(scales[32 * q:32 * q + 4], codes[4 * q:4 * q + 4])
        if rows_untouched:
            others = np.ones(P, bool)
            for q in range(P // 32):
                others[32 * q:32 * q + 4] = False
            ok_s &= bool((scales[others] == 0xEE).all())
    if not ok:
        bad = np.argwhere(packed != want)[:5]
        for p, c in bad:
            print(f"{label}: element [{p}, {c}]: 0x{int(packed[p, c]):x}, expected 0x{int(want[p, c]):x}")
    if not ok_s:
        print(f"{label}: scales differ")
    if ok and ok_s:
        tail = ", other scale rows untouched" if rows_untouched else ""
        print(f"{label}: ok, {packed.size} elements and {n_scales} scales bit-exact{tail}")
    return codes, elem


def check(d):
    x = mx_ref.bf16_to_f32(np.load(os.path.join(d, "x.npy")))
    h = np.load(os.path.join(d, "h.npy")).astype(np.float32)
    load = lambda n: np.load(os.path.join(d, n + ".npy"))
    codes, elem = check_tile("q8", "fp8_e4m3fn", x, load("q8"), load("s8"), 128, True)
    check_tile("q5", "fp8_e5m2", x, load("q5"), load("s5"), 128, True)
    check_tile("qh", "fp8_e4m3fn", h, load("qh"), load("sh"), 32, False)
    # The planted blocks, through trnemu's own output.
    s8 = load("s8")
    row = lambda g: 32 * (g // 4) + g % 4
    q8 = mx_ref.unpack(load("q8"), "fp8_e4m3fn")
    sat = int((block(q8, 4, 4) & 0x7F == 0x7E).sum())  # 448
    print(f"planted blocks: zero {s8[row(0), 0]}, nan {s8[row(1), 1]}, inf {s8[row(2), 2]}, "
          f"subnormal {s8[row(3), 3]}, saturated {int(sat > 0)}")
    t = block(q8, 5, 5)
    print(f"ties: 1.0625 -> 0x{t[0, 1]:02x}, 1.1875 -> 0x{t[0, 2]:02x}, -1.1875 -> 0x{t[0, 3]:02x}; "
          f"NaN block elements 0x{block(q8, 1, 1)[0, 0]:02x}; -0 -> 0x{block(q8, 0, 0)[0, 0]:02x}")


if __name__ == "__main__":
    {"inputs": inputs, "check": check}[sys.argv[1]](sys.argv[2])
