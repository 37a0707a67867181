# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A PSUM write past the 16 KiB of a partition (8 banks of 2 KiB), through
# ap(psum ...) and a register offset.

.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.psum p : fp32[4, 8]
dve.memset x, 1.0
dve.li r2, 4093
# CHECK:      {{^.*/}}fault-psum-oob.s:[[@LINE+3]]:1: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 2 (tensor_copy): operand 'dst': PSUM bytes 16372..16403 of partitions 0..3 are outside the 16384-byte partition (register r2 = 4093){{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(psum fp32, 0:4, 0x0, [1, 8]) + r2, ap(sbuf fp32, 0:4, 0x0, [1, 8]) signal(s0){{$}}
# CHECK-NOT:  {{.}}
dve.tensor_copy ap(psum fp32, 0:4, addr(p), [1, 8]) + r2, x signal(s0)
dve.tensor_copy x, p wait(s0 >= 1) signal(s1)
sp.dma_copy o, x, q0.0 wait(s1 >= 1)
