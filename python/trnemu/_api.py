"""assemble(), run() and check(): the package's functions over _trnemu."""

import json
import os
import warnings as _warnings
from typing import Dict, Iterable, List, Mapping, Optional, Union

import numpy as np

from trnemu import _trnemu, dtypes
from trnemu._trnemu import Program
from trnemu.errors import (AssemblyError, AssemblyWarning, Diagnostic, RaceError, RuntimeFault,
                           SourceLocation)

PathLike = Union[str, "os.PathLike[str]"]


def _assembled(outcome, warnings_as_errors):
    program, text, diags = outcome
    diagnostics = [Diagnostic(*d) for d in diags]
    if program is None:
        raise AssemblyError(text, diagnostics)
    if text:
        _warnings.warn(AssemblyWarning(text.rstrip("\n")), stacklevel=3)
    return program


def assemble(source: str, chip: Optional[str] = None, include_dirs: Iterable[PathLike] = (),
             filename: str = "<string>", warnings_as_errors: bool = False) -> Program:
    """Assembles ``source`` (assembly text, docs/assembly.md) as trn-as does.

    ``chip`` ("trn1", "trn2", "trn3") is trn-as --chip: the source's .chip
    must agree; ``include_dirs`` are searched for .include files;
    ``filename`` names the source in diagnostics. Raises AssemblyError with
    the diagnostics; warnings of a program that assembles are issued as
    AssemblyWarning (warnings.warn).
    """
    dirs = [os.fspath(d) for d in include_dirs]
    return _assembled(_trnemu._assemble(source, chip, dirs, filename, warnings_as_errors),
                      warnings_as_errors)


def assemble_file(path: PathLike, chip: Optional[str] = None,
                  include_dirs: Iterable[PathLike] = (),
                  warnings_as_errors: bool = False) -> Program:
    """Assembles the file at ``path`` as trn-as does (see assemble())."""
    dirs = [os.fspath(d) for d in include_dirs]
    return _assembled(_trnemu._assemble_file(os.fspath(path), chip, dirs, warnings_as_errors),
                      warnings_as_errors)


def load(path: PathLike, chip: Optional[str] = None,
         include_dirs: Iterable[PathLike] = ()) -> Program:
    """The program in an object file, or assembled from a source file, as
    trn-emu takes either: a file named *.o or starting like ELF is read as
    an object (ValueError if malformed), anything else assembled."""
    path = os.fspath(path)
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".o") or data[:4] == b"\x7fELF":
        try:
            return Program.from_object(data)
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None
    return assemble_file(path, chip=chip, include_dirs=include_dirs)


def _save(program: Program, path: PathLike) -> None:
    """Writes the program as an object file (as trn-as -o does)."""
    data = program.to_object()
    tmp = os.fspath(path) + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _load(path: PathLike) -> Program:
    with open(path, "rb") as f:
        data = f.read()
    try:
        return Program.from_object(data)
    except ValueError as e:
        raise ValueError(f"{os.fspath(path)}: {e}") from None


Program.load = staticmethod(_load)
Program.load.__doc__ = "The program in the object file at path (ValueError if malformed)."
Program.save = _save


class CheckResult:
    """How an output compared with its reference (trn-emu --check).

    True when every element is within tolerance; ``message`` is what
    trn-emu prints; ``first`` holds the first mismatches as (index, got,
    expected).
    """

    def __init__(self, d):
        self.ok: bool = d["ok"]
        self.elements: int = d["elements"]
        self.mismatches: int = d["mismatches"]
        self.max_abs_error: float = d["max_abs_error"]
        self.max_rel_error: float = d["max_rel_error"]
        self.first = list(d["first"])
        self.message: str = d["message"]

    def __bool__(self):
        return self.ok

    def __str__(self):
        return self.message.rstrip("\n")

    def __repr__(self):
        return f"<CheckResult {self}>"


