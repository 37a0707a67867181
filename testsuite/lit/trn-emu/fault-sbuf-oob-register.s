# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A register offset pushes an SBUF read past the end of the partition. The
# assembler checks the pattern without the offset; trn-emu checks it with
# the register's value when the instruction runs, and writes no output.

.chip trn2
.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
dve.memset x, 1.0
# 57340 fp32 elements = byte 229360: the last 16 of 229376 bytes, then 16 beyond.
dve.li r2, 57340
# CHECK:      {{^.*/}}fault-sbuf-oob-register.s:[[@LINE+3]]:1: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 2 (tensor_copy): operand 'src': SBUF bytes 229360..229391 of partitions 0..3 are outside the 229376-byte partition (register r2 = 57340){{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:4, 0x40, [1, 8]), ap(sbuf fp32, 0:4, 0x0, [1, 8]) + r2 signal(s0){{$}}
# CHECK-NOT:  {{.}}
dve.tensor_copy y, x + r2 signal(s0)
sp.dma_copy o, y, q0.0 wait(s0 >= 1)
