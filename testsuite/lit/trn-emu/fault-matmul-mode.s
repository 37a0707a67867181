# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A multiply_moving uses the stationary loaded at its tile, in the mode it
# was loaded in. Where the stream shows which stationary that is, the
# verifier checks it before anything runs (trn-as/verify-matmul-double-row.s,
# verify-matmul-stationary-tile.s); here the multiply_moving is a branch
# target, so it is checked when it runs: the stationary was loaded with
# perf=double_row and the multiply asks for perf=none. (The branch is never
# taken: r1 = r0 = 0.)
.chip trn2

.tensor o : fp32[128, 64] output
.sbuf w : fp8_e4m3[128, 2, 128]
.sbuf v : fp8_e4m3[128, 2, 64]
.sbuf r : fp32[128, 64]
.psum p : fp32[128, 64]
dve.memset w, 1.0
dve.memset v, 1.0 signal(s0)
pe.load_stationary w, perf=double_row wait(s0 >= 1)
# CHECK:      {{^.*/}}fault-matmul-mode.s:[[@LINE+4]]:1: error: bad program at {{[0-9.]+}} ns on PE, instruction 1 (multiply_moving): perf=none but the stationary at this tile was loaded with perf=double_row: a multiply uses its stationary in the mode it was loaded in{{$}}
# CHECK-NEXT: {{^}}    pe.multiply_moving ap(psum fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp8_e4m3, 0:128, 0x100, [1, 64]) signal(s1){{$}}
# CHECK-NOT:  {{.}}
again:
pe.multiply_moving p, v[:, 0, :] signal(s1)
pe.bne r1, r0, again
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.0 wait(s2 >= 1)
