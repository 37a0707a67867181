# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A wait/signal clause follows the operands without a comma; the message says
# so when one is written.

.sbuf x : fp32[128, 64]
.sem a
# CHECK:      {{^.*/}}sync-after-comma.s:[[@LINE+3]]:23: error: wait(...) and signal(...) follow the operands without a comma{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, x, signal(a){{$}}
# CHECK-NEXT: {{^}}                      ^~~~~~{{$}}
dve.tensor_copy x, x, signal(a)
# CHECK-NEXT: {{^}}1 error generated.{{$}}
