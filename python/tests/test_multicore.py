"""trnemu.run(cores=N): a program on the cores of a chip (docs/multicore.md)."""

import json

import numpy as np
import pytest

import trnemu

# A ring: core k sends its x to core k + 1 (mod N) and outputs what it got.
RING = """
.chip trn2
.tensor x : fp32[2, 8] input
.tensor w : fp32[1, 8] input shared
.tensor y : fp32[2, 8] output
.sbuf xs : fp32[2, 8]
.sbuf recv : fp32[2, 8]
.sbuf ws : fp32[1, 8]
.sem loaded
.sem got
sp.dma_copy ws, w, q0.3
sp.core_id r1
sp.core_count r2
sp.addi r3, r1, 1
sp.blt r3, r2, send
sp.li r3, 0
send:
sp.dma_copy xs, x, q0.0 signal(loaded)
sp.dma_copy_core recv, xs, r3, q0.1, got wait(loaded >= 1)
sp.dma_copy y, recv, q0.2 wait(got >= 1)
"""

# Core 0 waits for two updates from core 1, which sends one.
DEADLOCK = """
.chip trn2
.sem go
sp.core_id r1
sp.li r2, 0
sp.bne r1, r2, other
sp.nop wait(go >= 2)
sp.halt
other:
sp.li r3, 0
sp.sem_signal_core go, 1, r3
"""


def test_ring_over_four_cores():
    p = trnemu.assemble(RING)
    assert [(t.name, t.shared) for t in p.tensors] == [("x", False), ("w", True), ("y", False)]
    x = np.arange(64, dtype=np.float32).reshape(4, 2, 8)
    w = np.zeros((1, 8), np.float32)
    r = trnemu.run(p, inputs={"x": x, "w": w}, cores=4)
    # Core k's y is core k - 1's x: a reference computed by rolling.
    np.testing.assert_array_equal(r.outputs["y"], np.roll(x, 1, axis=0))
    assert r.cores == 4 and r.messages == 4
    assert len(r.core_reports) == 4
    stalls = [s["description"] for s in r.core_reports[1]["engines"][4]["stalls"]]
    assert "s1 (got), last signalled by core 0's SP #7" in stalls
    remote = [s["signalled_by"] for s in r.core_reports[1]["engines"][4]["stalls"]
              if s["semaphore_name"] == "got"]
    assert remote[0]["core"] == 0 and remote[0]["dma_queue"] == "q0.1"
    local = [s["signalled_by"] for s in r.core_reports[1]["engines"][4]["stalls"]
             if s["semaphore_name"] == "loaded"]
    assert "core" not in local[0]
    # The same run again: the same time and outputs.
    again = trnemu.run(p, inputs={"x": x, "w": w}, cores=4)
    assert again.time_ps == r.time_ps
    np.testing.assert_array_equal(again.outputs["y"], r.outputs["y"])


def test_one_array_for_every_core():
    x = np.arange(16, dtype=np.float32).reshape(2, 8)
    r = trnemu.run(trnemu.assemble(RING), inputs={"x": x, "w": np.zeros((1, 8), np.float32)},
                   cores=2)
    np.testing.assert_array_equal(r.outputs["y"], np.stack([x, x]))


def test_bad_input_shape_names_both_shapes():
    with pytest.raises(ValueError, match=r"input 'x': shape \(3, 2, 8\) is neither "
                                         r"\(2, 2, 8\) \(one copy per core\) nor \(2, 8\)"):
        trnemu.run(trnemu.assemble(RING), inputs={"x": np.zeros((3, 2, 8), np.float32)},
                   random_inputs=True, cores=2)


def test_too_many_cores():
    with pytest.raises(ValueError, match="cores=9: trn2 has 1 to 8 cores"):
        trnemu.run(trnemu.assemble(RING), random_inputs=True, cores=9)


def test_deadlock_across_cores():
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(DEADLOCK), cores=2)
    assert e.value.kind == "deadlock"
    assert e.value.core is None  # the system's, not one core's
    assert "core 0 SP, instruction 3 (nop), waits for s0 (go) >= 2, and s0 is 1" in str(e.value)


