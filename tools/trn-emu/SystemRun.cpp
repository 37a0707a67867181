//===- SystemRun.cpp - trn-emu on the cores of a chip ---------------------===//

#include "SystemRun.h"

#include "Files.h"
#include "Options.h"
#include "TimelineFile.h"
#include "ViewOutputs.h"
#include "trn/emu/Check.h"
#include "trn/emu/System.h"
#include "trn/npy/Npy.h"
#include "trn/object/AtomicStream.h"
#include "trn/run/Inputs.h"
#include "trn/run/Observers.h"
#include "trn/run/Regions.h"
#include "trn/support/Wire.h"
#include "trn/trace/Report.h"
#include "trn/trace/SystemTrace.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <chrono>
#include <iostream>
#include <set>
#include <sstream>

namespace trn::emutool {

namespace {

std::vector<std::string> listOption(const tools::Tool &T, const char *Name) {
  return T.has(Name) ? T.vm()[Name].as<std::vector<std::string>>() : std::vector<std::string>{};
}

// [Cores, shape...]: what a private tensor or allocation's file holds.
std::vector<uint64_t> stacked(unsigned Cores, const std::vector<uint64_t> &Shape) {
  std::vector<uint64_t> S{Cores};
  S.insert(S.end(), Shape.begin(), Shape.end());
  return S;
}

// Binds --in NAME=FILE: a shared tensor takes [shape], a private one
// [cores, shape] (a copy per core) or [shape] (the same for every core).
void bindInput(emu::System &S, const object::Tensor &T, const npy::Array &A) {
  unsigned N = S.cores();
  if (T.Shared || A.Shape == T.Shape) {
    auto Bytes = npy::toTensor(A, T.Type, T.Shape);
    if (auto *Err = std::get_if<std::string>(&Bytes))
      throw UsageError{fmt::format("--in {}: {}", T.Name, *Err)};
    // A shared tensor is a copy per chip, on its first core's pages.
    for (unsigned K : S.localCores())
      if (!T.Shared || K % S.coresPerChip() == 0)
        if (auto Err = S.core(K).setTensor(T.Name, std::get<std::vector<uint8_t>>(Bytes)))
          throw UsageError{fmt::format("--in {}: {}", T.Name, *Err)};
    return;
  }
  std::vector<uint64_t> Shape = stacked(N, T.Shape);
  if (A.Shape != Shape)
    throw UsageError{fmt::format("--in {}: shape {} is neither {} (one copy per core) nor {} (the "
                                 "same for every core)",
                                 T.Name, npy::shapeText(A.Shape), npy::shapeText(Shape),
                                 npy::shapeText(T.Shape))};
  auto Bytes = npy::toTensor(A, T.Type, Shape);
  if (auto *Err = std::get_if<std::string>(&Bytes))
    throw UsageError{fmt::format("--in {}: {}", T.Name, *Err)};
  const std::vector<uint8_t> &All = std::get<std::vector<uint8_t>>(Bytes);
  for (unsigned K : S.localCores())
    if (auto Err = S.core(K).setTensor(T.Name, std::span(All).subspan(K * T.bytes(), T.bytes())))
      throw UsageError{fmt::format("--in {}: {}", T.Name, *Err)};
}

// What a core's run leaves for the outputs, made where the core ran and
// put together in core order (over MPI ranks, on rank 0: docs/mpi.md).
struct CoreOutput {
  std::vector<std::string> Prints, Warnings, Races;
  std::string Report, ReportJson, Trace, TextTrace;
  // Each --out region's bytes, then each --check tensor's (a shared
  // tensor's: core 0's only).
  std::vector<std::vector<uint8_t>> Regions;

