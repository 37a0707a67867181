# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# matmul_mx loads MX weights into the PE array, not a stationary that
# multiply_moving could use: after it, multiply_moving needs a
# load_stationary (or matmul) first, and the error points at the
# matmul_mx. At a branch target the check is left to run time
# (trn-emu/fault-mx-multiply-after.s).
.chip trn3
.sbuf a : fp8_e4m3fn_x4[32, 16]
.sbuf s : uint8[4, 16]
.sbuf w : bf16[32, 16]
.sbuf v : bf16[32, 64]
.psum p : fp32[16, 64]
.psum pm : fp32[16, 16]
pe.load_stationary w
pe.multiply_moving p, v
pe.matmul_mx pm, a, a, s, s
# CHECK:      {{^.*/}}verify-mx-stationary.s:[[@LINE+6]]:1: error: no stationary is loaded: load_stationary or matmul first{{$}}
# CHECK-NEXT: {{^}}pe.multiply_moving p, v{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}verify-mx-stationary.s:[[@LINE-4]]:1: note: matmul_mx replaced the array's weights here; it leaves no stationary loaded{{$}}
# CHECK-NEXT: {{^}}pe.matmul_mx pm, a, a, s, s{{$}}
# CHECK-NEXT: {{^}}^{{$}}
pe.multiply_moving p, v
pe.load_stationary w
pe.multiply_moving p, v
# CHECK-NEXT: {{^}}1 error generated.{{$}}
# CHECK-NOT:  {{.}}