def test_fault_names_its_core():
    bad = RING.replace("sp.li r3, 0\n", "sp.li r3, 7\n")
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(bad), random_inputs=True, cores=2)
    assert e.value.core == 1
    assert "copies to core 7, but the system has cores 0 to 1" in str(e.value)


def test_trace_of_every_core(tmp_path):
    # One Perfetto file, a process per core, with the ring's arrows between
    # cores; the text trace has every core's lines; both the same as
    # trn-emu's on every run.
    p = trnemu.assemble(RING)
    x = np.arange(64, dtype=np.float32).reshape(4, 2, 8)
    w = np.zeros((1, 8), np.float32)
    path = tmp_path / "t.json"
    r = trnemu.run(p, inputs={"x": x, "w": w}, cores=4, trace=path, text_trace=True)
    doc = json.loads(path.read_text())
    names = {e["pid"]: e["args"]["name"] for e in doc["traceEvents"]
             if e.get("ph") == "M" and e["name"] == "process_name"}
    assert names == {1: "chip 0 core 0", 2: "chip 0 core 1", 3: "chip 0 core 2",
                     4: "chip 0 core 3"}
    starts = {e["id"]: e for e in doc["traceEvents"] if e.get("ph") == "s"}
    ends = {e["id"]: e for e in doc["traceEvents"] if e.get("ph") == "f"}
    assert starts.keys() == ends.keys()
    across = sorted((starts[i]["pid"], ends[i]["pid"]) for i in starts
                    if starts[i]["pid"] != ends[i]["pid"])
    assert across == [(1, 2), (2, 3), (3, 4), (4, 1)]
    lines = r.text_trace.splitlines()
    assert [k for k in range(4) if any(l.startswith(f"core {k} ") for l in lines)] == [0, 1, 2, 3]
    again = tmp_path / "again.json"
    trnemu.run(p, inputs={"x": x, "w": w}, cores=4, trace=again)
    assert again.read_bytes() == path.read_bytes()


def test_trace_of_a_deadlock_across_cores(tmp_path):
    # A faulting run's trace is whole too, with the fault on the cores that wait.
    path = tmp_path / "t.json"
    with pytest.raises(trnemu.RuntimeFault):
        trnemu.run(trnemu.assemble(DEADLOCK), cores=2, trace=path)
    doc = json.loads(path.read_text())
    faults = {e["pid"] for e in doc["traceEvents"] if e.get("cat") == "fault"}
    assert faults == {1}


# An all_reduce over the chips of an instance (docs/multicore.md, "Collectives").
ALL_REDUCE = """
.tensor x : fp32[8, 128] input
.tensor y : fp32[8, 128] output
.sem done
sp.all_reduce y, x signal(done)
sp.li r9, 0 wait(done >= 1)
"""


def test_all_reduce_on_an_instance():
    x = np.random.default_rng(1).integers(-64, 64, size=(16, 8, 128)).astype(np.float32)
    prog = trnemu.assemble(ALL_REDUCE, chip="trn2")
    r = trnemu.run(prog, {"x": x}, system="trn2.48xlarge", cores=1)
    # Small integers: every order of the sum is exact.
    assert r["y"].shape == (16, 8, 128)
    np.testing.assert_array_equal(r["y"], np.broadcast_to(x.sum(axis=0), x.shape))
    assert r.cores == 16 and r.collectives == 1
    # 30 ring steps of 256 bytes at 256 GB/s (1 ns) + 1300 + 500 ns, after
    # SP's 600 ns trigger; the signal 300 ns later; SP's li 0.834 ns.
    assert r.time_ps == 600_000 + 30 * 1_801_000 + 300_000 + 834
    chip_links = [link for link in r.links if link["name"].startswith("chip")]
    assert len(chip_links) == 16
    assert all(link["bytes"] == 30 * 256 and link["bandwidth_gbps"] == 256 for link in chip_links)


def test_all_reduce_bad_system():
    prog = trnemu.assemble(ALL_REDUCE, chip="trn2")
    with pytest.raises(ValueError, match="system='trn2.96xlarge': not an instance"):
        trnemu.run(prog, random_inputs=True, system="trn2.96xlarge")
    with pytest.raises(ValueError, match="cores=9: trn2 has 1 to 8 cores"):
        trnemu.run(prog, random_inputs=True, system="trn2.48xlarge", cores=9)
