# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An unknown dtype lists the known ones.

# CHECK:      {{^.*/}}dtype-unknown.s:[[@LINE+3]]:13: error: unknown dtype 'fp33': expected one of fp32, bf16, fp16, tf32, fp8_e4m3, fp8_e5m2, fp8_e4m3fn, int8, int16, int32, uint8, uint16, uint32, fp4_e2m1, fp8_e8m0, fp8_e4m3fn_x4, fp8_e5m2_x4, fp4_e2m1_x4{{$}}
# CHECK-NEXT: {{^}}.tensor t : fp33[4] input{{$}}
# CHECK-NEXT: {{^}}            ^~~~{{$}}
.tensor t : fp33[4] input
# CHECK-NEXT: {{^.*/}}dtype-unknown.s:[[@LINE+3]]:11: error: unknown dtype 'float': expected one of fp32, bf16, fp16, tf32, fp8_e4m3, fp8_e5m2, fp8_e4m3fn, int8, int16, int32, uint8, uint16, uint32, fp4_e2m1, fp8_e8m0, fp8_e4m3fn_x4, fp8_e5m2_x4, fp4_e2m1_x4{{$}}
# CHECK-NEXT: {{^}}.sbuf x : float[128, 4]{{$}}
# CHECK-NEXT: {{^}}          ^~~~~{{$}}
.sbuf x : float[128, 4]
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
