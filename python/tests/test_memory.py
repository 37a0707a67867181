"""SBUF and PSUM from Python: allocations read after a run (read=), and the
memory a fault left (RuntimeFault.memory), as trn-emu's --out on an
allocation and --dump-on-fault give them (docs/python.md)."""

import numpy as np
import pytest

import trnemu

# x = a through SBUF; p's first 8 columns -2, the rest twice x's first two
# rows; h memset to 1.5 in bf16; z never written.
KERNEL = """\
.chip trn2
.tensor a : fp32[4, 8] input
.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8] partition 32 at 0x40
.sbuf h : bf16[2, 3, 4] partition 64 at 0x100
.sbuf z : int32[2, 2]
.psum p : fp32[2, 16] bank 1
sp.dma_copy x, a, q0.0 signal(s0)
sp.dma_copy o, x, q0.1 wait(s0 >= 1)
dve.memset h, 1.5
dve.memset ap(psum fp32, 0:2, 0x800, [1, 8]), -2.0
dve.tensor_scalar ap(psum fp32, 0:2, 0x820, [1, 8]), ap(sbuf fp32, 32:34, 0x40, [1, 8]), \
multiply, 2.0 wait(s0 >= 1)
"""


def test_read_allocations():
    a = np.arange(32, dtype=np.float32).reshape(4, 8) - 5
    r = trnemu.run(trnemu.assemble(KERNEL), inputs={"a": a}, read=["x", "p", "h", "z"])
    assert sorted(r.outputs) == ["h", "o", "p", "x", "z"]
    np.testing.assert_array_equal(r.outputs["x"], a)
    expected_p = np.concatenate([np.full((2, 8), -2, np.float32), 2 * a[:2]], axis=1)
    np.testing.assert_array_equal(r.outputs["p"], expected_p)
    assert r.dtypes["h"] == "bf16" and r.outputs["h"].shape == (2, 3, 4)
    np.testing.assert_array_equal(r.raw_outputs["h"], np.full((2, 3, 4), 0x3FC0, np.uint16))
    assert r.dtypes["z"] == "int32"
    np.testing.assert_array_equal(r.outputs["z"], np.zeros((2, 2), np.int32))
    assert r.check("p", expected_p)


def test_read_refuses_an_unknown_name():
    a = np.zeros((4, 8), np.float32)
    with pytest.raises(ValueError, match=r"read 'q': the program declares no tensor or "
                                         r"allocation 'q' \(it has: a, o, x, h, z, p\)"):
        trnemu.run(trnemu.assemble(KERNEL), inputs={"a": a}, read=["q"])


# x set, then a copy that reads past SBUF's end faults: y and o never written.
OOB = """.chip trn2
.tensor i : fp32[4, 8] input
.tensor o : fp32[4, 8] output
.tensor s : fp32[4, 8] scratch
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
.psum p : bf16[2, 4]
dve.memset x, 1.0
dve.memset p, -2.0
dve.li r2, 57340
dve.tensor_copy y, x + r2 signal(s0)
sp.dma_copy o, y, q0.0 wait(s0 >= 1)
"""


def test_fault_keeps_the_memory():
    i = np.zeros((4, 8), np.float32)
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(OOB), inputs={"i": i}, read=["s"])
    f = e.value
    assert f.kind == "out_of_bounds"
    # Outputs, every allocation and what read= named; not the input.
    assert sorted(f.memory) == ["o", "p", "s", "x", "y"]
    np.testing.assert_array_equal(f.memory["x"], np.ones((4, 8), np.float32))
    np.testing.assert_array_equal(f.memory["y"], np.zeros((4, 8), np.float32))
    np.testing.assert_array_equal(f.memory["o"], np.zeros((4, 8), np.float32))
    assert f.memory_dtypes["p"] == "bf16"
    np.testing.assert_array_equal(trnemu.dtypes.to_storage(f.memory["p"], "bf16"),
                                  np.full((2, 4), 0xC000, np.uint16))


def test_deadlock_and_limit_keep_the_memory():
    deadlock = """.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sem never
dve.memset x, 3.0
sp.dma_copy o, x, q0.0 wait(never >= 1)
"""
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(deadlock))
    assert e.value.kind == "deadlock"
    np.testing.assert_array_equal(e.value.memory["x"], np.full((4, 8), 3, np.float32))
    np.testing.assert_array_equal(e.value.memory["o"], np.zeros((4, 8), np.float32))

    loop = """.sbuf c : int32[1, 1]
sp.li r1, 0
loop:
sp.reg_store c[0, 0], r1
sp.addi r1, r1, 1
sp.jmp loop
"""
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(loop), max_instructions=20)
    assert e.value.kind == "instruction_limit"
    np.testing.assert_array_equal(e.value.memory["c"], np.array([[6]], np.int32))


def test_a_clean_run_is_unchanged():
    a = np.ones((4, 8), np.float32)
    r = trnemu.run(trnemu.assemble(KERNEL), inputs={"a": a})
    assert sorted(r.outputs) == ["o"]
