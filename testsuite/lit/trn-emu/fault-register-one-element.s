# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# reg_store (and reg_load) move one element. The operand's limit of one
# element per partition does not stop [4, 1], which once wrote four
# elements from a one-element buffer; it is a shape error now.

.tensor o : int32[4, 1] output
.sbuf x : int32[4, 1]
sp.li r1, 7
# CHECK:      {{^.*/}}fault-register-one-element.s:[[@LINE+3]]:1: error: shape at {{[0-9]+}} ns on SP, instruction 1 (reg_store): operand 'dst': a register moves one element, but the operand is [4 x 1]{{$}}
# CHECK-NEXT: {{^}}    sp.reg_store ap(sbuf int32, 0:4, 0x0, [1, 1]), r1{{$}}
# CHECK-NOT:  {{.}}
sp.reg_store x, r1
sp.dma_copy o, x, q0.0
