#!/usr/bin/env python3
"""Writes the cost-pinning tests testsuite/lit/timing/cost-*.s.

    python3 testsuite/lit/timing/Inputs/gen_cost_tests.py [OUTDIR]

Each generated test is an assembly program whose instructions all run on one
engine (so --trace-text prints them in program order), run on every chip it
supports; FileCheck pins the cycles column of every line. The expected
cycles are computed HERE, independently of the emulator, from the published
formulas (trainium-facts.md section 3, isa/Costs.td) and the chips' perf
modes (isa/Chips.td); each CHECK carries the formula with its numbers.

Prefixes: ALL for a line whose cycles are the same on every chip the test
runs on, TRN1/TRN2/TRN3 where they differ. A few deliberate exceptions to
what the model does were once XFAIL tests; the model now follows them.

Edit this script, not the generated files, and re-run it.
"""

import os
import re
import sys

CHIPS = ["trn1", "trn2", "trn3"]
# isa/Chips.td PerfModes, in the order the model tries them (first match).
PERF_MODES = {
    "trn1": [],
    "trn2": ["dve-copy-4x", "dve-copy-2x", "dve-tt-2x"],
    "trn3": ["dve-copy-4x", "dve-copy-2x", "dve-tt-2x", "act-copy-2x"],
}
MIN_II, MIN_II_DYNAMIC, GPSIMD_START, DVE_DEPENDENT, SEQ_OP = 64, 600, 150, 100, 1
# isa/Costs.td engine timing: same-engine interlocks and the ACT table load.
ACT_DEPENDENT, POOL_DEPENDENT, ACT_TABLE_LOAD, MM_INIT_LATENCY = 200, 100, 1536, 64
# isa/Enums.td ActTableSet: the functions these tests use and their sets.
ACT_TABLE_SET = {"exp": "natural_log_exp_and_others", "gelu": "gelu_and_others", "copy": None,
                 "relu": None, "rsqrt": "reciprocal_sqrt_and_small"}
ENGINE_NAME = {"pe": "PE", "dve": "DVE", "act": "ACT", "pool": "POOL", "sp": "SP"}


class Alloc:
    def __init__(self, name, space, dtype, parts, free):
        self.name, self.space, self.dtype, self.parts, self.free = name, space, dtype, parts, free

    def decl(self):
        return f".{self.space} {self.name} : {self.dtype}[{self.parts}, {self.free}]"


class Operand:
    """One tensor operand: a slice of an allocation."""

    def __init__(self, alloc, n, parts=None, p0=0, off=0, step=1, reg=None):
        self.alloc, self.n, self.step, self.reg = alloc, n, step, reg
        self.parts = alloc.parts if parts is None else parts
        self.p0 = p0
        assert off + (n - 1) * step < alloc.free, (alloc.name, n, step)
        prange = ":" if (self.parts == alloc.parts and p0 == 0) else f"{p0}:{p0 + self.parts}"
        frange = f"{off}:{off + n * step}" + (f":{step}" if step != 1 else "")
        self.text = f"{alloc.name}[{prange}, {frange}]" + (f" + {reg}" if reg else "")

    space = property(lambda s: s.alloc.space)
    dtype = property(lambda s: s.alloc.dtype)
    contiguous = property(lambda s: s.step == 1)


def is16(o):
    return o.dtype in ("bf16", "fp16")


def perf_mode(chip, engine, cls, ops):
    """The chip's first perf mode that applies, as (name, speedup, why) or None.
    ops are every tensor operand (dst first), as the model's predicates see
    them."""
    all_sbuf = all(o.space == "sbuf" for o in ops)
    all16 = all(is16(o) for o in ops)
    contig = all(o.contiguous for o in ops)
    for mode in PERF_MODES[chip]:
        if mode == "dve-copy-4x" and engine == "dve" and cls in ("copy", "ts") and all_sbuf and all16 and contig:
            return mode, 4, "SBUF, 16-bit, contiguous"
        if mode == "dve-copy-2x" and engine == "dve" and cls in ("copy", "ts") and all16:
            return mode, 2, "16-bit" + ("" if all_sbuf else ", PSUM side") + ("" if contig else ", non-contiguous")
        if mode == "dve-tt-2x" and engine == "dve" and cls == "tt" and all_sbuf and all16:
            return mode, 2, "SBUF, 16-bit"
        if mode == "act-copy-2x" and engine == "act" and cls in ("copy", "ts") and all16:
            return mode, 2, "16-bit"
    return None


