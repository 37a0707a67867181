# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Transposes keep the dtype and swap partitions with the elements of each
# partition: pe.transpose [P, F] -> [F, P]; dve.transpose one tile of up to
# 32 x 32 likewise, or 32 x 32 blocks in place when both sizes are
# multiples of 32.

.sbuf x : bf16[32, 16]
.sbuf y : bf16[64, 64]
.sbuf z : bf16[64, 64]
.sbuf f : fp32[64, 64]
.psum p : bf16[16, 32]
.psum pf : fp32[16, 32]
pe.transpose p, x
# CHECK:      {{^.*/}}verify-transpose.s:[[@LINE+3]]:14: error: operand 'dst' of 'transpose' is fp32 but 'src' is bf16: a transpose keeps the dtype{{$}}
# CHECK-NEXT: {{^}}pe.transpose pf, x{{$}}
# CHECK-NEXT: {{^}}             ^~{{$}}
pe.transpose pf, x
# CHECK-NEXT: {{^.*/}}verify-transpose.s:[[@LINE+3]]:14: error: operand 'dst' of 'transpose' is [16 x 16] but must be [16 x 32]: 'src' is [32 x 16], transposed{{$}}
# CHECK-NEXT: {{^}}pe.transpose p[:, 0:16], x{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~{{$}}
pe.transpose p[:, 0:16], x
dve.transpose y[0:16, 0:32], x
# CHECK-NEXT: {{^.*/}}verify-transpose.s:[[@LINE+3]]:15: error: operand 'dst' of 'transpose' is [32 x 16] but must be [16 x 32]: 'src' is [32 x 16], one tile, transposed{{$}}
# CHECK-NEXT: {{^}}dve.transpose y[0:32, 0:16], x{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~~~{{$}}
dve.transpose y[0:32, 0:16], x
# CHECK-NEXT: {{^.*/}}verify-transpose.s:[[@LINE+3]]:15: error: operand 'dst' of 'transpose' is fp32 but 'src' is bf16: a transpose is bit-exact and keeps the dtype{{$}}
# CHECK-NEXT: {{^}}dve.transpose f[0:16, 0:32], x{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~~~{{$}}
dve.transpose f[0:16, 0:32], x
dve.transpose z, y
# CHECK-NEXT: {{^.*/}}verify-transpose.s:[[@LINE+3]]:15: error: operand 'dst' of 'transpose' is [64 x 32] but must be [64 x 64]: each 32x32 block is transposed in place{{$}}
# CHECK-NEXT: {{^}}dve.transpose z[:, 0:32], y{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~{{$}}
dve.transpose z[:, 0:32], y
# CHECK-NEXT: {{^.*/}}verify-transpose.s:[[@LINE+3]]:30: error: operand 'src' of 'transpose' is [64 x 40]: beyond one 32x32 tile both sizes must be multiples of 32{{$}}
# CHECK-NEXT: {{^}}dve.transpose z[0:64, 0:40], y[0:64, 0:40]{{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~~~~~~~~{{$}}
dve.transpose z[0:64, 0:40], y[0:64, 0:40]
# CHECK-NEXT: {{^}}6 errors generated.{{$}}
# CHECK-NOT:  {{.}}
