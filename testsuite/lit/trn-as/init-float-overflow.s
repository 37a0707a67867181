# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A float initial value that overflows its dtype (rounds beyond the largest
# finite value) is an error, not a silent inf or NaN; inf itself is fine, and
# so is a value that rounds down to the largest finite one. The error points
# at the whole initial data, as for integers (init-int8-range.s). trn3 for
# fp8_e4m3fn.

.chip trn3
.tensor ok32 : fp32[3] input = [3.4028234e38, -inf, inf]
.tensor ok16 : fp16[2] input = [65504, 65519]
.tensor okbf : bf16[1] input = fill(3.38e38)
.tensor oke5 : fp8_e5m2[1] input = [57344]
# CHECK:      {{^.*/}}init-float-overflow.s:[[@LINE+3]]:29: error: initial value 1e+39 overflows fp32{{$}}
# CHECK-NEXT: {{^}}.tensor a : fp32[2] input = [1, 1e39]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~~{{$}}
.tensor a : fp32[2] input = [1, 1e39]
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:29: error: initial value -3.5e+38 overflows fp32{{$}}
# CHECK-NEXT: {{^}}.tensor b : fp32[4] input = fill(-3.5e38){{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~~~~~~{{$}}
.tensor b : fp32[4] input = fill(-3.5e38)
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:29: error: initial value 65520 overflows fp16{{$}}
# CHECK-NEXT: {{^}}.tensor c : fp16[2] input = [65504, 65520]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~~~~~~~{{$}}
.tensor c : fp16[2] input = [65504, 65520]
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:29: error: initial value 3.4e+38 overflows bf16{{$}}
# CHECK-NEXT: {{^}}.tensor d : bf16[1] input = [3.4e38]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~~~{{$}}
.tensor d : bf16[1] input = [3.4e38]
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:29: error: initial value 1e+39 overflows tf32{{$}}
# CHECK-NEXT: {{^}}.tensor e : tf32[1] input = [1e39]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~{{$}}
.tensor e : tf32[1] input = [1e39]
# fp8_e4m3's largest finite value is 240.
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:33: error: initial value 256 overflows fp8_e4m3{{$}}
# CHECK-NEXT: {{^}}.tensor f : fp8_e4m3[2] input = [240, 256]{{$}}
# CHECK-NEXT: {{^}}                                ^~~~~~~~~~{{$}}
.tensor f : fp8_e4m3[2] input = [240, 256]
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:33: error: initial value 1000000 overflows fp8_e5m2{{$}}
# CHECK-NEXT: {{^}}.tensor g : fp8_e5m2[1] input = [1e6]{{$}}
# CHECK-NEXT: {{^}}                                ^~~~~{{$}}
.tensor g : fp8_e5m2[1] input = [1e6]
# fp8_e4m3fn has no infinity: 480 would round to its NaN.
# CHECK-NEXT: {{^.*/}}init-float-overflow.s:[[@LINE+3]]:35: error: initial value 480 overflows fp8_e4m3fn{{$}}
# CHECK-NEXT: {{^}}.tensor h : fp8_e4m3fn[1] input = [480]{{$}}
# CHECK-NEXT: {{^}}                                  ^~~~~{{$}}
.tensor h : fp8_e4m3fn[1] input = [480]
# CHECK-NEXT: {{^}}8 errors generated.{{$}}