def with_mode(chip, engine, cls, ops, value, text):
    m = perf_mode(chip, engine, cls, ops)
    if not m:
        return value, f"{text} = {value}"
    name, speed, why = m
    # isa/Costs.td: a mode speeds up the datapath; the named constants (the
    # MIN_II floors) are fixed costs and stay whole.
    floor_name, floor, var_text, var = FLOOR_OF[(value, text)]
    part = -(-var // speed)
    v = max(floor, part)
    return v, (f"{name} ({why}): max({floor_name}={floor}, ceil({var_text} / {speed})={part})"
               f" = {v}")


# (value, text) of a max(FLOOR, var) cost -> its parts, for with_mode.
FLOOR_OF = {}


def floor_cost(floor_name, floor, var_text, var):
    c = (max(floor, var), f"max({floor_name}={floor}, {var_text})")
    FLOOR_OF[c] = (floor_name, floor, var_text, var)
    return c


class Case:
    """One instruction and, per chip, (cycles, formula text)."""

    def __init__(self, engine, mnemonic, asm, per_chip, note=None):
        self.engine, self.mnemonic, self.asm, self.per_chip, self.note = engine, mnemonic, asm, per_chip, note


def case(engine, mnemonic, operands_text, cost_fn, chips, note=None):
    asm = f"    {engine}.{mnemonic} {operands_text}"
    return Case(engine, mnemonic, asm, {c: cost_fn(c) for c in chips}, note)


class TestFile:
    def __init__(self, name, title, chips=CHIPS, xfail=None):
        self.name, self.title, self.chips, self.xfail = name, title, chips, xfail
        self.allocs, self.items, self.header = [], [], []

    def alloc(self, name, space, dtype, parts, free):
        a = Alloc(name, space, dtype, parts, free)
        self.allocs.append(a)
        return a

    def text(self, line):
        self.items.append(line)

    def add(self, c):
        self.items.append(c)

    def render(self):
        out = []
        for chip in self.chips:
            out.append(f"# RUN: trn-emu --chip {chip} --trace-text %s \\\n"
                       f"# RUN:   | FileCheck %s --check-prefixes=ALL,{chip.upper()}")
        if self.xfail:
            out.append("# XFAIL: *")
        out.append("#")
        out.append(f"# {self.title}")
        for h in self.header:
            out.append(f"# {h}" if h else "#")
        out.append("#")
        out.append("# Generated by Inputs/gen_cost_tests.py (edit it there): the cycles are")
        out.append("# computed from the published formulas, not read from the emulator. Each")
        out.append("# CHECK pins the cycles column of trn-emu --trace-text for one instruction;")
        out.append("# the comment above it gives the formula with its numbers. Sources may be")
        out.append("# uninitialised (the run warns on stderr): values do not affect costs.")
        out.append("")
        used = " ".join(it.asm for it in self.items if isinstance(it, Case))
        for a in self.allocs:
            if re.search(rf"\b{a.name}\b", used):
                out.append(a.decl())
        first = {c: True for c in self.chips}
        for it in self.items:
            if isinstance(it, str):
                out.append("")
                out.append(f"# {it}")
                continue
            out.append("")
            if it.note:
                for line in it.note.split("\n"):
                    out.append(f"# {line}")
            out.append(it.asm)
            values = {c: it.per_chip[c] for c in self.chips}
            eng = ENGINE_NAME[it.engine]
            pat = lambda v: f"{eng} {v} {it.engine}.{it.mnemonic}{{{{( |$)}}}}"
            if len({v for v, _ in values.values()}) == 1 and len({t for _, t in values.values()}) == 1:
                v, t = values[self.chips[0]]
                out.append(f"# {t}")
                suffix = "-NEXT" if all(not first[c] for c in self.chips) else ""
                if suffix == "":
                    # ALL cannot be NEXT for one chip and not for another.
                    assert all(first[c] for c in self.chips)
                out.append(f"# ALL{suffix}: {pat(v)}")
                for c in self.chips:
                    first[c] = False
            else:
                # Group chips with the same formula text.
                groups = []
                for c in self.chips:
                    for g in groups:
                        if values[g[0]] == values[c]:
                            g.append(c)
                            break
                    else:
                        groups.append([c])
                for g in groups:
                    v, t = values[g[0]]
                    out.append(f"# {', '.join(g)}: {t}")
                    for c in g:
                        out.append(f"# {c.upper()}{'' if first[c] else '-NEXT'}: {pat(v)}")
                        first[c] = False
        out.append("")
        for c in self.chips:
            out.append(f"# {c.upper()}-NEXT: ran ")
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------- helpers

def same(value_text):
    """A cost that is the same on every chip: fn(chip) -> (v, text)."""
    v, t = value_text
    return lambda chip: (v, f"{t} = {v}")


def mx(name, value, floor_name="MIN_II", floor=MIN_II):
    return max(floor, value), f"max({floor_name}={floor}, {name}={value})"


# ---------------------------------------------------------------- PE

def fast_ls(m):
    """A1 fast LoadStationary: a quarter of a multiply of free size M."""
    v = -(-max(MM_INIT_LATENCY, m) // 4)
    return v, f"ceil(max(64, NStat={m}) / 4)={v}"


def mm(n):
    v = max(MM_INIT_LATENCY, n)
    return v, f"max(64, NMov={n})={v}"


def matmul_cost(m, n, fp32, after):
    """The fused matmul: after a multiply the load is in the background."""
    mv, mt = mm(n)
    if after:
        v, t = mv, f"after a multiply, load hidden: {mt}"
    else:
        lv, lt = fast_ls(m)
        v, t = lv + mv, f"load exposed: {lt} + {mt}"
    if fp32:
        return 4 * v, f"Fp32Matmul: 4 * ({t}) = {4 * v}"
    return v, f"{t} = {v}"


def pe_matmul():
    f = TestFile("cost-pe-matmul.s",
                 "TensorE matmul: LoadStationary + MultiplyMoving, 4x for fp32 (A1; ISA-OLD nc_matmul).")
    f.header = [
        "NStat = M, the stationary's free size (columns); NMov = N, the moving's.",
        "The multiply's II is max(64, N) (A1: max(N, MM_INIT_LATENCY); the 64-cycle",
        "floor of the split form). The load is fast (A1: up to 4x faster than a",
        "multiply of the same free size: ceil(max(64, M) / 4)) and runs in the",
        "background of the previous multiply, so right after a multiply only",
        "max(64, N) is paid; after a PE transpose (not a multiply) or first on the",
        "engine, load + multiply. Fp32Matmul: either operand fp32 (tf32 runs at",
        "the 16-bit rate, PeDense16).",
    ]
    types = ["bf16", "fp16", "fp8_e4m3", "tf32", "fp32"]
    A = {}
    for t in types:
        A[t] = (f.alloc(f"s_{t}", "sbuf", t, 128, 128), f.alloc(f"m_{t}", "sbuf", t, 128, 512))
    p = f.alloc("p", "psum", "fp32", 128, 512)
    f.alloc("pt", "psum", "bf16", 128, 64)
    shapes = [(128, 128, 512), (128, 128, 128), (128, 128, 64), (128, 128, 32), (128, 32, 32),
              (128, 16, 8), (64, 128, 512), (32, 100, 200), (128, 64, 1), (1, 1, 1)]
    after = False
    for t in types:
        f.text(f"{t} operands")
        for K, M, N in shapes:
            if t != "bf16" and (K, M, N) not in [(128, 128, 512), (128, 128, 32), (128, 16, 8)]:
                continue
            s, m = A[t]
            ops = f"p[0:{M}, 0:{N}], s_{t}[0:{K}, 0:{M}], m_{t}[0:{K}, 0:{N}]"
            cost = matmul_cost(M, N, t == "fp32", after)
            f.add(case("pe", "matmul", ops, same_text(cost), CHIPS, note=f"[K={K}, M={M}] x [K={K}, N={N}] {t}"))
            after = True
    f.text("fp32 stationary with tf32 moving: Fp32Matmul holds (either operand fp32)")
    f.add(case("pe", "matmul", "p[:, 0:512], s_fp32[:, 0:128], m_tf32[:, 0:512]",
               same_text(matmul_cost(128, 512, True, True)), CHIPS))
    f.text("acc=accumulate and transpose=true cost the same")
    f.add(case("pe", "matmul", "p[:, 0:512], s_bf16[:, 0:128], m_bf16[:, 0:512], acc=accumulate",
               same_text(matmul_cost(128, 512, False, True)), CHIPS))
    f.text("after a PE transpose (not a multiply) the load is exposed")
    for t, M, N in [("bf16", 128, 512), ("bf16", 1, 1), ("bf16", 16, 16), ("bf16", 100, 200),
                    ("fp32", 128, 512), ("fp32", 8, 8)]:
        f.add(case("pe", "transpose", "pt[0:64, 0:64], s_bf16[0:64, 0:64]",
                   same_text((64, "max(64, P=64, min(64, F=64)) = 64")), CHIPS))
        f.add(case("pe", "matmul", f"p[0:{M}, 0:{N}], s_{t}[:, 0:{M}], m_{t}[:, 0:{N}]",
                   same_text(matmul_cost(M, N, t == "fp32", False)), CHIPS, note=f"{t} M={M}, N={N}"))
    return f


def pe_split():
    f = TestFile("cost-pe-split.s",
                 "TensorE split form: load_stationary and multiply_moving (A1, ISA-OLD).")
    f.header = [
        "load_stationary: fast, ceil(max(64, NStat) / 4) (A1: up to 4x faster than a",
        "multiply of the same free size; 4x for fp32), but SEQ_OP = 1 cycle right",
        "after a multiply (matmul or multiply_moving): the weight load runs in the",
        "background of the multiply (A1), which took max(64, N) >= max(64, M) / 4",
        "cycles, so only issuing it remains. multiply_moving: max(64, NMov) (the II",
        "of back-to-back matmuls reusing a stationary, A1), 4x if the loaded",
        "stationary or the moving operand is fp32.",
    ]
    for t in ["bf16", "fp32"]:
        f.alloc(f"s_{t}", "sbuf", t, 128, 128)
        f.alloc(f"m_{t}", "sbuf", t, 128, 512)
    f.alloc("p", "psum", "fp32", 128, 512)
    f.alloc("pt", "psum", "bf16", 128, 64)
    seq = [
        ("load_stationary", "s_bf16[:, 0:128]", (32, "first on the engine: ceil(max(64, NStat=128) / 4)")),
        ("multiply_moving", "p[:, 0:512], m_bf16[:, 0:512]", (512, "max(64, NMov=512)")),
        ("load_stationary", "s_bf16[:, 0:128]", (1, "after a multiply, in the background: SEQ_OP")),
        ("multiply_moving", "p[:, 0:32], m_bf16[:, 0:32]", (64, "max(64, NMov=32)")),
        ("multiply_moving", "p[:, 0:100], m_bf16[:, 0:100]", (100, "max(64, NMov=100)")),
        ("load_stationary", "s_bf16[:, 0:32]", (1, "after a multiply: SEQ_OP")),
        ("load_stationary", "s_bf16[:, 0:32]", (16, "after a load, not a multiply: ceil(max(64, NStat=32) / 4)")),
        ("load_stationary", "s_bf16[0:64, 0:16]", (16, "after a load: ceil(max(64, NStat=16) / 4)")),
        ("load_stationary", "s_bf16[:, 0:100]", (25, "after a load: ceil(max(64, NStat=100) / 4)")),
        ("load_stationary", "s_bf16[:, 0:99]", (25, "after a load: ceil(max(64, NStat=99) / 4) = ceil(24.75)")),
        ("load_stationary", "s_bf16[0:64, 0:16]", (16, "after a load: ceil(max(64, NStat=16) / 4)")),
        ("multiply_moving", "p[0:16, 0:8], m_bf16[0:64, 0:8]", (64, "max(64, NMov=8)")),
        ("load_stationary", "s_fp32[:, 0:128]", (1, "fp32, but after a multiply: SEQ_OP (the first case wins)")),
        ("multiply_moving", "p[:, 0:512], m_fp32[:, 0:512]", (2048, "Fp32Matmul: 4 * max(64, NMov=512)=512")),
        ("multiply_moving", "p[:, 0:16], m_fp32[:, 0:16]", (256, "Fp32Matmul: 4 * max(64, NMov=16)=64")),
        ("load_stationary", "s_bf16[:, 0:128]", (1, "after a multiply: SEQ_OP")),
        ("load_stationary", "s_fp32[:, 0:128]", (128, "fp32 after a load: 4 * ceil(max(64, NStat=128) / 4)=32")),
        ("load_stationary", "s_fp32[:, 0:8]", (64, "fp32 after a load: 4 * ceil(max(64, NStat=8) / 4)=16")),
        ("multiply_moving", "p[0:8, 0:512], m_fp32[:, 0:512]", (2048, "stationary fp32: 4 * max(64, NMov=512)=512")),
        ("matmul", "p[:, 0:512], s_bf16[:, 0:128], m_bf16[:, 0:512]", (512, "after a multiply, load hidden: max(64, NMov=512)")),
        ("load_stationary", "s_bf16[:, 0:128]", (1, "after a matmul, in the background: SEQ_OP")),
        ("multiply_moving", "p[:, 0:512], m_bf16[:, 0:512]", (512, "the bf16 stationary: max(64, NMov=512)")),
        ("transpose", "pt[0:64, 0:64], s_bf16[0:64, 0:64]", (64, "a square transpose: max(64, P=64, min(64, F=64))")),
        ("load_stationary", "s_bf16[:, 0:128]", (32, "after pe.transpose (not a multiply): ceil(max(64, NStat=128) / 4)")),
        ("multiply_moving", "p[:, 0:512], m_bf16[:, 0:512]", (512, "max(64, NMov=512)")),
        ("nop", "", (1, "SEQ_OP")),
        ("load_stationary", "s_bf16[:, 0:128]",
         (1, "a control instruction in between still leaves it right after a multiply (only\n"
             "# datapath instructions count, so loop control does not expose the load): SEQ_OP")),
        ("multiply_moving", "p[:, 0:1], m_bf16[:, 0:1]", (64, "max(64, NMov=1)")),
        ("transpose", "pt[0:64, 0:64], s_bf16[0:64, 0:64]", (64, "max(64, P=64, min(64, F=64))")),
        ("load_stationary", "s_bf16[:, 0:1]", (16, "after a transpose: ceil(max(64, NStat=1) / 4)")),
        ("multiply_moving", "p[0:1, 0:1], m_bf16[:, 0:1]",
         (64, "max(64, NMov=1): load + multiply = 16 + 64 = 80, as the fused matmul\n"
              "# of M = N = 1 after a transpose (cost-pe-matmul.s)")),
    ]
    for mn, ops, cost in seq:
        if mn == "nop":
            f.add(Case("pe", "nop", "    pe.nop", {c: (1, "SEQ_OP = 1") for c in CHIPS}))
            continue
        f.add(case("pe", mn, ops, same(cost), CHIPS))
    return f


class Alloc2Row(Alloc):
    """A [parts, 2, free] allocation: the [K, 2, .] layout of perf=double_row."""

    def decl(self):
        return f".{self.space} {self.name} : {self.dtype}[{self.parts}, 2, {self.free}]"


def pe_double_row():
    f = TestFile("cost-pe-double-row.s",
                 "TensorE perf=double_row (trn2 and later; A2): fp8, K = 2 x the partitions.",
                 chips=["trn2", "trn3"])
    f.header = [
        "The inputs are [K, 2, M] and [K, 2, N]; NStat and NMov are the columns M and N,",
        "half the free sizes, so a double-row matmul costs what a plain one of the same",
        "M and N costs (A2: \"same time as a BF16 matmul with K = 128\") for twice the",
        "MACs: max(64, NMov) after a multiply, ceil(max(64, NStat) / 4) + max(64, NMov)",
        "with its weight load exposed; load_stationary and multiply_moving likewise.",
        "trn1 has no double-row mode (the verifier refuses it).",
    ]
    f.allocs.append(Alloc2Row("s8", "sbuf", "fp8_e4m3", 128, 128))
    f.allocs.append(Alloc2Row("m8", "sbuf", "fp8_e4m3", 128, 512))
    f.allocs.append(Alloc2Row("m5", "sbuf", "fp8_e5m2", 128, 512))
    f.alloc("sb", "sbuf", "bf16", 128, 128)
    f.alloc("p", "psum", "fp32", 128, 512)
    f.alloc("pt", "psum", "bf16", 128, 64)
    chips = ["trn2", "trn3"]
    dr = ", perf=double_row"
    seq = [
        ("matmul", f"p, s8, m8{dr}", matmul_cost(128, 512, False, False), "[128, 2, 128] x [128, 2, 512]: K = 256, first on the engine"),
        ("matmul", f"p, s8, m8{dr}", matmul_cost(128, 512, False, True), None),
        ("matmul", f"p, s8, m5{dr}", matmul_cost(128, 512, False, True), "fp8_e4m3 against fp8_e5m2"),
        ("matmul", f"p[:, 0:64], s8, m8[:, :, 0:64]{dr}", matmul_cost(128, 64, False, True), None),
        ("matmul", f"p[:, 0:32], s8, m8[:, :, 0:32]{dr}", matmul_cost(128, 32, False, True), "N = 32: the 64-cycle floor"),
        ("matmul", f"p[0:32, 0:100], s8[:, :, 0:32], m8[:, :, 0:100]{dr}", matmul_cost(32, 100, False, True), None),
        ("matmul", f"p, s8[0:64], m8[0:64]{dr}", matmul_cost(128, 512, False, True), "K = 128 on 64 partitions"),
        ("matmul", "p, s8[:, 0, :], m8[:, 0, :]", matmul_cost(128, 512, False, True), "plain fp8, K = 128: the same time for half the MACs"),
        ("transpose", "pt[0:64, 0:64], sb[0:64, 0:64]", (64, "max(64, P=64, min(64, F=64)) = 64"), None),
        ("matmul", f"p[0:16, 0:8], s8[:, :, 0:16], m8[:, :, 0:8]{dr}", matmul_cost(16, 8, False, False), "after a transpose, the load exposed"),
        ("transpose", "pt[0:64, 0:64], sb[0:64, 0:64]", (64, "max(64, P=64, min(64, F=64)) = 64"), None),
        ("load_stationary", f"s8{dr}", fast_ls(128), "the split form, after a transpose"),
        ("multiply_moving", f"p, m8{dr}", mm(512), None),
        ("load_stationary", f"s8[:, :, 0:16]{dr}", (1, "after a multiply, in the background: SEQ_OP"), None),
        ("multiply_moving", f"p[0:16, 0:256], m5[:, :, 0:256]{dr}", mm(256), None),
    ]
    for mn, ops, cost, note in seq:
        v, t = cost
        text = t if t.endswith(f"= {v}") or t.endswith(f"={v}") else f"{t} = {v}"
        f.add(case("pe", mn, ops, lambda c, v=v, text=text: (v, text), chips, note=note))
    return f


def pe_transpose(nonsquare):
    if not nonsquare:
        f = TestFile("cost-pe-transpose.s",
                     "TensorE transpose: max(64, P, min(64, F)) for src [P, F] (ISA-OLD nc_transpose; A1 floor).")
        f.header = ["Square sources; the non-square ones are in cost-pe-transpose-nonsquare.s.",
                    "The 64-cycle floor is the II floor of every TensorE multiply (A1:",
                    "MM_INIT_LATENCY); a transpose multiplies src by an identity."]
        shapes = [(128, 128), (64, 64), (32, 32), (96, 96), (16, 16)]
    else:
        f = TestFile("cost-pe-transpose-nonsquare.s",
                     "TensorE transpose of a non-square src [P, F]: max(64, P, min(64, F)) (ISA-OLD; A1 floor).")
        f.header = [
            "P and F are the source's (its destination is [F, P]): src [128, 32] costs",
            "128 and src [32, 128] costs 64. Read as a matmul of src (stationary, M = F)",
            "against a P x P identity (moving, N = P), the published cost is",
            "max(min(64, F), P), with the multiply's 64-cycle floor (A1).",
        ]
        shapes = [(128, 32), (32, 128), (128, 64), (64, 128), (128, 1), (16, 128), (16, 8)]
    for t in ["bf16", "fp32"]:
        f.alloc(f"s_{t}", "sbuf", t, 128, 128)
        f.alloc(f"p_{t}", "psum", t, 128, 128)
    for t in ["bf16", "fp32"]:
        for P, F in shapes:
            v = max(64, P, min(64, F))
            f.add(case("pe", "transpose", f"p_{t}[0:{F}, 0:{P}], s_{t}[0:{P}, 0:{F}]",
                       same((v, f"max(64, P={P}, min(64, F={F})={min(64, F)})")), CHIPS,
                       note=f"{t} src [{P}, {F}] -> dst [{F}, {P}]"))
    return f


# ---------------------------------------------------------------- ACT

def act():
    f = TestFile("cost-act.s", "ScalarE: activation, tensor_copy, tensor_scalar (ISA-OLD; A3 for trn3's 2x).")
    f.header = [
        "activation: max(MIN_II, N), + MIN_II with accum (activation_reduce's",
        "ActReadAccumulator). Scale and bias are free (A1). act-copy-2x (trn3 only):",
        "tensor_copy and tensor_scalar twice as fast when every tensor operand is",
        "bf16/fp16; activation itself has no perf mode. The first exp loads its",
        "table set: + ACT_TABLE_LOAD = 1536 (cost-act-table.s). An instruction that",
        "reads what the line before wrote pays ACT_DEPENDENT = 200 (PERF), the",
        "last two lines.",
    ]
    fa = f.alloc("fa", "sbuf", "fp32", 128, 4096)
    ba = f.alloc("ba", "sbuf", "bf16", 128, 4096)
    ha = f.alloc("ha", "sbuf", "fp16", 128, 4096)
    fo = f.alloc("fo", "sbuf", "fp32", 128, 4096)
    bo = f.alloc("bo", "sbuf", "bf16", 128, 4096)
    ho = f.alloc("ho", "sbuf", "fp16", 128, 4096)
    pf = f.alloc("pf", "psum", "fp32", 128, 2048)
    col = f.alloc("col", "sbuf", "fp32", 128, 2)
    f.text("activation")
    first = True
    for n, src, dst, extra in [(32, fa, fo, ""), (64, fa, fo, ""), (65, fa, fo, ""), (512, fa, fo, ""),
                               (4096, fa, fo, ""), (1000, ba, bo, ""), (512, ba, bo, ", scale=2.0, bias=0.5"),
                               (512, fa, fo, ", scale=col[:, 0:1], bias=col[:, 1:2]"),
                               (2048, pf, fo, ""), (777, ha, ho, "")]:
        s, d = Operand(src, n), Operand(dst, n)
        v, t = mx("N", n)  # [P, 1] scale/bias operands have N = 1
        if first:
            v, t = v + ACT_TABLE_LOAD, f"{t}={v} + ACT_TABLE_LOAD=1536 (the first exp: no set loaded)"
            first = False
        f.add(case("act", "activation", f"{d.text}, {s.text}, exp{extra}", same((v, t)), CHIPS,
                   note=f"{src.dtype} {src.space} -> {dst.dtype}, N={n}{' (scale/bias free)' if extra else ''}"))
    f.text("activation with accum (activation_reduce)")
    for n in [32, 64, 512, 2048]:
        s, d = Operand(fa, n), Operand(fo, n)
        v = max(64, n) + 64
        f.add(case("act", "activation", f"{d.text}, {s.text}, exp, accum=col[:, 0:1]",
                   same((v, f"max(MIN_II=64, N={n})={max(64, n)} + MIN_II=64")), CHIPS))
    f.text("act.tensor_copy and act.tensor_scalar")
    for mn, n, src, dst in [("tensor_copy", 1024, fa, fo), ("tensor_copy", 1024, ba, bo),
                            ("tensor_copy", 1024, ha, ho), ("tensor_copy", 1024, ba, fo),
                            ("tensor_copy", 32, ba, bo), ("tensor_copy", 333, ba, bo),
                            ("tensor_scalar", 1024, fa, fo), ("tensor_scalar", 1024, ba, bo),
                            ("tensor_scalar", 4096, ha, ho)]:
        s, d = Operand(src, n), Operand(dst, n)
        ops = [d, s]
        extra = ", multiply, 3.0, op1=add, operand1=1.0" if mn == "tensor_scalar" else ""
        cls = "copy" if mn == "tensor_copy" else "ts"
        f.add(case("act", mn, f"{d.text}, {s.text}{extra}",
                   lambda c, ops=ops, n=n, cls=cls: with_mode(c, "act", cls, ops, *mx_pair(n)), CHIPS,
                   note=f"{src.dtype} -> {dst.dtype}, N={n}"))
    f.text("act.tensor_copy at a register offset (tensor_copy_dynamic): MIN_II_DYNAMIC floor")
    for n, src, dst in [(512, fa, fo), (2048, fa, fo), (512, ba, bo)]:
        s, d = Operand(src, n), Operand(dst, n, reg="r0")
        ops = [d, s]
        f.add(case("act", "tensor_copy", f"{d.text}, {s.text}",
                   lambda c, ops=ops, n=n: with_mode(c, "act", "copy", ops,
                                                     *floor_cost("MIN_II_DYNAMIC", 600, f"N={n}", n)), CHIPS,
                   note=f"{src.dtype}, N={n}, + r0 (r0 = 0)"))
    f.text("the ACT dependent overhead: reads what the previous line wrote")
    f.add(case("act", "activation", "fo[:, 0:512], fa[:, 0:512], exp", same(mx("N", 512)), CHIPS))
    f.add(case("act", "activation", "fa[:, 0:512], fo[:, 0:512], exp",
               same_text((712, "reads fo, just written: max(MIN_II=64, N=512)=512 + ACT_DEPENDENT=200 = 712")),
               CHIPS))
    f.add(case("act", "activation", "fo[:, 0:1], fa[:, 0:1], exp",
               same_text((264, "a tiny dependent instruction: max(MIN_II=64, N=1)=64 + 200 = 264 (PERF)")),
               CHIPS))
    return f


def mx_pair(n, mult=1, floor=MIN_II, floor_name="MIN_II"):
    nm = f"{mult}*N={mult * n}" if mult != 1 else f"N={n}"
    return floor_cost(floor_name, floor, nm, mult * n)


# ---------------------------------------------------------------- DVE

def dve_allocs(f, free=4096, with_psum=False):
    A = {}
    for t in ["fp32", "bf16", "fp16"]:
        c = {"fp32": "f", "bf16": "b", "fp16": "h"}[t]
        A[t + "a"] = f.alloc(f"{c}a", "sbuf", t, 128, free)
        A[t + "b"] = f.alloc(f"{c}b", "sbuf", t, 128, free)
        A[t + "o"] = f.alloc(f"{c}o", "sbuf", t, 128, free)
    if with_psum:
        A["pfa"] = f.alloc("pfa", "psum", "fp32", 128, 1024)
        A["pfo"] = f.alloc("pfo", "psum", "fp32", 128, 1024)
        A["pba"] = f.alloc("pba", "psum", "bf16", 128, 2048)
    return A


def dve_tensor_tensor():
    f = TestFile("cost-dve-tensor-tensor.s", "VectorE tensor_tensor: the three published cases (ISA-OLD) and dve-tt-2x (A2).")
    f.header = [
        "1. an input in PSUM: max(MIN_II, N);",
        "2. all in SBUF, all bf16, op add/multiply/subtract, unit stride: max(MIN_II, N);",
        "3. otherwise: max(MIN_II, 2N).",
        "trn2/trn3 dve-tt-2x: 2x when every operand is in SBUF and bf16/fp16.",
        "Consecutive lines never read what the line before wrote (no +100).",
    ]
    A = dve_allocs(f, with_psum=True)
    cases = []
    for n in [16, 32, 33, 64, 100, 512, 2048, 4096]:
        cases.append((n, "bf16", "bf16", "bf16", "add", 1))
    for n in [32, 512, 4096]:
        cases.append((n, "fp32", "fp32", "fp32", "add", 1))
    cases += [(512, "bf16", "bf16", "bf16", "multiply", 1), (512, "bf16", "bf16", "bf16", "subtract", 1),
              (512, "bf16", "bf16", "bf16", "maximum", 1), (512, "bf16", "bf16", "bf16", "divide", 1),
              (512, "fp16", "fp16", "fp16", "add", 1), (512, "bf16", "bf16", "fp32", "add", 1),
              (512, "bf16", "fp32", "bf16", "add", 1), (512, "bf16", "bf16", "bf16", "add", 2),
              (1000, "fp16", "fp16", "fp16", "multiply", 2)]
    for n, t0, t1, td, op, step in cases:
        a = Operand(A[t0 + "a"], n, step=step)
        b = Operand(A[t1 + "b"], n, step=step)
        d = Operand(A[td + "o"], n, step=step)
        ops = [d, a, b]
        fast = all(o.dtype == "bf16" for o in ops) and op in ("add", "multiply", "subtract") and step == 1
        if fast:
            base = mx_pair(n)
            why = "case 2 (SBUF bf16 add/mul/sub, unit stride)"
        else:
            base = mx_pair(n, 2)
            why = "case 3"
        f.add(case("dve", "tensor_tensor", f"{d.text}, {a.text}, {b.text}, {op}",
                   lambda c, ops=ops, base=base: with_mode(c, "dve", "tt", ops, *base), CHIPS,
                   note=f"{td} = {t0} {op} {t1}, N={n}{', stride 2' if step > 1 else ''}: {why}"))
    f.text("an input in PSUM (case 1; no tt-2x, which needs SBUF inputs)")
    for n, srcs, td in [(512, ("pfa", "fp32b"), "fp32"), (1024, ("fp32a", "pfa"), "fp32"),
                        (32, ("pfa", "fp32b"), "fp32"), (2048, ("pba", "bf16b"), "bf16"),
                        (1024, ("pba", "bf16b"), "bf16")]:
        a = Operand(A[srcs[0]], n)
        b = Operand(A[srcs[1]], n)
        d = Operand(A[td + "o"], n)
        ops = [d, a, b]
        base = mx_pair(n)
        f.add(case("dve", "tensor_tensor", f"{d.text}, {a.text}, {b.text}, multiply",
                   lambda c, ops=ops, base=base: with_mode(c, "dve", "tt", ops, *base), CHIPS,
                   note=f"N={n}, case 1 (AnyInPsum)"))
    f.text("dst in PSUM, inputs in SBUF: not case 1 (AnyInPsum looks at inputs), not case 2 (not all in SBUF)")
    a, b, d = Operand(A["bf16a"], 512), Operand(A["bf16b"], 512), Operand(A["pfo"], 512)
    f.add(case("dve", "tensor_tensor", f"{d.text}, {a.text}, {b.text}, add",
               same(mx_pair(512, 2)), CHIPS, note="case 3 everywhere"))
    return f


def pool_tt_cases(f, A):
    for n, t, op in [(512, "bf16", "add"), (512, "bf16", "maximum"), (512, "fp32", "add"), (16, "fp32", "add"),
                     (1024, "fp16", "add")]:
        a, b, d = Operand(A[t + "a"], n), Operand(A[t + "b"], n), Operand(A[t + "o"], n)
        f.add(case("pool", "tensor_tensor", f"{d.text}, {a.text}, {b.text}, {op}", same(mx_pair(n, 2)), CHIPS,
                   note=f"{t} {op}, N={n}: OnPool, 2N whatever the dtype; no perf mode on POOL"))


def dve_tensor_scalar():
    f = TestFile("cost-dve-tensor-scalar.s", "VectorE tensor_scalar: max(MIN_II, N), one op or two (ISA-OLD); dve-copy-4x/2x (A2).")
    f.header = [
        "trn2/trn3: 4x when every tensor operand is in SBUF, bf16/fp16 and",
        "contiguous; 2x when 16-bit but non-contiguous or with a PSUM side.",
        "Scalars here are immediates (a [P, 1] fp32 scalar operand: see",
        "cost-perf-mode-scalar-operand.s).",
    ]
    A = dve_allocs(f, with_psum=True)
    col = f.alloc("col", "sbuf", "fp32", 128, 1)
    for n, ts, td, step, two in [(16, "fp32", "fp32", 1, False), (64, "fp32", "fp32", 1, False),
                                 (512, "fp32", "fp32", 1, False), (512, "fp32", "fp32", 1, True),
                                 (4096, "fp32", "fp32", 1, True), (512, "bf16", "bf16", 1, False),
                                 (512, "bf16", "bf16", 1, True), (1000, "fp16", "fp16", 1, True),
                                 (4096, "bf16", "bf16", 1, True), (100, "bf16", "bf16", 1, False),
                                 (32, "bf16", "bf16", 1, False), (512, "bf16", "bf16", 2, False),
                                 (512, "bf16", "fp32", 1, False), (512, "fp32", "bf16", 1, False)]:
        s, d = Operand(A[ts + "a"], n, step=step), Operand(A[td + "o"], n, step=step)
        ops = [d, s]
        extra = ", op1=add, operand1=1.0" if two else ""
        f.add(case("dve", "tensor_scalar", f"{d.text}, {s.text}, multiply, 2.0{extra}",
                   lambda c, ops=ops, n=n: with_mode(c, "dve", "ts", ops, *mx_pair(n)), CHIPS,
                   note=f"{ts} -> {td}, N={n}{', two ops' if two else ''}{', stride 2' if step > 1 else ''}"))
    f.text("a PSUM side: 2x at most")
    for n, s_, d_ in [(1024, "pba", "bf16o"), (512, "pfa", "fp32o")]:
        s, d = Operand(A[s_], n), Operand(A[d_], n)
        ops = [d, s]
        f.add(case("dve", "tensor_scalar", f"{d.text}, {s.text}, add, 1.0",
                   lambda c, ops=ops, n=n: with_mode(c, "dve", "ts", ops, *mx_pair(n)), CHIPS,
                   note=f"{s.dtype} PSUM -> {d.dtype} SBUF, N={n}"))
    f.text("a [P, 1] fp32 scalar, fp32 data: no perf mode either way")
    s, d = Operand(A["fp32a"], 512), Operand(A["fp32o"], 512)
    f.add(case("dve", "tensor_scalar", f"{d.text}, {s.text}, multiply, col",
               same(mx_pair(512)), CHIPS, note="fp32, N=512, scalar col [P, 1]"))
    return f


def dve_stt():
    f = TestFile("cost-dve-scalar-tensor-tensor.s",
                 "VectorE scalar_tensor_tensor: N if all bf16, ops (subtract, multiply) and N even; else 2N (ISA-OLD).")
    f.header = ["No MIN_II floor is published for this instruction, and none is applied.",
                "No perf mode covers it. The scalar is an immediate (a [P, 1] scalar:",
                "cost-perf-mode-scalar-operand.s)."]
    A = dve_allocs(f, with_psum=True)
    for n, t, td, op0, op1 in [(512, "bf16", "bf16", "subtract", "multiply"), (16, "bf16", "bf16", "subtract", "multiply"),
                               (4096, "bf16", "bf16", "subtract", "multiply"), (511, "bf16", "bf16", "subtract", "multiply"),
                               (513, "bf16", "bf16", "subtract", "multiply"), (512, "bf16", "bf16", "add", "multiply"),
                               (512, "bf16", "bf16", "subtract", "add"), (512, "bf16", "fp32", "subtract", "multiply"),
                               (512, "fp16", "fp16", "subtract", "multiply"), (512, "fp32", "fp32", "subtract", "multiply"),
                               (16, "fp32", "fp32", "multiply", "add"), (1, "fp32", "fp32", "multiply", "add"),
                               (2048, "fp32", "fp32", "multiply", "add")]:
        a, b, d = Operand(A[t + "a"], n), Operand(A[t + "b"], n), Operand(A[td + "o"], n)
        fast = t == "bf16" and td == "bf16" and op0 == "subtract" and op1 == "multiply" and n % 2 == 0
        if fast:
            cost = (n, f"all bf16, (subtract, multiply), N even: N={n} = {n}")
        else:
            cost = (2 * n, f"2*N={2 * n} = {2 * n}")
        f.add(case("dve", "scalar_tensor_tensor", f"{d.text}, {a.text}, {op0}, 0.5, {op1}, {b.text}",
                   same_text(cost), CHIPS, note=f"{t}, {t} -> {td}, ({op0}, {op1}), N={n}"))
    return f


def dve_tensor_reduce():
    f = TestFile("cost-dve-tensor-reduce.s",
                 "VectorE tensor_reduce: ceil(N/2) if bf16 in and out and op add or max; else N (ISA-OLD).")
    f.header = ["N is the source's elements per partition (the largest operand).",
                "No MIN_II floor is published, and none is applied; no perf mode."]
    A = dve_allocs(f)
    for n, ts, td, op, axes in [(512, "fp32", "fp32", "add", 1), (32, "fp32", "fp32", "add", 1),
                                (4096, "fp32", "fp32", "maximum", 1), (512, "bf16", "bf16", "add", 1),
                                (512, "bf16", "bf16", "maximum", 1), (513, "bf16", "bf16", "add", 1),
                                (16, "bf16", "bf16", "add", 1), (512, "bf16", "bf16", "multiply", 1),
                                (512, "bf16", "bf16", "minimum", 1), (512, "bf16", "fp32", "add", 1),
                                (512, "fp16", "fp16", "add", 1), (4096, "bf16", "bf16", "maximum", 1)]:
        s = Operand(A[ts + "a"], n)
        d = Operand(A[td + "o"], 1)
        fast = ts == "bf16" and td == "bf16" and op in ("add", "maximum")
        if fast:
            v, t = -(-n // 2), f"all bf16, {op}: ceil(N={n} / 2)"
        else:
            v, t = n, f"N={n}"
        f.add(case("dve", "tensor_reduce", f"{d.text}, {s.text}, {op}", same((v, t)), CHIPS,
                   note=f"{ts} -> {td}, {op}, N={n}"))
    f.text("two reduced axes: N counts every source element of the partition")
    f.alloc("r3", "sbuf", "fp32", 128, 2048)
    f.add(case("dve", "tensor_reduce", "fo[:, 0:4], ap(sbuf fp32, 0:128, addr(r3), [512, 4], [1, 512]), add",
               same((2048, "N=4*512=2048")), CHIPS, note="src [128, 4, 512] -> dst [128, 4], axes=1"))
    f.add(case("dve", "tensor_reduce", "fo[:, 0:1], ap(sbuf fp32, 0:128, addr(r3), [512, 4], [1, 512]), add, axes=2",
               same((2048, "N=4*512=2048")), CHIPS, note="src [128, 4, 512] -> dst [128, 1], axes=2"))
    return f


def dve_scan():
    f = TestFile("cost-dve-tensor-tensor-scan.s", "VectorE tensor_tensor_scan: max(MIN_II, 2N) (ISA-OLD).")
    f.header = ["No perf mode; the dtype does not matter."]
    A = dve_allocs(f, with_psum=True)
    for n, t in [(16, "fp32"), (32, "fp32"), (33, "fp32"), (512, "fp32"), (4096, "fp32"), (512, "bf16"), (100, "fp16")]:
        a, b, d = Operand(A[t + "a"], n), Operand(A[t + "b"], n), Operand(A[t + "o"], n)
        f.add(case("dve", "tensor_tensor_scan", f"{d.text}, {a.text}, {b.text}, multiply, add",
                   same(mx_pair(n, 2)), CHIPS, note=f"{t}, N={n}"))
    a, b, d = Operand(A["pfa"], 1024), Operand(A["fp32b"], 1024), Operand(A["fp32o"], 1024)
    f.add(case("dve", "tensor_tensor_scan", f"{d.text}, {a.text}, {b.text}, add, add, initial=1.0",
               same(mx_pair(1024, 2)), CHIPS, note="src0 in PSUM, N=1024"))
    return f


def dve_copy():
    f = TestFile("cost-dve-tensor-copy.s",
                 "VectorE tensor_copy: max(MIN_II, N); max(MIN_II_DYNAMIC, N) at a register offset (ISA-OLD); dve-copy-4x/2x (A2).")
    f.header = [
        "A register offset on any operand (+ rN) makes it NKI's tensor_copy_dynamic:",
        "MIN_II_DYNAMIC = 600. trn2/trn3: 4x when every operand is in SBUF, bf16/fp16",
        "and contiguous, 2x when 16-bit otherwise. The perf mode divides N, not the",
        "floors (named constants are fixed costs, isa/Costs.td): a small bf16 copy",
        "costs MIN_II = 64 cycles and a dynamic one MIN_II_DYNAMIC = 600.",
    ]
    A = dve_allocs(f, with_psum=True)
    for n, ts, td, step, parts in [(16, "fp32", "fp32", 1, 128), (64, "fp32", "fp32", 1, 128), (65, "fp32", "fp32", 1, 128),
                                   (1024, "fp32", "fp32", 1, 128), (4096, "fp32", "fp32", 1, 128),
                                   (1024, "fp32", "fp32", 1, 32), (1024, "fp32", "fp32", 1, 1),
                                   (16, "bf16", "bf16", 1, 128), (64, "bf16", "bf16", 1, 128), (1024, "bf16", "bf16", 1, 128),
                                   (1023, "bf16", "bf16", 1, 128), (4096, "fp16", "fp16", 1, 128),
                                   (1024, "bf16", "fp16", 1, 128), (1024, "bf16", "fp32", 1, 128), (1024, "fp32", "bf16", 1, 128),
                                   (1024, "bf16", "bf16", 2, 128), (1024, "fp32", "fp32", 2, 128)]:
        s = Operand(A[ts + "a"], n, step=step, parts=parts)
        d = Operand(A[td + "o"], n, step=step, parts=parts)
        ops = [d, s]
        f.add(case("dve", "tensor_copy", f"{d.text}, {s.text}",
                   lambda c, ops=ops, n=n: with_mode(c, "dve", "copy", ops, *mx_pair(n)), CHIPS,
                   note=f"{ts} -> {td}, N={n}, {parts} partitions{', stride 2' if step > 1 else ''}"))
    f.text("PSUM on one side")
    for n, s_, d_ in [(2048, "pba", "bf16o"), (1024, "pfa", "fp32o"), (1024, "bf16a", "pba")]:
        s, d = Operand(A[s_], n), Operand(A[d_], n)
        ops = [d, s]
        f.add(case("dve", "tensor_copy", f"{d.text}, {s.text}",
                   lambda c, ops=ops, n=n: with_mode(c, "dve", "copy", ops, *mx_pair(n)), CHIPS,
                   note=f"{s.dtype} {s.space} -> {d.dtype} {d.space}, N={n}"))
    f.text("register offsets (tensor_copy_dynamic); r0 = 0 and r5 = 8 at run time")
    for n, ts, td, which in [(512, "fp32", "fp32", "dst"), (512, "fp32", "fp32", "src"), (599, "fp32", "fp32", "src"),
                             (601, "fp32", "fp32", "src"), (2048, "fp32", "fp32", "dst"), (16, "fp32", "fp32", "src"),
                             (512, "bf16", "bf16", "src"), (4000, "bf16", "bf16", "dst"), (512, "bf16", "bf16", "both")]:
        s = Operand(A[ts + "a"], n, reg="r5" if which in ("src", "both") else None)
        d = Operand(A[td + "o"], n, reg="r0" if which in ("dst", "both") else None)
        ops = [d, s]
        f.add(case("dve", "tensor_copy", f"{d.text}, {s.text}",
                   lambda c, ops=ops, n=n: with_mode(c, "dve", "copy", ops,
                                                     *floor_cost("MIN_II_DYNAMIC", 600, f"N={n}", n)),
                   CHIPS, note=f"{ts} -> {td}, N={n}, register offset on {which}"))
    # r5 = 8: set before the copies (sequencer ops print their own lines).
    return f


def dve_copy_predicated():
    f = TestFile("cost-dve-copy-predicated.s",
                 "VectorE tensor_copy_predicated: max(MIN_II, N) with an input in PSUM, max(MIN_II, 2N) in SBUF (ISA-OLD).")
    f.header = ["Inputs are src and predicate (the destination does not count). No perf mode."]
    A = dve_allocs(f, with_psum=True)
    pr = f.alloc("pr", "sbuf", "uint8", 128, 4096)
    pr16 = f.alloc("pr16", "sbuf", "uint16", 128, 4096)
    ppr = f.alloc("ppr", "psum", "uint32", 128, 1024)
    for n, s_, p_, d_ in [(16, "fp32a", pr, "fp32o"), (32, "fp32a", pr, "fp32o"), (33, "fp32a", pr, "fp32o"),
                          (512, "fp32a", pr, "fp32o"), (4096, "fp32a", pr, "fp32o"), (512, "bf16a", pr16, "bf16o"),
                          (2048, "fp16a", pr, "fp16o"),
                          (512, "pfa", pr, "fp32o"), (32, "pfa", pr, "fp32o"), (1024, "fp32a", ppr, "fp32o"),
                          (512, "fp32a", pr, "pfo")]:
        s = Operand(A[s_], n)
        p = Operand(p_, n)
        d = Operand(A[d_], n)
        psum_in = s.space == "psum" or p.space == "psum"
        cost = mx_pair(n) if psum_in else mx_pair(n, 2)
        f.add(case("dve", "tensor_copy_predicated", f"{d.text}, {s.text}, {p.text}", same(cost), CHIPS,
                   note=f"src {s.dtype} {s.space}, predicate {p.dtype} {p.space}, dst {d.space}, N={n}"
                        f"{': an input in PSUM' if psum_in else ''}"))
    return f


def dve_memset():
    f = TestFile("cost-dve-memset.s",
                 "memset: max(MIN_II, ceil(N/2)) when filling zero into bf16/fp16, else max(MIN_II, N) (ISA-OLD).")
    f.header = ["The same cost class on DVE and POOL (pool.memset: cost-pool.s); no perf",
                "mode. -0.0 counts as zero."]
    A = dve_allocs(f, with_psum=True)
    i32 = f.alloc("i32", "sbuf", "int32", 128, 4096)
    flip = False
    for n, d_, val in [(16, "fp32o", "0.0"), (64, "fp32o", "0.0"), (1024, "fp32o", "0.0"), (4096, "fp32o", "1.5"),
                       (1024, "bf16o", "0.0"), (1024, "bf16o", "-0.0"), (1023, "bf16o", "0.0"), (128, "bf16o", "0.0"),
                       (129, "bf16o", "0.0"), (100, "bf16o", "0.0"), (4096, "fp16o", "0.0"), (1024, "bf16o", "1.0"),
                       (1024, "fp16o", "-2.0"), (1024, "pba", "0.0"), (1024, "pfo", "0.0"), (1024, i32, "0.0")]:
        if isinstance(d_, str) and d_.endswith("o"):
            # Alternate between two buffers: a memset that overwrites what
            # the line before wrote gets +100 (cost-dve-dependent-waw.s).
            flip = not flip
            d_ = d_[:-1] + ("o" if flip else "a")
        d = Operand(A[d_] if isinstance(d_, str) else d_, n)
        zero16 = d.dtype in ("bf16", "fp16") and float(val) == 0.0
        if zero16:
            h = -(-n // 2)
            cost = (max(64, h), f"zero into {d.dtype}: max(MIN_II=64, ceil(N={n} / 2)={h})")
        else:
            cost = mx_pair(n)
        f.add(case("dve", "memset", f"{d.text}, {val}", same(cost), CHIPS, note=f"{d.dtype} {d.space} = {val}, N={n}"))
    return f


def dve_transpose():
    f = TestFile("cost-dve-transpose.s", "VectorE transpose (32x32 blocks): max(MIN_II, N) (ISA-OLD nc_transpose on Vector).")
    f.header = ["N: elements per partition of the larger operand."]
    A = dve_allocs(f, with_psum=True)
    for p, n, t, s_, d_ in [(32, 32, "fp32", "fp32a", "fp32o"), (16, 16, "fp32", "fp32a", "fp32o"),
                            (32, 32, "bf16", "bf16a", "bf16o"),
                            (32, 128, "fp32", "fp32a", "fp32o"), (128, 32, "fp32", "fp32a", "fp32o"),
                            (128, 128, "bf16", "bf16a", "bf16o"), (64, 1024, "fp32", "fp32a", "fp32o"),
                            (32, 32, "fp32", "pfa", "fp32o")]:
        s = Operand(A[s_], n, parts=p)
        d = Operand(A[d_], n, parts=p)
        f.add(case("dve", "transpose", f"{d.text}, {s.text}", same(mx_pair(n)), CHIPS,
                   note=f"{t} [{p}, {n}] {s.space}"))
    return f


def dve_bn():
    f = TestFile("cost-dve-bn.s", "VectorE bn_stats: max(MIN_II, N); bn_aggr: max(MIN_II, 13*ceil(N/3)) (ISA-OLD).")
    f.header = ["bn_stats: N = the source's F (<= 512, bn_stats_fmax); dst [P, 6].",
                "bn_aggr: N = the source's F (a multiple of 3); dst [P, 2]."]
    A = dve_allocs(f, free=1024)
    for n, t in [(8, "fp32"), (64, "fp32"), (100, "fp32"), (512, "fp32"), (512, "bf16"), (300, "fp16")]:
        s = Operand(A[t + "a"], n)
        d = Operand(A["fp32o"], 6)
        f.add(case("dve", "bn_stats", f"{d.text}, {s.text}", same(mx_pair(max(n, 6))), CHIPS, note=f"{t} [128, {n}]"))
    for n in [3, 6, 12, 15, 48, 96, 300, 999]:
        s = Operand(A["fp32a"], n)
        d = Operand(A["fp32o"], 2)
        k = -(-max(n, 2) // 3)
        v = max(64, 13 * k)
        f.add(case("dve", "bn_aggr", f"{d.text}, {s.text}",
                   same((v, f"max(MIN_II=64, 13*ceil(N={n} / 3)={13 * k})")), CHIPS, note=f"[128, {n}]: {n // 3} groups"))
    return f


def dve_reciprocal():
    f = TestFile("cost-dve-reciprocal.s", "VectorE reciprocal: max(MIN_II, 8N) (ISA-OLD).")
    f.header = ["(ScalarE's activation(reciprocal) costs max(MIN_II, N) like any activation.)"]
    A = dve_allocs(f, with_psum=True)
    for n, t, s_ in [(1, "fp32", "fp32a"), (8, "fp32", "fp32a"), (9, "fp32", "fp32a"), (512, "fp32", "fp32a"),
                     (4096, "fp32", "fp32a"), (512, "bf16", "bf16a"), (1000, "fp32", "pfa")]:
        s = Operand(A[s_], n)
        d = Operand(A[t + "o"], n)
        f.add(case("dve", "reciprocal", f"{d.text}, {s.text}", same(mx_pair(n, 8)), CHIPS, note=f"{t} {s.space}, N={n}"))
    return f


def dve_max8():
    f = TestFile("cost-dve-max8.s", "VectorE max8 and find_index8: N (ISA-OLD), no MIN_II floor.")
    f.header = ["N: the source's F (8 <= F <= 16384)."]
    fa = f.alloc("fa", "sbuf", "fp32", 128, 16384)
    ba = f.alloc("ba", "sbuf", "bf16", 128, 16384)
    v8 = f.alloc("v8", "sbuf", "fp32", 128, 8)
    o8 = f.alloc("o8", "sbuf", "fp32", 128, 8)
    b8 = f.alloc("b8", "sbuf", "bf16", 128, 8)
    u8 = f.alloc("u8", "sbuf", "uint32", 128, 8)
    for n, s_, d_ in [(8, fa, o8), (9, fa, o8), (64, fa, o8), (512, fa, o8), (16384, fa, o8), (1000, ba, b8), (16384, ba, b8)]:
        s = Operand(s_, n)
        f.add(case("dve", "max8", f"{d_.name}, {s.text}", same((n, f"N={n}")), CHIPS, note=f"{s.dtype} [128, {n}]"))
    for n, s_ in [(8, fa), (100, fa), (512, fa), (16384, fa), (2048, ba)]:
        s = Operand(s_, n)
        f.add(case("dve", "find_index8", f"u8, {s.text}, v8", same((n, f"N={n}")), CHIPS, note=f"{s.dtype} [128, {n}]"))
    return f


def dve_range_select():
    f = TestFile("cost-dve-range-select.s", "VectorE range_select (trn2 and later): max(MIN_II, N) (ISA-OLD).",
                 chips=["trn2", "trn3"])
    f.header = ["With or without the max-reduce output; no perf mode."]
    A = dve_allocs(f, with_psum=True)
    col = f.alloc("col", "sbuf", "fp32", 128, 4)
    for n, t, red in [(16, "fp32", False), (64, "fp32", False), (512, "fp32", False), (512, "fp32", True),
                      (4096, "fp32", True), (1000, "bf16", False), (2048, "bf16", True)]:
        s, d = Operand(A[t + "a"], n), Operand(A[t + "o"], n)
        extra = ", reduce=col[:, 0:1]" if red else ""
        f.add(case("dve", "range_select", f"{d.text}, {s.text}, greater_equal, 0.0, less, 100.0{extra}",
                   same(mx_pair(n)), f.chips, note=f"{t}, N={n}{', with reduce' if red else ''}"))
    s, d = Operand(A["pfa"], 1024), Operand(A["fp32o"], 1024)
    f.add(case("dve", "range_select", f"{d.text}, {s.text}, greater_equal, col[:, 1:2], less_equal, col[:, 2:3], start=5",
               same(mx_pair(1024)), f.chips, note="PSUM source, [P, 1] bounds, N=1024"))
    return f


def dve_select():
    f = TestFile("cost-dve-select.s", "VectorE select: max(MIN_II, 2N) (chosen: like a two-input tensor_tensor; unpublished).")
    f.header = ["No perf mode; the dtypes and memories do not matter."]
    A = dve_allocs(f, with_psum=True)
    pr = f.alloc("pr", "sbuf", "uint8", 128, 4096)
    for n, t, s1 in [(16, "fp32", "fp32b"), (32, "fp32", "fp32b"), (33, "fp32", "fp32b"), (512, "fp32", "fp32b"),
                     (4096, "fp32", "fp32b"), (512, "bf16", "bf16b"), (1000, "fp32", "pfa")]:
        a, b, d, p = Operand(A[t + "a"], n), Operand(A[s1], n), Operand(A[t + "o"], n), Operand(pr, n)
        f.add(case("dve", "select", f"{d.text}, {p.text}, {a.text}, {b.text}", same(mx_pair(n, 2)), CHIPS,
                   note=f"{t}, N={n}{', on_false in PSUM' if b.space == 'psum' else ''}"))
    return f


def pool():
    f = TestFile("cost-pool.s", "GpSimd: iota, affine_select, partition_reduce, partition_broadcast, memset, tensor_copy, "
                                "tensor_scalar, tensor_tensor.")
    f.header = [
        "iota, affine_select: GPSIMD_START + N = 150 + N (ISA-OLD).",
        "partition_reduce: 150 + 19N (chosen: start-up plus each of the 8 cores",
        "folding its 16 partitions, then a 3-step tree; unpublished).",
        "partition_broadcast: 150 + N (chosen: like iota; unpublished).",
        "memset, tensor_copy, tensor_scalar: the Vector cost classes; perf modes",
        "are DVE/ACT only, so POOL runs them at 1x on every chip. tensor_tensor on",
        "POOL: max(MIN_II, 2N) for every dtype and op (its first case, OnPool:",
        "GpSimd reads one element per partition per cycle per input, A1/A3).",
        "POOL_DEPENDENT = 100 (chosen) when an instruction reads what the line",
        "before wrote: the last two lines.",
    ]
    A = dve_allocs(f)
    i32 = f.alloc("i32", "sbuf", "int32", 128, 4096)
    for n, d in [(1, "fp32o"), (64, "fp32o"), (512, "fp32o"), (4096, "fp32o"), (1000, "bf16o"), (512, i32)]:
        d = Operand(A[d] if isinstance(d, str) else d, n)
        f.add(case("pool", "iota", f"{d.text}, 0, [1], partition_mult={n}",
                   same((150 + n, f"GPSIMD_START=150 + N={n}")), CHIPS, note=f"{d.dtype}, N={n}"))
    for n, t in [(1, "fp32"), (128, "fp32"), (512, "fp32"), (4096, "bf16")]:
        s, d = Operand(A[t + "a"], n), Operand(A[t + "o"], n)
        f.add(case("pool", "affine_select", f"{d.text}, {s.text}, greater_equal, 0, [-1], -inf, partition_mult=1",
                   same((150 + n, f"GPSIMD_START=150 + N={n}")), CHIPS, note=f"{t}, N={n}"))
    for n, t in [(1, "fp32"), (16, "fp32"), (512, "fp32"), (512, "bf16")]:
        s = Operand(A[t + "a"], n)
        d = Operand(A[t + "o"], n, parts=1)
        f.add(case("pool", "partition_reduce", f"{d.text}, {s.text}, add",
                   same((150 + 19 * n, f"GPSIMD_START=150 + 19*N={19 * n}")), CHIPS, note=f"{t} [128, {n}] -> [1, {n}]"))
    s = Operand(A["fp32a"], 256, parts=32)
    d = Operand(A["fp32o"], 256, parts=1)
    f.add(case("pool", "partition_reduce", f"{d.text}, {s.text}, maximum",
               same((150 + 19 * 256, f"GPSIMD_START=150 + 19*N={19 * 256}")), CHIPS,
               note="[32, 256] -> [1, 256]: the partition count does not matter"))
    for n, t, parts in [(1, "fp32", 128), (512, "fp32", 128), (512, "fp32", 16), (2048, "bf16", 128)]:
        s = Operand(A[t + "a"], n, parts=1)
        d = Operand(A[t + "o"], n, parts=parts)
        f.add(case("pool", "partition_broadcast", f"{d.text}, {s.text}",
                   same((150 + n, f"GPSIMD_START=150 + N={n}")), CHIPS, note=f"{t} [1, {n}] -> [{parts}, {n}]"))
    for n, t, val in [(16, "fp32", "1.0"), (1024, "fp32", "0.0"), (1024, "bf16", "0.0"), (1024, "bf16", "3.0")]:
        d = Operand(A[t + "o"], n)
        zero16 = t == "bf16" and float(val) == 0.0
        cost = (max(64, -(-n // 2)), f"zero into bf16: max(MIN_II=64, ceil(N={n} / 2)={-(-n // 2)})") if zero16 else mx_pair(n)
        f.add(case("pool", "memset", f"{d.text}, {val}", same(cost), CHIPS, note=f"{t} = {val}, N={n}"))
    for n, t in [(16, "fp32"), (1024, "fp32"), (1024, "bf16"), (4096, "fp16")]:
        s, d = Operand(A[t + "a"], n), Operand(A[t + "o"], n)
        f.add(case("pool", "tensor_copy", f"{d.text}, {s.text}", same(mx_pair(n)), CHIPS,
                   note=f"{t}, N={n}: no perf mode on POOL"))
    for n, t in [(1024, "fp32"), (1024, "bf16")]:
        s, d = Operand(A[t + "a"], n), Operand(A[t + "o"], n)
        f.add(case("pool", "tensor_scalar", f"{d.text}, {s.text}, multiply, 2.0", same(mx_pair(n)), CHIPS,
                   note=f"{t}, N={n}: no perf mode on POOL"))
    pool_tt_cases(f, A)
    f.text("the POOL dependent overhead: the next line reads what this one wrote")
    f.add(case("pool", "tensor_copy", "fo[:, 0:512], fa[:, 0:512]", same(mx_pair(512)), CHIPS))
    f.add(case("pool", "tensor_copy", "fb[:, 0:512], fo[:, 0:512]",
               same_text((612, "reads fo, just written: max(MIN_II=64, N=512)=512 + POOL_DEPENDENT=100 = 612")),
               CHIPS))
    return f


def perf_modes():
    f = TestFile("cost-perf-modes.s", "The published performance modes (isa/Chips.td): which instructions, engines and operands.")
    f.header = [
        "trn1: none. trn2: dve-copy-4x, dve-copy-2x, dve-tt-2x (A2). trn3: those",
        "three (assumed to carry over; A3 is silent) and act-copy-2x (A3).",
        "dve-copy-4x: DVE tensor_copy/tensor_scalar, every tensor operand in SBUF,",
        "  bf16/fp16 and with unit innermost stride: ceil(cost / 4).",
        "dve-copy-2x: the same instructions, 16-bit, otherwise: ceil(cost / 2).",
        "dve-tt-2x: DVE tensor_tensor, every operand in SBUF and 16-bit: ceil(cost / 2).",
        "act-copy-2x: ACT tensor_copy/tensor_scalar, 16-bit: ceil(cost / 2).",
        "The mode divides the datapath part of the selected case, not its named",
        "constants: max(MIN_II, N) becomes max(MIN_II, ceil(N / s)); the DVE",
        "dependent overhead is added after it (cost-dve-dependent.s).",
    ]
    A = dve_allocs(f, with_psum=True)

    def add(engine, mn, cls, d, srcs, extra, base, note):
        ops = [d] + srcs
        srct = ", ".join(o.text for o in srcs)
        f.add(case(engine, mn, f"{d.text}, {srct}{extra}",
                   lambda c: with_mode(c, engine, cls, ops, *base), CHIPS, note=note))

    f.text("DVE tensor_copy")
    for n, ts, td, step, note in [(2048, "bf16", "bf16", 1, "bf16 SBUF -> SBUF contiguous: 4x"),
                                  (2048, "fp16", "fp16", 1, "fp16: 4x"),
                                  (2048, "bf16", "fp16", 1, "bf16 -> fp16: 4x (both 16-bit)"),
                                  (2048, "bf16", "bf16", 2, "non-contiguous: 2x"),
                                  (2048, "bf16", "fp32", 1, "bf16 -> fp32: no mode"),
                                  (2048, "fp32", "fp32", 1, "fp32: no mode"),
                                  (64, "bf16", "bf16", 1, "small: the MIN_II floor stays whole"),
                                  (2, "bf16", "bf16", 1, "tiny: the MIN_II floor stays whole"),
                                  (258, "bf16", "bf16", 1, "ceil(258 / 4) = 65 > MIN_II"),
                                  (256, "bf16", "bf16", 1, "ceil(256 / 4) = 64 = MIN_II"),
                                  (260, "bf16", "bf16", 1, "ceil(260 / 4) = 65")]:
        add("dve", "tensor_copy", "copy", Operand(A[td + "o"], n, step=step), [Operand(A[ts + "a"], n, step=step)], "",
            mx_pair(n), note)
    add("dve", "tensor_copy", "copy", Operand(A["bf16o"], 2048), [Operand(A["pba"], 2048)], "", mx_pair(2048),
        "bf16 PSUM -> SBUF: 2x")
    add("dve", "tensor_copy", "copy", Operand(A["pba"], 2048, step=1), [Operand(A["bf16a"], 2048, step=1)], "",
        mx_pair(2048), "bf16 SBUF -> PSUM: 2x")
    f.text("DVE tensor_scalar (immediate scalars)")
    add("dve", "tensor_scalar", "ts", Operand(A["bf16o"], 4096), [Operand(A["bf16a"], 4096)], ", add, 1.0, op1=multiply, operand1=2.0",
        mx_pair(4096), "bf16 SBUF contiguous: 4x")
    add("dve", "tensor_scalar", "ts", Operand(A["fp16o"], 2048), [Operand(A["pba"], 2048)], ", add, 1.0",
        mx_pair(2048), "bf16 PSUM -> fp16 SBUF: 2x")
    add("dve", "tensor_scalar", "ts", Operand(A["fp32o"], 4096), [Operand(A["bf16a"], 4096)], ", add, 1.0",
        mx_pair(4096), "bf16 -> fp32: no mode")
    f.text("DVE tensor_tensor")
    for n, t0, t1, td, op, step, note in [
            (2048, "bf16", "bf16", "bf16", "add", 1, "bf16 add: case 2 (N), then 2x"),
            (2048, "bf16", "bf16", "bf16", "maximum", 1, "bf16 max: case 3 (2N), then 2x"),
            (2048, "fp16", "fp16", "fp16", "add", 1, "fp16 add: case 3 (2N; case 2 is bf16 only), then 2x"),
            (2048, "bf16", "fp16", "bf16", "subtract", 1, "mixed 16-bit: case 3, then 2x"),
            (2048, "bf16", "bf16", "bf16", "add", 2, "non-contiguous bf16 add: case 3, then 2x (no contiguity condition)"),
            (2048, "bf16", "bf16", "fp32", "add", 1, "fp32 dst: case 3, no mode"),
            (2048, "fp32", "fp32", "fp32", "add", 1, "fp32: case 3, no mode")]:
        a, b, d = Operand(A[t0 + "a"], n, step=step), Operand(A[t1 + "b"], n, step=step), Operand(A[td + "o"], n, step=step)
        fast = all(o.dtype == "bf16" for o in (a, b, d)) and op in ("add", "subtract", "multiply") and step == 1
        add("dve", "tensor_tensor", "tt", d, [a, b], f", {op}", mx_pair(n) if fast else mx_pair(n, 2), note)
    add("dve", "tensor_tensor", "tt", Operand(A["bf16o"], 2048), [Operand(A["pba"], 2048), Operand(A["bf16b"], 2048)],
        ", add", mx_pair(2048), "bf16 with a PSUM input: case 1 (N), no mode (needs SBUF)")
    f.text("other DVE instructions have no mode, even all-bf16 in SBUF")
    a, b, d = Operand(A["bf16a"], 2048), Operand(A["bf16b"], 2048), Operand(A["bf16o"], 2048)
    f.add(case("dve", "tensor_tensor_scan", f"{d.text}, {a.text}, {b.text}, add, add", same(mx_pair(2048, 2)), CHIPS))
    f.add(case("dve", "transpose", "bo[0:32, 0:32], ba[0:32, 0:32]", same(mx_pair(32)), CHIPS))
    return f


def perf_modes_act():
    f = TestFile("cost-perf-modes-act.s", "act-copy-2x (trn3 only, A3): ScalarE tensor_copy and tensor_scalar in bf16/fp16.")
    f.header = ["activation has no mode; ACT has no 4x mode; operands may be anywhere."]
    A = dve_allocs(f, with_psum=True)
    for mn, cls, n, s_, d_, extra, note in [
            ("tensor_copy", "copy", 2048, "bf16a", "bf16o", "", "bf16 SBUF: 2x on trn3"),
            ("tensor_copy", "copy", 2048, "fp16a", "bf16o", "", "fp16 -> bf16: 2x on trn3"),
            ("tensor_copy", "copy", 2048, "pba", "bf16o", "", "bf16 PSUM -> SBUF: 2x on trn3"),
            ("tensor_copy", "copy", 2048, "bf16a", "fp32o", "", "bf16 -> fp32: no mode"),
            ("tensor_copy", "copy", 64, "bf16a", "bf16o", "", "small: the MIN_II floor stays whole on trn3"),
            ("tensor_scalar", "ts", 2048, "bf16a", "bf16o", ", multiply, 2.0, op1=add, operand1=1.0", "bf16: 2x on trn3"),
            ("tensor_scalar", "ts", 2048, "fp32a", "fp32o", ", multiply, 2.0", "fp32: no mode")]:
        s, d = Operand(A[s_], n), Operand(A[d_], n)
        ops = [d, s]
        f.add(case("act", mn, f"{d.text}, {s.text}{extra}",
                   lambda c, ops=ops, n=n, cls=cls: with_mode(c, "act", cls, ops, *mx_pair(n)), CHIPS, note=note))
    s, d = Operand(A["bf16a"], 2048), Operand(A["bf16o"], 2048)
    f.add(case("act", "activation", f"{d.text}, {s.text}, copy", same(mx_pair(2048)), CHIPS,
               note="activation(copy) in bf16: no mode"))
    return f


def perf_mode_scalar_operand():
    f = TestFile("cost-perf-mode-scalar-operand.s",
                 "A [P, 1] scalar operand does not decide the perf mode or the bf16 fast case.")
    f.header = [
        "A2 states the DVE modes' conditions on the source and destination",
        "(\"source and destination both in SBUF, both bf16/fp16\"); ISA-OLD's",
        "scalar_tensor_tensor fast case asks that \"both\" tensors be bf16. A [P, 1]",
        "scalar operand must be fp32, so the predicates look at the data operands",
        "only: tensor_scalar with a per-partition scalar still gets dve-copy-4x/2x",
        "and act-copy-2x, and scalar_tensor_tensor its N case.",
    ]
    A = dve_allocs(f)
    col = f.alloc("col", "sbuf", "fp32", 128, 1)
    a, d = Operand(A["bf16a"], 2048), Operand(A["bf16o"], 2048)
    ops = [d, a]
    f.add(case("dve", "tensor_scalar", f"{d.text}, {a.text}, multiply, col",
               lambda c: with_mode(c, "dve", "ts", ops, *mx_pair(2048)), CHIPS, note="bf16 SBUF with scalar col"))
    f.add(case("act", "tensor_scalar", f"{d.text}, {a.text}, multiply, col",
               lambda c: with_mode(c, "act", "ts", ops, *mx_pair(2048)), CHIPS, note="ACT: bf16 with scalar col"))
    # The ACT line runs concurrently; keep this file DVE-only.
    f.items.pop()
    b = Operand(A["bf16b"], 2048)
    f.add(case("dve", "scalar_tensor_tensor", f"{d.text}, {a.text}, subtract, col, multiply, {b.text}",
               same((2048, "all bf16, (subtract, multiply), N even: N=2048")), CHIPS,
               note="bf16 with scalar col"))
    return f


def dve_dependent():
    f = TestFile("cost-dve-dependent.s",
                 "The VectorE dependent-instruction overhead: +DVE_DEPENDENT = 100 cycles (A1).")
    f.header = [
        "Added to a DVE instruction when one of its inputs (any tensor operand but",
        "the destination, including [P, 1] scalars) overlaps the bytes the",
        "previous DVE instruction wrote (same memory, a common partition, a",
        "common byte). Added after the perf mode. Only the immediately previous",
        "datapath instruction counts; a sequencer instruction (nop, li, ...) in",
        "between does not separate them. Write-after-write is not a dependency.",
        "ACT pays ACT_DEPENDENT = 200 and POOL POOL_DEPENDENT = 100 in the same",
        "case (cost-act.s, cost-pool.s). The overhead is the engine's result",
        "latency: once it has passed since the previous instruction ended, the",
        "result is visible and costs nothing (cost-result-latency.s).",
    ]
    A = dve_allocs(f, with_psum=True)
    col = f.alloc("col", "sbuf", "fp32", 128, 4)
    seq = [
        ("tensor_copy", "fo[:, 0:512], fa[:, 0:512]", "copy", (512, "max(MIN_II=64, N=512) = 512"), None),
        ("tensor_copy", "fb[:, 0:512], fo[:, 0:512]", "copy", (612, "reads fo, written by the line before: max(MIN_II=64, N=512)=512 + DVE_DEPENDENT=100 = 612"), None),
        ("tensor_copy", "fb[:, 512:1024], fo[:, 0:512]", "copy", (512, "reads fo, written two lines before: 512"), None),
        ("tensor_tensor", "fo[:, 0:512], fb[:, 512:1024], fa[:, 0:512], add", "tt", (1124, "reads fb[512:1024]: max(MIN_II=64, 2*N=1024)=1024 + 100 = 1124"), None),
        ("tensor_tensor", "fb[:, 0:512], fo[:, 512:1024], fa[:, 0:512], add", "tt", (1024, "fo[512:1024] does not overlap fo[0:512]: 1024"), None),
        ("tensor_copy", "fo[0:64, 0:512], fa[0:64, 0:512]", "copy", (512, "max(MIN_II=64, N=512) = 512"), None),
        ("tensor_copy", "fb[0:64, 0:512], fo[64:128, 0:512]", "copy", (512, "reads partitions 64-127 of fo; the line before wrote 0-63: 512"), None),
        ("tensor_copy", "fa[:, 0:512], fb[:, 1024:1536]", "copy", (512, "write-after-write of nothing read: 512"), None),
        ("tensor_copy", "fa[:, 0:512], fb[:, 1536:2048]", "copy", (512, "writes what the previous line wrote, reads other bytes: 512"), None),
        ("tensor_copy", "fo[:, 0:1], fa[:, 511:512]", "copy", (164, "reads the last element the previous line wrote: max(MIN_II=64, N=1)=64 + DVE_DEPENDENT=100 = 164"), None),
        ("tensor_scalar", "fb[:, 0:512], fa[:, 0:512], multiply, fo[:, 0:1]", "ts", (612, "the [P, 1] scalar fo[:, 0:1] was just written: 512 + 100 = 612"), None),
        ("nop", "", None, (1, "SEQ_OP = 1"), "nop"),
        ("tensor_copy", "fo[:, 0:512], fb[:, 0:512]", "copy", (612, "reads fb, written before the nop (a nop does not separate them): 512 + 100 = 612"), None),
        ("memset", "bo[:, 0:2048], 1.0", None, (2048, "max(MIN_II=64, N=2048) = 2048"), None),
        ("tensor_copy", "bb[:, 0:2048], bo[:, 0:2048]", "copy", None, "mode"),
        ("tensor_copy", "pfo[:, 0:512], fa[:, 0:512]", "copy", (512, "into PSUM: 512"), None),
        ("tensor_tensor", "fo[:, 0:512], pfo[:, 0:512], fa[:, 0:512], add", "tt", (612, "reads the PSUM just written (case 1): max(MIN_II=64, N=512)=512 + 100 = 612"), None),
        ("tensor_reduce", "fb[:, 0:1], fo[:, 0:512], add", None, (612, "N=512 + 100 = 612"), None),
        ("bn_stats", "fo[:, 0:6], fb[:, 0:1]", None, (164, "reads the reduce result: max(MIN_II=64, N=6)=64 + 100 = 164"), None),
        ("bn_aggr", "fa[:, 0:2], fo[:, 0:6]", None, (164, "max(MIN_II=64, 13*ceil(N=6 / 3)=26)=64 + 100 = 164"), None),
    ]
    for mn, ops, cls, cost, flag in seq:
        if flag == "nop":
            f.add(Case("dve", "nop", "    dve.nop", {c: cost for c in CHIPS}))
            continue
        if flag == "mode":
            def fn(c):
                ops_ = [Operand(A["bf16o"], 2048), Operand(A["bf16a"], 2048)]
                v, t = with_mode(c, "dve", "copy", ops_, *mx_pair(2048))
                return v + 100, f"reads bo, just written: {t} + DVE_DEPENDENT=100 = {v + 100}"
            f.add(case("dve", mn, ops, fn, CHIPS, note="bf16 SBUF copy: the overhead comes after the perf mode"))
            continue
        f.add(case("dve", mn, ops, same_text(cost), CHIPS))
    return f


def dve_dependent_waw():
    f = TestFile("cost-dve-dependent-waw.s",
                 "Write-after-write is not a dependency for the +100 overhead, memset included.")
    f.header = [
        "The ReadsPrevious predicate looks at an instruction's inputs only, so a",
        "memset (no input) over bytes the previous DVE instruction wrote pays no",
        "+100, like a tensor_copy that overwrites them (cost-dve-dependent.s).",
    ]
    A = dve_allocs(f)
    f.add(case("dve", "memset", "fo[:, 0:1024], 0.0", same(mx_pair(1024)), CHIPS))
    f.add(case("dve", "memset", "fo[:, 0:1024], 1.0", same(mx_pair(1024)), CHIPS,
               note="writes the bytes the line before wrote, reads nothing"))
    f.add(case("dve", "tensor_copy", "fo[:, 0:1024], fa[:, 0:1024]", same(mx_pair(1024)), CHIPS,
               note="the same for tensor_copy (passes today)"))
    f.add(case("dve", "memset", "fo[:, 0:16], 2.0", same(mx_pair(16)), CHIPS))
    return f


def same_text(cost):
    v, t = cost
    return lambda c: (v, t)


FILES = [pe_matmul, pe_split, pe_double_row, lambda: pe_transpose(False), lambda: pe_transpose(True), act,
         dve_tensor_tensor, dve_tensor_scalar, dve_stt, dve_tensor_reduce, dve_scan, dve_copy, dve_copy_predicated,
         dve_memset, dve_transpose, dve_bn, dve_reciprocal, dve_max8, dve_range_select, dve_select, pool,
         perf_modes, perf_modes_act, perf_mode_scalar_operand, dve_dependent, dve_dependent_waw]


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    for fn in FILES:
        f = fn()
        if f.name == "cost-dve-tensor-copy.s":
            # r5 = 8 for the register-offset copies: a sequencer line first.
            f.items.insert(0, Case("dve", "li", "    dve.li r5, 8", {c: (1, "SEQ_OP = 1") for c in f.chips}))
        path = os.path.join(outdir, f.name)
        with open(path, "w") as out:
            out.write(f.render())
        print(path)


if __name__ == "__main__":
    main()
