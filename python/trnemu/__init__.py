"""trnemu: assemble, inspect and run programs for the emulated Trainium
NeuronCore from Python (docs/python.md).

    import numpy as np, trnemu
    prog = trnemu.assemble(source)
    result = trnemu.run(prog, inputs={"x": x})
    result.assert_close("out", np.exp(x), rtol=1e-3)
"""

from trnemu import dtypes
from trnemu._api import (CheckResult, Result, assemble, assemble_file, assert_close, check, load,
                         run)
from trnemu._trnemu import Program, Tensor
from trnemu.errors import (AssemblyError, AssemblyWarning, Diagnostic, RaceError, RuntimeFault,
                           SourceLocation)

__all__ = [
    "AssemblyError", "AssemblyWarning", "CheckResult", "Diagnostic", "Program", "RaceError",
    "Result", "RuntimeFault", "SourceLocation", "Tensor", "assemble", "assemble_file",
    "assert_close", "check", "dtypes", "load", "run",
]

# The instruction builder (docs/builder.md).
from trnemu._trnemu import (BuildError, Builder, Condition, Declaration, FloatBits, Instruction,
                            Label, Queue, Register, Semaphore, Stream, View, fbits, q, r)

__all__ += ["BuildError", "Builder", "Condition", "Declaration", "FloatBits", "Instruction",
            "Label", "Queue", "Register", "Semaphore", "Stream", "View", "fbits", "q", "r"]
