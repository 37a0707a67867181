# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The verifier checks every instruction, whether or not it would run: on a
# branch never taken, after an unconditional jump, after a halt. (trn-emu
# would never reach these; trn-as refuses them all the same.) Messages come
# in source order, whatever the engine.

.tensor a : fp32[4, 8] input
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
    sp.li r1, 0
    sp.beq r1, r1, skip
# CHECK:      {{^.*/}}verify-never-taken.s:[[@LINE+3]]:17: error: operand 'dst' of 'dma_copy' holds 16 elements but 'src' holds 32: a copy writes as many elements as it reads{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy x[:, 0:4], a, q0.0{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~{{$}}
    sp.dma_copy x[:, 0:4], a, q0.0
skip:
    sp.jmp done
# CHECK-NEXT: {{^.*/}}verify-never-taken.s:[[@LINE+3]]:21: error: operand 'dst' of 'tensor_copy' is [2 x 8] but 'src' is [4 x 8]: they must have the same shape (partitions x elements per partition){{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy y[0:2], x{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~{{$}}
    dve.tensor_copy y[0:2], x
# CHECK-NEXT: {{^.*/}}verify-never-taken.s:[[@LINE+3]]:17: error: operand 'dst' of 'dma_copy' holds 32 elements but 'src' holds 16: a copy writes as many elements as it reads{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy x, a[0:2], q0.1{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
    sp.dma_copy x, a[0:2], q0.1
done:
    sp.halt
    act.halt
# CHECK-NEXT: {{^.*/}}verify-never-taken.s:[[@LINE+3]]:29: error: on the Scalar engine, tensor_scalar takes op0 multiply or add and op1 add or bypass; op0 is 'divide'{{$}}
# CHECK-NEXT: {{^}}    act.tensor_scalar y, x, divide, 2.0{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~{{$}}
    act.tensor_scalar y, x, divide, 2.0
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
# CHECK-NOT:  {{.}}
