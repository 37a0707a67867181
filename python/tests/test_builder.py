"""The instruction builder in Python (docs/builder.md): kernels built as
data, run on the emulator against NumPy, printed as assembly that
re-assembles to the same object bytes, and errors that name the Python line
of the call."""

import inspect

import numpy as np
import pytest

import trnemu


def line_of(marker):
    """The line of this file holding marker (a comment on the call)."""
    for number, text in enumerate(open(__file__).read().splitlines(), 1):
        if marker in text and "line_of(" not in text:
            return number
    raise AssertionError(marker)


def exp_kernel(chip="trn2"):
    """y = 2 * exp(x) + 1 for x of [128, 1024], in two column tiles."""
    b = trnemu.Builder(chip=chip)
    x = b.tensor("x", "fp32", [128, 1024], "input")
    y = b.tensor("y", "fp32", [128, 1024], "output")
    xs = b.sbuf("xs", "fp32", [128, 1024])
    ys = b.sbuf("ys", "fp32", [128, 1024])
    loaded, computed = b.sem("loaded"), b.sem("computed")
    for t in range(2):
        cols = slice(t * 512, (t + 1) * 512)
        b.sp.dma_copy(xs[:, cols], x[:, cols], trnemu.q(t, 0)).signal(loaded)
        b.act.activation(ys[:, cols], xs[:, cols], "exp").wait(loaded >= t + 1)
        b.act.tensor_scalar(ys[:, cols], ys[:, cols], "multiply", 2.0,
                            op1="add", operand1=1.0).signal(computed)
        b.sp.dma_copy(y[:, cols], ys[:, cols], trnemu.q(t, 1)).wait(computed >= t + 1)
    return b


def test_kernel_runs_and_matches_numpy():
    b = exp_kernel()
    program = b.finish()
    xv = np.random.default_rng(1).uniform(-2, 2, (128, 1024)).astype(np.float32)
    out = trnemu.run(program, inputs={"x": xv}).outputs["y"]
    assert out.shape == (128, 1024)
    np.testing.assert_allclose(out, 2 * np.exp(xv.astype(np.float64)) + 1, rtol=2e-6)


def test_matmul_and_accumulate_match_numpy():
    # c = a0^T b0 + a1^T b1: two matmuls accumulating in one PSUM bank.
    b = trnemu.Builder()
    a = b.tensor("a", "fp32", [2, 128, 64], "input")
    w = b.tensor("w", "fp32", [2, 128, 256], "input")
    c = b.tensor("c", "fp32", [64, 256], "output")
    a_s = b.sbuf("a_s", "fp32", [128, 2, 64])
    w_s = b.sbuf("w_s", "fp32", [128, 2, 256])
    c_s = b.sbuf("c_s", "fp32", [64, 256])
    c_p = b.psum("c_p", "fp32", [64, 256])
    loaded, multiplied, copied = b.sem("loaded"), b.sem("multiplied"), b.sem("copied")
    for k in range(2):
        b.sp.dma_copy(a_s[:, k, :], a[k], trnemu.q(0, k)).signal(loaded)
        b.sp.dma_copy(w_s[:, k, :], w[k], trnemu.q(1, k)).signal(loaded)
    b.pe.matmul(c_p, a_s[:, 0, :], w_s[:, 0, :]).wait(loaded >= 4)
    b.pe.matmul(c_p, a_s[:, 1, :], w_s[:, 1, :], acc="accumulate").signal(multiplied)
    b.dve.tensor_copy(c_s, c_p).wait(multiplied >= 1).signal(copied)
    b.sp.dma_copy(c, c_s, trnemu.q(0, 2)).wait(copied >= 1)
    rng = np.random.default_rng(2)
    av = rng.uniform(-1, 1, (2, 128, 64)).astype(np.float32)
    wv = rng.uniform(-1, 1, (2, 128, 256)).astype(np.float32)
    out = trnemu.run(b.finish(), inputs={"a": av, "w": wv}).outputs["c"]
    want = av[0].T.astype(np.float64) @ wv[0] + av[1].T.astype(np.float64) @ wv[1]
    np.testing.assert_allclose(out, want, rtol=1e-4, atol=1e-4)


