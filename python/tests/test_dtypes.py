"""16- and 8-bit floats: raw unsigned views, or ml_dtypes types when it imports."""

import sys
import types

import numpy as np
import pytest

import trnemu
from conftest import ACT_EXP


@pytest.fixture
def no_ml_dtypes(monkeypatch):
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # import raises ImportError


@pytest.fixture
def fake_ml_dtypes(monkeypatch):
    """A stand-in for ml_dtypes (not in Debian): distinct 2- and 1-byte types."""
    fake = types.ModuleType("ml_dtypes")
    fake.bfloat16 = np.dtype([("bf16", "<u2")])
    fake.float8_e4m3 = np.dtype([("e4m3", "u1")])
    fake.float8_e5m2 = np.dtype([("e5m2", "u1")])
    # no float8_e4m3fn: that type stays raw
    monkeypatch.setitem(sys.modules, "ml_dtypes", fake)
    return fake


def test_storage_types(no_ml_dtypes):
    s = trnemu.dtypes.STORAGE
    assert s["fp32"] == np.float32 and s["tf32"] == np.float32 and s["fp16"] == np.float16
    assert s["bf16"] == np.uint16 and s["fp8_e4m3"] == np.uint8 and s["int8"] == np.int8
    assert trnemu.dtypes.ml_dtype("bf16") is None
    with pytest.raises(ValueError, match="unknown dtype 'fp64'"):
        trnemu.dtypes.storage_dtype("fp64")


def test_raw_views_without_ml_dtypes(no_ml_dtypes):
    r = trnemu.run(trnemu.assemble(ACT_EXP), random_inputs=True)
    assert r.outputs["out"].dtype == np.uint16 and r.dtypes["out"] == "bf16"


def test_ml_dtypes_types_when_importable(fake_ml_dtypes):
    p = trnemu.assemble(ACT_EXP)
    r = trnemu.run(p, random_inputs=True)
    assert r.outputs["out"].dtype == fake_ml_dtypes.bfloat16
    assert r.raw_outputs["out"].dtype == np.uint16
    assert r.outputs["out"].view(np.uint16).tobytes() == r.raw_outputs["out"].tobytes()
    assert r.outputs["sums"].dtype == np.float32
    # check() takes the ml_dtypes array and knows its dtype.
    raw = r.raw_outputs["out"]
    assert trnemu.check(r.outputs["out"], raw, atol=0).ok
    assert trnemu.dtypes.ml_dtype("fp8_e4m3fn") is None


def test_ml_dtypes_inputs(fake_ml_dtypes):
    src = """.chip trn2
.tensor x : bf16[2, 4] input
.tensor o : bf16[2, 4] output
.sbuf t : bf16[2, 4]
.sem s
    sp.dma_copy t, x, q0.0 signal(s, 16)
    sp.dma_copy o, t, q1.0 wait(s >= 16)
"""
    bits = np.arange(0x3F80, 0x3F88, dtype=np.uint16).reshape(2, 4)
    r = trnemu.run(trnemu.assemble(src), inputs={"x": bits.view(fake_ml_dtypes.bfloat16)})
    assert r.raw_outputs["o"].tobytes() == bits.tobytes()
