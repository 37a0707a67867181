"""Shared kernels and paths for the trnemu module's tests."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("TRN_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
BIN_DIR = pathlib.Path(os.environ.get("TRN_BIN_DIR", SOURCE_DIR / "build" / "bin"))

# ScalarE exp with a bias and an accumulator: fp32 in, bf16 and fp32 out
# (testsuite/kernels/act-exp.s, without its test lines).
ACT_EXP = """\
.chip trn2
.tensor x    : fp32[128, 512] input
.tensor b    : fp32[128, 1] input
.tensor out  : bf16[128, 512] output
.tensor sums : fp32[128, 1] output
.sbuf x_t : fp32[128, 512]
.sbuf b_t : fp32[128, 1]
.sbuf y_t : bf16[128, 512]
.sbuf s_t : fp32[128, 1]
.sem loaded
    sp.dma_copy x_t, x, q0.0 signal(loaded, 16)
    sp.dma_copy b_t, b, q1.0 signal(loaded, 16)
    activation y_t, x_t, exp, scale=0.5, bias=b_t, accum=s_t wait(loaded >= 32)
    act.dma_copy out, y_t, q2.0
    act.dma_copy sums, s_t, q3.0
"""

# out = a + b on VectorE, fp32.
ADD = """\
.chip trn2
.tensor a   : fp32[4, 8] input
.tensor b   : fp32[4, 8] input
.tensor out : fp32[4, 8] output
.sbuf a_t : fp32[4, 8]
.sbuf b_t : fp32[4, 8]
.sbuf o_t : fp32[4, 8]
.sem loaded
.sem added
    sp.dma_copy a_t, a, q0.0 signal(loaded, 16)
    sp.dma_copy b_t, b, q1.0 signal(loaded, 16)
    dve.tensor_tensor o_t, a_t, b_t, add wait(loaded >= 32) signal(added)
    sp.dma_copy out, o_t, q2.0 wait(added >= 1)
"""

# An endless loop on SP: stopped by a limit.
LOOP = """\
.tensor o : int32[1] output
sp.li r1, 0
loop:
sp.addi r1, r1, 1
sp.jmp loop
sp.reg_store o[0], r1
"""


def bf16_bits_to_float32(bits):
    import numpy as np
    return (bits.astype(np.uint32) << 16).view(np.float32)


@pytest.fixture
def act_exp_program():
    import trnemu
    return trnemu.assemble(ACT_EXP, filename="act-exp.s")
