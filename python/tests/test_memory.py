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


def test_inputs_cannot_name_an_allocation():
    # Allocations are read after a run, not set before it: inputs= says so,
    # as trn-emu --in does.
    a = np.zeros((4, 8), np.float32)
    with pytest.raises(ValueError, match=r"input 'x': 'x' is an allocation in SBUF, not an HBM "
                                         r"tensor"):
        trnemu.run(trnemu.assemble(KERNEL), inputs={"a": a, "x": a})


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


# The print instruction: Result.prints, and a program that times the same
# with and without its prints.
def test_prints_in_order():
    src = """.sbuf x : fp32[2, 3]
.sbuf n : int32[1, 4]
dve.memset x, 1.5
dve.print x
sp.li r1, -7
sp.reg_store n[0, 2], r1
sp.print n[0:1, 1:4]
"""
    r = trnemu.run(trnemu.assemble(src, filename="k.s"))
    assert len(r.prints) == 2
    first = [p for p in r.prints if "on DVE" in p][0]
    assert first.startswith("k.s:4:1: print at ")
    assert first.endswith("fp32[2, 3]\n    dve.print ap(sbuf fp32, 0:2, 0x0, [1, 3])\n"
                          "[[1.5 1.5 1.5]\n [1.5 1.5 1.5]]\n")
    second = [p for p in r.prints if "on SP" in p][0]
    assert second.endswith("int32[1, 3]\n    sp.print ap(sbuf int32, 0:1, 0x44, [1, 3])\n"
                           "[[ 0 -7  0]]\n")
    # In the order they ran: by simulated time.
    times = [int(p.split(" print at ")[1].split(" ns")[0]) for p in r.prints]
    assert times == sorted(times)
    assert not r.warnings  # n's unwritten bytes: shown, not warned of


def test_prints_before_a_fault():
    src = """.sbuf x : fp32[1, 2]
dve.memset x, 2.0
dve.print x
dve.li r2, 57343
dve.tensor_copy x, x + r2
"""
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(src))
    assert len(e.value.prints) == 1 and e.value.prints[0].endswith("[[2. 2.]]\n")


# Softmax (testsuite/kernels/softmax.s) and a K-tiled matmul: prints that
# read what the instruction before them wrote (which would cost DVE and ACT
# their dependency overhead), between dependent instructions, after a
# matmul (TensorE's AfterMultiply) and with waits that already hold.
SOFTMAX = """.chip trn2
.tensor x    : fp32[128, 256] input
.tensor out  : fp32[128, 256] output
.tensor sums : fp32[128, 1] output
.sbuf x_t  : fp32[128, 256]
.sbuf mx_t : fp32[128, 1]
.sbuf xs_t : fp32[128, 256]
.sbuf e_t  : fp32[128, 256]
.sbuf s_t  : fp32[128, 1]
.sbuf r_t  : fp32[128, 1]
.sbuf y_t  : fp32[128, 256]
.sem loaded
.sem shifted
.sem exped
.sem normed
    sp.dma_copy x_t, x, q0.0 signal(loaded, 16)
    dve.tensor_reduce mx_t, x_t, maximum wait(loaded >= 16)
    PRINT dve.print mx_t[0:4, 0:1]
    dve.tensor_scalar xs_t, x_t, subtract, mx_t signal(shifted)
    PRINT dve.print xs_t[0:2, 0:8] wait(loaded >= 16)
    activation e_t, xs_t, exp, accum=s_t wait(shifted >= 1) signal(exped)
    PRINT act.print s_t[0:3, 0:1]
    dve.reciprocal r_t, s_t wait(exped >= 1)
    PRINT dve.print r_t[0:3, 0:1]
    dve.tensor_scalar y_t, e_t, multiply, r_t signal(normed)
    sp.dma_copy sums, s_t, q1.0 wait(exped >= 1)
    PRINT sp.print x[0:1, 0:4]
    sp.dma_copy out, y_t, q2.0 wait(normed >= 1)
"""

MATMUL = """.chip trn2
.tensor a   : bf16[256, 128] input
.tensor b   : bf16[256, 512] input
.tensor out : fp32[128, 512] output
.sbuf a_t : bf16[128, 2, 128]
.sbuf b_t : bf16[128, 2, 512]
.sbuf o_t : fp32[128, 512]
.psum acc : fp32[128, 512]
.sem a0
.sem b0
.sem a1
.sem b1
.sem mm
.sem copied
    sp.dma_copy a_t[:, 0, :], a[0:128, :], q0.0 signal(a0, 16)
    sp.dma_copy b_t[:, 0, :], b[0:128, :], q1.0 signal(b0, 16)
    sp.dma_copy a_t[:, 1, :], a[128:256, :], q2.0 signal(a1, 16)
    sp.dma_copy b_t[:, 1, :], b[128:256, :], q3.0 signal(b1, 16)
    matmul acc, a_t[:, 0, :], b_t[:, 0, :], acc=overwrite wait(a0 >= 16, b0 >= 16)
    PRINT pe.print acc[0:2, 0:4]
    matmul acc, a_t[:, 1, :], b_t[:, 1, :], acc=accumulate wait(a1 >= 16, b1 >= 16) signal(mm)
    PRINT pe.print acc[0:2, 0:4]
    dve.tensor_copy o_t, acc wait(mm >= 1) signal(copied)
    PRINT dve.print o_t[0:1, 0:4]
    sp.dma_copy out, o_t, q0.1 wait(copied >= 1)
"""


def _timings(report):
    """A report's times, without the instruction counts a print adds to."""
    engines = [(e["id"], e["active_time_ns"], e["stalled_time_ns"],
                [(s["time_ns"], s["semaphore"]) for s in e["stalls"]])
               for e in report["engines"]]
    keys = ["total_time_ns", "neuroncore_cycle_count", "hbm_read_bytes", "hbm_write_bytes",
            "dma_transfer_count", "dma_total_bytes", "dma_active_time_ns", "mfu_estimated_percent"]
    return engines, {k: report[k] for k in keys}, report["dma_queues"], report["bound"]["resource"]


@pytest.mark.parametrize("kernel", [SOFTMAX, MATMUL], ids=["softmax", "matmul"])
def test_print_costs_nothing(kernel):
    with_prints = kernel.replace("PRINT ", "")
    without = "".join(line + "\n" for line in kernel.splitlines() if "PRINT" not in line)
    runs = []
    for src in (with_prints, without):
        r = trnemu.run(trnemu.assemble(src), random_inputs=True, seed=3)
        runs.append(r)
    a, b = runs
    assert len(a.prints) == with_prints.count(".print ") and not b.prints
    assert a.time_ps == b.time_ps and a.cycles == b.cycles
    assert _timings(a.report) == _timings(b.report)
    assert a.instructions == b.instructions + len(a.prints)
    for name in a.outputs:
        np.testing.assert_array_equal(a.raw_outputs[name], b.raw_outputs[name])