def test_loop_with_labels_and_register_offsets():
    # y = x + 1 over four column tiles, with a loop on SP and one on DVE.
    b = trnemu.Builder()
    x = b.tensor("x", "fp32", [128, 1024], "input")
    y = b.tensor("y", "fp32", [128, 1024], "output")
    xs = b.sbuf("xs", "fp32", [128, 1024])
    loaded, done = b.sem("loaded"), b.sem("done")
    r1, r2, r3 = trnemu.r(1), trnemu.r(2), trnemu.r(3)
    load = b.label("load")
    b.sp.li(r1, 0)
    b.sp.li(r2, 1024)
    b.sp.bind(load)
    b.sp.dma_copy(xs[:, 0:256] + r1, x[:, 0:256] + r1, trnemu.q(0, 0)).signal(loaded)
    b.sp.addi(r1, r1, 256)
    b.sp.blt(r1, r2, load)
    add = b.label()  # named L1 by the builder
    b.dve.li(r1, 0)
    b.dve.li(r2, 1)
    b.dve.li(r3, 5)
    b.bind(add)
    b.dve.tensor_scalar(xs[:, 0:256] + r1, xs[:, 0:256] + r1, "add", 1.0).wait(loaded >= r2)
    b.dve.addi(r1, r1, 256)
    b.dve.addi(r2, r2, 1)
    b.dve.blt(r2, r3, add)
    b.dve.nop().signal(done)
    b.sp.dma_copy(y, xs, trnemu.q(1, 0)).wait(done >= 1)
    xv = np.arange(128 * 1024, dtype=np.float32).reshape(128, 1024) / 1024
    out = trnemu.run(b.finish(), inputs={"x": xv}).outputs["y"]
    np.testing.assert_array_equal(out, xv + 1)
    text = b.print()
    assert "load:\n    sp.dma_copy" in text
    assert "L1:\n    dve.tensor_scalar" in text
    assert "sp.blt r1, r2, load" in text


def test_printed_program_reassembles_to_the_same_object_bytes():
    for make in (exp_kernel, lambda: exp_kernel("trn1")):
        b = make()
        text = b.print()
        built = b.finish(source_name="kernel.s")
        again = trnemu.assemble(text, filename="kernel.s")
        assert built.to_object() == again.to_object()
        assert built.disassemble() == again.disassemble()
    # Without source_name the line table names this file's lines.
    program = exp_kernel().finish()
    assert "test_builder.py:" in program.disassemble(line_numbers=True)


def test_slices_as_the_assembler_reads_them():
    b = trnemu.Builder()
    h = b.tensor("h", "bf16", [4, 256, 64], "input")
    v = b.tensor("v", "fp32", [1000], "input")
    s = b.sbuf("s", "bf16", [128, 4, 64])
    b.sp.dma_copy(s[:, 0, :], h[1, 0:128, :], trnemu.q(0, 0))
    b.sp.dma_copy(s[0:64, 1, 0:32], h[2, 0:128:2, ::2], trnemu.q(0, 1))
    b.sp.dma_copy(s[0:4, 2], h[:, 7, :], trnemu.q(0, 2))
    b.sp.dma_copy(s[5, 3, 0:10], v[10:20], trnemu.q(0, 3))
    b.sp.dma_copy(s[6, 3, 0], v[7], trnemu.q(0, 4))
    text = """
.tensor h : bf16[4, 256, 64] input
.tensor v : fp32[1000] input
.sbuf s : bf16[128, 4, 64]
    sp.dma_copy s[:, 0, :], h[1, 0:128, :], q0.0
    sp.dma_copy s[0:64, 1, 0:32], h[2, 0:128:2, ::2], q0.1
    sp.dma_copy s[0:4, 2], h[:, 7, :], q0.2
    sp.dma_copy s[5, 3, 0:10], v[10:20], q0.3
    sp.dma_copy s[6, 3, 0], v[7], q0.4
"""
    assert b.finish().disassemble() == trnemu.assemble(text).disassemble()
    assert b.print() == trnemu.assemble(text).disassemble()


