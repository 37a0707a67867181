# RUN: rm -f %t.o %t.npy
# RUN: trn-as %s -o %t.o
# RUN: python3 %S/Inputs/patch-object.py %t.o .text.sp 19 4
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %t.o --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# reg_store (and reg_load) move one element. The operand's limit of one
# element per partition does not stop [4, 1], which once wrote four
# elements from a one-element buffer. trn-as refuses it
# (trn-as/verify-register-one-element.s); an object patched to say it is
# refused by trn-emu when it loads it, with the same message. Byte 19 of
# the SP stream is num_partitions of reg_store's dst (header 16 bytes, the
# field in the pattern's byte 3), set from 1 to 4.

.tensor o : int32[4, 1] output
.sbuf x : int32[4, 1]
# CHECK:      {{^.*/}}fault-register-one-element.s:[[@LINE+5]]:1: error: operand 'dst' of 'reg_store' is [4 x 1]: a register moves one element{{$}}
# CHECK-NEXT: {{^}}    sp.reg_store ap(sbuf int32, 0:4, 0x0, [1, 1]), r1{{$}}
# CHECK-NEXT: {{^}}                 ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}trn-emu: error: 1 error in {{.*}}.o{{$}}
# CHECK-NOT:  {{.}}
sp.reg_store x[0:1], r1
sp.dma_copy o, x, q0.0
