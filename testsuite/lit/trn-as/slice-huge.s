# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Found by fuzzing: a step far past the slice's end selects one element (it
# once overflowed step * stride), and a dimension whose count does not fit
# an access pattern is refused rather than truncated.

.tensor big : uint8[8589934592] input
.tensor t : fp32[4, 64] input
.sbuf x : fp32[4, 64]
# A step of 2^62 on a slice of 2 elements selects element 0 only.
sp.dma_copy x[0:4, 0:1], t[:, 0:2:4611686018427387904], q0.0
# CHECK:      {{^.*/}}slice-huge.s:[[@LINE+3]]:26: error: a dimension of 8589934592 elements cannot be split into counts of at most 65535{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x[0:1, 0:1], big, q0.1{{$}}
# CHECK-NEXT: {{^}}                         ^~~{{$}}
sp.dma_copy x[0:1, 0:1], big, q0.1
# CHECK-NEXT: {{^}}1 error generated.{{$}}
