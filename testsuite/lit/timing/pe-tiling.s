# RUN: trn-emu --chip trn2 --no-throttle --trace-text %s 2>/dev/null | grep ' PE ' | FileCheck %s
# RUN: trn-emu --chip trn3 --no-throttle --trace-text %s 2>/dev/null | grep ' PE ' | FileCheck %s
#
# TensorE tiling (docs/timing-model.md, section 6). A tiled instruction
# costs its full cycles (the cycles column), but occupies only the 32 x 32
# blocks of the array its tile covers: it starts at
#     From = max(the previous PE instruction's From + the time the engine
#                spent on control instructions since that one ended,
#                when the tile's blocks are free,
#                when its semaphores (and those of PE's control waits)
#                last changed)
# if the previous PE datapath instruction was tiled too, else when it
# issues; and it ends at max(From + cost, the previous one's end): the
# engine completes its stream in order, so the trace shows each instruction
# from the previous one's end to its own (a zero-length slice when it ran
# wholly beside the previous one). trn2 and trn3 at 2.4 GHz, unthrottled:
# 544 cycles = 226.667 ns, 512 = 213.334, 256 = 106.667, 64 = 26.667,
# 32 = 13.334, 1 = 0.417 (each rounded up to the ps).

.sbuf w : bf16[128, 128]
.sbuf v : bf16[128, 512]
.psum p : fp32[128, 512]
.psum q : fp32[128, 512]
.psum pt : bf16[128, 64]

# Four row tiles of 32 (K in four parts). The first alone costs what an
# untiled matmul costs, 32 (its weight load) + 512 = 544: 0 to 226.667.
# The other three start with it (From = 0, other blocks) and would end at
# 213.334; they end with the first.
    pe.matmul p, w[0:32], v[0:32], tile_rows=32
    pe.matmul q, w[32:64], v[32:64], tile_row=32, tile_rows=32
    pe.matmul q, w[64:96], v[64:96], tile_row=64, tile_rows=32, acc=accumulate
    pe.matmul q, w[96:128], v[96:128], tile_row=96, tile_rows=32, acc=accumulate
# CHECK:      0.000 226.667 PE 544 pe.matmul
# CHECK-NEXT: 226.667 226.667 PE 512 pe.matmul
# CHECK-NEXT: 226.667 226.667 PE 512 pe.matmul
# CHECK-NEXT: 226.667 226.667 PE 512 pe.matmul

# An untiled matmul uses the whole array: 226.667 + 213.334.
    pe.matmul p, w, v
# CHECK-NEXT: 226.667 440.001 PE 512 pe.matmul

# Two column tiles of 64 (M in two halves): after an untiled instruction
# the first starts when it issues, 440.001 to 653.335; the second beside it.
# Then the first tile again (N = 256): its blocks are free at 653.335, so
# 653.335 to 760.002. A nop (760.002 to 760.419) before the second tile
# again: From = 653.335 + 0.417 = 653.752 (its blocks free at 653.335), so
# it ends at 867.086.
    pe.matmul p[0:64], w[:, 0:64], v, tile_cols=64
    pe.matmul p[64:128], w[:, 64:128], v, tile_col=64, tile_cols=64
    pe.matmul p[0:64, 0:256], w[:, 0:64], v[:, 0:256], tile_cols=64
    pe.nop
    pe.matmul p[64:128], w[:, 64:128], v, tile_col=64, tile_cols=64
# CHECK-NEXT: 440.001 653.335 PE 512 pe.matmul
# CHECK-NEXT: 653.335 653.335 PE 512 pe.matmul
# CHECK-NEXT: 653.335 760.002 PE 256 pe.matmul
# CHECK-NEXT: 760.002 760.419 PE 1 pe.nop
# CHECK-NEXT: 760.419 867.086 PE 512 pe.matmul

# The split form on two row tiles of 64: the second tile's weights load
# beside the first tile's multiply. After a PE transpose (untiled, 64
# cycles: 867.086 to 893.753), the load into rows 0-63 costs 32 (893.753 to
# 907.087) and the multiply on the same blocks follows it (907.087 to
# 1120.421); the load into rows 64-127 comes right after a multiply, 1
# cycle, and starts with it (907.087 to 907.504), so the multiply on rows
# 64-127 runs 907.504 to 1120.838.
    pe.transpose pt[0:64, 0:64], w[0:64, 0:64]
    pe.load_stationary w[0:64], tile_rows=64
    pe.multiply_moving p, v[0:64], tile_rows=64
    pe.load_stationary w[64:128], tile_row=64, tile_rows=64
    pe.multiply_moving q, v[64:128], tile_row=64, tile_rows=64
# CHECK-NEXT: 867.086 893.753 PE 64 pe.transpose
# CHECK-NEXT: 893.753 907.087 PE 32 pe.load_stationary
# CHECK-NEXT: 907.087 1120.421 PE 512 pe.multiply_moving
# CHECK-NEXT: 1120.421 1120.421 PE 1 pe.load_stationary
# CHECK-NEXT: 1120.421 1120.838 PE 512 pe.multiply_moving
# CHECK-NEXT: ran 15 instructions in 1.121 us
