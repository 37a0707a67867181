# RUN: trn-emu %s --html %t.html > /dev/null
# RUN: FileCheck %s < %t.html
#
# The page's SBUF occupancy counter (trn/trace/Occupancy.h: a value is live
# from the write that starts it to its last read). Times from
# docs/timing-model.md, on trn2 (DVE at 960 MHz):
#   memset a (N = 64 fp32): max(MIN_II, 64) = 64 cycles = 66667 ps: a is
#     written at 66667 ps;
#   tensor_copy b, a: 64 cycles, plus DVE's dependent overhead of 100 (it
#     reads what the memset just wrote): 164 cycles = 170834 ps, so a is read
#     at 66667 + 170834 = 237501 ps; b is never read (no live value).
# a holds 128 x 64 x 4 = 32768 bytes from 66667 to 237501 ps (as deltas:
# 0, 66667, 170834); PSUM holds nothing.

.chip trn2
.sbuf a : fp32[128, 64]
.sbuf b : fp32[128, 64]
    dve.memset a, 1.0
    dve.tensor_copy b, a

# CHECK: {"name":"SBUF bytes in use","p":[0,66667,170834],"v":[0,32768,0]},{"name":"PSUM bytes in use","p":[0],"v":[0]}
