# RUN: rm -f %t.o %t.npy
# RUN: trn-as %s -o %t.o
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %t.o --chip trn1 --random-inputs --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# An instruction the chip does not have: dma_transpose (trn2 and later) in
# an object loaded with --chip trn1 is refused before anything runs.

.chip trn2
.tensor a : bf16[4, 8] input
.tensor o : bf16[8, 4] output
.sbuf x : bf16[8, 4]
# CHECK:      {{^.*/}}fault-instruction-chip.s:[[@LINE+5]]:1: error: 'dma_transpose' needs trn2 or later; the chip is trn1{{$}}
# CHECK-NEXT: {{^}}    sp.dma_transpose ap(sbuf bf16, 0:8, 0x0, [1, 4]), ap(hbm bf16, [8, 4], 0x0, [1, 8]), q0.0 signal(s0){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}trn-emu: error: 1 error in {{.*}}.o{{$}}
# CHECK-NOT:  {{.}}
sp.dma_transpose x, a, q0.0 signal(s0)
sp.dma_copy o, x, q0.1 wait(s0 >= 1)
