# RUN: rm -f %t.o %t.npy
# RUN: trn-as %s -o %t.o
# RUN: trn-emu %t.o --random-inputs | FileCheck --check-prefix=TRN3 %s
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %t.o --chip trn2 --random-inputs --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# A dtype the chip does not have: an object assembled for trn3 with
# fp8_e4m3fn, run on trn2 with --chip. (The assembler refuses the dtype for
# trn2 itself; --chip on an object is the run-time way in.)

.chip trn3
.tensor a : fp8_e4m3fn[4, 8] input
.tensor o : fp32[4, 8] output
.sbuf x : fp8_e4m3fn[4, 8]
.sbuf y : fp32[4, 8]
# TRN3: {{^}}ran 3 instructions in {{.*}} on trn3{{$}}
# CHECK:      {{^.*/}}fault-dtype-chip.s:[[@LINE+3]]:1: error: dtype at {{[0-9]+}} ns on SP, instruction 0 (dma_copy): operand 'src': dtype fp8_e4m3fn needs trn3 or later; this run is on trn2{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp8_e4m3fn, 0:4, 0x0, [1, 8]), ap(hbm fp8_e4m3fn, [8, 4], 0x0, [1, 8]), q0.0 signal(s0){{$}}
# CHECK-NOT:  {{.}}
sp.dma_copy x, a, q0.0 signal(s0)
dve.tensor_copy y, x wait(s0 >= 1) signal(s1)
sp.dma_copy o, y, q0.1 wait(s1 >= 1)
