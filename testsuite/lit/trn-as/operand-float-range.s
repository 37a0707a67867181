# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A float immediate is an fp32: a literal beyond its range (rounding to
# infinity) is an error rather than a silent inf; inf is written inf. Values
# that round to the largest fp32 are fine, so are tiny ones (they round to 0).

.sbuf x : fp32[128, 64]
dve.memset x, 3.4e38
dve.memset x, -3.4028234e38
dve.memset x, 1e-50
dve.memset x, inf
dve.memset x, -inf
# CHECK:      {{^.*/}}operand-float-range.s:[[@LINE+3]]:15: error: 3.5e38 is beyond the range of fp32 (write inf for infinity){{$}}
# CHECK-NEXT: {{^}}dve.memset x, 3.5e38{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~{{$}}
dve.memset x, 3.5e38
# CHECK-NEXT: {{^.*/}}operand-float-range.s:[[@LINE+3]]:16: error: 1e39 is beyond the range of fp32 (write inf for infinity){{$}}
# CHECK-NEXT: {{^}}dve.memset x, -1e39{{$}}
# CHECK-NEXT: {{^}}               ^~~~{{$}}
dve.memset x, -1e39
# Beyond double's range too.
# CHECK-NEXT: {{^.*/}}operand-float-range.s:[[@LINE+3]]:15: error: 1e400 is beyond the range of fp32 (write inf for infinity){{$}}
# CHECK-NEXT: {{^}}dve.memset x, 1e400{{$}}
# CHECK-NEXT: {{^}}              ^~~~~{{$}}
dve.memset x, 1e400
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
