# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Up to 32 partitions start at 0, 32, 64 or 96.

.sbuf x : fp32[128, 64]
.sbuf y : fp32[20, 64] partition 8
dve.tensor_copy x[96:116], x[0:20]
# CHECK:      {{^.*/}}partition-start-20.s:[[@LINE+3]]:17: error: an access of 20 partitions must start at partition 0, 32, 64 or 96, not 8{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[8:28], x[0:20]{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~{{$}}
dve.tensor_copy x[8:28], x[0:20]
# CHECK-NEXT: {{^.*/}}partition-start-20.s:[[@LINE+3]]:16: error: an access of 20 partitions must start at partition 0, 32, 64 or 96, not 8{{$}}
# CHECK-NEXT: {{^}}act.activation y, x[32:52], exp{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
act.activation y, x[32:52], exp
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
