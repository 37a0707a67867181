# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# matmul transpose=true passes a [K, M] stationary through a K x K identity
# into a [M, K] result. That the moving operand is K x K is a rule of the
# instruction alone (the verifier's, trn-as/verify-matmul-transpose.s);
# that it holds the identity is a matter of its values, checked when the
# matmul runs. Here it is square but not the identity.

.tensor ids : fp32[4, 4] scratch = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1]
.tensor o : fp32[4, 4] output
.sbuf w : fp32[4, 4]
.sbuf id : fp32[4, 4]
.sbuf r : fp32[4, 4]
.psum p : fp32[4, 4]
dve.memset w, 1.0 signal(s0)
sp.dma_copy id, ids, q0.0 signal(s0)
# CHECK:      {{^.*/}}fault-matmul-transpose-identity.s:[[@LINE+3]]:1: error: shape at {{[0-9]+}} ns on PE, instruction 0 (matmul): transpose=true needs an identity as the 'moving' operand{{$}}
# CHECK-NEXT: {{^}}    pe.matmul ap(psum fp32, 0:4, 0x0, [1, 4]), ap(sbuf fp32, 0:4, 0x0, [1, 4]), ap(sbuf fp32, 0:4, 0x40, [1, 4]), transpose=true wait(s0 >= 2) signal(s1){{$}}
# CHECK-NOT:  {{.}}
pe.matmul p, w, id, transpose=true wait(s0 >= 2) signal(s1)
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.1 wait(s2 >= 1)
