# RUN: trn-emu --chip trn1 --trace-text %s 2>/dev/null | FileCheck %s --check-prefix=TRN1
# RUN: trn-emu --chip trn2 --no-throttle --trace-text %s 2>/dev/null | FileCheck %s --check-prefix=TRN2
# RUN: trn-emu --chip trn3 --no-throttle --trace-text %s 2>/dev/null | FileCheck %s --check-prefix=TRN3
#
# Result latency and semaphore hand-off between engines (isa/Costs.td
# ResultLatency, SEM_HOP). An instruction occupies its engine for its cost
# (its II); its signal(...) reaches the semaphore ResultLatency cycles of
# its engine later, and an instruction waiting on that semaphore starts
# then: PE_RESULT = 128 (chosen), DVE_DEPENDENT = 100 (A1), ACT_DEPENDENT =
# 200 (PERF), POOL_DEPENDENT = 100 (chosen). A sequencer instruction's
# signal (here a nop's) takes SEM_HOP = 42 cycles (PERF fig. 16: 30 ns at
# 1.4 GHz). A chain PE -> DVE -> ACT -> POOL -> SP -> DVE, each waiting for
# the one before. trn2/trn3 run with --no-throttle, so that TensorE runs at
# its full rate (throttle.s). Each hop is ceil(cycles x 10^6 / MHz) ps.
#
#            PE 128   DVE 100   ACT 200   POOL 100   SP 42
#   trn1     45.715    89.286   142.858     71.429   30.000 ns
#   trn2     53.334   104.167   166.667     83.334   35.000 ns
#   trn3     53.334    83.334   166.667     83.334   35.000 ns

.sbuf w : bf16[128, 512]
.psum p : fp32[128, 512]
.sbuf f : fp32[128, 512]
.sbuf g : fp32[128, 512]
.sbuf h : fp32[128, 512]
.sem pe_done
.sem dve_done
.sem act_done
.sem pool_done
.sem sp_done

    pe.matmul p, w[:, 0:128], w signal(pe_done)
    dve.tensor_copy f, p wait(pe_done >= 1) signal(dve_done)
    act.activation g, f, copy wait(dve_done >= 1) signal(act_done)
    pool.tensor_copy h, g wait(act_done >= 1) signal(pool_done)
    sp.nop wait(pool_done >= 1) signal(sp_done)
    dve.nop wait(sp_done >= 1)

# The matmul: ceil(128 / 4) = 32 (its load, first on PE) + 512 = 544 cycles.
# trn1: 544 / 2.8 GHz = 194.286; + 45.715 = 240.001: the copy, 512 / 1.12 =
# 457.143 to 697.144; + 89.286 = 786.430: the activation (copy, no table),
# 512 / 1.4 = 365.715 to 1152.145; + 142.858 = 1295.003: POOL's copy,
# 365.715 to 1660.718; + 71.429 = 1732.147: SP's nop, 1 / 1.4 = 0.715 to
# 1732.862; + 30.000 = 1762.862: DVE's nop, 1 / 1.12 = 0.893 to 1763.755.
# TRN1:      0.000 194.286 PE 544 pe.matmul
# TRN1-NEXT: 240.001 697.144 DVE 512 dve.tensor_copy
# TRN1-NEXT: 786.430 1152.145 ACT 512 act.activation
# TRN1-NEXT: 1295.003 1660.718 POOL 512 pool.tensor_copy
# TRN1-NEXT: 1732.147 1732.862 SP 1 sp.nop
# TRN1-NEXT: 1762.862 1763.755 DVE 1 dve.nop
# TRN1-NEXT: ran 6 instructions in 1.764 us
#
# trn2: 544 / 2.4 = 226.667; + 53.334 = 280.001, 512 / 0.96 = 533.334 to
# 813.335; + 104.167 = 917.502, 512 / 1.2 = 426.667 to 1344.169; + 166.667 =
# 1510.836 to 1937.503; + 83.334 = 2020.837, 0.834 to 2021.671; + 35.000 =
# 2056.671, 1 / 0.96 = 1.042 to 2057.713.
# TRN2:      0.000 226.667 PE 544 pe.matmul
# TRN2-NEXT: 280.001 813.335 DVE 512 dve.tensor_copy
# TRN2-NEXT: 917.502 1344.169 ACT 512 act.activation
# TRN2-NEXT: 1510.836 1937.503 POOL 512 pool.tensor_copy
# TRN2-NEXT: 2020.837 2021.671 SP 1 sp.nop
# TRN2-NEXT: 2056.671 2057.713 DVE 1 dve.nop
# TRN2-NEXT: ran 6 instructions in 2.058 us
#
# trn3: as trn2 but DVE at 1.2 GHz: 280.001 to 706.668; + 83.334 = 790.002
# to 1216.669; + 166.667 = 1383.336 to 1810.003; + 83.334 = 1893.337 to
# 1894.171; + 35.000 = 1929.171 to 1930.005.
# TRN3:      0.000 226.667 PE 544 pe.matmul
# TRN3-NEXT: 280.001 706.668 DVE 512 dve.tensor_copy
# TRN3-NEXT: 790.002 1216.669 ACT 512 act.activation
# TRN3-NEXT: 1383.336 1810.003 POOL 512 pool.tensor_copy
# TRN3-NEXT: 1893.337 1894.171 SP 1 sp.nop
# TRN3-NEXT: 1929.171 1930.005 DVE 1 dve.nop
# TRN3-NEXT: ran 6 instructions in 1.930 us