def _dtype_of(array: np.ndarray) -> str:
    """The trnemu dtype whose storage (or ml_dtypes) type ``array`` has."""
    for name in dtypes.NAMES:
        ml = dtypes.ml_dtype(name)
        if ml is not None and array.dtype == ml:
            return name
    for name in dtypes.NAMES:
        if not dtypes.is_raw(name) and name != "tf32" and dtypes.STORAGE[name] == array.dtype:
            return name
    raise ValueError(f"no trnemu dtype is stored as {array.dtype}: pass dtype= "
                     f"(one of {', '.join(dtypes.NAMES)})")


def check(actual, reference, rtol: float = 1e-5, atol: float = 1e-8, dtype: Optional[str] = None,
          name: str = "tensor", keep_first: int = 10) -> CheckResult:
    """Compares ``actual`` with ``reference`` as trn-emu --check does:
    |actual - reference| <= atol + rtol * |reference| elementwise, NaN
    matching NaN and an infinity only itself.

    ``actual`` holds dtype ``dtype``'s values in its storage type (raw bits
    for bf16 and fp8) or its ml_dtypes type; ``dtype`` defaults to the one
    its NumPy type implies. ``reference`` may be float64/float32/float16 or
    integer values, or raw bits of the same bf16/fp8 type. Shapes must be
    equal (ValueError otherwise).
    """
    actual = np.asarray(actual)
    name_ = dtype or _dtype_of(actual)
    got = dtypes.to_storage(actual, name_)
    ref = np.asarray(reference, order="C")
    if ref.dtype.byteorder == ">":
        ref = ref.astype(ref.dtype.newbyteorder("<"))
    ml = dtypes.ml_dtype(name_)
    if ml is not None and ref.dtype == ml:
        ref = ref.view(dtypes.STORAGE[name_])
    return CheckResult(_trnemu._check(got, name_, ref, float(rtol), float(atol), name, keep_first))


def assert_close(actual, reference, rtol: float = 1e-5, atol: float = 1e-8,
                 dtype: Optional[str] = None, name: str = "tensor") -> CheckResult:
    """check(), raising AssertionError with trn-emu's message on a mismatch."""
    result = check(actual, reference, rtol=rtol, atol=atol, dtype=dtype, name=name)
    if not result:
        raise AssertionError(result.message.rstrip("\n"))
    return result


class Result:
    """What a run gave.

    ``outputs``: the program's output tensors (and the tensors and
    SBUF/PSUM allocations asked for with read=), NumPy arrays by name
    (an allocation's shape as declared, partition dimension first); bf16 and fp8 as raw bits (uint16, uint8)
    or ml_dtypes types (see trnemu.dtypes); ``dtypes``: each one's trnemu
    dtype name. ``report``: the utilization report, the dict trn-emu
    --report-json writes (None with report=False). ``time_ps``, ``cycles``
    (of the PE clock), ``instructions``; ``warnings`` and ``races``
    (race_check="warn") as trn-emu prints them; ``text_trace`` with
    text_trace=True; ``prints``: what the program's print instructions
    wrote, one text each, in the order they ran.
    """

    def __init__(self, d, report):
        self.dtypes: Dict[str, str] = dict(d["dtypes"])
        self.raw_outputs: Dict[str, np.ndarray] = dict(d["outputs"])
        self.outputs: Dict[str, np.ndarray] = {
            k: dtypes.to_user(v, self.dtypes[k]) for k, v in self.raw_outputs.items()}
        self.report: Optional[dict] = report
        self.chip: str = d["chip"]
        self.time_ps: int = d["time_ps"]
        self.cycles: int = d["cycles"]
        self.instructions: int = d["instructions"]
        self.host_seconds: float = d["host_seconds"]
        self.warnings: List[str] = list(d["warnings"])
        self.races: List[str] = list(d["races"])
        self.text_trace: Optional[str] = d["text_trace"]
        self.prints: List[str] = list(d["prints"])

    @property
    def time_us(self) -> float:
        return self.time_ps / 1e6

    def __getitem__(self, name: str) -> np.ndarray:
        return self.outputs[name]

    def check(self, name: str, reference, rtol: float = 1e-5, atol: float = 1e-8) -> CheckResult:
        """check() of output ``name`` (its dtype known) against ``reference``."""
        if name not in self.raw_outputs:
            raise KeyError(f"no output '{name}' (outputs: {', '.join(self.raw_outputs) or 'none'})")
        return check(self.raw_outputs[name], reference, rtol=rtol, atol=atol,
                     dtype=self.dtypes[name], name=name)

    def assert_close(self, name: str, reference, rtol: float = 1e-5,
                     atol: float = 1e-8) -> CheckResult:
        """Result.check(), raising AssertionError with trn-emu's message."""
        result = self.check(name, reference, rtol=rtol, atol=atol)
        if not result:
            raise AssertionError(result.message.rstrip("\n"))
        return result

    def __repr__(self):
        return (f"<trnemu.Result: {self.instructions} instructions in {self.time_us:.3f} us "
                f"({self.cycles} cycles) on {self.chip}; outputs {sorted(self.outputs)}>")


