# RUN: rm -f %t.json
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --trace %t.json --trace-text > %t.txt 2> %t.err
# RUN: %python %S/Inputs/trace-events.py %t.json >> %t.txt
# RUN: FileCheck %s < %t.txt
#
# A run that deadlocks: the trace (whole, as after any fault) ends with a
# marker across the timeline at the time the run stopped, with the fault's
# kind and message; a deadlock has no instruction at fault, so no engine's
# track gets one. The text trace ends with the fault's line.

.sbuf x : fp32[4, 8]
.sem a
.sem b
    dve.memset x, 1.0 wait(a >= 1)
    act.sem_wait b, ge, 1
    act.nop signal(a)

# CHECK: {{^ *}}[[T:[0-9.]+]] {{ *}}[[T]] -             - fault (deadlock): deadlock at {{[0-9]+}} ns: every engine that has not finished waits on a semaphore and no DMA transfer is in flight{{$}}
# CHECK: {{^}}counter semaphore s0 (a): 0.000=0{{$}}
# CHECK-NEXT: {{^}}counter semaphore s1 (b): 0.000=0{{$}}
# CHECK-NEXT: {{^}}instant fault: deadlock scope=g track=PE at [[T]]{{$}}
# CHECK-NEXT: {{^}}  kind="deadlock"{{$}}
# CHECK-NEXT: {{^}}  message="error: deadlock at {{[0-9]+}} ns: {{.*}}\n  {{.*}}trace-fault-deadlock.s:14:5: DVE, instruction 0 (memset), waits for s0 (a) >= 1, and s0 is 0\n{{.*}}trace-fault-deadlock.s:15:5: ACT, instruction 0 (sem_wait), waits for s1 (b) >= 1{{.*}}"{{$}}
# CHECK-NOT: instant
