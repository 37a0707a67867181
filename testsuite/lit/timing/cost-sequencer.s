# RUN: trn-emu --chip trn1 --trace-text %s | FileCheck %s
# RUN: trn-emu --chip trn2 --trace-text %s | FileCheck %s
# RUN: trn-emu --chip trn3 --trace-text %s | FileCheck %s
#
# Sequencer instructions (isa/Costs.td CC_Sequencer, CC_RegMemory). The
# public record gives no cost for sequencer-only work; the model charges
# SEQ_OP = 1 cycle (chosen) for register arithmetic, branches, nop, halt and
# semaphore instructions, and ACCESS_FIXED = 60 cycles (A1: the fixed cost of
# one tensor access) for reg_load/reg_store, in HBM or SBUF. The same on
# every engine and chip (in cycles; the time follows the clock, see
# cost-clocks.s). A taken branch costs the same as one not taken.

.sem ready = 1
.tensor t : int32[1] scratch
.sbuf st : int32[1, 1]

    sp.li r1, 5
    sp.mov r2, r1
    sp.add r3, r1, r2
    sp.addi r3, r3, 7
    sp.sub r3, r3, r1
    sp.subi r3, r3, 1
    sp.mul r3, r3, r2
    sp.muli r3, r3, 3
    sp.and r4, r3, r1
    sp.andi r4, r3, 12
    sp.or r4, r3, r1
    sp.ori r4, r4, 1
    sp.xor r4, r4, r1
    sp.xori r4, r4, 255
    sp.shl r4, r4, r1
    sp.shli r4, r4, 2
    sp.shr r4, r4, r1
    sp.shri r4, r4, 1
    sp.sra r4, r4, r1
    sp.srai r4, r4, 1
    sp.min r4, r4, r1
    sp.mini r4, r4, 3
    sp.max r4, r4, r1
    sp.maxi r4, r4, 9
    sp.beq r1, r3, skip          # not taken
    sp.bne r1, r3, skip          # taken
    sp.nop                       # skipped
skip:
    sp.blt r1, r2, skip          # not taken (5 < 5 is false)
    sp.bge r1, r2, next          # taken
next:
    sp.bltu r1, r2, next         # not taken
    sp.bgeu r2, r1, last         # taken
last:
    sp.jmp end
end:
    sp.nop
    sp.sem_wait ready, ge, 1     # already holds
    sp.sem_signal ready, 1
    sp.nop wait(ready >= 2)      # holds: no stall
    sp.reg_store t, r4
    sp.reg_load r5, t
    sp.reg_store st, r1
    sp.reg_load r6, st
    sp.halt

# SEQ_OP = 1 cycle each:
# CHECK:      SP 1 sp.li r1, 5
# CHECK-NEXT: SP 1 sp.mov
# CHECK-NEXT: SP 1 sp.add r3
# CHECK-NEXT: SP 1 sp.addi
# CHECK-NEXT: SP 1 sp.sub r3
# CHECK-NEXT: SP 1 sp.subi
# CHECK-NEXT: SP 1 sp.mul r3
# CHECK-NEXT: SP 1 sp.muli
# CHECK-NEXT: SP 1 sp.and r4
# CHECK-NEXT: SP 1 sp.andi
# CHECK-NEXT: SP 1 sp.or r4
# CHECK-NEXT: SP 1 sp.ori
# CHECK-NEXT: SP 1 sp.xor r4
# CHECK-NEXT: SP 1 sp.xori
# CHECK-NEXT: SP 1 sp.shl r4
# CHECK-NEXT: SP 1 sp.shli
# CHECK-NEXT: SP 1 sp.shr r4
# CHECK-NEXT: SP 1 sp.shri
# CHECK-NEXT: SP 1 sp.sra r4
# CHECK-NEXT: SP 1 sp.srai
# CHECK-NEXT: SP 1 sp.min r4
# CHECK-NEXT: SP 1 sp.mini
# CHECK-NEXT: SP 1 sp.max r4
# CHECK-NEXT: SP 1 sp.maxi
# CHECK-NEXT: SP 1 sp.beq
# CHECK-NEXT: SP 1 sp.bne
# CHECK-NEXT: SP 1 sp.blt
# CHECK-NEXT: SP 1 sp.bge
# CHECK-NEXT: SP 1 sp.bltu
# CHECK-NEXT: SP 1 sp.bgeu
# CHECK-NEXT: SP 1 sp.jmp
# CHECK-NEXT: SP 1 sp.nop{{$}}
# CHECK-NEXT: SP 1 sp.sem_wait
# CHECK-NEXT: SP 1 sp.sem_signal
# CHECK-NEXT: SP 1 sp.nop wait
# ACCESS_FIXED = 60 cycles each:
# CHECK-NEXT: SP 60 sp.reg_store ap(hbm
# CHECK-NEXT: SP 60 sp.reg_load r5, ap(hbm
# CHECK-NEXT: SP 60 sp.reg_store ap(sbuf
# CHECK-NEXT: SP 60 sp.reg_load r6, ap(sbuf
# CHECK-NEXT: SP 1 sp.halt
# CHECK-NEXT: ran 40 instructions
