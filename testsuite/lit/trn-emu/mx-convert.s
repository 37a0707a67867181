# RUN: rm -rf %t && mkdir %t
# RUN: trn-emu %s --out f4=%t/f4.npy --out e8=%t/e8.npy --out back=%t/back.npy
# RUN: python3 %S/Inputs/npy-expect.py %t/f4.npy '|u1' 1,16 '[0, 0, 2, 2, 6, 7, 7, 9, 15, 4, 6, 4, 1, 9, 6, 7][i[1]]'
# RUN: python3 %S/Inputs/npy-expect.py %t/e8.npy '|u1' 1,16 '[255, 125, 126, 127, 129, 130, 134, 255, 255, 128, 129, 128, 125, 255, 129, 130][i[1]]'
# RUN: python3 %S/Inputs/npy-expect.py %t/back.npy '<f4' 1,16 '[0, 0, 1, 1, 4, 6, 6, -0.5, -6, 2, 4, 2, 0.5, -0.5, 4, 6][i[1]]'
# The outputs check against their own raw bits, and a changed byte fails:
# RUN: trn-emu %s --check f4=%t/f4.npy --check e8=%t/e8.npy | FileCheck %s --check-prefix=SAME
# SAME: check f4: ok, 16 elements within rtol=1e-05 atol=1e-08 (max abs error 0, max rel error 0)
# SAME: check e8: ok, 16 elements within rtol=1e-05 atol=1e-08 (max abs error 0, max rel error 0)
# RUN: python3 -c "b = bytearray(open('%t/e8.npy', 'rb').read()); b[-15] = 126; open('%t/e8bad.npy', 'wb').write(b)"
# RUN: not trn-emu %s --check e8=%t/e8bad.npy 2>&1 | FileCheck %s --check-prefix=DIFF
# DIFF: check e8: MISMATCH in 1 of 16 elements
# DIFF: e8[0, 1]: got 0.25, expected 0.5
#
# fp32 -> fp4_e2m1 and fp8_e8m0 on ScalarE, and fp4 back to fp32, by the
# rules of docs/numerics.md worked by hand: fp4 rounds to nearest even
# (0.25 -> 0, 0.75 -> 1, 1.25 -> 1, 5 -> 4, 2.5 -> 2, 3.5 -> 4, 1.75 -> 2)
# and saturates (6.5, 100 -> 6; -7 -> -6); E8M0 takes the nearest power of
# two, a tie (0.75 = 1.5 x 2^-1, 6 = 1.5 x 2^2) to the even code, and gives
# NaN (255) for zero and negative values. The DMAs move fp4 and E8M0
# tensors whole (same type on both sides).

.chip trn3
.tensor x : fp32[1, 16] input = [0, 0.25, 0.75, 1.25, 5, 6.5, 100, -0.5, -7, 2.5, 3.5, 1.75, 0.3, -0.26, 4, 6]
.tensor f4 : fp4_e2m1[1, 16] output
.tensor e8 : fp8_e8m0[1, 16] output
.tensor back : fp32[1, 16] output
.sbuf xs : fp32[1, 16]
.sbuf fs : fp4_e2m1[1, 16]
.sbuf es : fp8_e8m0[1, 16]
.sbuf bs : fp32[1, 16]
sp.dma_copy xs, x, q0.0 signal(s0)
act.tensor_copy fs, xs wait(s0 >= 1)
act.tensor_copy es, xs
act.tensor_copy bs, fs signal(s1)
sp.dma_copy f4, fs, q0.1 wait(s1 >= 1)
sp.dma_copy e8, es, q0.2
sp.dma_copy back, bs, q0.3
