# RUN: trn-as %s -o %t.o
# RUN: trn-objdump -d %t.o > %t.1.s
# RUN: trn-as %t.1.s -o %t.2.o
# RUN: trn-objdump -d %t.2.o > %t.2.s
# RUN: diff %t.1.s %t.2.s
# RUN: FileCheck --input-file=%t.1.s %s
#
# trn-as reads what trn-objdump -d writes (explicit addresses and partitions,
# hex(...) data, ap(...) operands, sN semaphores, labels) and assembles it
# into a program with the same disassembly.

.chip trn1
.const N = 64
.tensor a : bf16[128, N] input = fill(0.25)
.tensor out : fp32[128, N] output
.sbuf x : bf16[128, N]
.sbuf w : bf16[128, 128] partition 0
.sbuf y : fp32[128, N]
.sbuf stats : fp32[32, 6] partition 96
.psum p : fp32[128, N] bank 1
.sem loaded = 0
.sem computed at 9
sp.dma_copy x, a, q0.0 signal(loaded)
sp.dma_copy w[:, 0:64], a, q0.1 signal(loaded)
sp.dma_copy w[:, 64:], a, q0.2 signal(loaded)
pe.matmul p, w, x, acc=overwrite wait(loaded >= 3) signal(computed)
act.activation y, p, gelu, scale=0.5, bias=y[:, 0:1] wait(computed == 1)
dve.bn_stats stats, y[96:128]
pool.iota y[0:32, 0:8], 5, [1, 2], partition_mult=-1
act.li r4, 3
top:
act.subi r4, r4, 1
act.bne r4, r0, top
act.dma_copy out, y, q3.15 signal(computed, -1)
act.halt

# CHECK: {{^}}.chip trn1{{$}}
# CHECK: {{^}}.tensor a : bf16[128, 64] input at 0x0 = hex("803e803e
# CHECK: {{^}}.psum p : fp32[128, 64] partition 0 at 0x800{{$}}
# CHECK: {{^}}.sem computed at 9{{$}}
# CHECK: {{^}}top:{{$}}
