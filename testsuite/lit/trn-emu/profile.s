# RUN: trn-emu --profile %s | FileCheck %s --match-full-lines --strict-whitespace
#
# --profile: time per source line (docs/cli.md, "The profile"). The figures
# come from docs/timing-model.md, not from a run: on trn2 (DVE 960 MHz,
# POOL 1200 MHz) an instruction of C cycles takes ceil(C x 10^6 / MHz) ps.
#
#   line 28 (.rept 3): dve.memset of N = 256 fp32, max(MIN_II, N) = 256
#     cycles = 266667 ps, three times: 800.001 ns busy, 3 runs
#   line 25 (the macro's body, expanded at line 32): N = 64, max(64, 64) =
#     64 cycles = 66667 ps, and it signals `done`
#   line 33: pool.memset of N = 512: 512 cycles at 1200 MHz = 426667 ps; it
#     waits from t = 0 for DVE's signal, sent at DVE's end (3 x 266667 +
#     66667 = 866668 ps) and arriving one DVE result latency later
#     (DVE_DEPENDENT = 100 cycles = 104167 ps): waiting 970.835 ns
#   total: 970835 + 426667 = 1397502 ps. Busy %: 800001 / 1397502 = 57.2%,
#     426667 / 1397502 = 30.5%, 66667 / 1397502 = 4.8%.

.chip trn2
.sbuf a : fp32[128, 256]
.sbuf b : fp32[128, 64]
.sbuf c : fp32[128, 512]
.sem done

.macro clear dst
    dve.memset \dst, 0.0 signal(done)
.endm
.rept 3
    dve.memset a, 0.0
.endr
# A comment line.

    clear b
    pool.memset c, 1.0 wait(done >= 1)

#      CHECK:ran 5 instructions in 1.398 us ({{[0-9]+}} cycles at the PE clock) on trn2
# CHECK-NEXT:Profile (trn2): total 1397.502 ns, 3 source lines, busiest first
# CHECK-EMPTY:
# CHECK-NEXT:       busy ns    busy     waiting ns         dma ns      runs engine line
# CHECK-NEXT:       800.001   57.2%          0.000          0.000         3 DVE    {{.*}}profile.s:28  dve.memset ap(sbuf fp32, 0:128, 0x0, [1, 256]), 0.0
# CHECK-NEXT:       426.667   30.5%        970.835          0.000         1 POOL   {{.*}}profile.s:33  pool.memset ap(sbuf fp32, 0:128, 0x500, [1, 512]), 1.0 wait(s0 >= 1)
# CHECK-NEXT:        66.667    4.8%          0.000          0.000         1 DVE    {{.*}}profile.s:25  dve.memset ap(sbuf fp32, 0:128, 0x400, [1, 64]), 0.0 signal(s0)
# CHECK-EMPTY:
# CHECK-NEXT:         0.000    0.0%          0.000          0.000         0 PE     total
# CHECK-NEXT:       866.668   62.0%          0.000          0.000         4 DVE    total
# CHECK-NEXT:         0.000    0.0%          0.000          0.000         0 ACT    total
# CHECK-NEXT:       426.667   30.5%        970.835          0.000         1 POOL   total
# CHECK-NEXT:         0.000    0.0%          0.000          0.000         0 SP     total
# CHECK-NEXT:      1293.335   92.5%        970.835          0.000         5 all    total