  void write(WireWriter &W) const {
    for (const auto *List : {&Prints, &Warnings, &Races}) {
      W.pod<uint64_t>(List->size());
      for (const std::string &Line : *List)
        W.str(Line);
    }
    for (const std::string *Text : {&Report, &ReportJson, &Trace, &TextTrace})
      W.str(*Text);
    W.pod<uint64_t>(Regions.size());
    for (const std::vector<uint8_t> &R : Regions)
      W.bytes(R);
  }
  void read(WireReader &R) {
    for (auto *List : {&Prints, &Warnings, &Races})
      for (auto N = R.pod<uint64_t>(); N > 0; --N)
        List->push_back(R.str());
    for (std::string *Text : {&Report, &ReportJson, &Trace, &TextTrace})
      *Text = R.str();
    for (auto N = R.pod<uint64_t>(); N > 0; --N)
      Regions.push_back(R.bytes());
  }
};

// A region's contents on core K after the run: a shared tensor's on core 0
// only (chip 0's copy), else the core's.
std::vector<uint8_t> regionBytes(const emu::System &S, const object::Program &P,
                                 const run::Region &R, unsigned K) {
  const object::Tensor *T = R.OnChip ? nullptr : P.findTensor(R.Name);
  if (T && T->Shared)
    return K == 0 ? S.core(0).tensor(R.Name) : std::vector<uint8_t>{};
  std::vector<uint8_t> Out(R.Bytes);
  if (R.OnChip)
    (void)S.core(K).allocationBytes(R.Name, 0, Out); // found by name before the run
  else
    (void)S.core(K).tensorBytes(R.Name, 0, Out);
  return Out;
}

// A region after the run, from every core's output: a shared tensor's one
// copy, else every core's, core by core.
struct Gathered {
  std::vector<uint64_t> Shape;
  std::vector<uint8_t> Bytes;
};
Gathered gather(const std::vector<CoreOutput> &Outs, const object::Program &P, const run::Region &R,
                size_t Slot) {
  const object::Tensor *T = R.OnChip ? nullptr : P.findTensor(R.Name);
  if (T && T->Shared)
    return {R.Shape, Outs[0].Regions[Slot]};
  Gathered G{stacked(static_cast<unsigned>(Outs.size()), R.Shape), {}};
  for (const CoreOutput &O : Outs)
    G.Bytes.insert(G.Bytes.end(), O.Regions[Slot].begin(), O.Regions[Slot].end());
  return G;
}

// This process's peak resident memory so far.
uint64_t peakRssMiB() {
  struct rusage U {};
  getrusage(RUSAGE_SELF, &U);
  return static_cast<uint64_t>(U.ru_maxrss) >> 10; // KiB on Linux
}

// Over MPI ranks: the first rank's error (every rank throws it), so that no
// rank goes on alone to wait for the others.
void agreeOnErrors(emu::SystemPeers *Peers, const std::optional<std::string> &Mine) {
  if (!Peers) {
    if (Mine)
      throw UsageError{*Mine};
    return;
  }
  WireWriter W;
  W.pod(Mine.has_value());
  W.str(Mine.value_or(""));
  for (const std::vector<uint8_t> &Part : Peers->allGather(W.take())) {
    WireReader In(Part);
    bool Failed = In.pod<bool>();
    std::string Text = In.str();
    if (Failed)
      throw UsageError{Text};
  }
}

// Writes Text to File ('-': standard output), whole.
void writeText(const std::string &File, const std::string &Text) {
  if (auto Err = tools::writeOutput(
          File, std::span(reinterpret_cast<const uint8_t *>(Text.data()), Text.size())))
    throw UsageError{*Err};
}

// Every line of Text after the first indented by Indent (a JSON value
// placed inside another: its strings hold no line breaks).
std::string indented(const std::string &Text, const std::string &Indent) {
  std::string Out;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    End = End == std::string::npos ? Text.size() : End + 1;
    if (Start > 0)
      Out += Indent;
    Out.append(Text, Start, End - Start);
    Start = End;
  }
  return Out;
}

} // namespace

// The collectives and the links that carried bytes: each link's bytes,
// transfers and time busy against the run's time.
void printLinks(const emu::SystemRunResult &R, std::ostream &OS) {
  if (R.Links.empty())
    return;
  OS << fmt::format("\nLinks: {} collectives, {} transfers\n", R.Collectives, R.LinkTransfers);
  for (const emu::LinkReport &L : R.Links)
    OS << fmt::format("  {:<26} {:>12} bytes {:>7} transfers  busy {:>10.3f} us ({:5.1f}%) at "
                      "{} GB/s\n",
                      L.Name, L.Bytes, L.Transfers, L.BusyPs / 1e6,
                      R.TimePs ? 100.0 * L.BusyPs / R.TimePs : 0.0, L.MBps / 1000.0);
}

