# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# DVE and ACT each wait for the other's signal. When nothing is left to
# run, the report names each waiting engine with its pending wait, the
# semaphore's value, and every instruction that could signal it (and
# whether it has already run).

.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sem a
.sem b
.sem done
# A signaller that has already run, and a wait on a register value.
pool.nop signal(done)
sp.li r4, 2
sp.dma_copy o, x, q0.0 wait(done >= r4)
dve.memset x, 1.0 wait(a >= 1)
dve.sem_signal b, 1 signal(done)
act.sem_wait b, ge, 1
act.nop signal(a)
# CHECK:      {{^}}error: deadlock at {{[0-9]+}} ns: every engine that has not finished waits on a semaphore and no DMA transfer is in flight{{$}}
# CHECK-NEXT: {{^  .*/}}deadlock.s:19:1: DVE, instruction 0 (memset), waits for s0 (a) >= 1, and s0 is 0{{$}}
# CHECK-NEXT: {{^      }}s0 is signalled by: ACT #1 ({{.*/}}deadlock.s:22:1) +1{{$}}
# CHECK-NEXT: {{^  .*/}}deadlock.s:21:1: ACT, instruction 0 (sem_wait), waits for s1 (b) >= 1, and s1 is 0{{$}}
# CHECK-NEXT: {{^      }}s1 is signalled by: DVE #1 ({{.*/}}deadlock.s:20:1) +1{{$}}
# CHECK-NEXT: {{^  .*/}}deadlock.s:18:1: SP, instruction 1 (dma_copy), waits for s2 (done) >= r4 = 2, and s2 is 1{{$}}
# CHECK-NEXT: {{^      }}s2 is signalled by: DVE #1 ({{.*/}}deadlock.s:20:1) +1; POOL #0 ({{.*/}}deadlock.s:16:1, already run) +1{{$}}
# CHECK-NOT:  {{.}}
