# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# HBM is reached only through declared tensors: an ap(hbm ...) without a
# register offset must lie within one, whether it is declared before the
# instruction or after it. With a register offset only the run time knows
# where it lies (trn-emu/fault-hbm-outside-tensors.test). a is at
# 0x0..0x7F, o at 0x80..0xFF.

.tensor a : fp32[4, 8] input
.sbuf x : fp32[4, 8]
# CHECK:      {{^.*/}}verify-hbm-tensors.s:[[@LINE+3]]:16: error: operand 'src' of 'dma_copy' reaches HBM bytes 0x100 to 0x17F, outside every declared tensor{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, ap(hbm fp32, [8, 4], 0x100, [1, 8]), q0.0{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
sp.dma_copy x, ap(hbm fp32, [8, 4], 0x100, [1, 8]), q0.0
# CHECK-NEXT: {{^.*/}}verify-hbm-tensors.s:[[@LINE+3]]:13: error: operand 'dst' of 'dma_copy' reaches HBM bytes 0x40 to 0xBF, outside every declared tensor (it overlaps 'a' at 0x0..0x7F and 'o' at 0x80..0xFF){{$}}
# CHECK-NEXT: {{^}}sp.dma_copy ap(hbm fp32, [8, 4], 0x40, [1, 8]), x, q0.1{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
sp.dma_copy ap(hbm fp32, [8, 4], 0x40, [1, 8]), x, q0.1
# Fine: within o, declared below; with a register offset.
sp.dma_copy x, ap(hbm fp32, [8, 4], 0x80, [1, 8]), q0.2
sp.dma_copy x, ap(hbm fp32, [8, 4], 0x100, [1, 8]) + r1, q0.3
# CHECK-NEXT: {{^.*/}}verify-hbm-tensors.s:[[@LINE+3]]:17: error: operand 'src' of 'reg_load' reaches HBM bytes 0x200 to 0x203, outside every declared tensor{{$}}
# CHECK-NEXT: {{^}}sp.reg_load r2, ap(hbm int32, [0, 1], 0x200, [1, 1]){{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
sp.reg_load r2, ap(hbm int32, [0, 1], 0x200, [1, 1])
.tensor o : fp32[4, 8] output
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
# CHECK-NOT:  {{.}}
