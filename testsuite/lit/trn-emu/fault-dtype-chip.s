# RUN: rm -f %t.o %t.npy
# RUN: trn-as %s -o %t.o
# RUN: trn-emu %t.o --random-inputs | FileCheck --check-prefix=TRN3 %s
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %t.o --chip trn2 --random-inputs --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A dtype the chip does not have: an object assembled for trn3 with
# fp8_e4m3fn, loaded for trn2 with --chip. (The assembler refuses the dtype
# for trn2 itself.) The verifier checks the program against the chip it is
# loaded for and refuses it before anything runs, every operand in source
# order, as trn-as would.

.chip trn3
.tensor a : fp8_e4m3fn[4, 8] input
.tensor o : fp32[4, 8] output
.sbuf x : fp8_e4m3fn[4, 8]
.sbuf y : fp32[4, 8]
# TRN3: {{^}}ran 3 instructions in {{.*}} on trn3{{$}}
# CHECK:      {{^.*/}}fault-dtype-chip.s:[[@LINE+11]]:1: error: operand 'dst' of 'dma_copy' is fp8_e4m3fn, which needs trn3 or later; the chip is trn2{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp8_e4m3fn, 0:4, 0x0, [1, 8]), ap(hbm fp8_e4m3fn, [8, 4], 0x0, [1, 8]), q0.0 signal(s0){{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}fault-dtype-chip.s:[[@LINE+8]]:1: error: operand 'src' of 'dma_copy' is fp8_e4m3fn, which needs trn3 or later; the chip is trn2{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp8_e4m3fn, 0:4, 0x0, [1, 8]), ap(hbm fp8_e4m3fn, [8, 4], 0x0, [1, 8]), q0.0 signal(s0){{$}}
# CHECK-NEXT: {{^}}                                                       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}fault-dtype-chip.s:[[@LINE+6]]:1: error: operand 'src' of 'tensor_copy' is fp8_e4m3fn, which needs trn3 or later; the chip is trn2{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:4, 0x40, [1, 8]), ap(sbuf fp8_e4m3fn, 0:4, 0x0, [1, 8]) wait(s0 >= 1) signal(s1){{$}}
# CHECK-NEXT: {{^}}                                                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}trn-emu: error: 3 errors in {{.*}}.o{{$}}
# CHECK-NOT:  {{.}}
sp.dma_copy x, a, q0.0 signal(s0)
dve.tensor_copy y, x wait(s0 >= 1) signal(s1)
sp.dma_copy o, y, q0.1 wait(s1 >= 1)
