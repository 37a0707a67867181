# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# sem_signal's amount is a signed 16-bit value.

.sem ready
sp.sem_signal ready, 32767
# CHECK:      {{^.*/}}imm-range-sem-signal.s:[[@LINE+3]]:22: error: 40000 is out of range for operand 'amount' of 'sem_signal': -32768 to 32767{{$}}
# CHECK-NEXT: {{^}}sp.sem_signal ready, 40000{{$}}
# CHECK-NEXT: {{^}}                     ^~~~~{{$}}
sp.sem_signal ready, 40000
dve.sem_wait ready, ge, 1
# CHECK-NEXT: {{^}}1 error generated.{{$}}