def run(program: Union[Program, str, "os.PathLike[str]"],
        inputs: Optional[Mapping[str, object]] = None, chip: Optional[str] = None,
        max_cycles: int = _trnemu.DEFAULT_MAX_CYCLES,
        max_instructions: int = _trnemu.DEFAULT_MAX_INSTRUCTIONS,
        max_memory: int = _trnemu.DEFAULT_MAX_MEMORY, strict: bool = False,
        throttle: bool = True, trace: Optional[PathLike] = None, text_trace: bool = False,
        race_check: str = "error", report: bool = True, random_inputs: bool = False,
        seed: int = 0, read: Iterable[str] = (), cores: Optional[int] = None,
        system: Optional[str] = None) -> Result:
    """Runs a program on an emulated NeuronCore, as trn-emu does.

    ``program``: a Program, or the path of an object or source file.
    ``inputs``: arrays by tensor name, each of the tensor's shape, in its
    storage type (its ml_dtypes type, or float32 for a narrower float,
    rounded to nearest even as trn-emu --in rounds); C-ordered arrays of the
    storage type are read without a copy. ``random_inputs``/``seed``:
    trn-emu --random-inputs/--seed for inputs not given. ``chip``,
    ``max_cycles``, ``max_instructions`` (0: no limit), ``max_memory``
    (bytes, 0: no limit), ``strict``, ``throttle`` (False:
    --no-throttle), ``race_check`` ("error", "warn", "off"): as trn-emu's
    options. ``trace``: write a Chrome/Perfetto trace there (kept on a
    fault too). ``text_trace``: keep trn-emu --trace-text's lines in
    Result.text_trace. ``read``: more names to return beside the outputs:
    HBM tensors or SBUF/PSUM allocations (their final contents).

    ``cores``: run on that many cores of the chip, as trn-emu --cores N
    (docs/multicore.md). A private tensor's input is one array for every
    core, or [cores, shape...] with core k's at index k; a shared tensor's
    is its one copy. Outputs are then [cores, shape...] (a shared tensor's
    its shape), ``Result.core_reports`` each core's report and
    ``Result.messages`` the updates between cores; ``trace`` is one file
    of every core (a process per core, trn-emu --trace's) and
    ``text_trace`` every core's lines, each after ``core K``.

    ``system``: an instance preset ("trn1.32xlarge", "trn2.48xlarge",
    "trn2-ultraserver", "trn3-ultraserver"), as
    trn-emu --system: every chip of it, ``cores`` cores of each (default
    all), numbered chip by chip; inputs and outputs are then
    [chips x cores, shape...] as above, and the collectives run over the
    instance's links (``Result.links``, ``Result.collectives``).

    Raises RuntimeFault (RaceError for a race) when the program faults,
    with the memory as the fault left it in its ``memory`` (the outputs,
    those named by ``read`` and every allocation); ValueError for inputs
    that do not fit the program.
    """
    if race_check not in ("error", "warn", "off"):
        raise ValueError(f"race_check takes 'error', 'warn' or 'off', not {race_check!r}")
    if not isinstance(program, Program):
        program = load(program, chip=chip)
    if cores is not None or system is not None:
        return _run_system(program, inputs, chip, int(cores or 0), max_cycles, max_instructions,
                           max_memory, strict, throttle, report, random_inputs, seed, read,
                           trace, text_trace, system)
    declared = {t.name: t for t in program.tensors}
    arrays = {}
    for name, value in (inputs or {}).items():
        t = declared.get(name)
        arrays[name] = dtypes.to_storage(value, t.dtype) if t else np.asarray(value)
    d = _trnemu._run(program, arrays, chip, int(max_cycles), int(max_instructions),
                     int(max_memory), bool(strict), bool(throttle),
                     None if trace is None else os.fspath(trace), bool(text_trace), race_check,
                     bool(report), bool(random_inputs), int(seed), list(read))
    rep = json.loads(d["report_json"]) if d["report_json"] is not None else None
    fault = d["fault"]
    if fault is not None:
        location = SourceLocation(*fault["location"]) if fault["location"] else None
        cls = RaceError if fault["kind"] == "race" else RuntimeFault
        kinds = dict(d["dtypes"])
        memory = {k: dtypes.to_user(v, kinds[k]) for k, v in d["outputs"].items()}
        raise cls(fault["kind"], fault["message"], fault["engine"], fault["instruction"],
                  location, d["warnings"], d["races"], rep, memory, kinds, d["prints"])
    return Result(d, rep)


