# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-cycles 1000 --out o=%t.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# An endless loop, stopped by --max-cycles (cycles of the PE clock: 1000
# at trn2's 2400 MHz are 416 ns). The message names the instruction the
# engine was at, with its source line, as --max-instructions does.

.chip trn2
.tensor o : int32[1] output
sp.li r1, 0
loop:
# CHECK:      {{^.*/}}limit-max-cycles.s:[[@LINE+3]]:1: error: cycle limit at 416 ns on SP, instruction 1 (addi): the run passed --max-cycles=1000 (416 ns) and was stopped (a runaway loop?){{$}}
# CHECK-NEXT: {{^}}    sp.addi r1, r1, 1{{$}}
# CHECK-NOT:  {{.}}
sp.addi r1, r1, 1
sp.jmp loop
sp.reg_store o[0], r1

# Large limits do not wrap: 18446744073710 cycles in picoseconds overflow
# 64 bits (they once wrapped to a few cycles and a false runaway); they are
# converted in 128 bits, and a limit past what the picosecond clock reaches
# (about 2 * 10^16 cycles at 2.4 GHz) is no limit. Either way the loop runs
# into the instruction limit instead.
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-cycles 18446744073710 --max-instructions 1000 2>&1 \
# RUN:   | FileCheck --strict-whitespace --check-prefix=HUGE %s
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-cycles 18446744073709551615 --max-instructions 1000 2>&1 \
# RUN:   | FileCheck --strict-whitespace --check-prefix=HUGE %s
# HUGE: {{^.*}}error: instruction limit at {{.*}}: the run has executed more than --max-instructions=1000 instructions (a runaway loop?){{$}}

# Limits are whole numbers: a sign, a fraction or a value past 2^64 - 1 is
# a usage error, not a wrapped value.
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %s --max-cycles -1 2>&1 \
# RUN:   | FileCheck --strict-whitespace --check-prefix=NEG %s
# NEG: {{^}}trn-emu: error: --max-cycles takes a whole number from 0 to 18446744073709551615, not '-1'{{$}}
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %s --max-instructions 18446744073709551616 2>&1 \
# RUN:   | FileCheck --strict-whitespace --check-prefix=BIG %s
# BIG: {{^}}trn-emu: error: --max-instructions takes a whole number from 0 to 18446744073709551615, not '18446744073709551616'{{$}}
# RUN: python3 %S/Inputs/expect-exit.py 2 trn-emu %s --max-cycles 1e6 2>&1 \
# RUN:   | FileCheck --strict-whitespace --check-prefix=FLOAT %s
# FLOAT: {{^}}trn-emu: error: --max-cycles takes a whole number from 0 to 18446744073709551615, not '1e6'{{$}}
