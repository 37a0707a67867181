"""trnemu.check, Result.check and assert_close: trn-emu --check's numbers and words."""

import subprocess

import numpy as np
import pytest

import trnemu
from conftest import ADD, BIN_DIR


def run_add(a, b):
    return trnemu.run(trnemu.assemble(ADD), inputs={"a": a, "b": b})


def test_ok_and_mismatch_messages():
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    r = run_add(a, a)
    ok = r.check("out", 2 * a)
    assert ok and ok.ok and ok.mismatches == 0 and ok.elements == 32
    assert str(ok) == ("check out: ok, 32 elements within rtol=1e-05 atol=1e-08 "
                       "(max abs error 0, max rel error 0)")
    ref = 2 * a
    ref[1, 2] += 1
    bad = r.check("out", ref, rtol=0, atol=0.5)
    assert not bad and bad.mismatches == 1 and bad.max_abs_error == 1.0
    assert bad.first == [((1, 2), 20.0, 21.0)]
    assert bad.message == (
        "check out: MISMATCH in 1 of 32 elements (rtol=0 atol=0.5; max abs error 1, "
        "max rel error 0.047619)\n"
        "  out[1, 2]: got 20, expected 21\n")
    with pytest.raises(AssertionError, match=r"check out: MISMATCH in 1 of 32"):
        r.assert_close("out", ref, rtol=0, atol=0.5)
    with pytest.raises(KeyError, match="no output 'nope'"):
        r.check("nope", ref)


@pytest.mark.parametrize("rtol,atol", [(1e-5, 1e-8), (0, 0.25)])
def test_the_same_as_trn_emu_check(tmp_path, rtol, atol):
    rng = np.random.default_rng(5)
    a = rng.uniform(-1, 1, (4, 8)).astype(np.float32)
    b = rng.uniform(-1, 1, (4, 8)).astype(np.float32)
    ref = (a.astype(np.float64) + b)
    ref[0, :3] += 0.3
    ref[2, 1] = np.nan
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    np.save(tmp_path / "ref.npy", ref)
    (tmp_path / "add.s").write_text(ADD)
    cli = subprocess.run([str(BIN_DIR / "trn-emu"), str(tmp_path / "add.s"),
                          "--in", f"a={tmp_path}/a.npy", "--in", f"b={tmp_path}/b.npy",
                          "--check", f"out={tmp_path}/ref.npy", "--rtol", str(rtol),
                          "--atol", str(atol)], capture_output=True, text=True)
    assert cli.returncode == 3
    printed = cli.stdout.split("\n", 1)[1]  # after "ran N instructions ..."
    assert run_add(a, b).check("out", ref, rtol=rtol, atol=atol).message == printed


def test_standalone_check_and_dtypes():
    x = np.array([1.0, 2.0, np.nan, np.inf], np.float32)
    assert trnemu.check(x, x.astype(np.float64))
    assert not trnemu.check(x, np.array([1.0, 2.0, 3.0, np.inf]))
    assert trnemu.check(np.array([1, 2, 3], np.int32), [1, 2, 3]).ok
    res = trnemu.check(np.array([1, 2, 3], np.int8), np.array([1, 2, 4]), atol=0)
    assert res.mismatches == 1 and res.message.startswith("check tensor: MISMATCH")
    # bf16 as raw bits: 1.0 is 0x3F80; the dtype must be named.
    bits = np.array([0x3F80, 0x4000], np.uint16)
    assert trnemu.check(bits, [1.0, 2.0], dtype="bf16", name="h").message.startswith("check h: ok")
    assert not trnemu.check(bits, [1.0, 2.0])  # as uint16: 16256 != 1
    with pytest.raises(ValueError, match="shape"):
        trnemu.check(x, x[:2])
    with pytest.raises(ValueError, match="unknown dtype 'fp64'"):
        trnemu.check(x, x, dtype="fp64")
    with pytest.raises(ValueError, match="no trnemu dtype is stored as complex64"):
        trnemu.check(x.astype(np.complex64), x)
    with pytest.raises(ValueError, match="is not bf16's storage type"):
        trnemu.check(x, x, dtype="bf16")
    with pytest.raises(AssertionError):
        trnemu.assert_close(x, x + 1)
    assert trnemu.assert_close(x, x).ok