def _run_system(program, inputs, chip, cores, max_cycles, max_instructions, max_memory, strict,
                throttle, report, random_inputs, seed, read, trace, text_trace, system) -> Result:
    """run(cores=N, system=...): the inputs split by core, the run, the result."""
    chips, per_chip = _trnemu._system_shape(program, chip, cores, system)
    cores = chips * per_chip
    declared = {t.name: t for t in program.tensors}
    per_core = [{} for _ in range(max(cores, 0))]
    shared = {}
    for name, value in (inputs or {}).items():
        t = declared.get(name)
        a = dtypes.to_storage(value, t.dtype) if t else np.asarray(value)
        if t is None or t.shared:
            shared[name] = a
        elif a.shape == tuple(t.shape):
            for d in per_core:
                d[name] = a
        elif a.shape == (cores,) + tuple(t.shape):
            for k, d in enumerate(per_core):
                d[name] = np.ascontiguousarray(a[k])
        else:
            raise ValueError(f"input '{name}': shape {a.shape} is neither "
                             f"{(cores,) + tuple(t.shape)} (one copy per core) nor "
                             f"{tuple(t.shape)} (the same for every core)")
    d = _trnemu._run_system(program, per_core, shared, chip, per_chip, int(max_cycles),
                            int(max_instructions), int(max_memory), bool(strict), bool(throttle),
                            bool(report), bool(random_inputs), int(seed), list(read),
                            None if trace is None else os.fspath(trace), bool(text_trace),
                            system)
    reports = [json.loads(r) for r in d["report_jsons"]]
    fault = d["fault"]
    if fault is not None:
        location = SourceLocation(*fault["location"]) if fault["location"] else None
        kinds = dict(d["dtypes"])
        memory = {k: dtypes.to_user(v, kinds[k]) for k, v in d["outputs"].items()}
        err = RuntimeFault(fault["kind"], fault["message"], fault["engine"],
                           fault["instruction"], location, d["warnings"], d["races"], None,
                           memory, kinds, d["prints"])
        err.core = fault["core"]
        raise err
    result = Result(d, None)
    result.cores = d["cores"]
    result.messages = d["messages"]
    result.core_reports = reports
    result.collectives = d["collectives"]
    result.links = d["links"]
    return result
