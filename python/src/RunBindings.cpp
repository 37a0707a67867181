//===- RunBindings.cpp - running a Program, in Python ----------------------===//
//
// _run drives one run as trn-emu does, through the same library
// (trn/run): inputs bound (or random), the observers asked for, the run
// with the GIL released, then the outputs read into NumPy
// arrays and the report written as its JSON. It returns a dict that the
// package turns into a Result or a RuntimeFault (python/trnemu/_run.py).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Streams.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"
#include "trn/npy/Npy.h"
#include "trn/object/ObjectFile.h"
#include "trn/run/Inputs.h"
#include "trn/run/Observers.h"
#include "trn/run/Regions.h"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <chrono>
#include <memory>
#include <set>

namespace py = pybind11;

namespace trn::python {

// An input array's bytes into tensor T: as they are when the array holds
// T's storage type in C order (no copy but the one into emulated HBM),
// else converted as trn-emu converts a .npy file (float32 rounded to a
// narrower float), else refused with trn-emu's message.
void bindInput(emu::Emulator &E, const object::Tensor &T, const py::array &A) {
  std::string Descr = py::str(A.dtype().attr("str"));
  std::vector<uint64_t> Shape(A.shape(), A.shape() + A.ndim());
  bool COrder = A.flags() & py::array::c_style;
  auto Conv = npy::tensorConverter(Descr, /*FortranOrder=*/false, Shape, T.Type, T.Shape);
  if (auto *Err = std::get_if<std::string>(&Conv))
    throw py::value_error(fmt::format("input '{}': {}", T.Name, *Err));
  if (!COrder)
    throw py::value_error(fmt::format("input '{}': the array is not in C order", T.Name));
  std::span<const uint8_t> In(static_cast<const uint8_t *>(A.data()), A.nbytes());
  std::optional<std::string> Err;
  const npy::TensorConverter &C = std::get<npy::TensorConverter>(Conv);
  if (Descr == npy::descrFor(T.Type)) {
    Err = E.setTensor(T.Name, In);
  } else {
    std::vector<uint8_t> Bytes(T.bytes());
    C.convert(In, Bytes);
    Err = E.setTensor(T.Name, Bytes);
  }
  if (Err)
    throw py::value_error(fmt::format("input '{}': {}", T.Name, *Err));
}

// A tensor's or allocation's contents as a NumPy array of its storage type
// and shape, read straight into the array's buffer.
py::array readRegion(const emu::Emulator &E, const run::Region &R) {
  py::array A(py::dtype(std::string(npy::descrFor(R.Type))),
              std::vector<py::ssize_t>(R.Shape.begin(), R.Shape.end()));
  std::span<uint8_t> Out(static_cast<uint8_t *>(A.mutable_data()), A.nbytes());
  if (auto Err = run::readRegion(E, R, 0, Out))
    throw py::value_error(
        fmt::format("{} '{}': {}", R.OnChip ? "allocation" : "tensor", R.Name, *Err));
  return A;
}

// "out of bounds" -> "out_of_bounds": a Python-friendly kind.
std::vector<run::Region> outputRegions(const object::Program &P,
                                       const std::vector<std::string> &Read) {
  std::vector<run::Region> Outs;
  for (const object::Tensor &T : P.Tensors)
    if (T.Role == object::TensorRole::Output)
      Outs.push_back(run::regionOf(T));
  for (const std::string &Name : Read) {
    auto R = run::findRegion(P, Name);
    if (auto *Err = std::get_if<std::string>(&R))
      throw py::value_error(fmt::format("read '{}': {}", Name, *Err));
    if (std::find(Outs.begin(), Outs.end(), std::get<run::Region>(R)) == Outs.end())
      Outs.push_back(std::get<run::Region>(R));
  }
  return Outs;
}

static std::string kindId(emu::FaultKind K) {
  std::string S = emu::faultKindName(K);
  for (char &C : S)
    C = C == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

py::dict faultDict(const emu::Emulator &E, const emu::Fault &F) {
  py::dict D;
  D["kind"] = kindId(F.Kind);
  D["message"] = F.Message;
  D["engine"] = py::none();
  D["instruction"] = py::none();
  D["location"] = py::none();
  if (F.Eng) {
    D["engine"] = std::string(isa::engine(*F.Eng).RecordName);
    D["instruction"] = F.Index;
    const object::Program &P = E.program();
    const object::Stream &S = P.stream(*F.Eng);
    if (F.Index < S.Locs.size() && S.Locs[F.Index].Line) {
      const object::SourceLoc &L = S.Locs[F.Index];
      std::string File = L.File < P.Files.size() ? P.Files[L.File] : "";
      D["location"] = py::make_tuple(File, L.Line, L.Col);
    }
  }
  return D;
}

namespace {

const object::Tensor &tensorNamed(const object::Program &P, const std::string &Name,
                                  const char *What) {
  auto T = run::findTensor(P, Name);
  if (auto *Err = std::get_if<std::string>(&T))
    throw py::value_error(fmt::format("{} '{}': {}", What, Name, *Err));
  return *std::get<const object::Tensor *>(T);
}

void addRegions(const emu::Emulator &E, const std::vector<run::Region> &Regions, py::dict &Arrays,
                py::dict &DTypes) {
  for (const run::Region &R : Regions) {
    Arrays[py::str(R.Name)] = readRegion(E, R);
    DTypes[py::str(R.Name)] = isa::dtype(R.Type).Name;
  }
}

py::dict run(const object::Program &Prog, const py::dict &Inputs,
             const std::optional<std::string> &ChipName, uint64_t MaxCycles,
             uint64_t MaxInstructions, uint64_t MaxMemory, bool Strict, bool Throttle,
             const std::optional<std::string> &TracePath, bool TextTrace,
             const std::string &RaceCheck, bool WantReport, bool RandomInputs, uint64_t Seed,
             const std::vector<std::string> &Read) {
  std::optional<isa::Chip> Chip = chipNamed(ChipName);
  auto Races = run::parseRaceCheck(RaceCheck);
  if (!Races)
    throw py::value_error(
        fmt::format("race_check takes 'error', 'warn' or 'off', not '{}'", RaceCheck));
  std::unique_ptr<emu::Emulator> Emu;
  try {
    Emu = std::make_unique<emu::Emulator>(Prog, Chip, MaxMemory);
  } catch (const HostMemoryError &Err) {
    throw py::value_error(Err.what());
  }
  emu::Emulator &E = *Emu;
  const object::Program &P = E.program();

  std::set<std::string> Given;
  for (auto [Key, Value] : Inputs) {
    std::string Name = py::str(Key);
    const object::Tensor &T = tensorNamed(P, Name, "input");
    bindInput(E, T, py::reinterpret_borrow<py::array>(Value));
    Given.insert(Name);
  }
  if (!RandomInputs) {
    if (const object::Tensor *T = run::firstUnboundInput(P, Given))
      throw py::value_error(fmt::format("input tensor '{}' is not given: pass inputs={{'{}': "
                                        "array}} or random_inputs=True",
                                        T->Name, T->Name));
  } else if (auto Err = run::randomizeUnboundInputs(E, Given, Seed)) {
    throw py::value_error(fmt::format("random inputs: {}", *Err));
  }
  std::vector<run::Region> Outs = outputRegions(P, Read);

  // Observers, as trn-emu asks for them (trn/run/Observers.h orders them).
  // The text trace is collected in memory.
  std::string TextTraceText;
  TextStream TextOS(TextTraceText);
  run::ObserverRequest Want;
  Want.Races = *Races;
  Want.Report = WantReport;
  Want.TextTrace = TextTrace ? &TextOS : nullptr;
  Want.TracePath = TracePath;
  auto Attached = run::Observers::attach(E, Want);
  if (auto *Err = std::get_if<std::string>(&Attached))
    throw py::value_error(fmt::format("cannot write {}", *Err));
  run::Observers &Observing = *std::get<std::unique_ptr<run::Observers>>(Attached);
  trace::ReportBuilder *Reporter = Observing.reporter();

  emu::RunOptions Opts;
  Opts.MaxCycles = MaxCycles;
  Opts.MaxInstructions = MaxInstructions;
  Opts.Strict = Strict;
  Opts.Throttle = Throttle;
  emu::RunResult R;
  double HostSeconds = 0;
  {
    py::gil_scoped_release Release;
    auto Start = std::chrono::steady_clock::now();
    R = E.run(Opts);
    HostSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }
  // A faulting run's trace is whole too: it ends where the run stopped.
  if (auto Err = Observing.finish())
    throw py::value_error(fmt::format("cannot write {}", *Err));

  py::dict D;
  D["chip"] = std::string(E.chip().Name);
  D["warnings"] = R.Warnings;
  D["prints"] = R.Prints;
  D["races"] = Observing.races() ? Observing.races()->races() : std::vector<std::string>{};
  D["time_ps"] = R.TimePs;
  D["cycles"] = R.Cycles;
  D["instructions"] = R.Instructions;
  D["host_seconds"] = HostSeconds;
  D["text_trace"] = TextTrace ? py::object(py::str(TextTraceText)) : py::none();
  D["fault"] = R.Error ? py::object(faultDict(E, *R.Error)) : py::none();
  D["report_json"] = py::none();
  if (Reporter) {
    trace::Report Rep = Reporter->build(R, HostSeconds);
    D["report_json"] = textOf([&](TextStream &OS) { trace::writeReportJson(Rep, OS); });
  }
  py::dict Outputs, DTypes;
  if (!R.Error) {
    addRegions(E, Outs, Outputs, DTypes);
  } else {
    // The memory as the fault left it (RuntimeFault.memory): the outputs,
    // those asked for, and every allocation.
    std::vector<run::Region> Dump = Outs;
    for (const run::Region &R : run::faultDumpRegions(P))
      if (std::find(Dump.begin(), Dump.end(), R) == Dump.end())
        Dump.push_back(R);
    addRegions(E, Dump, Outputs, DTypes);
  }
  D["outputs"] = Outputs;
  D["dtypes"] = DTypes;
  return D;
}

// check(): Got holds dtype T's storage (or, for T's own NumPy type, its
// values); the reference as --check reads a .npy file.
py::dict check(const py::array &Got, const std::string &DTypeName, const py::array &Ref,
               double RTol, double ATol, const std::string &Name, unsigned KeepFirst) {
  auto Type = isa::lookupDType(DTypeName);
  if (!Type)
    throw py::value_error(fmt::format("unknown dtype '{}'", DTypeName));
  object::Tensor T;
  T.Name = Name;
  T.Type = *Type;
  T.Shape.assign(Got.shape(), Got.shape() + Got.ndim());
  std::string GotDescr = py::str(Got.dtype().attr("str"));
  if (GotDescr != npy::descrFor(T.Type))
    throw py::value_error(fmt::format("{}: the array's dtype '{}' is not {}'s storage type '{}'",
                                      Name, GotDescr, DTypeName, npy::descrFor(T.Type)));
  npy::Array A;
  A.Descr = py::str(Ref.dtype().attr("str"));
  A.Shape.assign(Ref.shape(), Ref.shape() + Ref.ndim());
  const auto *RefData = static_cast<const uint8_t *>(Ref.data());
  A.Data.assign(RefData, RefData + Ref.nbytes());
  if (auto Err = emu::checkReference(T, A))
    throw py::value_error(fmt::format("{}: {}", Name, *Err));
  auto C = emu::compare(
      T, std::span(static_cast<const uint8_t *>(Got.data()), static_cast<size_t>(Got.nbytes())), A,
      RTol, ATol, KeepFirst);
  if (auto *Err = std::get_if<std::string>(&C))
    throw py::value_error(fmt::format("{}: {}", Name, *Err));
  const emu::CheckResult &CR = std::get<emu::CheckResult>(C);
  py::dict D;
  D["ok"] = CR.ok();
  D["elements"] = CR.Elements;
  D["mismatches"] = CR.Mismatches;
  D["max_abs_error"] = CR.MaxAbsError;
  D["max_rel_error"] = CR.MaxRelError;
  py::list First;
  for (const emu::Mismatch &M : CR.First)
    First.append(py::make_tuple(py::tuple(py::cast(M.Index)), M.Got, M.Expected));
  D["first"] = First;
  D["message"] = emu::describeCheck(Name, CR, RTol, ATol);
  return D;
}

} // namespace

void bindRun(py::module_ &M) {
  M.def("_run", &run, py::arg("program"), py::arg("inputs"), py::arg("chip"), py::arg("max_cycles"),
        py::arg("max_instructions"), py::arg("max_memory"), py::arg("strict"), py::arg("throttle"),
        py::arg("trace"), py::arg("text_trace"), py::arg("race_check"), py::arg("report"),
        py::arg("random_inputs"), py::arg("seed"), py::arg("read"));
  M.def("_check", &check, py::arg("got").noconvert(), py::arg("dtype"),
        py::arg("reference").noconvert(), py::arg("rtol"), py::arg("atol"), py::arg("name"),
        py::arg("keep_first"));
  M.def("_dtypes", [] {
    py::list L;
    for (const isa::DTypeDesc &D : isa::dtypes())
      L.append(py::make_tuple(D.Name, npy::descrFor(D.Id), D.StorageBytes));
    return L;
  });
  M.attr("DEFAULT_MAX_CYCLES") = emu::DefaultMaxCycles;
  M.attr("DEFAULT_MAX_INSTRUCTIONS") = emu::DefaultMaxInstructions;
  M.attr("DEFAULT_MAX_MEMORY") = DefaultMaxHostMemory;
}

} // namespace trn::python
