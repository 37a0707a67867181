# RUN: trn-emu --chip trn1 --trace-text %s | FileCheck %s --check-prefix=TRN1
# RUN: trn-emu --chip trn2 --no-throttle --trace-text %s | FileCheck %s --check-prefix=TRN2
# RUN: trn-emu --chip trn3 --no-throttle --trace-text %s | FileCheck %s --check-prefix=TRN3
#
# Engine clocks (isa/Chips.td): an instruction occupies its engine for its
# cycles at the engine's clock, ceil(cycles x 10^6 / MHz) picoseconds, each
# instruction rounded up on its own (so back-to-back instructions drift up
# to 1 ps each from the exact product).
#
#            PE     DVE    ACT    POOL   SP (MHz)
#   trn1   2800   1120   1400   1400   1400 (SP chosen = ACT)      A1
#   trn2   2400    960   1200   1200   1200 (SP chosen = ACT)      A2
#   trn3   2400   1200   1200   1200   1200 (SP chosen = ACT)      A3
#
# Every engine runs 1024 cycles from t = 0, PE, DVE and ACT as two
# instructions. Lines print in completion order; completions at the same
# picosecond in engine order PE, DVE, ACT, POOL, SP (src/emu/Machine.cpp).
# The program keeps the other effects out: TensorE throttling is off
# (--no-throttle, throttle.s), activation(copy) needs no function table
# (cost-act-table.s), DVE writes PSUM so that it shares no port with POOL
# (SBUF) or ACT (no PSUM operand) on trn1 (port-sharing.s), and the first
# matmul's exposed load, ceil(max(64, 128) / 4) = 32 cycles, is made up by
# a moving operand of 480 columns.

.sbuf a : bf16[128, 512]
.sbuf g : fp32[128, 1024]
.sbuf h : fp32[128, 1024]
.psum p : fp32[128, 512]
.psum pf : fp32[128, 1024]
.tensor t : int32[1] scratch

    pe.matmul p[:, 0:480], a[:, 0:128], a[:, 0:480]  # 32 + max(64, 480) = 512 cycles
    pe.matmul p, a[:, 0:128], a             # after a multiply: max(64, 512) = 512
    dve.memset pf[:, 0:512], 1.0            # max(MIN_II, 512) = 512
    dve.memset pf[:, 512:1024], 1.0         # 512
    act.activation g[:, 0:512], a, copy     # max(MIN_II, 512) = 512
    act.activation g[:, 0:512], a, copy     # 512
    pool.iota h[:, 0:874], 0, [1]           # GPSIMD_START + 874 = 1024
    sp.reg_load r1, t                       # ACCESS_FIXED = 60


# trn1. SP: 60 / 1.4 GHz = 42.857 -> 42.858 ns. PE: 512 / 2.8 GHz = 182.857
# -> 182.858, twice 365.716 (exact 365.714). ACT: 512 / 1.4 = 365.714 ->
# 365.715, twice 731.430. DVE: 512 / 1.12 = 457.143, twice 914.286. POOL:
# 1024 / 1.4 = 731.429 (one instruction: no drift). The run ends at 914.286
# ns = 2560 PE cycles (floor of 914.286 x 2.8).
# TRN1:      0.000 42.858 SP 60 sp.reg_load
# TRN1-NEXT: 0.000 182.858 PE 512 pe.matmul
# TRN1-NEXT: 0.000 365.715 ACT 512 act.activation
# TRN1-NEXT: 182.858 365.716 PE 512 pe.matmul
# TRN1-NEXT: 0.000 457.143 DVE 512 dve.memset
# TRN1-NEXT: 0.000 731.429 POOL 1024 pool.iota
# TRN1-NEXT: 365.715 731.430 ACT 512 act.activation
# TRN1-NEXT: 457.143 914.286 DVE 512 dve.memset
# TRN1-NEXT: ran 8 instructions in 0.914 us (2560 cycles at the PE clock)

# trn2. SP: 60 / 1.2 = 50 ns exactly. PE: 512 / 2.4 = 213.333 -> 213.334.
# ACT: 512 / 1.2 = 426.667, twice 853.334, the same picosecond as POOL's
# 1024 / 1.2 = 853.333 -> 853.334: ACT is reported first. DVE: 512 / 0.96 =
# 533.333 -> 533.334, twice 1066.668.
# TRN2:      0.000 50.000 SP 60 sp.reg_load
# TRN2-NEXT: 0.000 213.334 PE 512 pe.matmul
# TRN2-NEXT: 0.000 426.667 ACT 512 act.activation
# TRN2-NEXT: 213.334 426.668 PE 512 pe.matmul
# TRN2-NEXT: 0.000 533.334 DVE 512 dve.memset
# TRN2-NEXT: 426.667 853.334 ACT 512 act.activation
# TRN2-NEXT: 0.000 853.334 POOL 1024 pool.iota
# TRN2-NEXT: 533.334 1066.668 DVE 512 dve.memset
# TRN2-NEXT: ran 8 instructions in 1.067 us (2560 cycles at the PE clock)

# trn3: as trn2 but DVE at 1.2 GHz, like ACT and POOL: DVE, ACT and POOL end
# together (DVE first, then ACT, then POOL).
# TRN3:      0.000 50.000 SP 60 sp.reg_load
# TRN3-NEXT: 0.000 213.334 PE 512 pe.matmul
# TRN3-NEXT: 0.000 426.667 DVE 512 dve.memset
# TRN3-NEXT: 0.000 426.667 ACT 512 act.activation
# TRN3-NEXT: 213.334 426.668 PE 512 pe.matmul
# TRN3-NEXT: 426.667 853.334 DVE 512 dve.memset
# TRN3-NEXT: 426.667 853.334 ACT 512 act.activation
# TRN3-NEXT: 0.000 853.334 POOL 1024 pool.iota
# TRN3-NEXT: ran 8 instructions in 0.853 us (2048 cycles at the PE clock)
