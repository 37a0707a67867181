"""mx_ref.py: the OCP Microscaling (MX) v1.0 formats in NumPy, independently
of trnemu, for the MX examples and tests.

Element types are decoded from their bit fields (sign, exponent, mantissa,
bias) and encoded by choosing the nearest finite value (ties to the even
encoding), saturating past the largest; a scale is the E8M0 code
floor(log2(amax)) - emax + 127 read off amax's fp32 bit fields. The block
layout is NKI's (docs/numerics.md, "MX"): 8 partitions x the 4 values of
one packed element share a scale; value j of element [p, c] is contraction
row 4p + j.
"""

import numpy as np

# name: (exponent bits, mantissa bits, bias, kind); kind "fn": no infinity,
# only all-ones is NaN (E4M3FN); "ieee": top exponent is inf/NaN (E5M2);
# "finite": no inf, no NaN (E2M1).
FORMATS = {
    "fp8_e4m3fn": (4, 3, 7, "fn"),
    "fp8_e5m2": (5, 2, 15, "ieee"),
    "fp4_e2m1": (2, 1, 1, "finite"),
}
EMAX = {"fp8_e4m3fn": 8, "fp8_e5m2": 15, "fp4_e2m1": 2}


def decode_table(name):
    """float64 value of every encoding of an element type (NaN where NaN)."""
    e_bits, m_bits, bias, kind = FORMATS[name]
    n = 1 << (1 + e_bits + m_bits)
    out = np.empty(n, np.float64)
    for code in range(n):
        sign = -1.0 if code >> (e_bits + m_bits) else 1.0
        e = (code >> m_bits) & ((1 << e_bits) - 1)
        m = code & ((1 << m_bits) - 1)
        top = (1 << e_bits) - 1
        if kind == "ieee" and e == top:
            out[code] = sign * np.inf if m == 0 else np.nan
            continue
        if kind == "fn" and e == top and m == (1 << m_bits) - 1:
            out[code] = np.nan
            continue
        if e == 0:
            out[code] = sign * m * 2.0 ** (1 - bias - m_bits)
        else:
            out[code] = sign * (1 + m / (1 << m_bits)) * 2.0 ** (e - bias)
    return out


def max_finite(name):
    t = decode_table(name)
    return np.nanmax(np.where(np.isfinite(t), t, np.nan))


def encode(values, name):
    """Nearest finite encoding of float64 values (ties to the even code),
    saturated to the largest finite magnitude; a value rounding to zero keeps
    its sign. No NaN or infinity expected."""
    table = decode_table(name)
    n_half = len(table) // 2
    pos = table[:n_half]                       # codes 0..: +0 upwards, maybe NaN/inf at the top
    finite = np.isfinite(pos)
    codes = np.arange(n_half)[finite]
    vals = pos[finite]                         # increasing with the code
    v = np.asarray(values, np.float64)
    mag = np.minimum(np.abs(v), vals[-1])
    i = np.searchsorted(vals, mag)             # vals[i-1] < mag <= vals[i]
    i = np.clip(i, 1, len(vals) - 1)
    lo, hi = vals[i - 1], vals[i]
    d_lo, d_hi = mag - lo, hi - mag
    pick_hi = (d_hi < d_lo) | ((d_hi == d_lo) & (codes[i] % 2 == 0))
    c = np.where(pick_hi, codes[i], codes[i - 1])
    c = np.where(mag == 0, 0, c)
    sign = np.signbit(v)
    return (c | (sign.astype(np.int64) << (FORMATS[name][0] + FORMATS[name][1] + 0))).astype(np.uint8)


def nan_code(name):
    """The positive quiet NaN trnemu writes into a NaN-scaled block."""
    return {"fp8_e4m3fn": 0x7F, "fp8_e5m2": 0x7E, "fp4_e2m1": 0}[name]  # fp4: no NaN (host use only)


def scale_code(amax, name):
    """E8M0 code of blocks with largest magnitudes amax (float32 array):
    floor(log2(amax)) from the fp32 bit fields, minus emax, plus 127, clamped
    to 0..254; 0 for amax 0; 255 for NaN or infinity."""
    a = np.asarray(amax, np.float32)
    b = a.view(np.uint32).astype(np.int64)
    e = (b >> 23) & 0xFF
    mant = b & 0x7FFFFF
    # Subnormal: the leading bit of the mantissa.
    lead = np.zeros_like(mant)
    m = mant.copy()
    for _ in range(23):
        lead += (m > 1)
        m >>= 1
    flog = np.where(e == 0, -149 + lead, e - 127)
    code = np.clip(flog - EMAX[name] + 127, 0, 254)
    code = np.where(a == 0, 0, code)
    code = np.where(~np.isfinite(a), 255, code)
    return code.astype(np.uint8)


