"""trnemu.run: inputs, outputs, report, traces, faults, races, the GIL."""

import json
import threading
import time
import tracemalloc

import numpy as np
import pytest

import trnemu
from conftest import ACT_EXP, ADD, LOOP, bf16_bits_to_float32


def round_to_bf16_bits(x):
    """float32 -> bf16 bits, round to nearest even (NaN-free input)."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def inputs(seed=0):
    rng = np.random.default_rng(seed)
    return {"x": rng.uniform(-2, 2, (128, 512)).astype(np.float32),
            "b": rng.uniform(-1, 1, (128, 1)).astype(np.float32)}


def test_outputs_report_and_figures(act_exp_program):
    ins = inputs()
    r = trnemu.run(act_exp_program, inputs=ins)
    assert set(r.outputs) == {"out", "sums"}
    assert r.dtypes == {"out": "bf16", "sums": "fp32"}
    out = r.outputs["out"]
    # bf16 without ml_dtypes: raw bits (see test_dtypes.py for ml_dtypes).
    assert out.dtype == np.uint16 and out.shape == (128, 512)
    assert r.outputs["sums"].dtype == np.float32 and r.outputs["sums"].shape == (128, 1)
    # An independent reference: NumPy's exp, rounded to bf16.
    ref = np.exp(ins["x"].astype(np.float64) * 0.5 + ins["b"])
    assert np.max(np.abs(bf16_bits_to_float32(out) - ref) / ref) < 2 ** -8
    np.testing.assert_allclose(r.outputs["sums"][:, 0], ref.sum(axis=1), rtol=1e-5)
    assert r["sums"] is r.outputs["sums"]
    assert r.instructions == 5
    assert r.time_ps > 0 and r.cycles > 0 and r.time_us == r.time_ps / 1e6
    assert r.chip == "trn2" and r.warnings == [] and r.races == []
    assert isinstance(r.report, dict) and r.report["chip"] == "trn2"
    assert "5 instructions" in repr(r)


def test_same_inputs_same_everything(act_exp_program):
    a = trnemu.run(act_exp_program, inputs=inputs(1))
    b = trnemu.run(act_exp_program, inputs=inputs(1))
    for k in a.outputs:
        assert a.outputs[k].tobytes() == b.outputs[k].tobytes()
    assert (a.time_ps, a.cycles) == (b.time_ps, b.cycles)


def test_report_is_what_report_json_writes(act_exp_program, tmp_path):
    import subprocess
    from conftest import BIN_DIR
    ins = inputs()
    for name, a in ins.items():
        np.save(tmp_path / f"{name}.npy", a)
    path = tmp_path / "k.o"
    act_exp_program.save(path)
    subprocess.run([str(BIN_DIR / "trn-emu"), str(path), "--in", f"x={tmp_path}/x.npy",
                    "--in", f"b={tmp_path}/b.npy", "--report-json", str(tmp_path / "r.json")],
                   check=True, capture_output=True)
    cli = json.loads((tmp_path / "r.json").read_text())
    mine = trnemu.run(act_exp_program, inputs=ins).report

    def emulated(report):
        """The report without the host's own timing (any key naming the host)."""
        if isinstance(report, dict):
            return {k: emulated(v) for k, v in report.items() if "host" not in k}
        if isinstance(report, list):
            return [emulated(v) for v in report]
        return report

    assert emulated(mine) == emulated(cli)
    assert mine["chip"] == "trn2"
    assert trnemu.run(act_exp_program, inputs=ins, report=False).report is None


def test_input_conversions_and_refusals(act_exp_program):
    ins = inputs()
    ref = trnemu.run(act_exp_program, inputs=ins)
    # Not C-ordered: copied into order, same result.
    xt = np.asfortranarray(ins["x"])
    same = trnemu.run(act_exp_program, inputs={"x": xt, "b": ins["b"]})
    assert same.outputs["out"].tobytes() == ref.outputs["out"].tobytes()
    with pytest.raises(ValueError, match=r"input 'x': dtype '<f8' cannot be read into fp32"):
        trnemu.run(act_exp_program, inputs={"x": ins["x"].astype(np.float64), "b": ins["b"]})
    with pytest.raises(ValueError,
                       match=r"input 'x': shape \(128, 10\) does not match the tensor's \(128, 512\)"):
        trnemu.run(act_exp_program, inputs={"x": ins["x"][:, :10], "b": ins["b"]})
    with pytest.raises(ValueError, match="input tensor 'b' is not given"):
        trnemu.run(act_exp_program, inputs={"x": ins["x"]})
    with pytest.raises(ValueError, match=r"input 'y': the program declares no tensor 'y' "
                                         r"\(it has: x, b, out, sums\)"):
        trnemu.run(act_exp_program, inputs={**ins, "y": ins["b"]})


