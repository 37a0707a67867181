# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A raw branch target @N is an instruction index in the branch's own stream;
# one at or past the end of that stream is an error. Like label errors, it is
# reported after the last line, stream by stream (DVE before SP), at the
# start of the branch.

sp.nop
sp.jmp @3
sp.beq r1, r0, @4
dve.jmp @1
pool.jmp @0
sp.jmp @2147483647
# CHECK:      {{^.*/}}branch-target-past-end.s:[[@LINE-3]]:1: error: branch target @1 is past the end of the DVE stream (1 instruction){{$}}
# CHECK-NEXT: {{^}}dve.jmp @1{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^.*/}}branch-target-past-end.s:[[@LINE-7]]:1: error: branch target @4 is past the end of the SP stream (4 instructions){{$}}
# CHECK-NEXT: {{^}}sp.beq r1, r0, @4{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^.*/}}branch-target-past-end.s:[[@LINE-7]]:1: error: branch target @2147483647 is past the end of the SP stream (4 instructions){{$}}
# CHECK-NEXT: {{^}}sp.jmp @2147483647{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
