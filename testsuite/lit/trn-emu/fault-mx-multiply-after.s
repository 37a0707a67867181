# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# matmul_mx leaves no stationary a multiply_moving could use. Where the
# stream shows it, the verifier says so before anything runs
# (trn-as/verify-mx-stationary.s); here the multiply_moving is a branch
# target, so the run-time check finds the array without a stationary.
# (The branch is never taken: r1 = r0 = 0.)

.chip trn3
.tensor o : fp32[16, 64] output
.sbuf a : fp8_e4m3fn_x4[32, 16]
.sbuf s : uint8[4, 16]
.sbuf w : bf16[32, 16]
.sbuf v : bf16[32, 64]
.sbuf r : fp32[16, 64]
.psum p : fp32[16, 64]
.psum pm : fp32[16, 16]
dve.memset w, 1.0
dve.memset v, 1.0
dve.memset ap(sbuf uint8, 0:32, addr(a), [1, 64]), 56.0
dve.memset s, 127.0 signal(s0)
pe.load_stationary w wait(s0 >= 1)
pe.matmul_mx pm, a, a, s, s
# CHECK:      {{^.*/}}fault-mx-multiply-after.s:[[@LINE+4]]:1: error: bad program at {{[0-9.]+}} ns on PE, instruction 2 (multiply_moving): no stationary is loaded: load_stationary or matmul first{{$}}
# CHECK-NEXT: {{^}}    pe.multiply_moving ap(psum fp32, 0:16, 0x0, [1, 64]), ap(sbuf bf16, 0:32, 0xC0, [1, 64]) signal(s1){{$}}
# CHECK-NOT:  {{.}}
again:
pe.multiply_moving p, v signal(s1)
pe.bne r1, r0, again
dve.tensor_copy r, p wait(s1 >= 1) signal(s2)
sp.dma_copy o, r, q0.0 wait(s2 >= 1)
