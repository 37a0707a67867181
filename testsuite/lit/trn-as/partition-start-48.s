# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# 48 partitions (33 to 64) may start at partition 0 or 64 only.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}partition-start-48.s:[[@LINE+3]]:26: error: an access of 48 partitions must start at partition 0 or 64, not 16{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x[0:48], x[16:64]{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~{{$}}
dve.tensor_copy x[0:48], x[16:64]
dve.tensor_copy x[64:112], x[0:48]
# CHECK-NEXT: {{^}}1 error generated.{{$}}
