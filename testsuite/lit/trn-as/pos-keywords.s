# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# Optional operands are key=value, in any order after the required ones; a
# value equal to the default encodes as if it were left out; 'none' leaves
# out an optional tensor. Scalars are fp32 immediates (float, integer, inf,
# nan, fbits(...)) or [P, 1] tensors.

.sbuf x : fp32[128, 64]
.sbuf acc : fp32[128, 1]
.psum p : fp32[128, 64]
.sbuf cube : fp32[128, 4, 16]

# CHECK:      {{^}}# PE (Tensor): 2 instructions{{$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:64, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), acc=accumulate{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:64, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), acc=accumulate{{( +#.*)?$}}
pe.matmul p[0:64], x, x, transpose=false, acc=accumulate
pe.matmul p[0:64], x, x, acc=accumulate

# CHECK:      {{^}}# DVE (Vector): 6 instructions{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_reduce ap(sbuf fp32, 0:128, 0x100, [1, 1]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), maximum, negate=true{{( +#.*)?$}}
dve.tensor_reduce acc, x, maximum, negate=true, axes=1
# CHECK-NEXT: {{^}}    dve.tensor_reduce ap(sbuf fp32, 0:128, 0x100, [1, 1]), ap(sbuf fp32, 0:128, 0x140, [16, 4], [1, 16]), add, axes=2{{( +#.*)?$}}
dve.tensor_reduce acc, cube, add, axes=2, negate=false
# CHECK-NEXT: {{^}}    dve.tensor_scalar ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), add, ap(sbuf fp32, 0:128, 0x100, [1, 1]), op1=multiply, operand1=3.0, reverse1=true{{( +#.*)?$}}
# CHECK-NEXT: {{^}}    dve.tensor_scalar ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), add, ap(sbuf fp32, 0:128, 0x100, [1, 1]), op1=multiply, operand1=3.0, reverse1=true{{( +#.*)?$}}
dve.tensor_scalar x, x, add, acc, reverse1=true, op1=multiply, operand1=3.0
dve.tensor_scalar x, x, add, acc, operand1=3, reverse0=false, op1=multiply, reverse1=true
# CHECK-NEXT: {{^}}    dve.memset ap(sbuf fp32, 0:128, 0x0, [1, 64]), inf{{( +#.*)?$}}
dve.memset x, fbits(0x7f800000)
# CHECK-NEXT: {{^}}    dve.memset ap(sbuf fp32, 0:128, 0x0, [1, 64]), -3.0{{( +#.*)?$}}
dve.memset x, -3

# CHECK:      {{^}}# ACT (Scalar): 3 instructions{{$}}
# CHECK-NEXT: {{^}}    act.activation ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), exp, scale=2.0, bias=-1.0, accum=ap(sbuf fp32, 0:128, 0x100, [1, 1]){{( +#.*)?$}}
# CHECK-NEXT: {{^}}    act.activation ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), exp, scale=2.0, bias=-1.0, accum=ap(sbuf fp32, 0:128, 0x100, [1, 1]){{( +#.*)?$}}
# CHECK-NEXT: {{^}}    act.activation ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), tanh, scale=ap(sbuf fp32, 0:128, 0x100, [1, 1]), bias=-inf{{( +#.*)?$}}
act.activation x, x, exp, accum=acc, bias=-1.0, scale=2.0
act.activation x, x, exp, scale=2.0, accum=acc, bias=-1.0
act.activation x, x, tanh, accum=none, bias=-inf, scale=acc
# CHECK-NOT:  {{.}}