def test_declarations_with_placement_and_initial_data():
    b = trnemu.Builder(chip="trn3")
    ones = b.tensor("ones", "fp32", [4], "scratch", fill=1.0)
    lut = b.tensor("lut", "int8", [4], "scratch", at=0x10000, values=np.array([1, -1, 127, -128]))
    raw = b.tensor("raw", "uint16", [2], "scratch", data=bytes.fromhex("3412cdab"))
    c = b.sbuf("c", "fp32", [32, 4], partition=32, at=0x1000)
    p = b.psum("p", "fp32", [128, 16], bank=7)
    s = b.sem("s", at=9, initial=3)
    assert (lut.address, c.address, p.address, s.index) == (0x10000, 0x1000, 0x3800, 9)
    assert ones.shape == (4,) and raw.dtype == "uint16" and p.space == "psum"
    b.sp.dma_copy(c[0, 0:4], ones, trnemu.q(0, 0))
    b.sp.dma_copy(c[1, 0:4], lut, trnemu.q(0, 0))
    b.sp.dma_copy(c[2, 0:2], raw, trnemu.q(0, 0))
    b.dve.memset(p, 0.0).wait(s >= 3)
    assert b.print() == trnemu.assemble("""
.chip trn3
.tensor ones : fp32[4] scratch = fill(1.0)
.tensor lut : int8[4] scratch at 0x10000 = [1, -1, 127, -128]
.tensor raw : uint16[2] scratch = hex("3412cdab")
.sbuf c : fp32[32, 4] partition 32 at 0x1000
.psum p : fp32[128, 16] bank 7
.sem s at 9 = 3
    sp.dma_copy c[0, 0:4], ones, q0.0
    sp.dma_copy c[1, 0:4], lut, q0.0
    sp.dma_copy c[2, 0:2], raw, q0.0
    dve.memset p, 0.0 wait(s >= 3)
""").disassemble()


def test_methods_are_generated_with_keywords_defaults_and_docstrings():
    b = trnemu.Builder()
    doc = b.dve.tensor_scalar.__doc__
    assert "tensor_scalar(dst, src, op0, operand0, *, op1=bypass" in doc
    assert "dst = (src op0 operand0) op1 operand1, elementwise" in doc
    assert "and_(rd, rs1, rs2)" in b.sp.and_.__doc__
    x = b.sbuf("x", "fp32", [128, 8])
    # Keywords for every operand, defaults for the optional ones.
    b.dve.tensor_scalar(dst=x, src=x, op0="multiply", operand0=2)
    b.dve.tensor_scalar(x, x, "multiply", 2.0, reverse0=True, op1="add", operand1=x[:, 0:1])
    with pytest.raises(TypeError):
        b.dve.tensor_scalar(x, x, "multiply", 2.0, "add")  # optional ones are keyword-only
    assert "dve.tensor_scalar ap(sbuf fp32, 0:128, 0x0, [1, 8]), ap(sbuf fp32, 0:128, 0x0, [1, 8]), multiply, 2.0  # 0" in b.print()
    assert "multiply, 2.0, op1=add, operand1=ap(sbuf fp32, 0:128, 0x0, [1, 1]), reverse0=true" in b.print()


def test_errors_name_the_python_line():
    b = trnemu.Builder()
    x = b.sbuf("x", "fp32", [128, 64])
    y = b.sbuf("y", "fp32", [128, 64])
    c_p = b.psum("c_p", "fp32", [128, 64])
    with pytest.raises(trnemu.BuildError) as e:
        x[0:129]  # slice-error
    assert f"{__file__}:{line_of('# slice-error')}: error: slice 0:129 of dimension 0 of 'x' is out of range; the dimension has size 128" in str(e.value)
    with pytest.raises(trnemu.BuildError) as e:
        x[-1]
    assert "index -1 is out of range for dimension 0 of 'x' (size 128)" in str(e.value)
    with pytest.raises(trnemu.BuildError) as e:
        b.dve.matmul(c_p, x, y)  # engine-error
    assert f"{__file__}:{line_of('# engine-error')}: error: engine DVE cannot run 'matmul': it runs on PE" in str(e.value)
    (file, line, column, severity, message), = e.value.diagnostics
    assert (file, line, severity) == (__file__, line_of("# engine-error"), "error")
    with pytest.raises(trnemu.BuildError) as e:
        b.dve.tensor_scalar(x, x, "addd", 1.0)
    assert "operand 'op0' of 'tensor_scalar' is an AluOp: expected one of its 32 values (see the ISA reference), found 'addd'; did you mean 'add'?" in str(e.value)
    with pytest.raises(trnemu.BuildError) as e:
        b.dve.tensor_copy(y[16:48], x[0:32])
    assert "an access of 32 partitions must start at partition 0, 32, 64 or 96, not 16" in str(e.value)
    with pytest.raises(trnemu.BuildError) as e:
        b.dve.memset(x, 16777217)
    assert "16777217 cannot be held exactly by an fp32 immediate" in str(e.value)
    with pytest.raises(trnemu.BuildError, match="'x' is already defined"):
        b.sbuf("x", "fp32", [128, 4])

    # What needs the whole program, at finish(): every error, each at its call.
    b.dve.tensor_tensor(y[0:4, 0:4], x[0:4, 0:4], x[0:4, 0:8], "add")  # shape-error
    nowhere = b.label("nowhere")
    b.pool.jmp(nowhere)  # label-error
    with pytest.raises(trnemu.BuildError) as e:
        b.finish()
    text = str(e.value)
    assert f"{__file__}:{line_of('# shape-error')}: error: operand 'src1' of 'tensor_tensor' is [4 x 8] but 'src0' is [4 x 4]" in text
    assert "note: DVE instruction 0: dve.tensor_tensor ap(sbuf fp32, 0:4, 0x100, [1, 4])" in text
    assert f"{__file__}:{line_of('# label-error')}: error: branch to unknown label 'nowhere'" in text
    assert [d[1] for d in e.value.diagnostics] == [line_of("# shape-error"), line_of("# label-error")]
    assert isinstance(e.value, ValueError)
    assert all(isinstance(d, trnemu.Diagnostic) for d in e.value.diagnostics)


