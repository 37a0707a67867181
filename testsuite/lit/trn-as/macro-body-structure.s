# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# What a body may not hold: a macro definition (in a macro or a .rept), an
# .endm in a .rept, an .endr without its .rept in a macro, a .rept left open
# at the .endm. A macro whose definition has errors is still defined: its
# calls add nothing and no further error.

.macro outer
.macro inner
.endm
.endr
.rept 2
.endm
.rept 2
    sp.nop
.endm
.endr
    outer

# CHECK:      {{^.*/}}macro-body-structure.s:11:1: error: a macro cannot be defined inside another macro's body{{$}}
# CHECK-NEXT: {{^}}.macro inner{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-body-structure.s:13:1: error: '.endr' without '.rept' or '.irp' in the macro's body{{$}}
# CHECK-NEXT: {{^}}.endr{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}macro-body-structure.s:14:1: error: '.rept' or '.irp' without a matching '.endr' in the macro's body{{$}}
# CHECK-NEXT: {{^}}.rept 2{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{^.*/}}macro-body-structure.s:18:1: error: '.endm' without '.macro' in a '.rept' or '.irp' body{{$}}
# CHECK-NEXT: {{^}}.endm{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^}}4 errors generated.{{$}}