const char *singleCoreOnlyOption(const tools::Tool &T) {
  for (const char *Opt : {"debug", "debug-commands", "dump-on-fault"})
    if (T.has(Opt))
      return Opt;
  return nullptr;
}

int runSystem(tools::Tool &T, const std::string &Path, object::Program P,
              const emu::SystemShape &Shape, const emu::RunOptions &Opts, uint64_t MaxMemory,
              std::ostream &Info, emu::SystemPeers *Peers) {
  // Over MPI ranks every rank makes its chips and reads their inputs; an
  // error on any rank stops every rank before the run (agreeOnErrors).
  const bool Root = !Peers || Peers->rank() == 0;
  std::unique_ptr<emu::System> Sys;
  std::optional<std::string> SetupError;
  try {
    Sys = std::make_unique<emu::System>(std::move(P), Shape, MaxMemory, Peers);
  } catch (const HostMemoryError &Err) {
    SetupError = Err.what();
  } catch (const std::invalid_argument &Err) {
    SetupError = Err.what();
  }
  agreeOnErrors(Peers, SetupError);
  emu::System &S = *Sys;
  const unsigned N = S.cores();
  const object::Program &Prog = S.anyCore().program();
  if (size_t Errors = S.loadErrors().size()) {
    for (const std::string &Msg : S.loadErrors())
      T.diags().report(Msg);
    throw UsageError{fmt::format("{} error{} in the program", Errors, Errors == 1 ? "" : "s")};
  }
  if (Peers)
    for (const char *Opt : {"profile", "profile-json", "html", "timeline-svg"})
      if (T.has(Opt))
        throw UsageError{fmt::format(
            "--{} is not available over MPI ranks yet (docs/mpi.md): run without mpirun", Opt)};
  HostMemoryBudget &Budget = S.anyCore().memoryBudget();

  std::vector<std::pair<run::Region, std::string>> Outs;
  std::vector<std::pair<object::Tensor, npy::Array>> Checks;
  std::string RaceMode = T.vm()["race-check"].as<std::string>();
  run::ObserverRequest Want;
  std::unique_ptr<object::AtomicStream> TraceFile;
  std::unique_ptr<trace::CoreStreams> TraceParts, TextParts;
  std::ostringstream Elsewhere; // another rank's view of rank 0's files
  std::string SvgPath, HtmlPath;
  trace::SvgOptions SvgOpts;
  std::vector<std::unique_ptr<trace::SvgTimeline>> Svgs;
  bool Profile = false;
  std::vector<std::unique_ptr<run::Observers>> Observing(N);
  std::vector<std::unique_ptr<ViewOutputs>> Views;
  try {
    // Inputs: a file per tensor; --random-inputs gives core K's private
    // inputs from seed + K, and the shared ones (each chip's copy) from seed.
    std::set<std::string> Given;
    for (const std::string &Arg : listOption(T, "in")) {
      auto [Name, File] = nameEqualsFile("in", Arg);
      auto Found = run::findTensor(Prog, Name);
      if (auto *Err = std::get_if<std::string>(&Found))
        throw UsageError{fmt::format("--in {}: {}", Name, *Err)};
      bindInput(S, *std::get<const object::Tensor *>(Found), readNpy("in", Name, File, Budget));
      Given.insert(Name);
    }
    if (!T.has("random-inputs")) {
      if (const object::Tensor *In = run::firstUnboundInput(Prog, Given))
        throw UsageError{fmt::format("input tensor '{}' is not given: use --in {}=FILE.npy or "
                                     "--random-inputs",
                                     In->Name, In->Name)};
    } else {
      uint64_t Seed = T.vm()["seed"].as<uint64_t>();
      std::set<std::string> NotShared = Given;
      for (const object::Tensor &X : Prog.Tensors)
        if (X.Shared)
          NotShared.insert(X.Name);
      for (unsigned K : S.localCores()) {
        // A later chip's first core: its shared copy as chip 0's (the same
        // seed, the same order), then its private inputs as any core's.
        if (K > 0 && K % S.coresPerChip() == 0)
          if (auto Err = run::randomizeUnboundInputs(S.core(K), Given, Seed))
            throw UsageError{fmt::format("--random-inputs: {}", *Err)};
        if (auto Err = run::randomizeUnboundInputs(S.core(K), K > 0 ? NotShared : Given, Seed + K))
          throw UsageError{fmt::format("--random-inputs: {}", *Err)};
      }
    }
    for (const std::string &Arg : listOption(T, "out")) {
      auto [Name, File] = nameEqualsFile("out", Arg);
      auto R = run::findRegion(Prog, Name);
      if (auto *Err = std::get_if<std::string>(&R))
        throw UsageError{fmt::format("--out {}: {}", Name, *Err)};
      Outs.push_back({std::get<run::Region>(R), File});
    }
    for (const std::string &Arg : listOption(T, "check")) {
      auto [Name, File] = nameEqualsFile("check", Arg);
      auto Found = run::findTensor(Prog, Name);
      if (auto *Err = std::get_if<std::string>(&Found))
        throw UsageError{fmt::format("--check {}: {}", Name, *Err)};
      object::Tensor Whole = *std::get<const object::Tensor *>(Found);
      if (!Whole.Shared)
        Whole.Shape = stacked(N, Whole.Shape);
      Checks.push_back({Whole, readNpy("check", Name, File, Budget)});
      if (auto Err = emu::checkReference(Checks.back().first, Checks.back().second))
        throw UsageError{fmt::format("--check {}: {}: {}", Name, File, *Err)};
    }

    // Each core's race detector (its own engines and queues), report,
    // profile and traces: one Chrome trace file and one text trace of every
    // core (trn/trace/SystemTrace.h), the cores' records core after core ...
    if (auto Mode = run::parseRaceCheck(RaceMode))
      Want.Races = *Mode;
    else
      throw UsageError{fmt::format("--race-check takes error, warn or off, not '{}'", RaceMode)};
    Want.Report = T.has("report") || T.has("report-json");
    auto Streams = [&](std::ostream &OS, const char *Tail) {
      auto C = trace::CoreStreams::create(N, OS, Tail);
      if (auto *Err = std::get_if<std::string>(&C))
        throw UsageError{*Err};
      return std::move(std::get<std::unique_ptr<trace::CoreStreams>>(C));
    };
    if (T.has("trace")) {
      std::string TracePath = T.vm()["trace"].as<std::string>();
      std::ostream *OS = Root ? &std::cout : &Elsewhere; // '-': claimed by main
      if (TracePath != "-" && Root) {
        auto F = object::AtomicStream::create(TracePath);
        if (auto *Err = std::get_if<std::string>(&F))
          throw UsageError{*Err};
        TraceFile = std::move(std::get<std::unique_ptr<object::AtomicStream>>(F));
        OS = &TraceFile->stream();
      }
      TraceParts = Streams(*OS, "]}");
    }
    if (T.has("trace-text"))
      TextParts = Streams(Root ? std::cout : Elsewhere, "");
    // --timeline-svg: one picture of every core, its path checked now.
    SvgPath = T.has("timeline-svg") ? T.vm()["timeline-svg"].as<std::string>() : "";
    if (T.has("timeline-svg") && SvgPath.empty())
      throw UsageError{"--timeline-svg takes a file, not ''"};
    if (T.has("timeline-title") && SvgPath.empty())
      throw UsageError{
          "--timeline-title titles the --timeline-svg picture: give --timeline-svg FILE"};
    if (!SvgPath.empty())
      if (auto Err = checkWritable(SvgPath))
        throw UsageError{fmt::format("--timeline-svg: {}", *Err)};
    if (T.has("timeline-title"))
      SvgOpts.Title = T.vm()["timeline-title"].as<std::string>();
    // --profile and --html: each core's views; one page of every core.
    Profile = T.has("profile") || T.has("profile-json");
    HtmlPath = T.has("html") ? T.vm()["html"].as<std::string>() : "";
    if (T.has("html") && HtmlPath.empty())
      throw UsageError{"--html takes a file name, not ''"};
    for (unsigned K : S.localCores()) {
      if (TraceParts) {
        Want.TraceStream = &TraceParts->stream(K);
        Want.Chrome = trace::systemTraceOptions(K, N, S.coresPerChip());
      }
      if (TextParts) {
        Want.TextTrace = &TextParts->stream(K);
        Want.TextPrefix = fmt::format("core {} ", K);
      }
      auto Attached = run::Observers::attach(S.core(K), Want);
      if (auto *Err = std::get_if<std::string>(&Attached))
        throw UsageError{*Err};
      Observing[K] = std::move(std::get<std::unique_ptr<run::Observers>>(Attached));
      if (Profile || !HtmlPath.empty()) {
        Views.push_back(std::make_unique<ViewOutputs>(S.core(K), Profile, HtmlPath, Path));
        if (K == 0) // the page's file, written from core 0's
          if (auto Err = Views.back()->open())
            throw UsageError{*Err};
      }
      if (!SvgPath.empty()) {
        Svgs.push_back(std::make_unique<trace::SvgTimeline>(S.core(K), SvgOpts));
        S.core(K).addObserver(Svgs.back().get());
      }
    }
  } catch (const UsageError &E) {
    if (!Peers)
      throw;
    SetupError = E.Message;
  }
  agreeOnErrors(Peers, SetupError);
  // ... checked against each other: shared HBM, updates between cores.
  std::vector<race::RaceDetector *> Detectors(N, nullptr);
  for (unsigned K : S.localCores())
    Detectors[K] = Observing[K]->races();
  race::SystemRaces CrossCore(S, Detectors);

  S.recordLinkBusy(TraceParts != nullptr);
  auto HostStart = std::chrono::steady_clock::now();
  emu::SystemRunResult R = S.run(Opts);
  if (TraceParts && !R.Links.empty())
    TraceParts->setBeforeTail(trace::linkTrackEvents(R.Links, static_cast<int>(N) + 1));
  double HostSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - HostStart).count();
  // The traces are whole for a faulting run too: each core's ends where it stopped.
  for (unsigned K : S.localCores())
    if (auto Err = Observing[K]->finish())
      throw UsageError{*Err};

  // Each core's outputs, on its rank.
  std::vector<CoreOutput> Each(N);
  for (unsigned K : S.localCores()) {
    CoreOutput &O = Each[K];
    O.Prints = R.Cores[K].Prints;
    O.Warnings = R.Cores[K].Warnings;
    if (const race::RaceDetector *Races = Observing[K]->races())
      O.Races = Races->races();
    if (T.has("report")) {
      std::ostringstream OS;
      OS << fmt::format("\nCore {}:\n", K);
      trace::printReport(Observing[K]->reporter()->build(R.Cores[K], 0), OS);
      O.Report = OS.str();
    }
    if (T.has("report-json"))
      O.ReportJson = trace::systemCoreReportJson(Observing[K]->reporter()->build(R.Cores[K], 0), K,
                                                 S.coresPerChip());
    if (!Root && K > 0) {
      if (TraceParts)
        if (auto Err = TraceParts->takeText(K, O.Trace))
          throw UsageError{*Err};
      if (TextParts)
        if (auto Err = TextParts->takeText(K, O.TextTrace))
          throw UsageError{*Err};
    }
    for (const auto &[Region, File] : Outs)
      O.Regions.push_back(regionBytes(S, Prog, Region, K));
    for (const auto &[Whole, Ref] : Checks)
      O.Regions.push_back(regionBytes(S, Prog, run::regionOf(*Prog.findTensor(Whole.Name)), K));
  }
  std::vector<uint64_t> RankPeakRssMiB;
  if (Peers) {
    // To rank 0, which writes everything; the other ranks are done.
    WireWriter W;
    W.pod(peakRssMiB());
    for (unsigned K : S.localCores())
      Each[K].write(W);
    std::vector<std::vector<uint8_t>> All = Peers->gather(W.take());
    if (!Root)
      return R.Error ? ExitFault : 0; // rank 0's code is the run's (main)
    for (unsigned Rank = 0; Rank < All.size(); ++Rank) {
      WireReader In(All[Rank]);
      RankPeakRssMiB.push_back(In.pod<uint64_t>());
      if (Rank == 0)
        continue;
      for (unsigned K = 0; K < N; ++K)
        if (S.rankOf(K) == Rank)
          Each[K].read(In);
    }
    for (unsigned K = 1; K < N; ++K)
      if (!S.isLocal(K)) {
        if (TraceParts)
          if (auto Err = TraceParts->putText(K, Each[K].Trace))
            throw UsageError{*Err};
        if (TextParts)
          if (auto Err = TextParts->putText(K, Each[K].TextTrace))
            throw UsageError{*Err};
      }
  }
  for (trace::CoreStreams *Parts : {TraceParts.get(), TextParts.get()})
    if (Parts)
      if (auto Err = Parts->finish())
        throw UsageError{*Err};
  if (TraceFile)
    if (auto Err = TraceFile->commit())
      throw UsageError{*Err};
  std::vector<std::string> Names;
  for (unsigned K = 0; K < N; ++K)
    Names.push_back(trace::coreName(K, S.coresPerChip()));
  if (!HtmlPath.empty()) { // a faulting run's too, as --trace
    std::vector<ViewOutputs *> Pages;
    for (auto &V : Views)
      Pages.push_back(V.get());
    if (auto Err = ViewOutputs::writeHtmlOfCores(Pages, R.Cores, Names)) {
      if (!R.Error)
        throw UsageError{*Err};
      T.error(*Err);
    }
  }
  if (!Svgs.empty()) { // a faulting run's too, each core's fault marked
    std::vector<const trace::SvgTimeline *> Pictures;
    for (unsigned K = 0; K < N; ++K)
      Pictures.push_back(Svgs[K].get());
    std::string Svg = trace::SvgTimeline::svgOfCores(Pictures, Names, SvgOpts);
    if (auto Err = tools::writeOutput(
            SvgPath, std::span(reinterpret_cast<const uint8_t *>(Svg.data()), Svg.size()))) {
      if (!R.Error)
        throw UsageError{fmt::format("--timeline-svg: {}", *Err)};
      T.error(fmt::format("--timeline-svg: {}", *Err)); // the fault stays the outcome
    }
  }
  for (unsigned K = 0; K < N; ++K)
    for (const std::string &Text : Each[K].Prints)
      Info << fmt::format("core {}: {}", K, Text);
  Info.flush();
  size_t NumRaces = 0;
  for (unsigned K = 0; K < N; ++K) {
    for (const std::string &W : Each[K].Warnings) // the chip's, once
      if (K == 0 || W.rfind("warning: chip ", 0) != 0)
        T.diags().report(W);
    for (const std::string &W : Each[K].Races) {
      T.diags().report(fmt::format("core {}: {}", K, W));
      ++NumRaces;
    }
  }
  if (NumRaces)
    T.diags().report(
        fmt::format("warning: {} race{} (--race-check=warn)", NumRaces, NumRaces == 1 ? "" : "s"));
  if (R.Error) {
    T.diags().report(R.Error->Message);
    return ExitFault;
  }
  std::string Where =
      S.chips() > 1 ? fmt::format("{} chips of {} ({} core{} each)", S.chips(), S.instance()->Name,
                                  S.coresPerChip(), S.coresPerChip() > 1 ? "s" : "")
                    : fmt::format("{} cores of {}", N, S.chip().Name);
  Info << fmt::format("ran {} instructions in {:.3f} us ({} cycles at the PE clock) on {} "
                      "({} updates between cores)\n",
                      R.Instructions, R.TimePs / 1e6, R.Cycles, Where, R.Messages);
  if (T.has("report")) {
    // Each core's figures; the host's time is the whole system's, once.
    for (unsigned K = 0; K < N; ++K)
      std::cout << Each[K].Report;
    printLinks(R, std::cout);
    std::cout << fmt::format("\nHost: {:.3f} s for {} cores, {:.4g} simulated instructions/s, "
                             "{:.4g} simulated ns per host second, {} windows{}\n",
                             HostSeconds, N, R.Instructions / HostSeconds,
                             R.TimePs / 1e3 / HostSeconds, R.Windows,
                             Peers ? fmt::format(", {} MPI ranks (peak RSS {} MiB)", Peers->ranks(),
                                                 fmt::join(RankPeakRssMiB, ", "))
                                   : "");
  }
  if (T.has("report-json")) {
    trace::SystemReport SR;
    SR.Chip = S.chip().Name;
    SR.Chips = S.chips();
    SR.CoresPerChip = S.coresPerChip();
    SR.TotalPs = R.TimePs;
    SR.Cycles = R.Cycles;
    SR.Instructions = R.Instructions;
    SR.Messages = R.Messages;
    SR.Windows = R.Windows;
    SR.HostSeconds = HostSeconds;
    SR.RankPeakRssMiB = RankPeakRssMiB;
    SR.Instance = S.instance() ? S.instance()->Name : "";
    SR.Collectives = R.Collectives;
    for (const emu::LinkReport &L : R.Links)
      SR.Links.push_back({L.Name, L.Bytes, L.Transfers, L.BusyPs, L.MBps});
    for (unsigned K = 0; K < N; ++K)
      SR.CoreJson.push_back(std::move(Each[K].ReportJson));
    std::ostringstream JS;
    trace::writeSystemReportJson(SR, JS);
    writeText(T.vm()["report-json"].as<std::string>(), JS.str());
  }
  // The profile: each core's table, or one JSON of every core's.
  if (T.has("profile"))
    for (unsigned K = 0; K < N; ++K) {
      std::cout << fmt::format("{}Core {}:\n", K ? "\n" : "", K);
      Views[K]->printProfile(R.Cores[K], std::cout);
    }
  if (T.has("profile-json")) {
    std::string Json = "{\n  \"cores\": [";
    for (unsigned K = 0; K < N; ++K) {
      std::string Core = Views[K]->profileJson(R.Cores[K]);
      while (!Core.empty() && Core.back() == '\n')
        Core.pop_back();
      Json += fmt::format("{}\n    {}", K ? "," : "", indented(Core, "    "));
    }
    Json += "\n  ]\n}\n";
    writeText(T.vm()["profile-json"].as<std::string>(), Json);
  }

  // Outputs: gathered, then each file written whole.
  size_t Slot = 0;
  for (const auto &[Region, File] : Outs) {
    Gathered G = gather(Each, Prog, Region, Slot++);
    std::vector<uint8_t> Out = npy::serializeHeader(npy::descrFor(Region.Type), false, G.Shape);
    Out.insert(Out.end(), G.Bytes.begin(), G.Bytes.end());
    if (auto Err = tools::writeOutput(File, Out))
      throw UsageError{*Err};
  }
  bool AllOk = true;
  double RTol = T.vm()["rtol"].as<double>(), ATol = T.vm()["atol"].as<double>();
  for (auto &[Whole, Ref] : Checks) {
    Gathered G = gather(Each, Prog, run::regionOf(*Prog.findTensor(Whole.Name)), Slot++);
    auto C = emu::compare(Whole, G.Bytes, Ref, RTol, ATol);
    if (auto *Err = std::get_if<std::string>(&C))
      throw UsageError{fmt::format("--check {}: {}", Whole.Name, *Err)};
    const emu::CheckResult &CR = std::get<emu::CheckResult>(C);
    Info << emu::describeCheck(Whole.Name, CR, RTol, ATol);
    AllOk = AllOk && CR.ok();
  }
  return AllOk ? 0 : ExitMismatch;
}

} // namespace trn::emutool
