# RUN: rm -rf %t
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --dump-on-fault %t 2>&1 | FileCheck --strict-whitespace %s
# RUN: FileCheck --strict-whitespace %s < %t/fault.txt
# RUN: python3 %S/Inputs/npy-expect.py %t/a.npy '<f4' 2,4 '1.0'
# RUN: python3 %S/Inputs/npy-expect.py %t/b.npy '<f4' 2,4 '2.7182817459106445'
#
# A race (--race-check=error, the default) stops the run as a fault: the
# dump has a as the memset left it. The detector sees an instruction's
# accesses as it completes, so b holds what the racing activation wrote
# (exp(1) in fp32).

.sbuf a : fp32[2, 4]
.sbuf b : fp32[2, 4]
.sem filled
dve.memset a, 1.0 signal(filled)
# CHECK:      {{^.*/}}dump-on-fault-race.s:[[@LINE+1]]:1: error: race (read-after-write) {{.*}}
act.activation b, a, exp
