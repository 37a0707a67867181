# RUN: rm -rf %t && mkdir %t
# RUN: trn-emu %s --timeline-svg %t/t.svg --timeline-title 'three <slices> & a title' | FileCheck --check-prefix=LINE %s
# RUN: %python %S/Inputs/svg-check.py %t/t.svg | FileCheck --strict-whitespace %s
# RUN: FileCheck --check-prefix=SVG %s < %t/t.svg
# The same run draws the same bytes; '-' is standard output.
# RUN: trn-emu %s --timeline-svg - --timeline-title 'three <slices> & a title' > %t/again.svg
# RUN: cmp %t/t.svg %t/again.svg
# RUN: ls %t | FileCheck --check-prefix=FILES %s
#
# --timeline-svg draws a rect per instruction, with times from
# docs/timing-model.md (section 5: memset of N fp32 elements costs
# max(MIN_II = 64, N) cycles; section 2: C cycles occupy an engine for
# ceil(C x 10^6 / MHz) ps; trn2: DVE 960 MHz, POOL 1200 MHz):
#   DVE #0 memset of 512: 512 cycles, 533333.3 -> 533334 ps: 0 - 533.334 ns
#   DVE #1 memset of 256: 256 cycles, 266666.7 -> 266667 ps: 533.334 - 800.001 ns
#   POOL #0 memset of 512 at 1.2 GHz: 426666.7 -> 426667 ps: 0 - 426.667 ns
# The run ends at 800.001 ns. The picture is 960 px wide, the plot 840 px
# from x = 96, so x = 96 + t x 840 / 800001 ps: DVE #1 starts at 656.00 and
# is 280.00 wide, DVE #0 560.00, POOL's 448.00 (447.9998).
# Rows: engines that ran, in engine order; no PE, ACT, SP, DMA rows.

.chip trn2
.sbuf a : fp32[128, 512]
.sbuf b : fp32[128, 256]
.sbuf g : fp32[128, 512]
    dve.memset a, 1.0
    dve.memset b, 2.0
    pool.memset g, 3.0

# LINE: ran 3 instructions in 0.800 us (1920 cycles at the PE clock) on trn2

# CHECK:      {{^}}svg 960x{{[0-9]+}} viewBox 0 0 960 {{[0-9]+$}}
# CHECK-NEXT: {{^}}row DVE (Vector){{$}}
# CHECK-NEXT: {{^}}row POOL (GpSimd){{$}}
# CHECK-NEXT: {{^}}slice x=96.00 w=560.00 fill=#f28e2b #0 dve.memset ap(sbuf fp32, 0:128, 0x0, [1, 512]), 1.0 (512 cycles): 0-533.334 ns{{$}}
# CHECK-NEXT: {{^}}slice x=656.00 w=280.00 fill=#f28e2b #1 dve.memset ap(sbuf fp32, 0:128, 0x800, [1, 256]), 2.0 (256 cycles): 533.334-800.001 ns{{$}}
# CHECK-NEXT: {{^}}slice x=96.00 w=448.00 fill=#b07aa1 #0 pool.memset ap(sbuf fp32, 0:128, 0xC00, [1, 512]), 3.0 (512 cycles): 0-426.667 ns{{$}}
# CHECK-NEXT: {{^}}well-formed{{$}}

# The title (escaped), the run's line, round ticks every 100 ns (800 ns in
# at most 840 / 80 = 10 ticks: 1, 2, 5, 10, 20, 50 ns give more), the axis
# label, a legend key per engine drawn; no merged-slice note.
# SVG:      <?xml version="1.0" encoding="UTF-8"?>
# SVG-NEXT: <svg xmlns="http://www.w3.org/2000/svg" width="960"
# SVG:      >three &lt;slices&gt; &amp; a title</text>
# SVG:      >trn2: 3 instructions, 0 DMA transfers, 800.001 ns</text>
# SVG:      >0</text>
# SVG-NEXT: >100</text>
# SVG:      >800</text>
# SVG-NEXT: >time (ns)</text>
# SVG:      >DVE</text>
# SVG-NEXT: >POOL</text>
# SVG-NOT:  paler
# SVG:      </svg>

# Nothing but the picture: its temporary file was renamed.
# FILES:      {{^}}again.svg{{$}}
# FILES-NEXT: {{^}}t.svg{{$}}
# FILES-NOT:  {{.}}
