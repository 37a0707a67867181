# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# An unknown directive lists the known ones.

# CHECK:      {{^.*/}}directive-unknown.s:[[@LINE+3]]:1: error: unknown directive '.frob': expected .include, .chip, .const, .tensor, .sbuf, .psum, .sem, .macro, .rept or .irp{{$}}
# CHECK-NEXT: {{^}}.frob 1{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
.frob 1
# CHECK-NEXT: {{^.*/}}directive-unknown.s:[[@LINE+3]]:1: error: unknown directive '.data': expected .include, .chip, .const, .tensor, .sbuf, .psum, .sem, .macro, .rept or .irp{{$}}
# CHECK-NEXT: {{^}}.data 0{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
.data 0
# CHECK-NEXT: {{^}}2 errors generated.{{$}}
