# RUN: rm -rf %t && mkdir %t
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --random-inputs --timeline-svg %t/f.svg 2>&1 | FileCheck --check-prefix=ERR %s
# RUN: %python %S/Inputs/svg-check.py %t/f.svg | FileCheck %s
# RUN: FileCheck --check-prefix=SVG %s < %t/f.svg
#
# A faulting run still writes its --timeline-svg picture, whole: the slices
# up to the fault (here a load on DMA queue q0.3 and DVE's first two
# instructions: the 1-cycle li is narrower than a pixel, 2917 ns / 840 px,
# and drawn merged with the memset before it), a dashed line where the run stopped with the fault's
# message as its tooltip, and a mark on the faulting engine's row (DVE).

.chip trn2
.tensor i : fp32[4, 8] input
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
    sp.dma_copy x, i, q0.3 signal(s0)
    dve.memset y, 1.0 wait(s0 >= 1)
    dve.li r2, 57340
    dve.tensor_copy y, x + r2

# ERR: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 2 (tensor_copy)

# CHECK:      {{^}}row DVE (Vector){{$}}
# CHECK-NEXT: {{^}}row SP (Sync){{$}}
# CHECK-NEXT: {{^}}row DMA q0.3{{$}}
# CHECK-NEXT: {{^}}slice {{.*}} fill=#f28e2b 2 instructions merged: 2224.706-2292.415 ns, busy 100%{{$}}
# CHECK-NEXT: {{^}}slice {{.*}} fill=#9c755f #0 sp.dma_copy {{.*}}{{$}}
# CHECK-NEXT: {{^}}slice {{.*}} fill=#76b7b2 dma of 128 bytes for SP #0: {{.*}} ns{{$}}
# CHECK-NEXT: {{^}}fault {{.*}}timeline-svg-fault.s:[[@LINE-10]]:5: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 2 (tensor_copy): {{.*}}{{$}}
# CHECK-NEXT: {{^}}well-formed{{$}}

# SVG: >trn2: 3 instructions, 1 DMA transfers, {{[0-9.]+}} ns, stopped by a fault</text>
# SVG: <g class="fault">
# SVG-SAME: stroke="#e15759"
# SVG-SAME: <path d="M
# SVG: >fault</text>
# SVG: >paler: slices narrower than a pixel, merged</text>
