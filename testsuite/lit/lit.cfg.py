# lit configuration for trnemu's tool tests.
import os
import sys
import lit.formats

config.name = "trnemu"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".td", ".test", ".s"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.trn_obj_root, "testsuite", "lit")

# Our tools first, then LLVM's FileCheck, not, count, split-file.
config.environment["PATH"] = os.pathsep.join(
    [config.trn_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# 'sanitizer': this build runs under ASan+UBSan (scripts/setup.sh sanitize),
# 20-50x slower; the few tests that only re-measure figures the GCC suite
# already checks say UNSUPPORTED: sanitizer. %mpirun and 'mpi': runs over
# MPI ranks (testsuite/lit_mpi.py sets all three).
sys.path.insert(0, os.path.join(config.trn_src_root, "testsuite"))
import lit_mpi  # noqa: E402

lit_mpi.configure(config)
# Helper scripts run with the interpreter that runs lit.
config.substitutions.append(("%python", '"' + sys.executable + '"'))
config.substitutions.append(("%isa", os.path.join(config.trn_src_root, "isa")))
config.substitutions.append(("%src", config.trn_src_root))
config.substitutions.append(("%gen", config.trn_gen_dir))
# project(trnemu VERSION ...): what --version must print.
config.substitutions.append(("%{version}", config.trn_version))
# %numpy-python: a Python 3 with NumPy (CMake's TRN_NUMPY_PYTHON), for the
# checkers with a NumPy reference; without one they are UNSUPPORTED.
if config.trn_numpy_python:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy-python", '"' + config.trn_numpy_python + '"'))
