# RUN: trn-as %s -o %t.o
# RUN: trn-emu --chip trn3 --trace-text %t.o 2>/dev/null \
# RUN:   | FileCheck %s --check-prefixes=ALL,TRN3
# RUN: trn-emu --chip trn4 --trace-text %t.o 2>/dev/null \
# RUN:   | FileCheck %s --check-prefixes=ALL,TRN4
#
# matmul_mx (CC_MatmulMx): the cycles of a BF16 matmul of the same M and N
# (CC_Matmul: ceil(max(64, M) / 4) + max(64, N) with the load exposed,
# max(64, N) right after a multiply), times MX_REF_MACS = 65536 (trn3's MX
# rate, A3: 4x BF16) over MxMacs, the chip's MX rate for the slower operand
# type, rounded up. trn3: 65536 for MXFP8 and MXFP4, so exactly the BF16
# cycles (an MX matmul of K = 4 x 128 rows takes what a BF16 K = 128 one
# takes). trn4 (speculative, Chips.td): 196608 for MXFP8 (3x), 393216 for
# MXFP4 (6x); MXFP8 x MXFP4 runs at the MXFP8 rate.
# quantize_mx (CC_QuantizeMx): max(MIN_II, ceil(F / 4)), F = src's elements
# per partition (A3: 4 elements per partition per cycle), the same on both.
#
# Each CHECK pins the cycles column of trn-emu --trace-text; the comment
# above it gives the formula. Sources are uninitialised (values do not
# affect costs; the warnings go to stderr).

.chip trn3
.sbuf s8  : fp8_e4m3fn_x4[128, 128]
.sbuf s4  : fp4_e2m1_x4[128, 128]
.sbuf m8  : fp8_e5m2_x4[128, 1024]
.sbuf m4  : fp4_e2m1_x4[128, 512]
.sbuf ss  : uint8[128, 128]
.sbuf sm  : uint8[128, 1024]
.sbuf wb  : bf16[128, 128]
.sbuf xb  : bf16[128, 4096]
.sbuf q   : fp8_e4m3fn_x4[128, 1024]
.sbuf qs  : uint8[128, 1024]
.psum p   : fp32[128, 512]
.psum pb  : bf16[128, 1024]
.psum pt  : bf16[128, 64]
.sem pe_done

# MXFP8 x MXFP8, M = 128, N = 512, first on the engine (load exposed)
    pe.matmul_mx p, s8, m8[:, 0:512], ss, sm[:, 0:512]
# trn3: ceil(max(64, 128) / 4) + max(64, 512) = 32 + 512 = 544
# trn4: ceil(544 x 65536 / 196608) = ceil(544 / 3) = 182
# TRN3: PE 544 pe.matmul_mx
# TRN4: PE 182 pe.matmul_mx

# MXFP4 x MXFP4, N = 512, after a multiply (load hidden)
    pe.matmul_mx p, s4, m4, ss, sm[:, 0:512]
# trn3: max(64, 512) = 512; trn4: ceil(512 / 6) = 86
# TRN3-NEXT: PE 512 pe.matmul_mx
# TRN4-NEXT: PE 86 pe.matmul_mx

# MXFP8 stationary x MXFP4 moving, N = 256: the MXFP8 rate decides
    pe.matmul_mx p[:, 0:256], s8, m4[:, 0:256], ss, sm[:, 0:256]
# trn3: 256; trn4: ceil(256 / 3) = 86
# TRN3-NEXT: PE 256 pe.matmul_mx
# TRN4-NEXT: PE 86 pe.matmul_mx

# MXFP4 stationary x MXFP8 moving, N = 32: the 64-cycle floor
    pe.matmul_mx p[:, 0:32], s4, m8[:, 0:32], ss, sm[:, 0:32]
# trn3: max(64, 32) = 64; trn4: ceil(64 / 3) = 22
# TRN3-NEXT: PE 64 pe.matmul_mx
# TRN4-NEXT: PE 22 pe.matmul_mx

# bf16 dst, N = 1024, K = 64, M = 64
    pe.matmul_mx pb[0:64, 0:1024], s8[0:64, 0:64], m8[0:64], ss[0:64, 0:64], sm[0:64], tile_row=64, tile_rows=64
# trn3: max(64, 1024) = 1024; trn4: ceil(1024 / 3) = 342
# TRN3-NEXT: PE 1024 pe.matmul_mx
# TRN4-NEXT: PE 342 pe.matmul_mx

# A bf16 matmul right after matmul_mx: its load is hidden too
    pe.matmul p[:, 0:512], wb, xb[:, 0:512]
# max(64, 512) = 512 on both
# ALL-NEXT: PE 512 pe.matmul ap(

# After a PE transpose (not a multiply): M = 2, N = 8, MXFP4 x MXFP4
    pe.transpose pt[0:64, 0:64], wb[0:64, 0:64]
# max(64, P=64, min(64, F=64)) = 64
# ALL-NEXT: PE 64 pe.transpose
    pe.matmul_mx p[0:2, 0:8], s4[:, 0:2], m4[:, 0:8], ss[:, 0:2], sm[:, 0:8] signal(pe_done)
# trn3: ceil(max(64, 2) / 4) + max(64, 8) = 16 + 64 = 80; trn4: ceil(80 / 6) = 14
# TRN3-NEXT: PE 80 pe.matmul_mx
# TRN4-NEXT: PE 14 pe.matmul_mx

# quantize_mx, F = 4096, 1024 and 64 (independent of one another: no
# dependent-instruction overhead), after the PE's
    dve.quantize_mx q, xb, qs wait(pe_done >= 1)
# max(64, ceil(4096 / 4)) = 1024
# ALL-NEXT: DVE 1024 dve.quantize_mx
    dve.quantize_mx q[:, 0:256], xb[:, 0:1024], qs[:, 0:256]
# max(64, 1024 / 4) = 256
# ALL-NEXT: DVE 256 dve.quantize_mx
    dve.quantize_mx q[0:32, 0:16], xb[0:32, 0:64], qs[0:4, 0:16]
# max(64, 64 / 4 = 16) = 64
# ALL-NEXT: DVE 64 dve.quantize_mx
