# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# 'transpose' is two instructions, on PE and on DVE: the prefix picks one.

.sbuf x : fp32[32, 32]
# CHECK:      {{^.*/}}engine-prefix-missing-pe-dve.s:[[@LINE+3]]:1: error: 'transpose' runs on PE and DVE: name the engine, as in pe.transpose or dve.transpose{{$}}
# CHECK-NEXT: {{^}}transpose x, x{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
transpose x, x
# CHECK-NEXT: {{^}}1 error generated.{{$}}
