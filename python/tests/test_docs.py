"""docs/python.md's Python examples run, in order, in one namespace."""

import os
import re

from conftest import SOURCE_DIR


def test_python_md_examples(tmp_path, capsys):
    text = (SOURCE_DIR / "docs" / "python.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) >= 6
    namespace = {"__name__": "docs_python_md"}
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for k, block in enumerate(blocks):
            exec(compile(block, f"docs/python.md block {k + 1}", "exec"), namespace)
    finally:
        os.chdir(cwd)
    printed = capsys.readouterr().out
    assert "<trnemu.Program for trn2: 3 tensors, 4 instructions>" in printed
    assert "bad.s:2:14: error:" in printed
    assert "check out: ok, 65536 elements" in printed
    assert "race ACT SourceLocation(file='racy.s', line=6, column=5)" in printed
