"""trnemu.assemble and trnemu.Program."""

import warnings

import pytest

import trnemu
from conftest import ACT_EXP, ADD


def test_assemble_gives_a_program_with_its_tensors():
    p = trnemu.assemble(ACT_EXP)
    assert isinstance(p, trnemu.Program)
    assert p.chip == "trn2"
    assert [(t.name, t.dtype, t.shape, t.role) for t in p.tensors] == [
        ("x", "fp32", (128, 512), "input"),
        ("b", "fp32", (128, 1), "input"),
        ("out", "bf16", (128, 512), "output"),
        ("sums", "fp32", (128, 1), "output"),
    ]
    assert p.tensor("out").nbytes == 128 * 512 * 2
    assert p.instruction_counts == {"pe": 0, "act": 3, "dve": 0, "pool": 0, "sp": 2}
    assert repr(p.tensor("b")) == "Tensor(name='b', dtype='fp32', shape=(128, 1), role='input')"
    with pytest.raises(KeyError, match="no tensor 'nope'"):
        p.tensor("nope")


def test_chip_option_and_chip_mismatch():
    assert trnemu.assemble(ADD.replace(".chip trn2\n", ""), chip="trn1").chip == "trn1"
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble(ADD, chip="trn3")
    assert e.value.diagnostics[0].severity == "error"
    assert "trn3" in e.value.diagnostics[0].message
    with pytest.raises(ValueError, match="unknown chip 'trn9'"):
        trnemu.assemble(ADD, chip="trn9")


def test_object_round_trip():
    p = trnemu.assemble(ADD)
    data = p.to_object()
    assert data[:4] == b"\x7fELF"
    q = trnemu.Program.from_object(data)
    assert q == p
    assert q.to_object() == data


def test_programs_pickle_as_their_object_file():
    import pickle
    p = trnemu.assemble(ACT_EXP, filename="act-exp.s")
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.disassemble(line_numbers=True) == p.disassemble(line_numbers=True)


def test_disassembly_assembles_back_to_the_same_code():
    p = trnemu.assemble(ACT_EXP)
    text = p.disassemble()
    assert "activation" in text
    q = trnemu.assemble(text)
    assert q.disassemble() == text
    assert "# act-exp" not in text
    assert "<string>:13:5" in p.disassemble(line_numbers=True)


def test_disassembly_matches_trn_objdump(tmp_path):
    import subprocess
    from conftest import BIN_DIR
    p = trnemu.assemble(ACT_EXP, filename="act-exp.s")
    path = tmp_path / "k.o"
    p.save(path)
    objdump = subprocess.run([str(BIN_DIR / "trn-objdump"), "-d", str(path)], check=True,
                             capture_output=True, text=True).stdout
    assert objdump == p.disassemble()


def test_bad_object_bytes():
    with pytest.raises(ValueError):
        trnemu.Program.from_object(b"not an object")
    with pytest.raises(TypeError):
        trnemu.Program.from_object("text")


def test_save_load_and_load_of_source(tmp_path):
    p = trnemu.assemble(ADD)
    p.save(tmp_path / "add.o")
    assert trnemu.Program.load(tmp_path / "add.o") == p
    assert trnemu.load(tmp_path / "add.o") == p
    (tmp_path / "add.s").write_text(ADD)
    assert trnemu.load(tmp_path / "add.s").to_object() == \
        trnemu.assemble(ADD, filename=str(tmp_path / "add.s")).to_object()
    (tmp_path / "bad.o").write_bytes(b"\x7fELF garbage")
    with pytest.raises(ValueError, match="bad.o: "):
        trnemu.Program.load(tmp_path / "bad.o")
    with pytest.raises(FileNotFoundError):
        trnemu.Program.load(tmp_path / "missing.o")


