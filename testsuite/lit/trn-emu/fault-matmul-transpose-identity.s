# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# matmul transpose=true passes a [K, M] stationary through a K x K identity
# into a [M, K] result. A [K, N < K] "identity" once passed the check and
# wrote past the end of the result buffer; it is a shape error now.

.tensor ids : fp32[4, 2] scratch = [1, 0, 0, 1, 0, 0, 0, 0]
.tensor o : fp32[4, 2] output
.sbuf w : fp32[4, 4]
.sbuf id : fp32[4, 2]
.sbuf r : fp32[4, 2]
.psum p : fp32[4, 2]
dve.memset w, 1.0 signal(s0)
sp.dma_copy id, ids, q0.0 signal(s0)
# CHECK:      {{^.*/}}fault-matmul-transpose-identity.s:[[@LINE+3]]:1: error: shape at {{[0-9]+}} ns on PE, instruction 0 (matmul): transpose=true needs a 4 x 4 identity as the 'moving' operand, not [4 x 2]{{$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:4, 0x0, [1, 2]), ap(sbuf fp32, 0:4, 0x0, [1, 4]), ap(sbuf fp32, 0:4, 0x40, [1, 2]), transpose=true wait(s0 >= 2) signal(s1){{$}}
# CHECK-NOT:  {{.}}
pe.matmul p, w, id, transpose=true wait(s0 >= 2) signal(s1)
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.1 wait(s2 >= 1)
