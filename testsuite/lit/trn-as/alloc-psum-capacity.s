# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# PSUM has 16 KiB per partition.

.psum ok : fp32[128, 4096]
# CHECK:      {{^.*/}}alloc-psum-capacity.s:[[@LINE+3]]:17: error: 'big' needs bytes 0 to 16387 of each partition, beyond the 16384 bytes of a PSUM partition on trn2{{$}}
# CHECK-NEXT: {{^}}.psum big : fp32[128, 4097] at 0{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~{{$}}
.psum big : fp32[128, 4097] at 0
# CHECK-NEXT: {{^}}1 error generated.{{$}}
