# RUN: rm -f %t.o
# RUN: trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace --check-prefix=WARN %s
# RUN: test -s %t.o
# RUN: rm -f %t.o
# RUN: not trn-as -Werror %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
# RUN: sh -c 'trn-as -Werror "$0" -o "$1" 2>/dev/null; echo "exit status $?"' %s %t.o | FileCheck --check-prefix=STATUS %s
# RUN: test ! -e %t.o
# STATUS: {{^}}exit status 2{{$}}
#
# -Werror turns each warning into an error, marked [-Werror]: exit status 2
# and no object.

# WARN:       {{^.*/}}werror.s:[[@LINE+6]]:9: warning: tensor 'spare' is declared but never used{{$}}
# WARN-NEXT:  {{^}}.tensor spare : fp32[4] scratch{{$}}
# WARN-NEXT:  {{^}}        ^{{$}}
# CHECK:      {{^.*/}}werror.s:[[@LINE+3]]:9: error: tensor 'spare' is declared but never used [-Werror]{{$}}
# CHECK-NEXT: {{^}}.tensor spare : fp32[4] scratch{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
.tensor spare : fp32[4] scratch
# WARN-NOT:   {{.}}
.sem go
sp.nop signal(go)
dve.nop wait(go >= 1)
# CHECK-NEXT: {{^}}1 error generated.{{$}}
