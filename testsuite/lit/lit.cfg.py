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
# Helper scripts run with the interpreter that runs lit.
# 'sanitizer': this build runs under ASan+UBSan (scripts/setup.sh sanitize),
# 20-50x slower; the few tests that only re-measure figures the GCC suite
# already checks say UNSUPPORTED: sanitizer.
if config.trn_sanitize.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizer")
config.substitutions.append(("%python", '"' + sys.executable + '"'))
config.substitutions.append(("%isa", os.path.join(config.trn_src_root, "isa")))
config.substitutions.append(("%src", config.trn_src_root))
config.substitutions.append(("%gen", config.trn_gen_dir))
# project(trnemu VERSION ...): what --version must print.
config.substitutions.append(("%{version}", config.trn_version))
# %numpy-python: a Python 3 with NumPy (CMake's TRN_NUMPY_PYTHON), for the
# checkers with a NumPy reference; without one they are UNSUPPORTED.
# %mpirun: Open MPI's mpirun for the runs over ranks (docs/mpi.md), as root
# (CI), oversubscribed (4 ranks on 2 cores), unbound, and never longer than
# 10 minutes; 'mpi' when trn-emu was built with Open MPI. Open MPI's own
# allocations at exit are not ours to leak-check under ASan.
if config.trn_mpirun:
    config.available_features.add("mpi")
    env = "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1"
    if "sanitizer" in config.available_features:
        env += " ASAN_OPTIONS=detect_leaks=0"
    config.substitutions.append(
        ("%mpirun", "env " + env + " timeout 600 " + config.trn_mpirun + " --oversubscribe --bind-to none"))
if config.trn_numpy_python:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy-python", '"' + config.trn_numpy_python + '"'))
