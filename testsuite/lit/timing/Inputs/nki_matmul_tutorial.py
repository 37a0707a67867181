"""The four kernels of AWS's NKI matrix-multiplication tutorial, as trnemu
assembly, for the calibration table (calibration.py).

The tutorial (aws-neuron/aws-neuron-sdk at commit 2086a70af5c1,
general/nki/tutorials/matrix_multiplication.rst and general/nki/examples/
matrix_multiplication/matrix_multiplication_nki_kernels.py) benchmarks its
kernels on [4096, 8192] @ [8192, 8192] bf16 (lhsT [K = 8192, M = 4096], rhs [8192,
N = 8192], the result bf16) on one trn1 NeuronCore. Each kernel below does
what the NKI code does, instruction for instruction where NKI names the
instruction (one dma_copy per nl.load / nl.store, one matmul per
nl.matmul / nc_matmul, one copy per nl.copy, one tensor_tensor per SBUF
accumulation, one memset per nl.zeros of an SBUF tile). What NKI leaves to
its compiler is chosen here, the same way for every step, and documented in
docs/timing-model.md section 16:

- loads are triggered by SP, in program order, on QUEUES queues per operand
  (2 for step 4's larger transfers; transfer g of an operand on queue
  g mod the queues); stores by ACT on two queues; PSUM is evacuated by DVE (steps 1-3) or, for step 4's packing
  copies, by ACT; step 4's memsets run on GpSimd;
- buffers: as many as fit in trn1's 192 KiB per partition, reused tile by
  tile: a load waits only for the last matmul that read the bytes it
  overwrites (the dependency the compiler tracks), never for a whole block;
- the code is straight-line (NKI's affine_range loops are unrolled).

A kernel is generated for a number of *units* (the iterations of its
outermost loop, which are all alike: output tiles for step 1, M-tiles for
step 2, M-blocks of 256 rows for step 3, N-blocks of 1024 columns for step
4), so that calibration.py can time two small runs and extrapolate to the
published size.
"""

