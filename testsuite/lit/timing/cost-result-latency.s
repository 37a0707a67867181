# RUN: trn-emu --chip trn1 --trace-text %s 2>/dev/null > %t1
# RUN: grep ' DVE ' %t1 | FileCheck %s --check-prefix=DVE
# RUN: grep ' ACT ' %t1 | FileCheck %s --check-prefix=ACT
# RUN: grep ' POOL ' %t1 | FileCheck %s --check-prefix=POOL
# RUN: trn-emu --chip trn2 --trace-text %s 2>/dev/null > %t2
# RUN: grep ' DVE ' %t2 | FileCheck %s --check-prefix=DVE
# RUN: grep ' ACT ' %t2 | FileCheck %s --check-prefix=ACT
# RUN: grep ' POOL ' %t2 | FileCheck %s --check-prefix=POOL
#
# The published small-N overheads, as the engines' result latencies
# (isa/Costs.td): an instruction that reads what its engine's previous
# datapath instruction wrote, before that result is visible, pays the
# latency as an overhead. Tiny dependent instructions then cost
#   on DVE,  max(MIN_II, 1) + DVE_DEPENDENT  = 64 + 100 = 164 (A1: "+100");
#   on ACT,  max(MIN_II, 1) + ACT_DEPENDENT  = 64 + 200 = 264 (PERF: an II of
#            ~189 ns = 264 cycles for tiny dependent ScalarE instructions);
#   on POOL, max(MIN_II, 1) + POOL_DEPENDENT = 64 + 100 = 164 (chosen).
# Once the latency has passed (here: the engine waited on a semaphore that
# a long GpSimd or Vector instruction signals), the result is visible and
# the same read costs nothing extra. fp32 operands: no perf mode on trn2.
# Each engine's lines are checked in its program order.

.sbuf f : fp32[128, 8]
.sbuf g : fp32[128, 8]
.sbuf fa : fp32[128, 8]
.sbuf ga : fp32[128, 8]
.sbuf fp : fp32[128, 8]
.sbuf gp : fp32[128, 8]
.sbuf big : fp32[128, 2048]
.sem long_pool
.sem long_dve

    dve.tensor_copy f[:, 0:1], g[:, 0:1]
    dve.tensor_copy g[:, 1:2], f[:, 0:1]
    dve.tensor_copy f[:, 2:3], g[:, 1:2]
    dve.tensor_copy g[:, 3:4], f[:, 2:3] wait(long_pool >= 1)
    dve.memset big[:, 1024:2048], 0.0 signal(long_dve)
# DVE:      DVE 64 dve.tensor_copy
# max(MIN_II=64, N=1) + DVE_DEPENDENT=100 = 164
# DVE-NEXT: DVE 164 dve.tensor_copy
# DVE-NEXT: DVE 164 dve.tensor_copy
# after waiting ~1000 GpSimd cycles for long_pool: 64
# DVE-NEXT: DVE 64 dve.tensor_copy
# DVE-NEXT: DVE 1024 dve.memset

    act.activation fa[:, 0:1], ga[:, 0:1], copy
    act.activation ga[:, 1:2], fa[:, 0:1], copy
    act.activation fa[:, 2:3], ga[:, 1:2], copy
    act.activation ga[:, 3:4], fa[:, 2:3], copy wait(long_dve >= 1)
# ACT:      ACT 64 act.activation
# max(MIN_II=64, N=1) + ACT_DEPENDENT=200 = 264
# ACT-NEXT: ACT 264 act.activation
# ACT-NEXT: ACT 264 act.activation
# after waiting for the Vector memset: 64
# ACT-NEXT: ACT 64 act.activation

    pool.tensor_copy fp[:, 0:1], gp[:, 0:1]
    pool.tensor_copy gp[:, 1:2], fp[:, 0:1]
    pool.memset big[:, 0:1000], 0.0
    pool.tensor_copy fp[:, 2:3], gp[:, 1:2] signal(long_pool)
# POOL:      POOL 64 pool.tensor_copy
# max(MIN_II=64, N=1) + POOL_DEPENDENT=100 = 164
# POOL-NEXT: POOL 164 pool.tensor_copy
# POOL-NEXT: POOL 1000 pool.memset
# reads gp[1:2], written two instructions before: 64
# POOL-NEXT: POOL 64 pool.tensor_copy