def test_float32_into_a_bf16_input_is_rounded():
    src = """.chip trn2
.tensor x : bf16[4, 8] input
.tensor o : bf16[4, 8] output
.sbuf t : bf16[4, 8]
.sem s
    sp.dma_copy t, x, q0.0 signal(s, 16)
    sp.dma_copy o, t, q1.0 wait(s >= 16)
"""
    p = trnemu.assemble(src)
    x = np.linspace(-3, 3, 32, dtype=np.float32).reshape(4, 8) * 1.001
    bits = round_to_bf16_bits(x)
    assert trnemu.run(p, inputs={"x": x}).outputs["o"].tobytes() == bits.tobytes()
    assert trnemu.run(p, inputs={"x": bits}).outputs["o"].tobytes() == bits.tobytes()
    with pytest.raises(ValueError, match="input 'x': dtype '<i4' cannot be read into bf16"):
        trnemu.run(p, inputs={"x": bits.astype(np.int32)})


def test_contiguous_inputs_are_not_copied(act_exp_program):
    ins = inputs()
    big = ins["x"].nbytes
    trnemu.run(act_exp_program, inputs=ins)  # warm up
    tracemalloc.start()
    try:
        trnemu.run(act_exp_program, inputs=ins, report=False)
        _, peak_direct = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        trnemu.run(act_exp_program, inputs={"x": np.asfortranarray(ins["x"]), "b": ins["b"]},
                   report=False)
        _, peak_copied = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # NumPy allocations are traced: the Fortran-ordered input costs a copy,
    # the C-ordered one none (the outputs cost the same in both).
    assert peak_copied - peak_direct >= big * 0.9


def test_random_inputs_and_seed(act_exp_program):
    a = trnemu.run(act_exp_program, random_inputs=True, seed=3)
    b = trnemu.run(act_exp_program, random_inputs=True, seed=3)
    c = trnemu.run(act_exp_program, random_inputs=True, seed=4)
    assert a.outputs["out"].tobytes() == b.outputs["out"].tobytes()
    assert a.outputs["out"].tobytes() != c.outputs["out"].tobytes()
    # A given input stays as given.
    x = np.zeros((128, 512), np.float32)
    d = trnemu.run(act_exp_program, inputs={"x": x}, random_inputs=True, seed=3)
    assert len(np.unique(d.outputs["out"][0])) == 1


def test_run_takes_a_path_and_a_chip(tmp_path):
    (tmp_path / "add.s").write_text(ADD.replace(".chip trn2\n", ""))
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    r = trnemu.run(tmp_path / "add.s", inputs={"a": a, "b": a}, chip="trn1")
    assert r.chip == "trn1"
    np.testing.assert_array_equal(r.outputs["out"], a + a)
    with pytest.raises(ValueError, match="unknown chip 'trn0'"):
        trnemu.run(tmp_path / "add.s", inputs={"a": a, "b": a}, chip="trn0")
    with pytest.raises(ValueError, match="race_check takes 'error', 'warn' or 'off', not 'maybe'"):
        trnemu.run(tmp_path / "add.s", inputs={"a": a, "b": a}, race_check="maybe")


def test_read_more_tensors():
    src = ADD.replace(".tensor out : fp32[4, 8] output",
                      ".tensor out : fp32[4, 8] output\n.tensor tmp : fp32[4, 8] scratch")
    src += "    sp.dma_copy tmp, o_t, q3.0 wait(added >= 1)\n"
    a = np.ones((4, 8), np.float32)
    r = trnemu.run(trnemu.assemble(src), inputs={"a": a, "b": a}, read=["tmp"])
    np.testing.assert_array_equal(r.outputs["tmp"], 2 * a)
    with pytest.raises(ValueError,
                       match="read 'zz': the program declares no tensor or allocation 'zz'"):
        trnemu.run(trnemu.assemble(src), inputs={"a": a, "b": a}, read=["zz"])


OOB = """.chip trn2
.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
dve.memset x, 1.0
dve.li r2, 57340
dve.tensor_copy y, x + r2 signal(s0)
sp.dma_copy o, y, q0.0 wait(s0 >= 1)
"""


def test_fault_names_kind_engine_and_source_line():
    p = trnemu.assemble(OOB, filename="oob.s")
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(p)
    f = e.value
    assert f.kind == "out_of_bounds"
    assert f.engine == "DVE" and f.instruction == 2
    assert f.location == trnemu.SourceLocation("oob.s", 7, 1)
    assert f.message.startswith("oob.s:7:1: error: out of bounds at ")
    assert "are outside the 229376-byte partition (register r2 = 57340)" in f.message
    assert str(f) == f.message
    assert not isinstance(f, trnemu.RaceError)


def test_fault_message_is_trn_emus(tmp_path):
    import subprocess
    from conftest import BIN_DIR
    (tmp_path / "oob.s").write_text(OOB)
    cli = subprocess.run([str(BIN_DIR / "trn-emu"), str(tmp_path / "oob.s")],
                         capture_output=True, text=True)
    assert cli.returncode == 1
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(tmp_path / "oob.s")
    assert e.value.message + "\n" == cli.stderr


def test_deadlock_has_no_one_instruction():
    src = """.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sem a
.sem b
dve.memset x, 1.0 wait(a >= 1)
dve.sem_signal b, 1
act.sem_wait b, ge, 1
act.nop signal(a)
sp.dma_copy o, x, q0.0
"""
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(trnemu.assemble(src, filename="dl.s"), race_check="off")
    assert e.value.kind == "deadlock"
    assert e.value.engine is None and e.value.location is None
    assert "waits for s0 (a) >= 1" in e.value.message


