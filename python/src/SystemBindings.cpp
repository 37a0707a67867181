//===- SystemBindings.cpp - a program on the cores of a chip, in Python ----===//
//
// _run_system drives a run on a system of cores as trn-emu --cores does
// (docs/multicore.md): the package splits each private input into its
// cores' arrays and passes shared ones once; the result stacks each private
// output as [cores, shape...] and gives each core's report. The traces are
// trn-emu's: one Chrome trace file of every core, one text of every core's
// lines (trn/trace/SystemTrace.h).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Streams.h"
#include "trn/emu/System.h"
#include "trn/object/AtomicStream.h"
#include "trn/run/Inputs.h"
#include "trn/run/Observers.h"
#include "trn/trace/Report.h"
#include "trn/trace/SystemTrace.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <chrono>
#include <set>

namespace py = pybind11;

namespace trn::python {

namespace {

const object::Tensor &inputNamed(const object::Program &P, const std::string &Name) {
  auto T = run::findTensor(P, Name);
  if (auto *Err = std::get_if<std::string>(&T))
    throw py::value_error(fmt::format("input '{}': {}", Name, *Err));
  return *std::get<const object::Tensor *>(T);
}

// Region R after the run: a shared tensor once, else [cores, shape...].
py::array gathered(const emu::System &S, const object::Program &P, const run::Region &R) {
  const object::Tensor *T = R.OnChip ? nullptr : P.findTensor(R.Name);
  if (T && T->Shared)
    return readRegion(S.core(0), R);
  py::list Each;
  for (unsigned K = 0; K < S.cores(); ++K)
    Each.append(readRegion(S.core(K), R));
  return py::module_::import("numpy").attr("stack")(Each);
}

// The system run(cores=, system=) names: an instance's chips with Cores
// cores each (0: all), or Cores cores of one chip.
emu::SystemShape systemShape(const object::Program &Prog,
                             const std::optional<std::string> &ChipName, unsigned Cores,
                             const std::optional<std::string> &InstanceName) {
  isa::Chip Chip = chipNamed(ChipName).value_or(Prog.TargetChip);
  const isa::InstanceDesc *Instance = nullptr;
  if (InstanceName) {
    auto I = isa::lookupInstance(*InstanceName);
    if (!I) {
      std::string Known;
      for (const isa::InstanceDesc &D : isa::instances())
        Known += fmt::format("{}'{}'", Known.empty() ? "" : ", ", D.Name);
      throw py::value_error(
          fmt::format("system='{}': not an instance; expected one of {}", *InstanceName, Known));
    }
    Instance = *I;
    if (ChipName && Chip != Instance->ChipId)
      throw py::value_error(
          fmt::format("chip='{}' and system='{}' name different chips", *ChipName, *InstanceName));
    Chip = Instance->ChipId;
    if (Cores == 0)
      Cores = isa::chip(Chip).CoresPerChip;
  }
  if (Cores == 0 || Cores > unsigned(isa::chip(Chip).CoresPerChip))
    throw py::value_error(fmt::format("cores={}: {} has 1 to {} cores", Cores, isa::chip(Chip).Name,
                                      isa::chip(Chip).CoresPerChip));
  return {Chip, Instance ? Instance->chips() : 1, Cores, Instance};
}

py::dict runSystem(const object::Program &Prog, const std::vector<py::dict> &PerCore,
                   const py::dict &Shared, const std::optional<std::string> &ChipName,
                   unsigned Cores, uint64_t MaxCycles, uint64_t MaxInstructions, uint64_t MaxMemory,
                   bool Strict, bool Throttle, bool WantReport, bool RandomInputs, uint64_t Seed,
                   const std::vector<std::string> &Read,
                   const std::optional<std::string> &TracePath, bool TextTrace,
                   const std::optional<std::string> &InstanceName) {
  emu::SystemShape Shape = systemShape(Prog, ChipName, Cores, InstanceName);
  Cores = Shape.Chips * Shape.CoresPerChip;
  if (PerCore.size() != Cores)
    throw py::value_error("internal error: one input dict per core expected");
  std::unique_ptr<emu::System> Sys;
  try {
    Sys = std::make_unique<emu::System>(Prog, Shape, MaxMemory);
  } catch (const HostMemoryError &Err) {
    throw py::value_error(Err.what());
  }
  emu::System &S = *Sys;
  if (!S.loadErrors().empty())
    throw py::value_error(fmt::format("{}", fmt::join(S.loadErrors(), "\n")));
  const object::Program &P = S.core(0).program();

  std::set<std::string> Given;
  for (auto [Key, Value] : Shared) {
    std::string Name = py::str(Key);
    bindInput(S.core(0), inputNamed(P, Name), py::reinterpret_borrow<py::array>(Value));
    Given.insert(Name);
  }
  for (unsigned K = 0; K < Cores; ++K)
    for (auto [Key, Value] : PerCore[K]) {
      std::string Name = py::str(Key);
      bindInput(S.core(K), inputNamed(P, Name), py::reinterpret_borrow<py::array>(Value));
      if (K == 0)
        Given.insert(Name);
    }
  if (!RandomInputs) {
    if (const object::Tensor *T = run::firstUnboundInput(P, Given))
      throw py::value_error(fmt::format("input tensor '{}' is not given: pass inputs={{'{}': "
                                        "array}} or random_inputs=True",
                                        T->Name, T->Name));
  } else {
    // As trn-emu: core K's private inputs from Seed + K, the shared ones
    // from Seed.
    for (unsigned K = 0; K < Cores; ++K) {
      std::set<std::string> Skip = Given;
      if (K > 0)
        for (const object::Tensor &T : P.Tensors)
          if (T.Shared)
            Skip.insert(T.Name);
      if (auto Err = run::randomizeUnboundInputs(S.core(K), Skip, Seed + K))
        throw py::value_error(fmt::format("random inputs: {}", *Err));
    }
  }
  std::vector<run::Region> Outs = outputRegions(P, Read);

  run::ObserverRequest Want;
  Want.Report = WantReport;
  std::unique_ptr<object::AtomicStream> TraceFile;
  std::unique_ptr<trace::CoreStreams> TraceParts, TextParts;
  std::string TextTraceText;
  TextStream TextOS(TextTraceText);
  auto Streams = [&](std::ostream &OS, const char *Tail) {
    auto C = trace::CoreStreams::create(Cores, OS, Tail);
    if (auto *Err = std::get_if<std::string>(&C))
      throw py::value_error(*Err);
    return std::move(std::get<std::unique_ptr<trace::CoreStreams>>(C));
  };
  if (TracePath) {
    auto F = object::AtomicStream::create(*TracePath);
    if (auto *Err = std::get_if<std::string>(&F))
      throw py::value_error(fmt::format("cannot write {}", *Err));
    TraceFile = std::move(std::get<std::unique_ptr<object::AtomicStream>>(F));
    TraceParts = Streams(TraceFile->stream(), "]}");
  }
  if (TextTrace)
    TextParts = Streams(TextOS, "");
  std::vector<std::unique_ptr<run::Observers>> Observing;
  for (unsigned K = 0; K < Cores; ++K) {
    if (TraceParts) {
      Want.TraceStream = &TraceParts->stream(K);
      Want.Chrome = trace::systemTraceOptions(K, Cores, S.coresPerChip());
    }
    if (TextParts) {
      Want.TextTrace = &TextParts->stream(K);
      Want.TextPrefix = fmt::format("core {} ", K);
    }
    auto Attached = run::Observers::attach(S.core(K), Want);
    if (auto *Err = std::get_if<std::string>(&Attached))
      throw py::value_error(*Err);
    Observing.push_back(std::move(std::get<std::unique_ptr<run::Observers>>(Attached)));
  }
  // The cores' race detectors, checked against each other.
  std::vector<race::RaceDetector *> Detectors;
  for (auto &O : Observing)
    Detectors.push_back(O->races());
  race::SystemRaces CrossCore(S, Detectors);
  emu::RunOptions Opts;
  Opts.MaxCycles = MaxCycles;
  Opts.MaxInstructions = MaxInstructions;
  Opts.Strict = Strict;
  Opts.Throttle = Throttle;
  emu::SystemRunResult R;
  double HostSeconds = 0;
  {
    py::gil_scoped_release Release;
    auto Start = std::chrono::steady_clock::now();
    R = S.run(Opts);
    HostSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }
  // A faulting run's traces are whole too: each core's ends where it stopped.
  for (auto &O : Observing)
    if (auto Err = O->finish())
      throw py::value_error(*Err);
  for (trace::CoreStreams *Parts : {TraceParts.get(), TextParts.get()})
    if (Parts)
      if (auto Err = Parts->finish())
        throw py::value_error(*Err);
  if (TraceFile)
    if (auto Err = TraceFile->commit())
      throw py::value_error(fmt::format("cannot write {}", *Err));

  py::dict D;
  D["chip"] = std::string(S.chip().Name);
  D["cores"] = Cores;
  D["time_ps"] = R.TimePs;
  D["cycles"] = R.Cycles;
  D["instructions"] = R.Instructions;
  D["messages"] = R.Messages;
  D["collectives"] = R.Collectives;
  py::list Links;
  for (const emu::LinkReport &L : R.Links) {
    py::dict E;
    E["name"] = L.Name;
    E["bytes"] = L.Bytes;
    E["transfers"] = L.Transfers;
    E["busy_ns"] = L.BusyPs / 1e3;
    E["bandwidth_gbps"] = L.MBps / 1e3;
    Links.append(E);
  }
  D["links"] = Links;
  D["host_seconds"] = HostSeconds;
  py::list Warnings, Races, Reports, Prints;
  for (unsigned K = 0; K < Cores; ++K) {
    for (const std::string &W : R.Cores[K].Warnings)
      Warnings.append(fmt::format("core {}: {}", K, W));
    for (const std::string &Text : R.Cores[K].Prints)
      Prints.append(fmt::format("core {}: {}", K, Text));
    if (const race::RaceDetector *Det = Observing[K]->races())
      for (const std::string &W : Det->races())
        Races.append(fmt::format("core {}: {}", K, W));
    if (trace::ReportBuilder *Rep = Observing[K]->reporter())
      Reports.append(
          textOf([&](TextStream &OS) { trace::writeReportJson(Rep->build(R.Cores[K], 0), OS); }));
  }
  D["warnings"] = Warnings;
  D["races"] = Races;
  D["prints"] = Prints;
  D["report_jsons"] = Reports;
  D["text_trace"] = TextTrace ? py::object(py::str(TextTraceText)) : py::none();
  D["fault"] = py::none();
  if (R.Error) {
    unsigned K = R.Core >= 0 ? unsigned(R.Core) : 0;
    py::dict F = faultDict(S.core(K), *R.Error);
    F["core"] = R.Core >= 0 ? py::object(py::int_(R.Core)) : py::none();
    D["fault"] = F;
  }
  py::dict Outputs, DTypes;
  for (const run::Region &Reg : Outs) {
    Outputs[py::str(Reg.Name)] = gathered(S, P, Reg);
    DTypes[py::str(Reg.Name)] = isa::dtype(Reg.Type).Name;
  }
  D["outputs"] = Outputs;
  D["dtypes"] = DTypes;
  return D;
}

} // namespace

void bindSystem(py::module_ &M) {
  M.def("_run_system", &runSystem, py::arg("program"), py::arg("per_core"), py::arg("shared"),
        py::arg("chip"), py::arg("cores"), py::arg("max_cycles"), py::arg("max_instructions"),
        py::arg("max_memory"), py::arg("strict"), py::arg("throttle"), py::arg("report"),
        py::arg("random_inputs"), py::arg("seed"), py::arg("read"), py::arg("trace"),
        py::arg("text_trace"), py::arg("system"));
  // (chips, cores per chip) of run(cores=, system=), checked.
  M.def(
      "_system_shape",
      [](const object::Program &Prog, const std::optional<std::string> &Chip, unsigned Cores,
         const std::optional<std::string> &Instance) {
        emu::SystemShape S = systemShape(Prog, Chip, Cores, Instance);
        return py::make_tuple(S.Chips, S.CoresPerChip);
      },
      py::arg("program"), py::arg("chip"), py::arg("cores"), py::arg("system"));
}

} // namespace trn::python