K = 8192
KT = K // 128            # k-tiles
M_FULL, N_FULL = 4096, 8192
QUEUES = 4               # load queues per operand (steps 1-3)
STEPS = {
    1: ("tiled", "output tiles of [128, 512]", (M_FULL // 128) * (N_FULL // 512)),
    2: ("hoisted loads", "M-tiles of 128 rows", M_FULL // 128),
    3: ("blocked free dimensions", "M-blocks of 256 rows", M_FULL // 256),
    4: ("blocked M, N and K", "N-blocks of 1024 columns", N_FULL // 1024),
}


class Prog:
    """Per-engine instruction lists, written out engine by engine."""

    def __init__(self):
        self.head, self.eng = [".chip trn1"], {e: [] for e in ("sp", "pe", "dve", "act", "pool")}

    def decl(self, line):
        self.head.append(line)

    def __call__(self, engine, line):
        self.eng[engine].append("    " + line)

    def text(self):
        out = list(self.head)
        for e, lines in self.eng.items():
            if lines:
                out.append(f"# ---- {e}")
                out += lines
        return "\n".join(out) + "\n"


def wait(*conds):
    conds = [c for c in conds if c]
    return f" wait({', '.join(conds)})" if conds else ""


def ge(sem, value):
    """A wait condition, or none when it holds from the start."""
    return f"{sem} >= {value}" if value > 0 else ""


class Loads:
    """One operand's loads: transfer g goes on queue g mod QUEUES (queues
    qBASE.0 ..), each with its own semaphore (+16 per transfer, a queue
    completes in order), so that 'transfer g has landed' is one condition."""

    def __init__(self, prog, name, base, queues=QUEUES):
        self.p, self.name, self.base, self.queues, self.count = prog, name, base, queues, 0
        for q in range(queues):
            prog.decl(f".sem {name}{q}")

    def issue(self, dst, src, waits=()):
        g = self.count
        self.count += 1
        q = g % self.queues
        self.p("sp", f"sp.dma_copy {dst}, {src}, q{self.base}.{q}{wait(*waits)} signal({self.name}{q}, 16)")
        return g

    def landed(self, g):
        return ge(f"{self.name}{g % self.queues}", 16 * (g // self.queues + 1))


def common(p, m, n):
    p.decl(f".tensor lhsT : bf16[{K}, {m}] scratch")
    p.decl(f".tensor rhs : bf16[{K}, {n}] scratch")
    p.decl(f".tensor out : bf16[{m}, {n}] scratch")
    p.decl(".sem mm        # +1 per matmul")
    p.decl(".sem copied    # +1 per result tile copied out of PSUM")
    p.decl(".sem st0       # +16 per store from result slot 0 (q8.0)")
    p.decl(".sem st1       # +16 per store from result slot 1 (q8.1)")


def evacuate(p, tile, bank, last_mm, row, col):
    """DVE copies a finished [128, 512] PSUM tile to result slot tile & 1
    (cast to bf16) once its last matmul is done and the slot's previous
    store has completed; ACT stores it."""
    s = tile & 1
    p("dve", f"dve.tensor_copy res[:, {s}, :], acc[:, {bank}, :]"
             f"{wait(ge('mm', last_mm + 1), ge(f'st{s}', 16 * (tile // 2)))} signal(copied)")
    p("act", f"act.dma_copy out[{row}:{row + 128}, {col}:{col + 512}], res[:, {s}, :], q8.{s}"
             f"{wait(ge('copied', tile + 1))} signal(st{s}, 16)")


def step1(units):
    """nki_matmul_tiled_: for m, for n: for k: load lhsT[k, m] and rhs[k, n],
    matmul into PSUM; copy and store. 4 slots per operand, 2 PSUM banks.
    units: output tiles (m outer, n inner; N = 8192 while it fits)."""
    n = min(units, N_FULL // 512) * 512
    m = 128 * -(-units // (N_FULL // 512))
    p = Prog()
    common(p, m, n)
    p.decl(".sbuf lt : bf16[128, 4, 128]")
    p.decl(".sbuf rt : bf16[128, 4, 512]")
    p.decl(".sbuf res : bf16[128, 2, 512]")
    p.decl(".psum acc : fp32[128, 2, 512]")
    lhs, rhs = Loads(p, "ll", 0), Loads(p, "rl", 1)
    for t in range(units):
        mi, ni = divmod(t, n // 512)
        if t >= 2:
            p("pe", f"pe.nop{wait(ge('copied', t - 1))}")
        for k in range(KT):
            g = KT * t + k
            s = g & 3
            free = ge("mm", g - 3)      # the matmul that last read slot s is g - 4
            a = lhs.issue(f"lt[:, {s}, :]", f"lhsT[{128 * k}:{128 * k + 128}, {128 * mi}:{128 * mi + 128}]", [free])
            b = rhs.issue(f"rt[:, {s}, :]", f"rhs[{128 * k}:{128 * k + 128}, {512 * ni}:{512 * ni + 512}]", [free])
            mode = "overwrite" if k == 0 else "accumulate"
            p("pe", f"matmul acc[:, {t & 1}, :], lt[:, {s}, :], rt[:, {s}, :], acc={mode}"
                    f"{wait(lhs.landed(a), rhs.landed(b))} signal(mm)")
        evacuate(p, t, t & 1, KT * t + KT - 1, 128 * mi, 512 * ni)
    return p.text(), m, n


def step2(units):
    """nki_matmul_hoist_load_: for m: load lhsT[:, m] (64 loads of
    [128, 128]); for n: load rhs[:, n] (64 loads of [128, 512]), 64 matmuls,
    copy, store. 2 slots per column (32 + 128 KiB per partition), 2 PSUM
    banks. units: M-tiles of 128 rows (16 output tiles each)."""
    m, n, nt = 128 * units, N_FULL, N_FULL // 512
    p = Prog()
    common(p, m, n)
    p.decl(f".sbuf lc : bf16[128, 2, {KT}, 128]")
    p.decl(f".sbuf rc : bf16[128, 2, {KT}, 512]")
    p.decl(".sbuf res : bf16[128, 2, 512]")
    p.decl(".psum acc : fp32[128, 2, 512]")
    lhs, rhs = Loads(p, "ll", 0), Loads(p, "rl", 1)
    lg = {}
    for mi in range(units):
        for k in range(KT):
            # lhsT slot mi & 1 was last read by tile (mi - 2, nt - 1), k-tile k
            last = KT * (nt * (mi - 2) + nt - 1) + k
            lg[mi, k] = lhs.issue(f"lc[:, {mi & 1}, {k}, :]", f"lhsT[{128 * k}:{128 * k + 128}, {128 * mi}:{128 * mi + 128}]",
                                  [ge("mm", last + 1)])
        for ni in range(nt):
            u = nt * mi + ni
            if u >= 2:
                p("pe", f"pe.nop{wait(ge('copied', u - 1))}")
            for k in range(KT):
                g = rhs.issue(f"rc[:, {u & 1}, {k}, :]", f"rhs[{128 * k}:{128 * k + 128}, {512 * ni}:{512 * ni + 512}]",
                              [ge("mm", KT * (u - 2) + k + 1)])
                mode = "overwrite" if k == 0 else "accumulate"
                p("pe", f"matmul acc[:, {u & 1}, :], lc[:, {mi & 1}, {k}, :], rc[:, {u & 1}, {k}, :], acc={mode}"
                        f"{wait(lhs.landed(lg[mi, k]), rhs.landed(g))} signal(mm)")
            evacuate(p, u, u & 1, KT * u + KT - 1, 128 * mi, 512 * ni)
    return p.text(), m, n


def step3(units):
    """nki_matmul_block_free_dimension_: for each M-block (2 tiles): load
    its lhsT tiles (2 x 64 of [128, 128]); for each N-block (2 tiles of 512):
    load its rhs tiles (2 x 64 of [128, 512]), then for bm, bn: 64 matmuls,
    copy, store. One buffer per block (32 + 128 KiB per partition), reused
    tile by tile; 8 PSUM banks. units: M-blocks of 256 rows."""
    m, n, nb = 256 * units, N_FULL, N_FULL // 1024
    p = Prog()
    common(p, m, n)
    p.decl(f".sbuf lc : bf16[128, 2, {KT}, 128]")
    p.decl(f".sbuf rc : bf16[128, 2, {KT}, 512]")
    p.decl(".sbuf res : bf16[128, 2, 512]")
    p.decl(".psum acc : fp32[128, 8, 512]")
    lhs, rhs = Loads(p, "ll", 0), Loads(p, "rl", 1)

    def mm_index(v, bm, bn, k):        # matmuls in program order
        return 4 * KT * v + 2 * KT * bm + KT * bn + k

    for mb in range(units):
        lg = {}
        for bm in range(2):
            for k in range(KT):
                # lhsT tile (bm, k) was last read in the previous M-block's last N-block, bn = 1
                last = mm_index(nb * mb - 1, bm, 1, k)
                col = 128 * (2 * mb + bm)
                lg[bm, k] = lhs.issue(f"lc[:, {bm}, {k}, :]", f"lhsT[{128 * k}:{128 * k + 128}, {col}:{col + 128}]",
                                      [ge("mm", last + 1)])
        for nbi in range(nb):
            v = nb * mb + nbi
            rg = {}
            for bn in range(2):
                for k in range(KT):
                    last = mm_index(v - 1, 1, bn, k)   # rhs tile (bn, k) was last read at bm = 1
                    col = 512 * (2 * nbi + bn)
                    rg[bn, k] = rhs.issue(f"rc[:, {bn}, {k}, :]", f"rhs[{128 * k}:{128 * k + 128}, {col}:{col + 512}]",
                                          [ge("mm", last + 1)])
            for bm in range(2):
                for bn in range(2):
                    w = 4 * v + 2 * bm + bn
                    if w >= 8:
                        p("pe", f"pe.nop{wait(ge('copied', w - 7))}")
                    for k in range(KT):
                        mode = "overwrite" if k == 0 else "accumulate"
                        p("pe", f"matmul acc[:, {w & 7}, :], lc[:, {bm}, {k}, :], rc[:, {bn}, {k}, :], acc={mode}"
                                f"{wait(lhs.landed(lg[bm, k]), rhs.landed(rg[bn, k]))} signal(mm)")
                    evacuate(p, w, w & 7, mm_index(v, bm, bn, KT - 1), 128 * (2 * mb + bm), 512 * (2 * nbi + bn))
    return p.text(), m, n


def step4(units):
    """nki_matmul_fully_optimized_ (TILES_IN_BLOCK_M = 16, _N = 2, _K = 8):
    for each N-block n (1024 columns): zero the result tiles (2 M-blocks x
    16 x 2 tiles of [128, 512] bf16 in SBUF); for each K-block k (1024
    rows): load rhs (8 loads of [128, 1024]); for each M-block: load lhsT
    (8 loads of [128, 2048]), then for bn, bm: 8 matmuls into PSUM and one
    tensor_tensor adding the PSUM tile to its SBUF result tile (DVE); then
    copy the result tiles pairwise into a packed [128, 1024] tile (ACT) and
    store it. lhsT and rhs have two buffers each (by M-block, by K-block),
    the result tiles one (reused tile by tile), the packed tile two; 8 PSUM
    banks. units: N-blocks of 1024 columns."""
    m, n = M_FULL, 1024 * units
    nbm, nbk, tbm, tbn, tbk = m // 2048, K // 1024, 16, 2, 8
    p = Prog()
    p.decl(f".tensor lhsT : bf16[{K}, {m}] scratch")
    p.decl(f".tensor rhs : bf16[{K}, {n}] scratch")
    p.decl(f".tensor out : bf16[{m}, {n}] scratch")
    p.decl(f".sbuf lt : bf16[128, 2, {tbk}, 2048]")       # by M-block parity, bk
    p.decl(f".sbuf rt : bf16[128, 2, {tbk}, 1024]")       # by K-block parity, bk
    p.decl(f".sbuf rs : bf16[128, {nbm * tbm * tbn}, 512]")   # result tiles (mb, bm, bn)
    p.decl(".sbuf pk : bf16[128, 2, 1024]")              # packed result rows
    p.decl(".psum acc : fp32[128, 8, 512]")
    p.decl(".sem mm        # +1 per matmul")
    p.decl(".sem added     # +1 per PSUM tile added into its result tile (DVE)")
    p.decl(".sem zeroed    # +1 per result tile set to zero (POOL)")
    p.decl(".sem packed    # +1 per packed row copied (ACT)")
    p.decl(".sem st0       # +16 per store from packed slot 0 (q8.0)")
    p.decl(".sem st1       # +16 per store from packed slot 1 (q8.1)")
    lhs, rhs = Loads(p, "ll", 0, 2), Loads(p, "rl", 1, 2)
    ntile = nbm * tbm * tbn
    w = 0                                 # PSUM tiles in program order
    mm = 0                                # matmuls in program order
    ldone = {}                            # lhsT (mb, k, bk) -> last matmul index that reads it
    rdone = {}                            # rhs (k, bk) -> last matmul index that reads it
    for ni in range(units):
        for j in range(ntile):
            # result tile j is free once ACT has packed it from the previous N-block
            free = ge("packed", (ni - 1) * nbm * tbm + j // tbn + 1) if ni else ""
            p("pool", f"pool.memset rs[:, {j}, :], 0.0{wait(free)} signal(zeroed)")
        for k in range(nbk):
            rg = {}
            for bk in range(tbk):
                prev = rdone.get(("slot", (ni * nbk + k) & 1, bk))
                row = 128 * (tbk * k + bk)
                rg[bk] = rhs.issue(f"rt[:, {(ni * nbk + k) & 1}, {bk}, :]", f"rhs[{row}:{row + 128}, {1024 * ni}:{1024 * ni + 1024}]",
                                   [ge("mm", prev + 1) if prev is not None else ""])
            for mb in range(nbm):
                lslot = (((ni * nbk + k) * nbm) + mb) & 1
                lg = {}
                for bk in range(tbk):
                    prev = ldone.get(("slot", lslot, bk))
                    row = 128 * (tbk * k + bk)
                    lg[bk] = lhs.issue(f"lt[:, {lslot}, {bk}, :]", f"lhsT[{row}:{row + 128}, {2048 * mb}:{2048 * mb + 2048}]",
                                       [ge("mm", prev + 1) if prev is not None else ""])
                for bn in range(tbn):
                    for bm in range(tbm):
                        if w >= 8:
                            p("pe", f"pe.nop{wait(ge('added', w - 7))}")
                        for bk in range(tbk):
                            mode = "overwrite" if bk == 0 else "accumulate"
                            p("pe", f"matmul acc[:, {w & 7}, :], lt[:, {lslot}, {bk}, {128 * bm}:{128 * bm + 128}], "
                                    f"rt[:, {(ni * nbk + k) & 1}, {bk}, {512 * bn}:{512 * bn + 512}], acc={mode}"
                                    f"{wait(lhs.landed(lg[bk]), rhs.landed(rg[bk]))} signal(mm)")
                            ldone["slot", lslot, bk] = mm
                            rdone["slot", (ni * nbk + k) & 1, bk] = mm
                            mm += 1
                        j = (mb * tbm + bm) * tbn + bn
                        first = ge("zeroed", ni * ntile + j + 1) if k == 0 else ""
                        p("dve", f"dve.tensor_tensor rs[:, {j}, :], rs[:, {j}, :], acc[:, {w & 7}, :], add"
                                 f"{wait(ge('mm', mm), first)} signal(added)")
                        w += 1
        # pack and store: row (mb, bm) of the N-block = result tiles bn = 0, 1
        done = ge("added", w)             # every addition of this N-block
        for mb in range(nbm):
            for bm in range(tbm):
                r = (ni * nbm + mb) * tbm + bm
                s = r & 1
                for bn in range(tbn):
                    j = (mb * tbm + bm) * tbn + bn
                    waits = [done if bn == 0 else "", ge(f"st{s}", 16 * (r // 2)) if bn == 0 else ""]
                    sig = " signal(packed)" if bn == tbn - 1 else ""
                    p("act", f"act.activation pk[:, {s}, {512 * bn}:{512 * bn + 512}], rs[:, {j}, :], copy{wait(*waits)}{sig}")
                row = 2048 * mb + 128 * bm
                p("act", f"act.dma_copy out[{row}:{row + 128}, {1024 * ni}:{1024 * ni + 1024}], pk[:, {s}, :], q8.{s} signal(st{s}, 16)")
    return p.text(), m, n


GENERATORS = {1: step1, 2: step2, 3: step3, 4: step4}
