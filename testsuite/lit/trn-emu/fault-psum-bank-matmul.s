# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A matmul result must lie within one 2 KiB PSUM bank. Written as
# ap(psum ...) with a register offset, the assembler sees bytes 0..255; at
# run time r5 = 480 elements puts it at bytes 1920..2175, across 2048.

.tensor o : fp32[32, 64] output
.sbuf w : bf16[32, 32]
.sbuf v : bf16[32, 64]
.sbuf r : fp32[32, 64]
.psum p : fp32[32, 512]
dve.memset w, 1.0
dve.memset v, 1.0 signal(s0)
pe.li r5, 480
# CHECK:      {{^.*/}}fault-psum-bank-matmul.s:[[@LINE+3]]:1: error: PSUM bank at {{[0-9]+}} ns on PE, instruction 1 (matmul): operand 'dst': PSUM bytes 1920..2175 cross the bank boundary at 2048 (register r5 = 480){{$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:32, 0x0, [1, 64]) + r5, ap(sbuf bf16, 0:32, 0x0, [1, 32]), ap(sbuf bf16, 0:32, 0x40, [1, 64]) wait(s0 >= 1) signal(s1){{$}}
# CHECK-NOT:  {{.}}
pe.matmul ap(psum fp32, 0:32, addr(p), [1, 64]) + r5, w, v wait(s0 >= 1) signal(s1)
dve.tensor_copy r, p[:, 0:64] wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.0 wait(s2 >= 1)