def bf16_to_f32(u16):
    return (np.asarray(u16, np.uint32) << 16).view(np.float32)


def f32_to_bf16(f):
    """Round-to-nearest-even fp32 -> bf16 bits (finite inputs)."""
    b = np.atleast_1d(np.asarray(f, np.float32)).view(np.uint32).astype(np.uint64)
    r = (b + np.uint64(0x7FFF) + ((b >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)
    if np.ndim(f) == 0:
        return np.uint16(r[0])
    return r.astype(np.uint16)


def quantize(x, name):
    """quantize_mx of x [P, F] (float32 values of bf16/fp16 inputs): the
    element codes [P, F] (value j of packed element c is column 4c + j) and
    the block codes [P // 8, F // 4] (row g: partitions 8g..8g+7)."""
    P, F = x.shape
    blocks = x.reshape(P // 8, 8, F // 4, 4)
    special = ~np.isfinite(blocks).all(axis=(1, 3))
    amax = np.abs(np.where(np.isfinite(blocks), blocks, 0)).max(axis=(1, 3)).astype(np.float32)
    codes = scale_code(np.where(special, np.float32(np.nan), amax), name)
    s = codes.astype(np.int64) - 127
    v = blocks.astype(np.float64) / np.ldexp(1.0, s)[:, None, :, None]
    elem = encode(np.where(np.isfinite(v), v, 0), name).reshape(P, F)
    nanblk = np.repeat(np.repeat(special, 8, axis=0), 4, axis=1)
    elem = np.where(nanblk, nan_code(name), elem).astype(np.uint8)
    return elem, codes


def pack(elem, name):
    """Element codes [P, 4C] -> packed x4 elements [P, C] (uint32 for fp8,
    uint16 for fp4: value j in byte j / nibble j)."""
    P, F = elem.shape
    e = elem.reshape(P, F // 4, 4).astype(np.uint32)
    if name == "fp4_e2m1":
        e &= 0xF
        return (e[..., 0] | e[..., 1] << 4 | e[..., 2] << 8 | e[..., 3] << 12).astype(np.uint16)
    return (e[..., 0] | e[..., 1] << 8 | e[..., 2] << 16 | e[..., 3] << 24).astype(np.uint32)


def unpack(packed, name):
    """Packed x4 elements [P, C] -> element codes [P, 4C]."""
    p = np.asarray(packed).astype(np.uint32)
    width, mask = (4, 0xF) if name == "fp4_e2m1" else (8, 0xFF)
    e = np.stack([(p >> (width * j)) & mask for j in range(4)], axis=-1)
    return e.reshape(p.shape[0], -1).astype(np.uint8)


def dequantize(elem, codes, name):
    """Element codes [P, F] (F = 4C) and block codes [P // 8, C] -> float64
    [4P, C]: row 4p + j, column c is value j of element [p, c] times its
    block's 2^(code - 127); NaN for a NaN element or code 255."""
    P, F = elem.shape
    vals = decode_table(name)[elem].reshape(P, F // 4, 4)
    sc = np.repeat(codes.astype(np.int64), 8, axis=0)[:, :, None]
    out = np.where(sc == 255, np.nan, vals * np.ldexp(1.0, sc - 127))
    return out.transpose(0, 2, 1).reshape(4 * P, F // 4)


def matmul_fp32(stat, mov, acc=None):
    """trnemu's matmul order on dequantized float64 operands that are exact
    in fp32: each product rounded once to fp32, added in increasing k into
    an fp32 accumulator (from the first product, or from acc)."""
    with np.errstate(all="ignore"):
        s = stat.astype(np.float32)  # exact, or infinite past fp32's range
        m = mov.astype(np.float32)
        for a, b in ((s, stat), (m, mov)):
            ok = np.isfinite(a)
            assert np.array_equal(a[ok].astype(np.float64), b[ok])
    out = None if acc is None else np.asarray(acc, np.float32).copy()
    with np.errstate(all="ignore"):
        for k in range(s.shape[0]):
            prod = np.outer(s[k], m[k]).astype(np.float32)  # float32 x float32: one rounding
            out = prod if out is None else (out + prod).astype(np.float32)
    return out


def scale_tile(codes, P):
    """Block codes [P // 8, C] laid out as a scale tile: [4, C] for P = 32,
    else [P, C] with row 32q + g = block 4q + g and the other rows 0."""
    C = codes.shape[1]
    if P == 32:
        return codes.astype(np.uint8).copy()
    t = np.zeros((P, C), np.uint8)
    for q in range(P // 32):
        t[32 * q:32 * q + 4] = codes[4 * q:4 * q + 4]
    return t


def write_npy(path, array):
    np.save(path, np.ascontiguousarray(array))
