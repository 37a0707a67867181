# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
# RUN: sh -c 'trn-as "$0" -o "$1" 2>/dev/null; echo "exit status $?"' %s %t.o | FileCheck --check-prefix=STATUS %s
# RUN: test ! -e %t.o
# STATUS: {{^}}exit status 2{{$}}
#
# An unknown mnemonic far from every real one: no suggestion.

# CHECK:      {{^.*/}}mnemonic-unknown.s:[[@LINE+3]]:1: error: unknown instruction 'frobnicate'{{$}}
# CHECK-NEXT: {{^}}frobnicate r1, r2{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
frobnicate r1, r2
# CHECK-NEXT: {{^}}1 error generated.{{$}}
