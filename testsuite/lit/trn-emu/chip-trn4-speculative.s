# RUN: trn-emu %s --chip trn4 2>&1 | FileCheck %s
# RUN: trn-emu %s --chip trn3 2>&1 | FileCheck %s --check-prefix=TRN3
#
# trn4 is a "what if": every run on it says so first, with what the preset
# rests on (isa/Chips.td); a published chip says nothing of the kind.

# CHECK: warning: chip trn4 is a speculative preset: Trainium4 is announced, not documented: only 6x FP4, 3x FP8 and 4x HBM bandwidth over trn3 are public (T4); every other figure is trn3's, chosen
# TRN3-NOT: speculative
.tensor a : fp32[1, 4] input = fill(1)
.sbuf s : fp32[1, 4]
sp.dma_copy s, a, q0.0
