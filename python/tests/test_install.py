"""The documented install (docs/python.md) into a virtual environment, with
no network, and the module imported from outside the build tree."""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

BUILD = pathlib.Path(os.environ.get("TRN_PYTHON_BUILD_DIR", ""))


@pytest.mark.skipif(not (BUILD / "setup.py").exists(), reason="TRN_PYTHON_BUILD_DIR not set")
def test_pip_install_into_a_venv(tmp_path):
    # A copy of the build's python/ folder: pip builds in place, and the
    # build tree stays as it was.
    src = tmp_path / "src"
    shutil.copytree(BUILD, src, ignore=shutil.ignore_patterns("CMakeFiles", "*.cmake", "build",
                                                              "*.egg-info", "__pycache__"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip",
                    str(venv)], check=True)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PIP_NO_INDEX"] = "1"
    # The command docs/python.md gives (the venv's python finds the
    # system's pip through --system-site-packages).
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-index", "--no-build-isolation",
                    str(src)], check=True, env=env, cwd=tmp_path)
    code = ("import trnemu, numpy as np\n"
            "print(trnemu.__file__)\n"
            "p = trnemu.assemble('.tensor o : int32[1] output\\nsp.li r1, 7\\n"
            "sp.reg_store o[0], r1\\n')\n"
            "print(trnemu.run(p).outputs['o'][0])\n")
    out = subprocess.run([str(py), "-c", code], check=True, env=env, cwd=tmp_path,
                         capture_output=True, text=True).stdout.split()
    assert out[0].startswith(str(venv)), out
    assert out[1] == "7"
