# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Allocation clauses and shapes: 'bank' is for PSUM only (the SBUF message
# lists 'partition' and 'at', the PSUM one 'bank' too), banks are 0 to 7, an
# allocation has a partition dimension and at least one free dimension,
# dimensions are >= 1.

# CHECK:      {{^.*/}}alloc-bad-clauses.s:[[@LINE+3]]:26: error: unexpected 'bank': expected 'partition' or 'at'{{$}}
# CHECK-NEXT: {{^}}.sbuf kw : fp32[128, 16] bank 1{{$}}
# CHECK-NEXT: {{^}}                         ^~~~{{$}}
.sbuf kw : fp32[128, 16] bank 1
# CHECK-NEXT: {{^.*/}}alloc-bad-clauses.s:[[@LINE+3]]:26: error: unexpected 'offset': expected 'partition', 'at' or 'bank'{{$}}
# CHECK-NEXT: {{^}}.psum po : fp32[128, 16] offset 0{{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~{{$}}
.psum po : fp32[128, 16] offset 0
# CHECK-NEXT: {{^.*/}}alloc-bad-clauses.s:[[@LINE+3]]:31: error: PSUM bank 8 is out of range 0 to 7{{$}}
# CHECK-NEXT: {{^}}.psum pb : fp32[128, 16] bank 8{{$}}
# CHECK-NEXT: {{^}}                              ^{{$}}
.psum pb : fp32[128, 16] bank 8
# CHECK-NEXT: {{^.*/}}alloc-bad-clauses.s:[[@LINE+3]]:17: error: an on-chip allocation needs [partitions, free dims...]: at least 2 dimensions{{$}}
# CHECK-NEXT: {{^}}.sbuf one : fp32[128]{{$}}
# CHECK-NEXT: {{^}}                ^~~~~{{$}}
.sbuf one : fp32[128]
# CHECK-NEXT: {{^.*/}}alloc-bad-clauses.s:[[@LINE+3]]:24: error: dimension 1 is 0: dimensions are at least 1{{$}}
# CHECK-NEXT: {{^}}.sbuf zero : fp32[128, 0]{{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
.sbuf zero : fp32[128, 0]
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
