# The race detector and collectives: a collective's dst counts as written by
# the engine that issued it, ordered before every wait that takes its
# signal (docs/races.md).
#
# RUN: trn-emu %S/Inputs/collective-race.s --cores 2 --random-inputs --race-check error 2>&1 \
# RUN:   | FileCheck %s --check-prefix=OK --implicit-check-not=race
# OK: ran 10 instructions
#
# RUN: not trn-emu %S/Inputs/collective-racy.s --cores 2 --random-inputs --race-check error 2>&1 \
# RUN:   | FileCheck %s --check-prefix=RACY
# RACY: core 0: {{.*}}collective-racy.s:12:1: error: race (read-after-write) on HBM bytes 0x40..0x7F (tensor 'y', elements 0..15): the transfer of SP instruction 0 (dma_copy) on queue q0.0 reads operand 'src', and POOL instruction 3 (sendrecv) writes operand 'dst'; no semaphore orders the write before the read
