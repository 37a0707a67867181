# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-cycles 1000 --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# An endless loop, stopped by --max-cycles (cycles of the PE clock: 1000
# at trn2's 2400 MHz are 416 ns).

.chip trn2
.tensor o : int32[1] output
sp.li r1, 0
loop:
sp.addi r1, r1, 1
sp.jmp loop
sp.reg_store o[0], r1
# CHECK:      {{^}}error: the run passed --max-cycles=1000 (416 ns) and was stopped (a runaway loop?){{$}}
# CHECK-NOT:  {{.}}
