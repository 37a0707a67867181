# RUN: rm -f %t.o
# RUN: not trn-as --chip trn1 %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# --chip disagreeing with the source's .chip.

# CHECK:      {{^.*/}}chip-option-mismatch.s:[[@LINE+3]]:7: error: the source targets trn2 but --chip trn1 was given{{$}}
# CHECK-NEXT: {{^}}.chip trn2{{$}}
# CHECK-NEXT: {{^}}      ^~~~{{$}}
.chip trn2
sp.nop
# CHECK-NEXT: {{^}}1 error generated.{{$}}
