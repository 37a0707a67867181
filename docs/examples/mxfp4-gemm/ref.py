#!/usr/bin/env python3
"""NumPy reference of the MXFP4 x MXFP8 GEMM (mxfp4-gemm.s), independent of
trnemu.

  ref.py DIR          write the inputs (xT.npy: bf16 bits; w4.npy, ws.npy: W
                      quantized to MXFP4 on the host) and the expected
                      output (ref.npy, and ref64.npy in float64)
  ref.py --check DIR  compare the kernel's DIR/out.npy with them and print
                      figures

The OCP MX v1.0 rules come from ../common/mx_ref.py (element types decoded
from their bit fields, scales from amax's fp32 exponent field, nearest-even
encoding by search): W [K, N] is quantized to MXFP4 (fp4_e2m1, emax 2) in
blocks of 32 rows of one column, xT to MXFP8 (fp8_e4m3fn) as quantize_mx
does; the product of the dequantized operands follows trnemu's documented
fp32 order (each product rounded once, added in increasing k = 4p + j).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import mx_ref  # noqa: E402

M, K, N = 256, 512, 512


def operand_tile(t):
    """[K, W] -> the [K/4, 4W] tile whose element c, value j is row 4p + j."""
    Kr, W = t.shape
    return t.reshape(Kr // 4, 4, W).transpose(0, 2, 1).reshape(Kr // 4, 4 * W)


def quantize_x(x_bits):
    return mx_ref.quantize(operand_tile(mx_ref.bf16_to_f32(x_bits)), "fp8_e4m3fn")


def make(d):
    rng = np.random.default_rng(4)
    x = rng.standard_normal((K, M)) * np.exp2(rng.integers(-3, 4, size=(K, 1)))
    w = rng.standard_normal((K, N)) * 0.05
    xb = mx_ref.f32_to_bf16(x.astype(np.float32))
    # The host's quantization of W: the same OCP rules, fp4_e2m1 elements.
    ew, cw = mx_ref.quantize(operand_tile(w.astype(np.float32)), "fp4_e2m1")
    np.save(os.path.join(d, "xT.npy"), xb)
    np.save(os.path.join(d, "w4.npy"), mx_ref.pack(ew, "fp4_e2m1"))
    np.save(os.path.join(d, "ws.npy"), cw)                      # [K / 32, N]
    np.save(os.path.join(d, "ew.npy"), ew)
    ex, cx = quantize_x(xb)
    dx, dw = mx_ref.dequantize(ex, cx, "fp8_e4m3fn"), mx_ref.dequantize(ew, cw, "fp4_e2m1")
    np.save(os.path.join(d, "ref.npy"), mx_ref.matmul_fp32(dx, dw))
    np.save(os.path.join(d, "ref64.npy"), dx.T @ dw)
    np.save(os.path.join(d, "w.npy"), w)


def check(d):
    load = lambda n: np.load(os.path.join(d, n + ".npy"))
    out = load("out")
    same = np.array_equal(out.view(np.uint32), load("ref").view(np.uint32))
    print(f"out: {'bit-exact against the fp32-order reference' if same else 'DIFFERENT'} ({out.size} elements)")
    ex, cx = quantize_x(load("xT"))
    dx = mx_ref.dequantize(ex, cx, "fp8_e4m3fn")
    dw = mx_ref.dequantize(load("ew"), load("ws"), "fp4_e2m1")
    # The packed file the kernel read holds the same fp4 values.
    assert np.array_equal(mx_ref.unpack(load("w4"), "fp4_e2m1"), load("ew"))
    absprod = np.abs(dx).T @ np.abs(dw)
    ratio = float((np.abs(out.astype(np.float64) - load("ref64")) / absprod).max())
    within = ratio <= K * 2.0 ** -24
    print(f"out vs float64: max |err| / sum|a||b| = {ratio:.3g} (tolerance {K * 2.0 ** -24:.3g}): "
          f"{'ok' if within else 'EXCEEDED'}")
    exact = mx_ref.bf16_to_f32(load("xT")).astype(np.float64).T @ load("w")
    rel = np.linalg.norm(out - exact) / np.linalg.norm(exact)
    print(f"out vs the unquantized product: relative Frobenius error {rel:.3g}")
    sys.exit(0 if same and within else 1)


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        check(sys.argv[2])
    else:
        make(sys.argv[1])
