# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# Accumulating onto PSUM that a non-matmul instruction wrote (here a
# memset, the tempting way to zero an accumulator) is undefined on the
# hardware and an error here.

.tensor o : fp32[32, 64] output
.sbuf w : bf16[32, 32]
.sbuf v : bf16[32, 64]
.sbuf r : fp32[32, 64]
.psum p : fp32[32, 64] bank 2
dve.memset w, 1.0
dve.memset v, 1.0
dve.memset p, 0.0 signal(s0)
# CHECK:      {{^.*/}}fault-matmul-accumulate-memset.s:[[@LINE+3]]:1: error: undefined behaviour at {{[0-9]+}} ns on PE, instruction 0 (matmul): operand 'dst': accumulates onto PSUM partition 0 byte 4096, which a non-matmul instruction wrote (undefined on the hardware){{$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:32, 0x1000, [1, 64]), ap(sbuf bf16, 0:32, 0x0, [1, 32]), ap(sbuf bf16, 0:32, 0x40, [1, 64]), acc=accumulate wait(s0 >= 1) signal(s1){{$}}
# CHECK-NOT:  {{.}}
pe.matmul p, w, v, acc=accumulate wait(s0 >= 1) signal(s1)
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.0 wait(s2 >= 1)
