"""The exceptions trnemu raises, and the parts of their diagnostics."""

from typing import List, NamedTuple, Optional


class Diagnostic(NamedTuple):
    """One message of the assembler: where, how severe, what."""

    file: str
    line: int  # 1-based; 0 when the message is about the whole file
    column: int  # 1-based; 0 likewise
    severity: str  # "error", "warning" or "note"
    message: str


class SourceLocation(NamedTuple):
    """Where an instruction came from in the assembly source."""

    file: str
    line: int
    column: int


class AssemblyError(Exception):
    """The assembler refused the source.

    ``text`` is every diagnostic as trn-as prints it (location, message, the
    source line and a caret); ``diagnostics`` the same, each in parts.
    """

    def __init__(self, text: str, diagnostics: List[Diagnostic]):
        super().__init__(text.rstrip("\n"))
        self.text = text
        self.diagnostics = diagnostics

    @property
    def errors(self) -> List[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


class AssemblyWarning(UserWarning):
    """A warning of the assembler (the program was assembled)."""


class RuntimeFault(Exception):
    """The program faulted while it ran (a run-time limit included).

    ``kind`` names the fault ("out_of_bounds", "deadlock", "race", ...),
    ``message`` is trn-emu's whole report of it; ``engine`` ("PE", "ACT",
    ...), ``instruction`` (its index in that engine's stream) and
    ``location`` (a SourceLocation) name the instruction at fault, or are
    None when no one instruction is (a deadlock). ``warnings`` and
    ``races`` are what the run reported before it stopped; ``report`` its
    utilization report up to the fault (a dict, or None). ``memory``: what
    the run had in memory when it stopped, NumPy arrays by name as in
    Result.outputs (every output tensor, every SBUF/PSUM allocation, and
    the names run() was given in read=), with ``memory_dtypes`` their
    trnemu dtypes: trn-emu --dump-on-fault's files, in Python. ``prints``:
    what the print instructions wrote before the fault, as Result.prints.
    """

    def __init__(self, kind: str, message: str, engine: Optional[str] = None,
                 instruction: Optional[int] = None,
                 location: Optional[SourceLocation] = None, warnings=(), races=(),
                 report=None, memory=None, memory_dtypes=None, prints=()):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.engine = engine
        self.instruction = instruction
        self.location = location
        self.warnings = list(warnings)
        self.races = list(races)
        self.report = report
        self.memory = dict(memory or {})
        self.memory_dtypes = dict(memory_dtypes or {})
        self.prints = list(prints)


class RaceError(RuntimeFault):
    """The race detector found two accesses no semaphore orders
    (race_check="error", the default): a RuntimeFault of kind "race"."""
