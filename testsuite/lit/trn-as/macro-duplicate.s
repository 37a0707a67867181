# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A macro defined twice; a macro named like an instruction, an engine or a
# directive (macros are called without a dot, but a name means one thing);
# a parameter named twice or not a name.

.macro load
.endm
.macro load
.endm
.macro matmul
.endm
.macro act
.endm
.macro tensor
.endm
.macro m a, a
.endm
.macro n a, 1
.endm
.macro
.endm

# CHECK:      {{^.*/}}macro-duplicate.s:11:8: error: macro 'load' is already defined{{$}}
# CHECK-NEXT: {{^}}.macro load{{$}}
# CHECK-NEXT: {{^}}       ^~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:9:8: note: previous definition is here{{$}}
# CHECK-NEXT: {{^}}.macro load{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:13:8: error: macro 'matmul' is named like an instruction{{$}}
# CHECK-NEXT: {{^}}.macro matmul{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:15:8: error: macro 'act' is named like an engine{{$}}
# CHECK-NEXT: {{^}}.macro act{{$}}
# CHECK-NEXT: {{^}}       ^~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:17:8: error: macro 'tensor' is named like the directive '.tensor'{{$}}
# CHECK-NEXT: {{^}}.macro tensor{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:19:13: error: parameter 'a' is named twice{{$}}
# CHECK-NEXT: {{^}}.macro m a, a{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:21:13: error: expected a parameter name, found '1'{{$}}
# CHECK-NEXT: {{^}}.macro n a, 1{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{^.*/}}macro-duplicate.s:23:7: error: expected a macro name, found end of line{{$}}
# CHECK-NEXT: {{^}}.macro{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{^}}7 errors generated.{{$}}
