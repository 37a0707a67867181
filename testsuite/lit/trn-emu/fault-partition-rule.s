# RUN: rm -f %t.o %t.npy
# RUN: trn-as %s -o %t.o
# RUN: python3 %S/Inputs/patch-object.py %t.o .text.dve 78 8
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %t.o --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# The start-partition rule of the compute engines (more than 32 partitions
# start at 0 or 64, up to 32 at 0, 32, 64 or 96) cannot be broken through
# the assembler: it checks the rule on every operand, and a register offset
# moves only the offset within a partition, never the partitions. So the
# object is patched by hand: byte 78 of the DVE stream is the start
# partition of tensor_copy's dst (instruction 1 at 0x3c, dst at byte 16,
# part_start in its byte 2), set from 0 to 8. trn-emu's verifier refuses the
# object when it loads it, with trn-as's message (partition-start-20.s),
# located by the object's line table. The unit test SemanticsTensorTest does
# the same on a Program.

.tensor o : fp32[20, 8] output
.sbuf x : fp32[20, 8]
.sbuf y : fp32[40, 8]
dve.memset x, 1.0
# CHECK:      {{^.*/}}fault-partition-rule.s:[[@LINE+5]]:1: error: an access of 20 partitions must start at partition 0, 32, 64 or 96, not 8{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 8:28, 0x40, [1, 8]), ap(sbuf fp32, 0:20, 0x0, [1, 8]) signal(s0){{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}trn-emu: error: 1 error in {{.*}}.o{{$}}
# CHECK-NOT:  {{.}}
dve.tensor_copy y[0:20], x signal(s0)
sp.dma_copy o, y[0:20], q0.0 wait(s0 >= 1)
