# RUN: echo stale > %t.o
# RUN: test -s %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
# RUN: echo stale > %t.o
# RUN: not trn-as -Werror %S/Inputs/unused-tensor.s -o %t.o 2>&1 | FileCheck --strict-whitespace --check-prefix=WERROR %s
# RUN: test ! -e %t.o
# RUN: echo stale > %t.o
# RUN: not trn-as %t.missing.s -o %t.o 2>&1 | FileCheck --strict-whitespace --check-prefix=MISSING %s
# RUN: test ! -e %t.o
#
# As compilers do, a failed run leaves no object behind, not even a stale one
# from an earlier run: errors, -Werror warnings, an input that cannot be read.

# CHECK:      {{^.*/}}output-removed-on-error.s:[[@LINE+3]]:4: error: unknown instruction 'bogus'{{$}}
# CHECK-NEXT: {{^}}sp.bogus{{$}}
# CHECK-NEXT: {{^}}   ^~~~~{{$}}
sp.bogus
# CHECK-NEXT: {{^}}1 error generated.{{$}}

# WERROR:      {{^.*/}}unused-tensor.s:1:9: error: tensor 'spare' is declared but never used [-Werror]{{$}}
# WERROR-NEXT: {{^}}.tensor spare : fp32[4] scratch{{$}}
# WERROR-NEXT: {{^}}        ^{{$}}
# WERROR-NEXT: {{^}}1 error generated.{{$}}

# MISSING:      {{^}}trn-as: error: '{{.*}}.missing.s': No such file or directory{{$}}
# MISSING-NOT:  {{.}}