def test_assembly_error_text_and_diagnostics():
    src = ".chip trn2\nfoo\n  dve.memset nothing, 1.0\n"
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble(src, filename="k.s")
    err = e.value
    assert err.text == (
        "k.s:2:1: error: unknown instruction 'foo'; did you mean 'mov'?\n"
        "foo\n"
        "^~~\n"
        "k.s:3:14: error: undefined tensor 'nothing'\n"
        "  dve.memset nothing, 1.0\n"
        "             ^~~~~~~\n")
    assert [tuple(d) for d in err.diagnostics][0] == (
        "k.s", 2, 1, "error", "unknown instruction 'foo'; did you mean 'mov'?")
    second = err.diagnostics[1]
    assert (second.file, second.line, second.column, second.severity) == ("k.s", 3, 14, "error")
    assert second.message in err.text
    assert str(err) == err.text.rstrip("\n")
    assert len(err.errors) == 2


def test_assembly_error_text_is_what_trn_as_prints(tmp_path):
    import subprocess
    from conftest import BIN_DIR
    src = ".chip trn2\n.tensor t : fp32[4] input\n  sp.dma_copy t, t, q9.0\nbad line here\n"
    path = tmp_path / "k.s"
    path.write_text(src)
    cli = subprocess.run([str(BIN_DIR / "trn-as"), str(path), "-o", str(tmp_path / "k.o")],
                         capture_output=True, text=True)
    assert cli.returncode != 0
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble_file(path)
    assert cli.stderr.startswith(e.value.text)
    with pytest.raises(trnemu.AssemblyError) as e2:
        trnemu.assemble(src, filename=str(path))
    assert e2.value.text == e.value.text


def test_notes_are_diagnostics_too():
    src = ".chip trn2\n.sbuf a : fp32[4, 4]\n.sbuf a : fp32[4, 4]\n"
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble(src, filename="k.s")
    kinds = [(d.line, d.severity) for d in e.value.diagnostics]
    assert (3, "error") in kinds and (2, "note") in kinds


def test_macro_expansion_notes_are_diagnostics():
    # The error is at the macro's body line; a note names each call site.
    src = (".chip trn2\n.macro load dst\n    sp.li \\dst, 1\n.endm\n"
           ".macro twice\n    load r1\n    load x9\n.endm\n    twice\n")
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble(src, filename="k.s")
    got = [(d.line, d.severity, d.message) for d in e.value.diagnostics]
    assert got[0][:2] == (3, "error")
    assert got[1:] == [(7, "note", "in expansion of macro 'load' here"),
                       (9, "note", "in expansion of macro 'twice' here")]


def test_unreadable_file_is_an_assembly_error(tmp_path):
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble_file(tmp_path / "missing.s")
    d = e.value.diagnostics
    assert len(d) == 1 and d[0].line == 0 and d[0].severity == "error"
    assert d[0].file.endswith("missing.s")
    assert "missing.s: error: " in e.value.text


def test_include_dirs(tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "decls.s").write_text(".tensor x : fp32[4, 8] input\n")
    src = '.chip trn2\n.include "decls.s"\n.tensor o : fp32[4, 8] output\n' \
          "    sp.dma_copy o, x, q0.0\n"
    with pytest.raises(trnemu.AssemblyError):
        trnemu.assemble(src)
    p = trnemu.assemble(src, include_dirs=[inc])
    assert [t.name for t in p.tensors] == ["x", "o"]


def test_warnings_are_python_warnings_or_errors():
    src = ADD + ".sbuf unused : fp32[4, 4]\n"
    with pytest.warns(trnemu.AssemblyWarning, match="'unused' is declared but never used"):
        p = trnemu.assemble(src, filename="w.s")
    assert isinstance(p, trnemu.Program)
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble(src, filename="w.s", warnings_as_errors=True)
    assert "[-Werror]" in e.value.text
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        trnemu.assemble(ADD)  # no warning at all


def test_too_many_errors_stop_with_a_note():
    src = ".chip trn2\n" + "junk\n" * 30
    with pytest.raises(trnemu.AssemblyError) as e:
        trnemu.assemble(src, filename="many.s")
    d = e.value.diagnostics
    assert len(e.value.errors) == 20
    assert d[-1].severity == "note" and "stopping after 20 errors" in d[-1].message
    assert d[-1].line == 0
