# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A multiply_moving at a branch target, at a tile where nothing is loaded
# when it runs: the stationary was loaded into rows 0-63, the multiply asks
# for rows 64-127 (the same shape, other cells). Checked at run time, since
# control may reach a branch target with anything loaded. (The branch is
# never taken: r1 = r0 = 0.)
.chip trn2

.tensor o : fp32[64, 64] output
.sbuf w : bf16[64, 64]
.sbuf v : bf16[64, 64]
.sbuf r : fp32[64, 64]
.psum p : fp32[64, 64]
dve.memset w, 1.0
dve.memset v, 1.0 signal(s0)
pe.load_stationary w, tile_row=0, tile_rows=64 wait(s0 >= 1)
# CHECK:      {{^.*/}}fault-matmul-tile.s:[[@LINE+4]]:1: error: bad program at {{[0-9.]+}} ns on PE, instruction 1 (multiply_moving): no stationary is loaded at the tile of rows 64-127, columns 0-127: load_stationary or matmul with the same tile first{{$}}
# CHECK-NEXT: {{^}}    pe.multiply_moving ap(psum fp32, 0:64, 0x0, [1, 64]), ap(sbuf bf16, 0:64, 0x80, [1, 64]), tile_row=64, tile_rows=64 signal(s1){{$}}
# CHECK-NOT:  {{.}}
again:
pe.multiply_moving p, v, tile_row=64, tile_rows=64 signal(s1)
pe.bne r1, r0, again
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.0 wait(s2 >= 1)
