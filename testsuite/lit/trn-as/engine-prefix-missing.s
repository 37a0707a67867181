# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An instruction several engines run needs an engine prefix.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}engine-prefix-missing.s:[[@LINE+3]]:1: error: 'tensor_copy' runs on DVE, ACT and POOL: name the engine, as in dve.tensor_copy or act.tensor_copy or pool.tensor_copy{{$}}
# CHECK-NEXT: {{^}}tensor_copy x, x{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~{{$}}
tensor_copy x, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
