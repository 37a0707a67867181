# RUN: trn-as %s -o %t.o && trn-objdump -t %t.o | FileCheck %s
#
# A shared tensor has its 64 KiB pages to itself (the cores of a chip map
# the same pages, docs/multicore.md): it starts on a page, and the tensor
# after it starts on the next one.
# CHECK:      name             dtype      shape            role                 address        bytes  initial data
# CHECK-NEXT: a                fp32       [100]            input                    0x0          400  no
# CHECK-NEXT: w                bf16       [128, 64]        input,shared         0x10000        16384  no
# CHECK-NEXT: b                fp32       [4]              output               0x20000           16  no
# CHECK-NEXT: s                int32      [2]              output,shared        0x30000            8  no
#
# The disassembly says so and assembles to the same object:
# RUN: trn-objdump -d %t.o | FileCheck %s --check-prefix=DIS
# DIS: .tensor w : bf16[128, 64] input shared at 0x10000
# DIS: .tensor s : int32[2] output shared at 0x30000
#
# A shared tensor placed off a page is an error:
# RUN: not trn-as %S/Inputs/shared-misplaced.s -o %t2.o 2>&1 | FileCheck %s --check-prefix=AT
# AT: shared-misplaced.s:2:37: error: address 0x100 of a shared tensor is not on a 64 KiB page (a multiple of 0x10000)
#
# A private tensor placed on a shared tensor's page is refused when the
# program is loaded on a system (one core has no shared pages):
# RUN: not trn-emu %S/Inputs/shared-overlap.s --cores 2 --random-inputs 2>&1 | FileCheck %s --check-prefix=OVERLAP
# OVERLAP: shared-overlap.s:3:9: error: tensor 'p' (0x10100, 16 bytes) lies on a 64 KiB page of shared tensor 'w' (0x10000, 16 bytes): a shared tensor's pages are its own
# OVERLAP: trn-emu: error: 1 error in the program

.chip trn2
.tensor a : fp32[100] input
.tensor w : bf16[128, 64] input shared
.tensor b : fp32[4] output
.tensor s : int32[2] output shared
.sbuf x : fp32[1, 100]
.sbuf y : bf16[128, 64]
.sem d
sp.dma_copy x, a, q0.0
sp.dma_copy y, w, q0.1
sp.dma_copy b, x[0, 0:4], q0.2 signal(d)
sp.dma_copy s, ap(sbuf int32, 0:1, 0x0, [1, 2]), q0.3 wait(d >= 1)
