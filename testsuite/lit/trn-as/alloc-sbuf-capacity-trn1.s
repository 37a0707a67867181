# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# trn1 has 192 KiB of SBUF per partition.

.chip trn1
.sbuf ok : int8[128, 196608]
# CHECK:      {{^.*/}}alloc-sbuf-capacity-trn1.s:[[@LINE+3]]:17: error: 'big' needs bytes 0 to 204799 of each partition, beyond the 196608 bytes of an SBUF partition on trn1{{$}}
# CHECK-NEXT: {{^}}.sbuf big : int8[128, 204800] at 0{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~{{$}}
.sbuf big : int8[128, 204800] at 0
# CHECK-NEXT: {{^}}1 error generated.{{$}}
