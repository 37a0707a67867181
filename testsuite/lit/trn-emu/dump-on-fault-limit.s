# RUN: rm -rf %t && mkdir %t
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-instructions 20 --dump-on-fault %t 2>&1 | FileCheck --strict-whitespace %s
# RUN: FileCheck --strict-whitespace %s < %t/fault.txt
# RUN: python3 %S/Inputs/npy-expect.py %t/c.npy '<i4' 1,1 '6'
#
# A run-time limit is a fault for --dump-on-fault too: the loop counts in
# r1 and stores it to SBUF c each time round (li, then reg_store, addi and
# jmp 6 times, and a reg_store, make 20; the addi after is the 21st).

.sbuf c : int32[1, 1]
sp.li r1, 0
loop:
sp.reg_store c[0, 0], r1
# CHECK:      {{^.*/}}dump-on-fault-limit.s:[[@LINE+3]]:1: error: instruction limit at {{[0-9]+}} ns on SP, instruction 2 (addi): the run has executed more than --max-instructions=20 instructions (a runaway loop?){{$}}
# CHECK-NEXT: {{^}}    sp.addi r1, r1, 1{{$}}
# CHECK-NOT:  {{.}}
sp.addi r1, r1, 1
sp.jmp loop
