# --html of a run on several cores: one offline page holding every core's
# view, core 0's shown; a selector (added by the page's own script) shows
# core K at the address #core=K. The same bytes on every run. The program
# is signal-core.s's: core 0 runs 5 instructions, core 1 three.
# RUN: rm -rf %t && mkdir %t
# RUN: trn-emu %s --cores 2 --html %t/a.html
# RUN: trn-emu %s --cores 2 --html %t/b.html
# RUN: cmp %t/a.html %t/b.html
# RUN: %python %S/Inputs/html-check.py %t/a.html | FileCheck %s
# CHECK:      page 1 <html>, nothing fetched
# CHECK-NEXT: data: chip trn2, 5 instructions, total 4170 ps
# CHECK-NEXT: data-core-1: chip trn2, 3 instructions, total 1604170 ps
# CHECK-NEXT: names ["chip 0 core 0","chip 0 core 1"]
#
# A deadlock across cores: the page is written too.
# RUN: not trn-emu %S/Inputs/deadlock2.s --cores 2 --html %t/d.html 2> /dev/null
# RUN: %python %S/Inputs/html-check.py %t/d.html | FileCheck %s --check-prefix=DEAD
# DEAD: page 1 <html>, nothing fetched

.chip trn2
.sem go
sp.core_id r1
sp.bne r1, r0, recv
sp.li r2, 1
sp.sem_signal_core go, 1, r2
sp.halt
recv:
sp.nop wait(go >= 1)