def test_limits():
    p = trnemu.assemble(LOOP, filename="loop.s")
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(p, max_instructions=50)
    assert e.value.kind == "instruction_limit"
    assert e.value.engine == "SP" and e.value.location.line == 5
    assert "--max-instructions=50" in e.value.message
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(p, max_cycles=1000)
    assert e.value.kind == "cycle_limit"


def test_uninitialised_reads_warn_or_fault_with_strict():
    src = """.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
dve.memset x[:, 0:4], 1.0
dve.tensor_copy y, x signal(s0)
sp.dma_copy o, y, q0.0 wait(s0 >= 1)
"""
    p = trnemu.assemble(src, filename="u.s")
    r = trnemu.run(p)
    assert r.warnings == ["u.s:5:1: warning: operand 'src' reads sbuf partition 0 byte 16, which "
                          "nothing has written (on DVE, instruction 1)"]
    np.testing.assert_array_equal(r.outputs["o"][:, :4], 1.0)
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(p, strict=True)
    assert e.value.kind == "uninitialised_read" and e.value.location.line == 5


RACY = """.sbuf x : fp32[128, 256]
.sbuf y : fp32[128, 256]
.sem filled
    dve.memset x, 1.0 signal(filled)
    act.activation y, x, exp
"""


def test_races_raise_race_error_or_are_listed():
    with pytest.warns(trnemu.AssemblyWarning, match="'filled' is signalled but never waited on"):
        p = trnemu.assemble(RACY, filename="race.s")
    with pytest.raises(trnemu.RaceError) as e:
        trnemu.run(p)
    f = e.value
    assert isinstance(f, trnemu.RuntimeFault) and f.kind == "race"
    assert f.engine == "ACT" and f.location == ("race.s", 5, 5)
    assert f.message.startswith("race.s:5:5: error: race (read-after-write)")
    r = trnemu.run(p, race_check="warn")
    assert len(r.races) == 1 and r.races[0].startswith("race.s:5:5: warning: race (read-after-write)")
    assert trnemu.run(p, race_check="off").races == []
    with pytest.raises(ValueError, match="race_check takes 'error', 'warn' or 'off', not True"):
        trnemu.run(p, race_check=True)


def test_traces(act_exp_program, tmp_path):
    path = tmp_path / "t.json"
    r = trnemu.run(act_exp_program, inputs=inputs(), trace=path, text_trace=True)
    trace = json.loads(path.read_text())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    assert any(e.get("name", "").startswith("activation") for e in events)
    lines = r.text_trace.splitlines()
    assert len(lines) == 5 + 4  # 5 instructions, 4 transfers
    assert any("activation" in line for line in lines)
    assert trnemu.run(act_exp_program, inputs=inputs()).text_trace is None
    # A faulting run's trace is written too.
    with pytest.raises(trnemu.RuntimeFault):
        trnemu.run(trnemu.assemble(OOB), trace=tmp_path / "f.json")
    json.loads((tmp_path / "f.json").read_text())
    # Written through a temporary file: none is left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json", "t.json"]
    # A device is written in place; a folder that does not exist is an error
    # before the run.
    trnemu.run(act_exp_program, inputs=inputs(), trace="/dev/null")
    with pytest.raises(ValueError, match=r"cannot write '.*/nowhere/t.json': "):
        trnemu.run(act_exp_program, inputs=inputs(), trace=tmp_path / "nowhere" / "t.json")


def test_the_gil_is_released_during_a_run():
    p = trnemu.assemble(LOOP)
    done = threading.Event()
    fault = []

    def worker():
        try:
            trnemu.run(p, max_instructions=3_000_000, report=False)
        except trnemu.RuntimeFault as e:
            fault.append(e.kind)
        done.set()

    t = threading.Thread(target=worker)
    start = time.perf_counter()
    t.start()
    time.sleep(0.01)
    count = 0
    while not done.is_set():
        count += 1  # Python work, possible only while the run lets go of the GIL
    elapsed = time.perf_counter() - start
    t.join()
    assert fault == ["instruction_limit"]
    assert elapsed > 0.05, "the run was too short to show anything"
    assert count > 1000


def test_runs_in_threads_at_once_give_what_one_gives(act_exp_program):
    ins = inputs(7)
    alone = trnemu.run(act_exp_program, inputs=ins, trace=None)
    results = [None] * 4

    def worker(k):
        results[k] = trnemu.run(act_exp_program, inputs=ins)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        assert r.outputs["out"].tobytes() == alone.outputs["out"].tobytes()
        assert r.outputs["sums"].tobytes() == alone.outputs["sums"].tobytes()
        assert r.time_ps == alone.time_ps


def test_host_memory_budget(act_exp_program):
    with pytest.raises(ValueError, match=r"beyond the --max-memory budget of 1000 bytes"):
        trnemu.run(act_exp_program, random_inputs=True, max_memory=1000)
    assert trnemu.run(act_exp_program, random_inputs=True, max_memory=0).instructions == 5
