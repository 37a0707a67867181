# RUN: rm -f %t.o %t.npy
# RUN: trn-as %s -o %t.o
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %t.o --chip trn2 --random-inputs --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %t.o --chip trn1 --random-inputs --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s --check-prefix=TRN1
# RUN: test ! -e %t.npy
#
# MX on a chip without it: an object assembled for trn3 loaded with --chip
# trn2 (or trn1) is refused before anything runs, each MX instruction named.

.chip trn3
.tensor x : bf16[32, 64] input
.tensor o : fp32[16, 16] output
.sbuf xs : bf16[32, 64]
.sbuf q : fp8_e4m3fn_x4[32, 16]
.sbuf s : uint8[4, 16]
.sbuf r : fp32[16, 16]
.psum p : fp32[16, 16]
    sp.dma_copy xs, x, q0.0 signal(s0, 16)
# CHECK:      {{^.*/}}fault-mx-chip.s:[[@LINE+8]]:5: error: 'quantize_mx' needs trn3 or later; the chip is trn2{{$}}
# CHECK-NEXT: {{^}}    dve.quantize_mx ap(sbuf fp8_e4m3fn_x4, 0:32, 0x80, [1, 16]), ap(sbuf bf16, 0:32, 0x0, [1, 64]), ap(sbuf uint8, 0:4, 0xC0, [1, 16]) wait(s0 >= 16) signal(s1){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}fault-mx-chip.s:[[@LINE+6]]:5: error: 'matmul_mx' needs trn3 or later; the chip is trn2{{$}}
# CHECK-NEXT: {{^}}    pe.matmul_mx ap(psum fp32, 0:16, 0x0, [1, 16]), {{.*}} wait(s1 >= 1) signal(s2){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# TRN1:       {{^.*/}}fault-mx-chip.s:[[@LINE+2]]:5: error: 'quantize_mx' needs trn3 or later; the chip is trn1{{$}}
# TRN1:       {{^.*/}}fault-mx-chip.s:[[@LINE+2]]:5: error: 'matmul_mx' needs trn3 or later; the chip is trn1{{$}}
    dve.quantize_mx q, xs, s wait(s0 >= 16) signal(s1)
    pe.matmul_mx p[0:16, 0:16], q[:, 0:16], q[:, 0:16], s, s wait(s1 >= 1) signal(s2)
    act.tensor_copy r, p wait(s2 >= 1) signal(s3)
    sp.dma_copy o, r, q0.1 wait(s3 >= 1)
# CHECK-NEXT: {{^}}trn-emu: error: 2 errors in {{.*}}.o{{$}}
# CHECK-NOT:  {{.}}
