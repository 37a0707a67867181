# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The word before the '.' of an instruction must be an engine: pe, dve, act,
# pool or sp (lower case). Anything else is reported as an unknown engine,
# whatever follows.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}engine-prefix-unknown.s:[[@LINE+3]]:1: error: unknown engine 'foo': expected pe, dve, act, pool or sp{{$}}
# CHECK-NEXT: {{^}}foo.nop{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
foo.nop
# CHECK-NEXT: {{^.*/}}engine-prefix-unknown.s:[[@LINE+3]]:1: error: unknown engine 'DVE': expected pe, dve, act, pool or sp{{$}}
# CHECK-NEXT: {{^}}DVE.memset x, 0.0{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
DVE.memset x, 0.0
# CHECK-NEXT: {{^.*/}}engine-prefix-unknown.s:[[@LINE+3]]:1: error: unknown engine 'vector': expected pe, dve, act, pool or sp{{$}}
# CHECK-NEXT: {{^}}vector.bogus x{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
vector.bogus x
dve.memset x, 0.0
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
