#!/usr/bin/env python3
"""mx_matmul.py inputs DIR | check DIR: the inputs of mx-matmul.s and the
check of its outputs against mx_ref.py, NumPy's OCP MX (independent of
trnemu)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), *[".."] * 4, "docs", "examples", "common"))
import mx_ref  # noqa: E402

RNG = np.random.default_rng(1616)


def rand_elems(P, C, name, specials=False):
    """Element codes [P, 4C] of random finite values."""
    bits = 4 if name == "fp4_e2m1" else 8
    t = mx_ref.decode_table(name)
    e = RNG.integers(0, 1 << bits, size=(P, 4 * C))
    bad = ~np.isfinite(t[e])
    while bad.any():
        e[bad] = RNG.integers(0, 1 << bits, size=int(bad.sum()))
        bad = ~np.isfinite(t[e])
    return e.astype(np.uint8)


def scale_tile_junk(codes, P):
    """The scale layout with random bytes in the rows matmul_mx never reads."""
    t = mx_ref.scale_tile(codes, P)
    if P > 32:
        junk = RNG.integers(0, 256, size=t.shape).astype(np.uint8)
        rows = np.zeros(P, bool)
        for q in range(P // 32):
            rows[32 * q:32 * q + 4] = True
        t = np.where(rows[:, None], t, junk)
    return t


def codes(P, C, lo, hi):
    return RNG.integers(lo, hi + 1, size=(P // 8, C)).astype(np.uint8)


def inputs(d):
    save = lambda n, a: np.save(os.path.join(d, n + ".npy"), a)
    spec = {
        "a8": (128, 64, "fp8_e4m3fn"), "b4": (128, 512, "fp4_e2m1"), "b5": (128, 512, "fp8_e5m2"),
        "c5": (64, 32, "fp8_e5m2"), "d8": (64, 1024, "fp8_e4m3fn"),
        "e5": (32, 16, "fp8_e5m2"), "f4": (32, 64, "fp8_e4m3fn"),
    }
    scale_of = {"a8": "sa", "b4": "sb4", "b5": "sb5", "c5": "sc5", "d8": "sd8", "e5": "se5", "f4": "sf4"}
    for n, (P, C, name) in spec.items():
        e = rand_elems(P, C, name)
        c = codes(P, C, 110, 140)
        if n == "e5":
            c[0, 5] = 255                              # NaN scale: stationary column 5, block 0
            c[1, :] = 0                                # tiny ...
            c[2, 0:2] = 254                            # huge: overflows fp32 (with f4's 254)
            e[9, 4 * 7 + 1] = 0x7C                     # +inf element: partition 9, column 7
        if n == "f4":
            c[1, :] = 254                              # ... times huge
            c[2, 0:4] = 254
            e[20, 4 * 11 + 2] = 0x7F                   # NaN element: partition 20, column 11
        save(n, mx_ref.pack(e, name))
        save(n + "_elem", e)
        save(n + "_codes", c)
        save(scale_of[n], scale_tile_junk(c, P))


def deq(d, n, name):
    e = np.load(os.path.join(d, n + "_elem.npy"))
    c = np.load(os.path.join(d, n + "_codes.npy"))
    # Through the packed file the kernel read, not only the generator's copy.
    assert np.array_equal(mx_ref.unpack(np.load(os.path.join(d, n + ".npy")), name), e & (0xF if name == "fp4_e2m1" else 0xFF))
    return mx_ref.dequantize(e, c, name)


def compare(label, got, want):
    g = np.asarray(got, np.float32)
    w = np.asarray(want, np.float32)
    nan_g, nan_w = np.isnan(g), np.isnan(w)
    same = (nan_g == nan_w) & (nan_g | (g.view(np.uint32) == w.view(np.uint32)))
    if same.all():
        print(f"{label}: ok, {g.size} elements bit-exact")
    else:
        for i in np.argwhere(~same)[:5]:
            i = tuple(i)
            print(f"{label}: at {i}: {g[i]!r} (0x{g.view(np.uint32)[i]:08x}), expected {w[i]!r} (0x{w.view(np.uint32)[i]:08x})")
        print(f"{label}: {int((~same).sum())} of {g.size} differ")


def check(d):
    out = lambda n: np.load(os.path.join(d, n + ".npy"))
    a8 = deq(d, "a8", "fp8_e4m3fn")
    o1 = mx_ref.matmul_fp32(a8, deq(d, "b4", "fp4_e2m1"))
    o1 = mx_ref.matmul_fp32(a8, deq(d, "b5", "fp8_e5m2"), acc=o1)
    compare("o1", out("o1"), o1)
    c5 = deq(d, "c5", "fp8_e5m2")
    d8 = deq(d, "d8", "fp8_e4m3fn")
    o2 = mx_ref.bf16_to_f32(mx_ref.f32_to_bf16(mx_ref.matmul_fp32(c5, d8)))
    o2 = mx_ref.bf16_to_f32(mx_ref.f32_to_bf16(mx_ref.matmul_fp32(c5, d8, acc=o2)))
    compare("o2", mx_ref.bf16_to_f32(out("o2")), o2)
    o3 = mx_ref.matmul_fp32(deq(d, "e5", "fp8_e5m2"), deq(d, "f4", "fp8_e4m3fn"))
    g = out("o3")
    compare("o3", g, o3)
    others = np.isnan(g).copy()
    others[5, :] = False
    others[:, 11] = False
    print(f"o3: row 5 all NaN: {bool(np.isnan(g[5]).all())}, column 11 all NaN: "
          f"{bool(np.isnan(g[:, 11]).all())}, infinities: {bool(np.isinf(g).any())}, "
          f"NaNs elsewhere: {bool(others.any())}")


if __name__ == "__main__":
    {"inputs": inputs, "check": check}[sys.argv[1]](sys.argv[2])
