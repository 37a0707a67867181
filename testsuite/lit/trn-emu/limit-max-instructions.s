# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-instructions 50 --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# An endless loop, stopped by --max-instructions: li, then addi and jmp
# 25 times make 51 instructions, and the 51st (a jmp) is the fault. The
# count is of every engine's instructions.

.tensor o : int32[1] output
sp.li r1, 0
loop:
sp.addi r1, r1, 1
# CHECK:      {{^.*/}}limit-max-instructions.s:[[@LINE+3]]:1: error: instruction limit at {{[0-9]+}} ns on SP, instruction 2 (jmp): the run has executed more than --max-instructions=50 instructions (a runaway loop?){{$}}
# CHECK-NEXT: {{^}}    sp.jmp @1{{$}}
# CHECK-NOT:  {{.}}
sp.jmp loop
sp.reg_store o[0], r1
