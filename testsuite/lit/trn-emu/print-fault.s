# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s > %t.out 2> %t.err
# RUN: FileCheck --strict-whitespace --check-prefix=OUT %s < %t.out
# RUN: FileCheck --strict-whitespace --check-prefix=ERR %s < %t.err
#
# A faulting run still writes what its prints wrote before the fault (to
# standard output, with no run line); the fault goes to standard error.
# With --out on standard output the prints go to standard error instead
# (here before the fault of an instruction limit; nothing on standard output).
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-instructions 3 --out x=- > %t.out2 2> %t.err2
# RUN: FileCheck --strict-whitespace --check-prefix=OUT %s < %t.err2
# RUN: test ! -s %t.out2

.sbuf x : fp32[1, 2]
dve.memset x, 2.0
# OUT:      {{^.*/}}print-fault.s:[[@LINE+3]]:1: print at {{[0-9]+}} ns on DVE, instruction 1: fp32[1, 2]{{$}}
# OUT-NEXT: {{^}}    dve.print ap(sbuf fp32, 0:1, 0x0, {{\[}}1, 2]){{$}}
# OUT-NEXT: {{^}}{{\[}}{{\[}}2. 2.]]{{$}}
dve.print x
dve.li r2, 57343
# ERR:      {{^.*/}}print-fault.s:[[@LINE+1]]:1: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 3 (tensor_copy): {{.*}}
dve.tensor_copy x, x + r2
