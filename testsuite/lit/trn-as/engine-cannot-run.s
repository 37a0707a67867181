# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An engine prefix naming an engine that does not run the instruction.

.sbuf x : fp32[128, 64]
.psum p : fp32[128, 64]
# CHECK:      {{^.*/}}engine-cannot-run.s:[[@LINE+3]]:1: error: engine PE cannot run 'tensor_copy': it runs on DVE, ACT and POOL{{$}}
# CHECK-NEXT: {{^}}pe.tensor_copy x, x{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~{{$}}
pe.tensor_copy x, x
# CHECK-NEXT: {{^.*/}}engine-cannot-run.s:[[@LINE+3]]:1: error: engine SP cannot run 'matmul': it runs on PE{{$}}
# CHECK-NEXT: {{^}}sp.matmul p, x, x{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
sp.matmul p, x, x
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
