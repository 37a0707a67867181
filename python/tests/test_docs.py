"""docs/python.md's Python examples run, in order, in one namespace; the
complete programs of docs/api/*.py (shown in docs/api.md) print their .out
files."""

import os
import re
import subprocess
import sys

import pytest

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


@pytest.mark.parametrize("name", sorted(p.name for p in (SOURCE_DIR / "docs" / "api").glob("*.py")))
def test_api_md_python_programs(name, tmp_path):
    path = SOURCE_DIR / "docs" / "api" / name
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    p = subprocess.run([sys.executable, str(path)], cwd=tmp_path, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout == (path.parent / (name + ".out")).read_text()
