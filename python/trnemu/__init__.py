"""trnemu: assemble, inspect and run programs for the emulated Trainium
NeuronCore from Python (docs/python.md)."""

from trnemu._trnemu import Program, Tensor

__all__ = ["Program", "Tensor"]
