# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --random-inputs --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
# RUN: sed 's/sp.li r2, 256/sp.li r2, -1/' %s > %t.s
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %t.s --random-inputs 2>&1 | FileCheck --strict-whitespace %s --check-prefix=NEG
#
# A register that names the DMA queue holds 16 E + Q, 0 to 255 on every
# chip. The assembler cannot know its value; trn-emu checks it when the DMA
# instruction completes and stops the run there, naming the register and
# its value, and writes no output.

.chip trn2
.tensor x : fp32[128, 64] input
.tensor o : fp32[128, 64] output
.sbuf xs : fp32[128, 64]
sp.li r2, 256
# NEG:        {{^.*}}error: bad program at 600 ns on SP, instruction 1 (dma_copy): operand 'queue' is r2 = -1, which names no DMA queue: trn2 has q0.0 to q15.15, numbered 16 E + Q from 0 to 255{{$}}
# CHECK:      {{^.*/}}fault-dma-queue-register.s:[[@LINE+3]]:1: error: bad program at 600 ns on SP, instruction 1 (dma_copy): operand 'queue' is r2 = 256, which names no DMA queue: trn2 has q0.0 to q15.15, numbered 16 E + Q from 0 to 255{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(hbm fp32, [64, 128], 0x0, [1, 64]), r2 signal(s0){{$}}
# CHECK-NOT:  {{.}}
sp.dma_copy xs, x, r2 signal(s0)
sp.dma_copy o, xs, q0.0 wait(s0 >= 1)
