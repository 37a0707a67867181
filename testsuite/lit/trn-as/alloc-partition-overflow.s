# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An allocation covering partitions beyond 127.

.sbuf ok : fp32[64, 16] partition 64
# CHECK:      {{^.*/}}alloc-partition-overflow.s:[[@LINE+3]]:16: error: 'hi' covers partitions 100 to 163: there are 128 (0 to 127){{$}}
# CHECK-NEXT: {{^}}.sbuf hi : fp32[64, 16] partition 100{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~{{$}}
.sbuf hi : fp32[64, 16] partition 100
# CHECK-NEXT: {{^.*/}}alloc-partition-overflow.s:[[@LINE+3]]:33: error: partition 128 is out of range 0 to 127{{$}}
# CHECK-NEXT: {{^}}.sbuf p : fp32[1, 16] partition 128{{$}}
# CHECK-NEXT: {{^}}                                ^~~{{$}}
.sbuf p : fp32[1, 16] partition 128
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
