# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# multiply_moving uses the stationary an earlier load_stationary, matmul
# or pe.transpose left in the array. Where the PE stream shows which one
# (straight-line code since the load), the verifier checks K, the dtype
# pairing and dst's shape against it and points at the load with a note;
# before any load it is an error. At a branch target control may arrive
# with any stationary, so there the check is left to run time
# (trn-emu/fault-dtype-matmul-pair.s). Whether a branch is ever taken does
# not matter: every instruction is checked.

.sbuf w : bf16[64, 32]
.sbuf wf : fp32[64, 32]
.sbuf v : bf16[64, 128]
.sbuf x : bf16[16, 64]
.psum p : fp32[64, 128]
.psum pb : bf16[64, 16]
# CHECK:      {{^.*/}}verify-matmul-stationary.s:[[@LINE+3]]:1: error: no stationary is loaded: load_stationary or matmul first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p[0:32], v{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
pe.multiply_moving p[0:32], v
pe.load_stationary w
pe.multiply_moving p[0:32], v
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE+6]]:20: error: the result is [32 x 128] (stationary M x moving N), but 'dst' is [64 x 128]{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE-5]]:1: note: the stationary [64 x 32] bf16 was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p, v
pe.li r1, 0
pe.beq r1, r1, over
# Never runs (the branch is always taken), still checked: the stationary
# is still w, loaded above.
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE+6]]:29: error: 'moving' has 16 partitions but the stationary has K = 64: the contraction runs over partitions{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p[0:32], v[0:16]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE-16]]:1: note: the stationary [64 x 32] bf16 was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary w{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p[0:32], v[0:16]
over:
# A branch target: nothing is known of the stationary here.
pe.multiply_moving p[0:32], v[0:16]
pe.load_stationary wf
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE+6]]:29: error: fp32 and tf32 pair only with each other: stationary fp32, moving bf16{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p[0:32], v{{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE-4]]:1: note: the stationary [64 x 32] fp32 was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.load_stationary wf{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p[0:32], v
# pe.transpose leaves its src, [16, 64], as the stationary: K = 16, M = 64.
pe.transpose pb, x
pe.multiply_moving p[0:64, 0:64], v[0:16, 0:64]
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE+6]]:35: error: 'moving' has 64 partitions but the stationary has K = 16: the contraction runs over partitions{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p[0:64, 0:64], v[0:64, 0:64]{{$}}
# CHECK-NEXT: {{^}}                                  ^~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-matmul-stationary.s:[[@LINE-5]]:1: note: the stationary [16 x 64] bf16 was loaded here{{$}}
# CHECK-NEXT: {{^}}pe.transpose pb, x{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p[0:64, 0:64], v[0:64, 0:64]
pe.halt
# After a halt (and no branch here) the stream is not reached this way.
pe.multiply_moving p[0:32], v[0:16]
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
# CHECK-NOT:  {{.}}