def test_waits_and_signals_are_checked():
    b = trnemu.Builder()
    s = b.sem("s")
    with pytest.raises(trnemu.BuildError, match="an instruction waits on at most 2 conditions"):
        b.sp.nop().wait(s >= 1, s <= 3).wait(s != 2)
    with pytest.raises(trnemu.BuildError, match="an instruction signals at most one semaphore"):
        b.sp.nop().signal(s).signal(s)
    with pytest.raises(trnemu.BuildError, match="32768 is out of range for a signal amount"):
        b.sp.nop().signal(trnemu.Semaphore.number(3), 32768)
    b.sp.nop().wait(s == trnemu.r(4))
    assert "sp.nop wait(s0 == r4)" in b.print()


def test_run_time_faults_name_the_python_line():
    # The program's line table names the builder calls.
    b = trnemu.Builder()
    x = b.sbuf("x", "fp32", [128, 64])
    b.dve.li(trnemu.r(1), 1 << 20)
    b.dve.memset(x + trnemu.r(1), 0.0)  # fault
    with pytest.raises(trnemu.RuntimeFault) as e:
        trnemu.run(b.finish())
    assert e.value.engine == "DVE" and e.value.instruction == 1
    assert (e.value.location.file, e.value.location.line) == (__file__, line_of("# fault"))


def test_the_python_example_of_docs_builder_md():
    import os
    doc = open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "builder.md")).read()
    section = doc[doc.index("## 10. Python"):]
    start = section.index("```python\n") + len("```python\n")
    source = section[start:section.index("```", start)]
    printed = []
    exec(compile(source, "docs/builder.md", "exec"), {"print": printed.append})
    assert printed and printed[0].startswith(".chip trn2\n")


def test_what_only_python_can_get_wrong():
    b = trnemu.Builder()
    x = b.sbuf("x", "fp32", [128, 4])
    with pytest.raises(ValueError, match="unknown dtype 'fp33': expected fp32, bf16"):
        b.sbuf("y", "fp33", [128, 4])
    with pytest.raises(ValueError, match="unknown role 'inout': expected input, output or scratch"):
        b.tensor("t", "fp32", [4], "inout")
    with pytest.raises(ValueError, match="unknown chip 'trn9'"):
        trnemu.Builder(chip="trn9")
    with pytest.raises(ValueError, match="unknown engine 'gpu': expected pe, dve, act, pool or sp"):
        b.bind(b.label(), engine="gpu")
    with pytest.raises(TypeError, match="an index is an int or a slice, not str"):
        x["a"]
    with pytest.raises(TypeError, match="operand 2: a dict is not an operand"):
        b.dve.tensor_copy(x, {})
    with pytest.raises(trnemu.BuildError, match="operand 'src' of 'tensor_copy' takes a tensor, not a float"):
        b.dve.tensor_copy(x, 1.5)
    with pytest.raises(trnemu.BuildError, match="operand 'reverse0' of 'tensor_scalar' is a Bool: expected false, true, found 'yes'"):
        b.dve.tensor_scalar(x, x, "add", 1.0, reverse0="yes")
    with pytest.raises(trnemu.BuildError, match="1e\\+39 is beyond the range of fp32"):
        b.dve.memset(x, 1e39)


def test_fp32_operands_by_their_bits():
    b = trnemu.Builder()
    x = b.sbuf("x", "fp32", [128, 4])
    b.dve.memset(x, trnemu.fbits(0x7FC00001))
    b.act.activation(x, x, "exp", scale=trnemu.fbits(0x3F800001))
    assert b.print() == trnemu.assemble("""
.sbuf x : fp32[128, 4]
    dve.memset x, fbits(0x7FC00001)
    act.activation x, x, exp, scale=fbits(0x3F800001)
""").disassemble()
