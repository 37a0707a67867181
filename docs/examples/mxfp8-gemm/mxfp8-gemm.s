# MXFP8 GEMM on trn3: bf16 in, quantized in the kernel, fp32 out.
#
#   out[M, N] = lhsT[K, M]^T . rhs[K, N],  M = 256, K = 512, N = 512
#
# Both operands are quantized to MXFP8 (fp8_e4m3fn values, one E8M0 scale
# per 32 of them) by quantize_mx on the Vector engine, then multiplied by
# matmul_mx on the Tensor engine, which dequantizes as it multiplies and
# accumulates in fp32 (docs/numerics.md, "MX").
#
# The MX layout: a matmul_mx contracts over the partitions *and* the four
# values of each packed element, row k = 4p + j for value j of partition p,
# so one instruction covers K = 4 x 128 = 512 rows. quantize_mx groups four
# consecutive elements of its source's access pattern into one packed
# element, so partition p of each source tile holds rows 4p..4p+3 of the
# operand (one contiguous 4-row run of HBM, loaded by one DMA), and
# quantize_mx reads them column by column: the access pattern [1, W], [W, 4]
# (column c outer, row j inner) puts rows 4p..4p+3 of column c next to each
# other. No transpose, no copy.
#
#   SP  : lhsT (256 KiB) on q0.0; the dumps of the quantized operands
#   ACT : rhs (512 KiB) on q1.0; the result's store
#   DVE : zero the scale tiles (only 4 rows per quadrant are written, and
#         the whole tiles are dumped), quantize lhsT [128, 1024] and rhs
#         [128, 2048] (F / 4 cycles each: 256 and 512)
#   PE  : two matmul_mx, m-tiles 0 and 1: [128, 128] x [128, 512] each
#   ACT : PSUM -> SBUF, then the store
#
# The quantized operands and their scales are outputs too (qa, sa, qb, sb),
# so that the reference can check them bit for bit.

.chip trn3
.const M = 256
.const K = 512
.const N = 512
.const P = K / 4          # 128 partitions hold the 512 contraction rows

.tensor lhsT : bf16[K, M] input
.tensor rhs  : bf16[K, N] input
.tensor out  : fp32[M, N] output
.tensor qa   : fp8_e4m3fn_x4[P, M] output   # lhsT, MXFP8: element [p, m] = rows 4p..4p+3
.tensor sa   : uint8[P, M] output           # its scales (rows 32q..32q+3 of each quadrant)
.tensor qb   : fp8_e4m3fn_x4[P, N] output
.tensor sb   : uint8[P, N] output

.sbuf L   : bf16[P, 4, M]              # rows 4p..4p+3 of lhsT in partition p
.sbuf R   : bf16[P, 4, N]
.sbuf QA  : fp8_e4m3fn_x4[P, M]
.sbuf SA  : uint8[P, M]
.sbuf QB  : fp8_e4m3fn_x4[P, N]
.sbuf SB  : uint8[P, N]
.sbuf RES : fp32[128, 2, N]
.psum ACC : fp32[128, 2, N]            # bank t: m-tile t

.sem lhs_in
.sem rhs_in
.sem quant     # +1 per operand quantized
.sem mm        # +1 per matmul_mx
.sem evac      # +1 per m-tile in SBUF

# ---- loads: partition p <- rows 4p..4p+3 (4M and 4N contiguous elements)
    sp.dma_copy L, ap(hbm bf16, [4 * M, P], addr(lhsT), [1, 4 * M]), q0.0 signal(lhs_in, 16)
    act.dma_copy R, ap(hbm bf16, [4 * N, P], addr(rhs), [1, 4 * N]), q1.0 signal(rhs_in, 16)

# ---- DVE: quantize, column by column (4 rows of one column = one element)
    dve.memset SA, 0.0
    dve.memset SB, 0.0
    dve.quantize_mx QA, ap(sbuf bf16, 0:P, addr(L), [1, M], [M, 4]), SA wait(lhs_in >= 16) signal(quant)
    dve.quantize_mx QB, ap(sbuf bf16, 0:P, addr(R), [1, N], [N, 4]), SB wait(rhs_in >= 16) signal(quant)

# ---- PE: out[128t:128t+128, :] = QA[:, 128t:128t+128]^T . QB, dequantized
    pe.matmul_mx ACC[:, 0, :], QA[:, 0:128], QB, SA[:, 0:128], SB wait(quant >= 2) signal(mm)
    pe.matmul_mx ACC[:, 1, :], QA[:, 128:256], QB, SA[:, 128:256], SB signal(mm)

# ---- ACT: evacuate PSUM and store; SP: dump the quantized operands
    act.tensor_copy RES[:, 0, :], ACC[:, 0, :] wait(mm >= 1) signal(evac)
    act.tensor_copy RES[:, 1, :], ACC[:, 1, :] wait(mm >= 2) signal(evac)
    act.dma_copy ap(hbm fp32, [N, 128], addr(out), [128 * N, 2], [1, N]), RES, q1.1 wait(evac >= 2)
    sp.dma_copy qa, QA, q0.1 wait(quant >= 2)
    sp.dma_copy sa, SA, q0.2
    sp.dma_copy qb, QB, q0.3
    sp.dma_copy sb, SB, q0.4
