#!/usr/bin/env python3
"""NumPy reference of the MXFP8 GEMM (mxfp8-gemm.s), independent of trnemu.

  ref.py DIR          write the inputs (lhsT.npy, rhs.npy: bf16 bits) and the
                      expected outputs (ref.npy, qa.npy, sa.npy, qb.npy, sb.npy)
  ref.py --check DIR  compare the kernel's outputs (DIR/out.npy, DIR/got_*.npy)
                      with them and with the float64 product, and print figures

The OCP MX v1.0 quantization and the dequantized product come from
../common/mx_ref.py: element types decoded from their bit fields, the scale
from amax's fp32 exponent field, nearest-even encoding by search, and the
product of the dequantized operands with trnemu's documented fp32 order
(each product rounded once, added in increasing k = 4p + j).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import mx_ref  # noqa: E402

M, K, N = 256, 512, 512
ELEM = "fp8_e4m3fn"


def operand_tile(t):
    """A [K, W] operand as quantize_mx reads it: partition p, column c, value
    j is row 4p + j, column c: the [K/4, 4W] source with value j of element c
    at column 4c + j."""
    Kr, W = t.shape
    return t.reshape(Kr // 4, 4, W).transpose(0, 2, 1).reshape(Kr // 4, 4 * W)


def quantized(t_bits):
    """bf16 bits [K, W] -> (element codes [K/4, 4W], block codes [K/32, W])."""
    return mx_ref.quantize(operand_tile(mx_ref.bf16_to_f32(t_bits)), ELEM)


def make(d):
    rng = np.random.default_rng(2025)
    # Rows of varied magnitude, as activations and weights have.
    lhsT = rng.standard_normal((K, M)) * np.exp2(rng.integers(-4, 5, size=(K, 1)))
    rhs = rng.standard_normal((K, N)) * np.exp2(rng.integers(-4, 5, size=(1, N)))
    a = mx_ref.f32_to_bf16(lhsT.astype(np.float32))
    b = mx_ref.f32_to_bf16(rhs.astype(np.float32))
    np.save(os.path.join(d, "lhsT.npy"), a)
    np.save(os.path.join(d, "rhs.npy"), b)
    ea, ca = quantized(a)
    eb, cb = quantized(b)
    np.save(os.path.join(d, "qa.npy"), mx_ref.pack(ea, ELEM))
    np.save(os.path.join(d, "sa.npy"), mx_ref.scale_tile(ca, K // 4))
    np.save(os.path.join(d, "qb.npy"), mx_ref.pack(eb, ELEM))
    np.save(os.path.join(d, "sb.npy"), mx_ref.scale_tile(cb, K // 4))
    sa_, sb_ = mx_ref.dequantize(ea, ca, ELEM), mx_ref.dequantize(eb, cb, ELEM)
    np.save(os.path.join(d, "ref.npy"), mx_ref.matmul_fp32(sa_, sb_))
    np.save(os.path.join(d, "ref64.npy"), sa_.T @ sb_)  # float64, exact operands


def check(d):
    load = lambda n: np.load(os.path.join(d, n + ".npy"))
    ok = True
    for n in ["qa", "sa", "qb", "sb"]:
        same = np.array_equal(load("got_" + n), load(n))
        ok &= same
        print(f"{n}: {'bit-exact' if same else 'DIFFERENT'} ({load(n).size} elements)")
    out = load("out")
    same = np.array_equal(out.view(np.uint32), load("ref").view(np.uint32))
    ok &= same
    print(f"out: {'bit-exact against the fp32-order reference' if same else 'DIFFERENT'} ({out.size} elements)")
    # Against the float64 product of the same dequantized operands: the only
    # difference is fp32 accumulation, K = 512 additions. Bound: |err| <=
    # 512 * 2^-24 * sum_k |a_k b_k| (each partial sum's rounding, gamma_n);
    # checked as the stated tolerance 512 * 2^-24 = 3.05e-5 relative to
    # sum |a||b|.
    a64 = load("ref64")
    ea, ca = quantized(load("lhsT"))
    eb, cb = quantized(load("rhs"))
    absprod = np.abs(mx_ref.dequantize(ea, ca, ELEM)).T @ np.abs(mx_ref.dequantize(eb, cb, ELEM))
    err = np.abs(out.astype(np.float64) - a64)
    ratio = float((err / absprod).max())
    within = ratio <= K * 2.0 ** -24
    ok &= within
    print(f"out vs float64: max |err| / sum|a||b| = {ratio:.3g} (tolerance {K * 2.0 ** -24:.3g}): "
          f"{'ok' if within else 'EXCEEDED'}")
    # For the record: the quantization error against the unquantized bf16 product.
    x = mx_ref.bf16_to_f32(load("lhsT")).astype(np.float64)
    y = mx_ref.bf16_to_f32(load("rhs")).astype(np.float64)
    exact = x.T @ y
    rel = np.linalg.norm(out - exact) / np.linalg.norm(exact)
    print(f"out vs the unquantized bf16 product: relative Frobenius error {rel:.3g}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        check(sys.argv[2])
    else:
        make(sys.argv[1])
