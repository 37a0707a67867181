# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace --check-prefix=DEFAULT %s
# RUN: test ! -e %t.o
# RUN: not trn-as %s -o %t.o --max-errors 3 2>&1 | FileCheck --strict-whitespace --check-prefix=THREE %s
# RUN: not trn-as %s -o %t.o --max-errors 0 2>&1 | FileCheck --strict-whitespace --check-prefix=ALL %s
# RUN: printf '.const a = 1\n.const a = 2\nbogus\n' > %t.redef.s
# RUN: not trn-as %t.redef.s -o %t.o --max-errors 1 2>&1 | FileCheck --strict-whitespace --check-prefix=NOTE %s
#
# The assembler stops after 20 errors (--max-errors N changes that; 0 reports
# every error): past the first few, the errors of a wrong or garbled file say
# nothing new, and a large one would print thousands. A note says it stopped;
# the rest of the input (later lines, and end-of-file checks such as branch
# labels) is not read.
#
# DEFAULT:      {{^.*/}}max-errors.s:39:1: error: unknown instruction 'bogus1'{{$}}
# DEFAULT:      {{^.*/}}max-errors.s:58:1: error: unknown instruction 'bogus20'{{$}}
# DEFAULT-NEXT: {{^}}bogus20{{$}}
# DEFAULT-NEXT: {{^}}^~~~~~~{{$}}
# DEFAULT-NEXT: {{^.*/}}max-errors.s: note: stopping after 20 errors: the rest of the input is not read{{$}}
# DEFAULT-NEXT: {{^}}20 errors generated.{{$}}
#
# THREE:        {{^.*/}}max-errors.s:41:1: error: unknown instruction 'bogus3'{{$}}
# THREE-NEXT:   {{^}}bogus3{{$}}
# THREE-NEXT:   {{^}}^~~~~~{{$}}
# THREE-NEXT:   {{^.*/}}max-errors.s: note: stopping after 3 errors: the rest of the input is not read{{$}}
# THREE-NEXT:   {{^}}3 errors generated.{{$}}
#
# ALL:          {{^.*/}}max-errors.s:62:1: error: unknown instruction 'bogus24'{{$}}
# ALL:          {{^.*/}}max-errors.s:63:8: error: branch to unknown label 'nowhere'{{$}}
# ALL-NOT:      note: stopping
# ALL:          {{^}}25 errors generated.{{$}}
#
# The error that reaches the limit is shown whole, notes included.
# NOTE:         {{^.*}}.redef.s:2:8: error: 'a' is already defined{{$}}
# NOTE:         {{^.*}}.redef.s:1:8: note: previous definition is here{{$}}
# NOTE:         {{^.*}}.redef.s: note: stopping after 1 error: the rest of the input is not read{{$}}
# NOTE-NEXT:    {{^}}1 error generated.{{$}}

bogus1
bogus2
bogus3
bogus4
bogus5
bogus6
bogus7
bogus8
bogus9
bogus10
bogus11
bogus12
bogus13
bogus14
bogus15
bogus16
bogus17
bogus18
bogus19
bogus20
bogus21
bogus22
bogus23
bogus24
sp.jmp nowhere
