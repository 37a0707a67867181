"""The microscaling (MX) types from Python: fp4_e2m1 and fp8_e8m0 as raw
uint8, the packed x4 types as raw uint32/uint16 (docs/numerics.md, npy.md)."""

import sys

import numpy as np
import pytest

import trnemu

# fp32 -> fp4 -> fp32 and fp32 -> E8M0 on ScalarE, as docs/numerics.md rules
# them (worked by hand: testsuite/lit/trn-emu/mx-convert.s has the same values).
VALUES = [0, 0.25, 0.75, 1.25, 5, 6.5, 100, -0.5, -7, 2.5, 3.5, 1.75, 0.3, -0.26, 4, 6]
FP4 = [0, 0, 2, 2, 6, 7, 7, 9, 15, 4, 6, 4, 1, 9, 6, 7]
E8M0 = [255, 125, 126, 127, 129, 130, 134, 255, 255, 128, 129, 128, 125, 255, 129, 130]
CONVERT = """.chip trn3
.tensor x : fp32[1, 16] input
.tensor f4 : fp4_e2m1[1, 16] output
.tensor e8 : fp8_e8m0[1, 16] output
.sbuf xs : fp32[1, 16]
.sbuf fs : fp4_e2m1[1, 16]
.sbuf es : fp8_e8m0[1, 16]
sp.dma_copy xs, x, q0.0 signal(s0)
act.tensor_copy fs, xs wait(s0 >= 1)
act.tensor_copy es, xs signal(s1)
sp.dma_copy f4, fs, q0.1 wait(s1 >= 1)
sp.dma_copy e8, es, q0.2
"""

PACKED = """.chip trn3
.tensor q : fp8_e4m3fn_x4[2, 3] input
.tensor w : fp4_e2m1_x4[2, 3] input
.tensor qo : fp8_e4m3fn_x4[2, 3] output
.tensor wo : fp4_e2m1_x4[2, 3] output
.sbuf qs : fp8_e4m3fn_x4[2, 3]
.sbuf ws : fp4_e2m1_x4[2, 3]
sp.dma_copy qs, q, q0.0 signal(s0)
sp.dma_copy ws, w, q0.1 signal(s0)
sp.dma_copy qo, qs, q1.0 wait(s0 >= 2)
sp.dma_copy wo, ws, q1.1
"""


@pytest.fixture
def no_ml_dtypes(monkeypatch):
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # import raises ImportError


def test_storage_types():
    s = trnemu.dtypes.STORAGE
    assert s["fp4_e2m1"] == np.uint8 and s["fp8_e8m0"] == np.uint8
    assert s["fp8_e4m3fn_x4"] == np.uint32 and s["fp8_e5m2_x4"] == np.uint32
    assert s["fp4_e2m1_x4"] == np.uint16
    for name in ("fp4_e2m1", "fp8_e8m0", "fp8_e4m3fn_x4", "fp8_e5m2_x4", "fp4_e2m1_x4"):
        assert trnemu.dtypes.is_raw(name)


def test_convert_to_fp4_and_e8m0(no_ml_dtypes):
    x = np.array([VALUES], dtype=np.float32)
    r = trnemu.run(trnemu.assemble(CONVERT), inputs={"x": x})
    assert r.dtypes["f4"] == "fp4_e2m1" and r.outputs["f4"].dtype == np.uint8
    assert r.outputs["f4"].tolist() == [FP4]
    assert r.outputs["e8"].tolist() == [E8M0]


def test_packed_types_move_whole(no_ml_dtypes):
    q = np.arange(6, dtype=np.uint32).reshape(2, 3) * 0x01010101 + 0x00010203
    w = np.arange(6, dtype=np.uint16).reshape(2, 3) * 0x1111 + 0x0123
    r = trnemu.run(trnemu.assemble(PACKED), inputs={"q": q, "w": w})
    assert r.outputs["qo"].dtype == np.uint32 and np.array_equal(r.outputs["qo"], q)
    assert r.outputs["wo"].dtype == np.uint16 and np.array_equal(r.outputs["wo"], w)


def test_trn4_runs_with_a_warning():
    r = trnemu.run(trnemu.assemble(CONVERT), chip="trn4",
                   inputs={"x": np.zeros((1, 16), np.float32)})
    assert r.chip == "trn4"
    assert r.warnings[0].startswith("warning: chip trn4 is a speculative preset: ")
