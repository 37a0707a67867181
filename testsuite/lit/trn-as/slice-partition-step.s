# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The partition dimension takes no step.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}slice-partition-step.s:[[@LINE+3]]:17: error: partitions must be contiguous: the first index takes no step{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[0:128:2], x[0:64]{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
dve.tensor_copy x[0:128:2], x[0:64]
# CHECK-NEXT: {{^}}1 error generated.{{$}}
