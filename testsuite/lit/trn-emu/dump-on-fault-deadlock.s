# RUN: rm -rf %t && mkdir %t
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --dump-on-fault %t 2>&1 | FileCheck --strict-whitespace %s
# RUN: FileCheck --strict-whitespace %s < %t/fault.txt
# RUN: python3 %S/Inputs/npy-expect.py %t/x.npy '<f4' 4,8 '3.0'
# RUN: python3 %S/Inputs/npy-expect.py %t/o.npy '<f4' 4,8 '0.0'
#
# A deadlock is a fault like any other for --dump-on-fault (into a
# directory that exists already): the memset ran, the copy out that waits
# for a signal nobody sends never did.

.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sem never
dve.memset x, 3.0
# CHECK:      {{^}}error: deadlock at {{[0-9]+}} ns: every engine that has not finished waits on a semaphore and no DMA transfer is in flight{{$}}
# CHECK-NEXT: {{^  .*/}}dump-on-fault-deadlock.s:[[@LINE+3]]:1: SP, instruction 0 (dma_copy), waits for s0 (never) >= 1, and s0 is 0{{$}}
# CHECK-NEXT: {{^      }}nothing in the program signals s0{{$}}
# CHECK-NOT:  {{.}}
sp.dma_copy o, x, q0.0 wait(never >= 1)
