# lit configuration for the example kernels (docs/examples).
import os
import sys
import lit.formats

config.name = "trnemu-examples"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.trn_obj_root, "testsuite", "examples")
config.environment["PATH"] = os.pathsep.join(
    [config.trn_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%examples", os.path.join(config.trn_src_root, "docs", "examples")))
config.substitutions.append(("%src", config.trn_src_root))
# %python: the Python running lit (the checkers that need no NumPy).
config.substitutions.append(("%python", '"' + sys.executable + '"'))
# 'sanitizer', %mpirun and 'mpi' (testsuite/lit_mpi.py): the UltraServer
# examples run over MPI ranks, and not under ASan (GiBs of tensors).
sys.path.insert(0, os.path.join(config.trn_src_root, "testsuite"))
import lit_mpi  # noqa: E402

lit_mpi.configure(config)
# %numpy-python: a Python 3 with NumPy (CMake's TRN_NUMPY_PYTHON), for the
# checkers with a NumPy reference; without one they are UNSUPPORTED.
if config.trn_numpy_python:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy-python", '"' + config.trn_numpy_python + '"'))
