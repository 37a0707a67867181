# RUN: trn-emu %s --trace %t.json --trace-text > %t.txt
# RUN: %python %S/Inputs/trace-events.py %t.json >> %t.txt
# RUN: FileCheck %s < %t.txt
#
# Arrows for every wait a signal satisfied, stalled or not, and the
# semaphores' values over time. DVE is busy with a long memset while POOL
# and ACT signal, so its tensor_copy issues without waiting: its two waits
# still get an arrow each, from the last signal to have reached each
# semaphore (POOL #0 for s, ACT #1 for t). t's counter steps 0, 1, 2 as
# ACT's signals arrive (after the signal latency: later than their ends).
# The memset's wait on u was met by u's initial value (3): no arrow.

.sbuf a : fp32[4, 8]
.sbuf b : fp32[4, 8]
.sbuf big : fp32[128, 4096]
.sem s
.sem t
.sem u = 3

    pool.memset a, 1.0 signal(s)
    act.nop signal(t)
    act.nop signal(t)
    dve.memset big, 0.0 wait(u >= 3)
    dve.tensor_copy b, a wait(s >= 1, t >= 2)

# CHECK-DAG: {{^ *[0-9.]+ +}}[[P0:[0-9.]+]] POOL {{.*}} pool.memset
# CHECK-DAG: {{^ *[0-9.]+ +}}[[A0:[0-9.]+]] ACT {{.*}} act.nop
# CHECK-DAG: {{^ *}}[[A0]] {{ *}}[[A1:[0-9.]+]] ACT {{.*}} act.nop
# CHECK-DAG: {{^ *}}[[D1:[0-9.]+]] {{ *[0-9.]+}} DVE {{.*}} dve.tensor_copy
# CHECK-NOT: flow
# CHECK: {{^}}flow ACT@{{[0-9.]+}} -> DVE tensor_copy@[[D1]] waited 0{{$}}
# CHECK-NEXT: {{^}}flow POOL@{{[0-9.]+}} -> DVE tensor_copy@[[D1]] waited 0{{$}}
# CHECK-NOT: flow
# CHECK: {{^}}counter semaphore s0 (s): 0.000=0 [[S1:[0-9.]+]]=1{{$}}
# CHECK-NEXT: {{^}}counter semaphore s1 (t): 0.000=0 [[T1:[0-9.]+]]=1 [[T2:[0-9.]+]]=2{{$}}
# CHECK-NEXT: {{^}}counter semaphore s2 (u): 0.000=3{{$}}
