# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# fp32 and tf32 pair only with each other on TensorE. Where the stream shows
# which stationary a multiply_moving finds, the verifier checks the pairing
# before anything runs (trn-as/verify-matmul-stationary.s). Here the
# multiply_moving is a branch target: control may arrive with another
# stationary loaded, so the pairing is checked when it runs, against the
# stationary actually loaded. (The branch is never taken: r1 = r0 = 0.)

.tensor o : fp32[32, 64] output
.sbuf w : fp32[32, 32]
.sbuf v : bf16[32, 64]
.sbuf r : fp32[32, 64]
.psum p : fp32[32, 64]
dve.memset w, 1.0
dve.memset v, 1.0 signal(s0)
pe.load_stationary w wait(s0 >= 1)
# CHECK:      {{^.*/}}fault-dtype-matmul-pair.s:[[@LINE+4]]:1: error: dtype at {{[0-9]+}} ns on PE, instruction 1 (multiply_moving): fp32 and tf32 pair only with each other: stationary fp32, moving bf16{{$}}
# CHECK-NEXT: {{^}}    pe.multiply_moving ap(psum fp32, 0:32, 0x0, [1, 64]), ap(sbuf bf16, 0:32, 0x80, [1, 64]) signal(s1){{$}}
# CHECK-NOT:  {{.}}
again:
pe.multiply_moving p, v signal(s1)
pe.bne r1, r0, again
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.0 wait(s2 >= 1)
