# lit configuration for trnemu's end-to-end kernels: every .s file here is a
# kernel whose RUN lines generate its inputs and references
# (trn-kernel-ref), run it (trn-emu) and compare the outputs bit for bit.
import os
import lit.formats

config.name = "trnemu-kernels"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".s"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.trn_obj_root, "testsuite", "kernels")

# Our tools (trn-emu, trn-kernel-ref) first, then LLVM's FileCheck.
config.environment["PATH"] = os.pathsep.join(
    [config.trn_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%src", config.trn_src_root))
config.substitutions.append(("%gen", config.trn_gen_dir))
