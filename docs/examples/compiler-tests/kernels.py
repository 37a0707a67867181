"""A toy kernel compiler: generates trnemu assembly for elementwise
operations and GEMMs of any (supported) shape and dtype, as a compiler's
code generator would. The tests beside it run what it generates on
trnemu and check it against NumPy."""

PARTITIONS = 128  # SBUF partitions: rows per tile
PSUM_FP32_COLUMNS = 512  # one 2 KiB PSUM bank of fp32


def _tiles(rows, size=PARTITIONS):
    """(first, end) row ranges of at most `size` rows."""
    return [(r, min(r + size, rows)) for r in range(0, rows, size)]


def elementwise(op, dtype, rows, cols, synchronise=True):
    """out = a <op> b elementwise on VectorE (op: an AluOp name), tiled
    over 128-row tiles. Each tile: two loads on their own DMA queues, one
    tensor_tensor once both have landed, one store once it is done.
    synchronise=False leaves out the compute's wait: the bug a race
    detector exists to catch."""
    tiles = _tiles(rows)
    if len(tiles) > 16:
        raise ValueError("at most 16 tiles (one DMA queue each)")
    lines = [".chip trn2",
             f".tensor a : {dtype}[{rows}, {cols}] input",
             f".tensor b : {dtype}[{rows}, {cols}] input",
             f".tensor out : {dtype}[{rows}, {cols}] output"]
    for t, (r0, r1) in enumerate(tiles):
        for buf in ("a", "b", "o"):
            lines.append(f".sbuf {buf}{t} : {dtype}[{r1 - r0}, {cols}]")
        lines += [f".sem loaded{t}", f".sem done{t}"]
    for t, (r0, r1) in enumerate(tiles):
        lines.append(f"    sp.dma_copy a{t}, a[{r0}:{r1}, :], q0.{t} signal(loaded{t}, 16)")
        lines.append(f"    sp.dma_copy b{t}, b[{r0}:{r1}, :], q1.{t} signal(loaded{t}, 16)")
    for t, _ in enumerate(tiles):
        wait = f" wait(loaded{t} >= 32)" if synchronise else ""
        lines.append(f"    dve.tensor_tensor o{t}, a{t}, b{t}, {op}{wait} signal(done{t})")
    for t, (r0, r1) in enumerate(tiles):
        lines.append(f"    sp.dma_copy out[{r0}:{r1}, :], o{t}, q2.{t} wait(done{t} >= 1)")
    return "\n".join(lines) + "\n"


def gemm(m, k, n, dtype):
    """out[m, n] (fp32) = lhsT[k, m]^T . rhs[k, n] on TensorE: k in tiles of
    128 partitions accumulated in one PSUM bank (m <= 128, n <= 512), then
    copied to SBUF by VectorE and stored. Each k tile's loads signal a
    semaphore of their own: transfers on different queues complete in any
    order, so one count over all of them would not say which had landed
    (trnemu's race detector reports exactly that)."""
    if m > PARTITIONS or n > PSUM_FP32_COLUMNS:
        raise ValueError("one output tile: m <= 128, n <= 512")
    ktiles = _tiles(k)
    lines = [".chip trn2",
             f".tensor lhsT : {dtype}[{k}, {m}] input",
             f".tensor rhs : {dtype}[{k}, {n}] input",
             f".tensor out : fp32[{m}, {n}] output",
             f".psum acc : fp32[{m}, {n}]",
             f".sbuf res : fp32[{m}, {n}]",
             ".sem multiplied", ".sem copied"]
    for t, (k0, k1) in enumerate(ktiles):
        lines.append(f".sbuf l{t} : {dtype}[{k1 - k0}, {m}]")
        lines.append(f".sbuf r{t} : {dtype}[{k1 - k0}, {n}]")
        lines.append(f".sem loaded{t}")
    for t, (k0, k1) in enumerate(ktiles):
        lines.append(f"    sp.dma_copy l{t}, lhsT[{k0}:{k1}, :], q0.{t} signal(loaded{t}, 16)")
        lines.append(f"    sp.dma_copy r{t}, rhs[{k0}:{k1}, :], q1.{t} signal(loaded{t}, 16)")
    for t, _ in enumerate(ktiles):
        mode = "overwrite" if t == 0 else "accumulate"
        lines.append(f"    matmul acc, l{t}, r{t}, acc={mode} wait(loaded{t} >= 32)"
                     " signal(multiplied)")
    lines.append(f"    dve.tensor_copy res, acc wait(multiplied >= {len(ktiles)}) signal(copied)")
    lines.append("    sp.dma_copy out, res, q2.0 wait(copied >= 1)")
    return "\n".join(lines) + "\n"
