//===- trn-emu - run a program on an emulated NeuronCore -------------------===//
//
// trn-emu prog.o|prog.s [--chip C] [--in NAME=FILE.npy]... [--out NAME=FILE.npy]...
//         [--check NAME=REF.npy --rtol R --atol A]... [--random-inputs --seed N]
//         [--max-cycles N] [--max-instructions N] [--max-memory SIZE] [--strict]
//         [--no-throttle] [--dump-on-fault DIR] [-I DIR]...
// Exit codes: 0 success; 1 the program faulted at run time (a run-time
// limit included); 2 bad usage, a bad input file, or more host memory than
// --max-memory or the host has before the run; 3 a --check mismatch.
// Outputs are written only after a clean run, each whole or not at all
// (--dump-on-fault DIR: after a fault, outputs and allocations as it left them);
// '-' is standard input or output for one input and one output (the
// command line's conventions are tools/common's, docs/cli.md).
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "DebugRun.h"
#include "FaultDump.h"
#include "Files.h"
#include "Options.h"
#include "SystemRun.h"
#include "TensorFiles.h"
#include "TimelineFile.h"
#include "ViewOutputs.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"
#include "trn/emu/System.h"
#include "trn/npy/Npy.h"
#include "trn/object/ObjectFile.h"
#include "trn/run/Inputs.h"
#include "trn/run/Observers.h"
#include "trn/run/Regions.h"

#include <fmt/format.h>

#ifdef TRN_HAVE_MPI
#include "trn/mpi/Mpi.h"
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <iostream>
#include <new>
#include <set>
#include <sstream>

namespace po = boost::program_options;
using namespace trn;
using tools::ExitUsage;
using namespace trn::emutool;

namespace {

const object::Tensor &tensorNamed(const object::Program &P, const std::string &Name,
                                  const char *Opt) {
  auto T = run::findTensor(P, Name);
  if (auto *Err = std::get_if<std::string>(&T))
    throw UsageError{fmt::format("--{} {}: {}", Opt, Name, *Err)};
  return *std::get<const object::Tensor *>(T);
}

object::Program loadProgram(const std::string &Path, const std::vector<std::string> &Includes,
                            std::optional<isa::Chip> Chip, uint64_t MaxMemory, bool Color) {
  HostMemoryBudget Budget(MaxMemory); // the file and the program read from it
  std::vector<uint8_t> Bytes = readFile(Path, Budget);
  bool NamedObject = Path.size() > 2 && Path.compare(Path.size() - 2, 2, ".o") == 0;
  if (NamedObject || object::looksLikeElf(Bytes)) {
    auto P = object::readObject(Bytes);
    if (auto *Err = std::get_if<std::string>(&P))
      throw UsageError{fmt::format("{}: {}", Path, *Err)};
    return std::get<object::Program>(std::move(P));
  }
  assembler::Options Opts;
  Opts.IncludeDirs = Includes;
  Opts.Chip = Chip;
  Opts.MaxMemory = MaxMemory;
  Opts.Color = Color;
  // Standard input is read once: its text is assembled as it was read.
  assembler::Result R =
      Path == "-" ? assembler::assembleText("<stdin>", std::string(Bytes.begin(), Bytes.end()),
                                            Opts, std::cerr)
                  : assembler::assembleFile(Path, Opts, std::cerr);
  if (!R.Program)
    throw UsageError{fmt::format("{} error{} in {}", R.Errors, R.Errors == 1 ? "" : "s", Path)};
  return std::move(*R.Program);
}

int runTool(tools::Tool &T, int argc, char **argv, emu::SystemPeers *Peers) {
  using po::value;
  T.group("Program")("chip", value<std::string>()->value_name("NAME"),
                     "run on trn1, trn2, trn3 or trn4 (default: the program's)")(
      "cores", value<std::string>()->value_name("N"),
      "run the program on N cores of the chip (of each chip of an instance), each its own "
      "copy (docs/multicore.md)")(
      "system", value<std::string>()->value_name("NAME"),
      "run on every core of a chip (trn1-chip, trn2-chip, trn3-chip, trn4-chip) or of an "
      "instance's chips (trn1.32xlarge, trn2.48xlarge, trn2-ultraserver, trn3-ultraserver)")(
      "lnc", value<std::string>()->value_name("N"),
      "run on one logical core: 1 or 2 physical cores sharing an HBM stack (trn2 and later)")(
      "ranks", value<std::string>()->value_name("N"),
      "expect N MPI ranks (mpirun -np N trn-emu --system ...; docs/mpi.md): an error if mpirun "
      "started another number")("include,I",
                                value<std::vector<std::string>>()->value_name("DIR")->composing(),
                                "search DIR for .include files (assembly input)")(
      "strict", "reads of never-written SBUF/PSUM are errors, not warnings")(
      "no-throttle", "run TensorE at full rate: no dI/dt throttling (trn2, trn3)")(
      "race-check", value<std::string>()->value_name("MODE")->default_value("error"),
      "accesses no semaphore orders: error (stop at the first), warn (report each pair, go on) "
      "or off")("max-cycles",
                value<std::string>()->value_name("N")->default_value(
                    std::to_string(emu::DefaultMaxCycles), "10^12"),
                "stop after this many PE-clock cycles (0: no limit)")(
      "max-instructions",
      value<std::string>()->value_name("N")->default_value(
          std::to_string(emu::DefaultMaxInstructions), "10^9"),
      "stop after this many instructions (0: no limit)")(
      "max-memory", value<std::string>()->value_name("SIZE")->default_value("4G"),
      "most host memory to use, e.g. 512M (0: no limit)");
  T.group("Tensors ('-' for FILE: standard input or output)")(
      "in", value<std::vector<std::string>>()->value_name("NAME=FILE")->composing(),
      "set input tensor NAME from a .npy file")(
      "random-inputs", "fill every input not given by --in with random values")(
      "seed", value<uint64_t>()->value_name("N")->default_value(0), "seed for --random-inputs")(
      "out", value<std::vector<std::string>>()->value_name("NAME=FILE")->composing(),
      "write tensor or SBUF/PSUM allocation NAME to a .npy file after the run")(
      "dump-on-fault", value<std::string>()->value_name("DIR"),
      "on a fault, write every output and allocation as it was to DIR/NAME.npy, and "
      "DIR/fault.txt")("check",
                       value<std::vector<std::string>>()->value_name("NAME=FILE")->composing(),
                       "compare tensor NAME with a reference .npy (exit 3 on mismatch)")(
      "rtol", value<double>()->value_name("R")->default_value(1e-5, "1e-5"),
      "relative tolerance for --check")(
      "atol", value<double>()->value_name("A")->default_value(1e-8, "1e-8"),
      "absolute tolerance for --check");
  T.group("Reports and traces ('-' for FILE: standard output)")(
      "report", "print the utilization report after the run")(
      "report-json", value<std::string>()->value_name("FILE"),
      "write the utilization report as JSON")("trace", value<std::string>()->value_name("FILE"),
                                              "write a Chrome Trace Event / Perfetto JSON trace")(
      "trace-text", "print one line per instruction and DMA transfer")(
      "profile", "print the time per source line after the run")(
      "profile-json", value<std::string>()->value_name("FILE"),
      "write the time per source line as JSON")("html", value<std::string>()->value_name("FILE"),
                                                "write the run as one offline HTML page")(
      "timeline-svg", value<std::string>()->value_name("FILE"),
      "draw the run's timeline as an SVG picture")("timeline-title",
                                                   value<std::string>()->value_name("TEXT"),
                                                   "a title for the --timeline-svg picture");
  T.group("Debugging (docs/debugger.md)")(
      "debug", "run under the interactive debugger: breakpoints, stepping, print and watch memory")(
      "debug-commands", value<std::string>()->value_name("FILE"),
      "run under the debugger with its commands read from FILE, echoed ('-': standard input)");
  if (auto Exit = T.parse(argc, argv))
    return *Exit;
  const po::variables_map &VM = T.vm();
  auto List = [&](const char *Name) {
    return VM.count(Name) ? VM[Name].as<std::vector<std::string>>() : std::vector<std::string>{};
  };
  if (T.inputs().size() != 1)
    throw UsageError{"expected exactly one program (.o or .s); try --help"};
  // Under mpirun (docs/mpi.md): as many ranks as asked, each started alike.
  unsigned Ranks = Peers ? Peers->ranks() : 1;
  if (VM.count("ranks")) {
    std::string Text = VM["ranks"].as<std::string>();
    auto Want = parseCount(Text);
    if (!Want || *Want == 0)
      throw UsageError{fmt::format("--ranks takes a number of MPI ranks from 1, not '{}'", Text)};
    if (*Want != Ranks)
      throw UsageError{
          Peers ? fmt::format("--ranks {}, but mpirun started {} rank{}", *Want, Ranks,
                              Ranks == 1 ? "" : "s")
                : fmt::format("--ranks {}, but this trn-emu was not started by mpirun: run "
                              "mpirun -np {} trn-emu ...",
                              *Want, *Want)};
  }
  std::optional<isa::Chip> Chip;
  if (VM.count("chip")) {
    Chip = isa::lookupChip(VM["chip"].as<std::string>());
    if (!Chip)
      throw UsageError{fmt::format("unknown chip '{}': expected trn1, trn2, trn3 or trn4",
                                   VM["chip"].as<std::string>())};
  }
  std::string MaxMemoryText = VM["max-memory"].as<std::string>();
  auto MaxMemory = parseByteSize(MaxMemoryText);
  if (!MaxMemory)
    throw UsageError{
        fmt::format("--max-memory takes a size such as 512M or 4G, not '{}'", MaxMemoryText)};
  emu::RunOptions Opts;
  Opts.MaxCycles = countOption(VM, "max-cycles");
  Opts.MaxInstructions = countOption(VM, "max-instructions");
  std::string Path = T.inputs()[0];

  // '-': standard input for one input, standard output for one output.
  // What trn-emu prints itself (the run line, check results) goes to
  // standard error when standard output carries a file; --report and
  // --trace-text print there and so cannot share it.
  tools::StandardStream Stdin("read standard input"), Stdout("write to standard output");
  auto Claim = [](tools::StandardStream &S, const std::string &File, const std::string &What) {
    if (File == "-")
      if (auto Err = S.claim(What))
        throw UsageError{*Err};
  };
  Claim(Stdin, Path, "the program");
  for (const char *Opt : {"in", "check"})
    for (const std::string &S : List(Opt)) {
      auto [Name, File] = nameEqualsFile(Opt, S);
      Claim(Stdin, File, fmt::format("--{} {}", Opt, Name));
    }
  for (const char *Opt : {"trace", "report-json", "html", "timeline-svg", "profile-json"})
    if (T.has(Opt))
      Claim(Stdout, VM[Opt].as<std::string>(), fmt::format("--{}", Opt));
  for (const std::string &S : List("out")) {
    auto [Name, File] = nameEqualsFile("out", S);
    Claim(Stdout, File, "--out " + Name);
  }
  if (Stdout.claimed())
    for (const char *Opt : {"report", "trace-text", "profile"})
      if (T.has(Opt))
        Claim(Stdout, "-", fmt::format("--{}", Opt));
  // One stream per file descriptor: standard output is std::cout only.
  std::ostream &Info = Stdout.claimed() ? std::cerr : std::cout;
  // The debugger reads its commands from standard input (--debug, or
  // --debug-commands -) and writes its transcript to standard output, with
  // what trn-emu prints itself.
  if (T.has("debug") || T.has("debug-commands")) {
    Claim(Stdin, T.has("debug-commands") ? VM["debug-commands"].as<std::string>() : "-",
          "the debugger's commands");
    Claim(Stdout, "-", "the debugger");
  }

  // A system of cores (SystemRun.h): --system CHIP-chip or INSTANCE, or
  // --cores N > 1 (with an instance: N cores of each chip).
  unsigned Cores = 1;
  const isa::InstanceDesc *Instance = nullptr;
  if (VM.count("system")) {
    std::string Name = VM["system"].as<std::string>();
    auto SysChip = Name.size() > 5 && Name.compare(Name.size() - 5, 5, "-chip") == 0
                       ? isa::lookupChip(Name.substr(0, Name.size() - 5))
                       : std::nullopt;
    if (auto I = isa::lookupInstance(Name)) {
      Instance = *I;
      SysChip = Instance->ChipId;
    }
    if (!SysChip) {
      std::string Known = "trn1-chip, trn2-chip, trn3-chip, trn4-chip";
      for (const isa::InstanceDesc &I : isa::instances())
        Known += fmt::format(", {}", I.Name);
      throw UsageError{fmt::format("unknown system '{}': expected one of {}", Name, Known)};
    }
    if (Chip && *Chip != *SysChip)
      throw UsageError{fmt::format("--chip {} and --system {} name different chips",
                                   isa::chip(*Chip).Name, Name)};
    Chip = SysChip;
    Cores = static_cast<unsigned>(isa::chip(*SysChip).CoresPerChip);
  }
  if (VM.count("lnc")) {
    // A logical NeuronCore (LNC, trainium-facts 1.1): the kernel runs on the
    // 2 physical cores of one HBM stack, cores 0 and 1.
    std::string Text = VM["lnc"].as<std::string>();
    if (Text != "1" && Text != "2")
      throw UsageError{
          fmt::format("--lnc takes 1 or 2 (physical cores per logical core), not '{}'", Text)};
    if (VM.count("system") || VM.count("cores"))
      throw UsageError{"--lnc runs one logical core: give it without --system or --cores"};
    Cores = Text == "2" ? 2 : 1;
  }
  if (VM.count("cores")) {
    std::string Text = VM["cores"].as<std::string>();
    auto N = parseCount(Text);
    if (!N || *N == 0 || *N > 64)
      throw UsageError{fmt::format("--cores takes a number of cores from 1, not '{}'", Text)};
    Cores = static_cast<unsigned>(*N);
  }
  if (Cores > 1 || Instance) {
    if (const char *Opt = singleCoreOnlyOption(T))
      throw UsageError{
          fmt::format("--{} is not available on several cores yet (docs/multicore.md)", Opt)};
    object::Program Prog = loadProgram(Path, List("include"), Chip, *MaxMemory, T.diags().colors());
    isa::Chip On = Chip.value_or(Prog.TargetChip);
    if (VM.count("lnc") && isa::chip(On).Gen < 3)
      throw UsageError{fmt::format("--lnc 2 needs trn2 or later: {} has no logical NeuronCores of "
                                   "two cores",
                                   isa::chip(On).Name)};
    if (Cores > unsigned(isa::chip(On).CoresPerChip))
      throw UsageError{fmt::format("--cores {}: {} has {} cores", Cores, isa::chip(On).Name,
                                   isa::chip(On).CoresPerChip)};
    Opts.Strict = VM.count("strict") > 0;
    Opts.Throttle = VM.count("no-throttle") == 0;
    emu::SystemShape Shape{On, Instance ? Instance->chips() : 1, Cores, Instance};
    return runSystem(T, Path, std::move(Prog), Shape, Opts, *MaxMemory, Info, Peers);
  }
  if (Peers && Peers->ranks() > 1)
    throw UsageError{fmt::format("one core does not spread over {} MPI ranks: give --system "
                                 "with an instance of several chips (docs/mpi.md)",
                                 Peers->ranks())};

  std::unique_ptr<emu::Emulator> Emu;
  try {
    Emu = std::make_unique<emu::Emulator>(
        loadProgram(Path, List("include"), Chip, *MaxMemory, T.diags().colors()), Chip, *MaxMemory);
  } catch (const HostMemoryError &Err) {
    throw UsageError{fmt::format("{}: {}", Path, Err.what())};
  }
  emu::Emulator &E = *Emu;
  const object::Program &P = E.program();
  // An object that breaks a rule the assembler checks is refused as trn-as
  // would refuse its source.
  if (size_t N = E.loadErrors().size()) {
    for (const std::string &Msg : E.loadErrors())
      T.diags().report(Msg);
    throw UsageError{fmt::format("{} error{} in {}", N, N == 1 ? "" : "s", Path)};
  }

  // Inputs.
  std::set<std::string> Given;
  for (const std::string &S : List("in")) {
    auto [Name, File] = nameEqualsFile("in", S);
    const object::Tensor &Tensor = tensorNamed(P, Name, "in");
    if (auto Err = tools::checkReadable(File))
      throw UsageError{*Err};
    if (auto Err = emutool::readTensorFile(E, Tensor, File))
      throw UsageError{fmt::format("--in {}: {}", Name, *Err)};
    Given.insert(Name);
  }
  if (!VM.count("random-inputs")) {
    if (const object::Tensor *In = run::firstUnboundInput(P, Given))
      throw UsageError{fmt::format("input tensor '{}' is not given: use --in {}=FILE.npy or "
                                   "--random-inputs",
                                   In->Name, In->Name)};
  } else if (auto Err = run::randomizeUnboundInputs(E, Given, VM["seed"].as<uint64_t>())) {
    throw UsageError{fmt::format("--random-inputs: {}", *Err)};
  }
  // Validate --out/--check names and read references before running.
  std::vector<std::pair<run::Region, std::string>> Outs;
  for (const std::string &S : List("out")) {
    auto [Name, File] = nameEqualsFile("out", S);
    auto R = run::findRegion(P, Name);
    if (auto *Err = std::get_if<std::string>(&R))
      throw UsageError{fmt::format("--out {}: {}", Name, *Err)};
    Outs.push_back({std::get<run::Region>(R), File});
  }
  std::string DumpDir = VM.count("dump-on-fault") ? VM["dump-on-fault"].as<std::string>() : "";
  if (VM.count("dump-on-fault") && DumpDir.empty())
    throw UsageError{"--dump-on-fault takes a directory, not ''"};
  if (!DumpDir.empty())
    if (auto Err = emutool::checkDumpDir(DumpDir))
      throw UsageError{fmt::format("--dump-on-fault: {}", *Err)};
  std::vector<std::pair<const object::Tensor *, npy::Array>> Checks;
  for (const std::string &S : List("check")) {
    auto [Name, File] = nameEqualsFile("check", S);
    Checks.push_back(
        {&tensorNamed(P, Name, "check"), readNpy("check", Name, File, E.memoryBudget())});
    // A reference of the wrong shape or dtype is refused now, not after
    // the run; the message names the file as --in's do.
    if (auto Err = emu::checkReference(*Checks.back().first, Checks.back().second))
      throw UsageError{fmt::format("--check {}: {}: {}", Name, File, *Err)};
  }

  // Observers, only those asked for (trn/run/Observers.h orders them).
  std::string RaceMode = VM["race-check"].as<std::string>();
  run::ObserverRequest Want;
  if (auto Mode = run::parseRaceCheck(RaceMode))
    Want.Races = *Mode;
  else
    throw UsageError{fmt::format("--race-check takes error, warn or off, not '{}'", RaceMode)};
  Want.Report = VM.count("report") || VM.count("report-json");
  if (VM.count("trace-text"))
    Want.TextTrace = &std::cout; // not '-' for another output: claimed above
  std::string TracePath = VM.count("trace") ? VM["trace"].as<std::string>() : "";
  if (TracePath == "-")
    Want.TraceStream = &std::cout; // streams as to a device, whole even when the run faults
  else if (!TracePath.empty())
    Want.TracePath = TracePath;
  auto Attached = run::Observers::attach(E, Want);
  if (auto *Err = std::get_if<std::string>(&Attached))
    throw UsageError{*Err};
  run::Observers &Observing = *std::get<std::unique_ptr<run::Observers>>(Attached);
  const race::RaceDetector *Races = Observing.races();
  trace::ReportBuilder *Reporter = Observing.reporter();
  // --profile and --html (ViewOutputs.h): the page's file is opened now.
  std::string HtmlPath = VM.count("html") ? VM["html"].as<std::string>() : "";
  if (VM.count("html") && HtmlPath.empty())
    throw UsageError{"--html takes a file name, not ''"};
  emutool::ViewOutputs Views(E, VM.count("profile") || VM.count("profile-json"), HtmlPath, Path);
  if (auto Err = Views.open())
    throw UsageError{*Err};

  // --timeline-svg: drawn after the run, its path checked before it.
  std::unique_ptr<trace::SvgTimeline> Svg;
  std::string SvgPath = VM.count("timeline-svg") ? VM["timeline-svg"].as<std::string>() : "";
  if (VM.count("timeline-svg") && SvgPath.empty())
    throw UsageError{"--timeline-svg takes a file, not ''"};
  if (VM.count("timeline-title") && SvgPath.empty())
    throw UsageError{
        "--timeline-title titles the --timeline-svg picture: give --timeline-svg FILE"};
  if (!SvgPath.empty()) {
    if (auto Err = emutool::checkWritable(SvgPath))
      throw UsageError{fmt::format("--timeline-svg: {}", *Err)};
    trace::SvgOptions SO;
    if (VM.count("timeline-title"))
      SO.Title = VM["timeline-title"].as<std::string>();
    Svg = std::make_unique<trace::SvgTimeline>(E, SO);
    E.addObserver(Svg.get());
  }

  Opts.Strict = VM.count("strict") > 0;
  Opts.Throttle = VM.count("no-throttle") == 0;
  // The debugger, last: it stops the run after the other observers saw each event.
  std::unique_ptr<tools::DebugRun> Debug;
  if (VM.count("debug") || VM.count("debug-commands")) {
    auto D = tools::DebugRun::attach(
        E, VM.count("debug-commands") ? VM["debug-commands"].as<std::string>() : "");
    if (auto *Why = std::get_if<std::string>(&D))
      throw UsageError{*Why};
    Debug = std::move(std::get<std::unique_ptr<tools::DebugRun>>(D));
  }
  auto HostStart = std::chrono::steady_clock::now();
  std::optional<emu::RunResult> Ran = Debug ? Debug->run(E, Opts) : E.run(Opts);
  if (!Ran)
    return 0; // quit in the debugger
  emu::RunResult R = std::move(*Ran);
  double HostSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - HostStart).count();
  // A faulting run's trace is whole too: it ends where the run stopped.
  if (auto Err = Observing.finish())
    throw UsageError{*Err};
  if (auto Err = Views.writeHtml(R)) { // a faulting run's page too, as --trace
    if (!R.Error)
      throw UsageError{*Err};
    T.error(*Err);
  }
  // A faulting run's picture is written too, with the fault marked.
  if (Svg)
    if (auto Err = emutool::writeTimeline(*Svg, SvgPath)) {
      if (!R.Error)
        throw UsageError{fmt::format("--timeline-svg: {}", *Err)};
      T.error(fmt::format("--timeline-svg: {}", *Err)); // the fault stays the outcome
    }
  // What the print instructions wrote, in the order they ran (a faulting
  // run's too: they are how one finds the fault), after the text trace.
  for (const std::string &Text : R.Prints)
    Info << Text;
  Info.flush();
  for (const std::string &W : R.Warnings)
    T.diags().report(W);
  if (Races && !Races->races().empty()) {
    for (const std::string &W : Races->races())
      T.diags().report(W);
    size_t N = Races->races().size();
    T.diags().report(fmt::format("warning: {} race{} (--race-check=warn)", N, N == 1 ? "" : "s"));
  }
  if (R.Error) {
    T.diags().report(R.Error->Message);
    // The fault stays the outcome (exit 1) whether or not the dump is written.
    if (!DumpDir.empty())
      if (auto Err = emutool::writeFaultDump(E, DumpDir, R.Error->Message))
        T.error(fmt::format("--dump-on-fault: {}", *Err));
    return ExitFault;
  }
  Info << fmt::format("ran {} instructions in {:.3f} us ({} cycles at the PE clock) on {}\n",
                      R.Instructions, R.TimePs / 1e6, R.Cycles, E.chip().Name);
  if (Reporter) {
    trace::Report Rep = Reporter->build(R, HostSeconds);
    if (VM.count("report")) {
      trace::printReport(Rep, std::cout);
    }
    if (VM.count("report-json")) {
      std::ostringstream JS;
      trace::writeReportJson(Rep, JS);
      std::string Json = JS.str();
      if (auto Err = tools::writeOutput(
              VM["report-json"].as<std::string>(),
              std::span(reinterpret_cast<const uint8_t *>(Json.data()), Json.size())))
        throw UsageError{*Err};
    }
  }

  if (VM.count("profile"))
    Views.printProfile(R, std::cout);
  if (VM.count("profile-json")) {
    std::string Json = Views.profileJson(R);
    if (auto Err = tools::writeOutput(
            VM["profile-json"].as<std::string>(),
            std::span(reinterpret_cast<const uint8_t *>(Json.data()), Json.size())))
      throw UsageError{*Err};
  }

  // Outputs: every file is written whole to a temporary file, then all are
  // put in place.
  if (auto Err = emutool::writeTensorFiles(E, Outs))
    throw UsageError{*Err};

  bool AllOk = true;
  double RTol = VM["rtol"].as<double>(), ATol = VM["atol"].as<double>();
  for (auto &[Checked, Ref] : Checks) {
    E.memoryBudget().commit(Checked->bytes(),
                            fmt::format("tensor '{}' read back for --check", Checked->Name));
    auto C = emu::compare(*Checked, E.tensor(Checked->Name), Ref, RTol, ATol);
    E.memoryBudget().release(Checked->bytes());
    if (auto *Err = std::get_if<std::string>(&C))
      throw UsageError{fmt::format("--check {}: {}", Checked->Name, *Err)};
    const emu::CheckResult &CR = std::get<emu::CheckResult>(C);
    Info << emu::describeCheck(Checked->Name, CR, RTol, ATol);
    AllOk = AllOk && CR.ok();
  }
  return AllOk ? 0 : ExitMismatch;
}

} // namespace

// Under mpirun every rank runs this main (docs/mpi.md): only rank 0
// prints; the ranks agree on errors before the run, and rank 0's exit code
// is every rank's. A rank that cannot go on ends them all.
int main(int argc, char **argv) {
  tools::Tool T({"trn-emu", "runs a trnemu program on an emulated NeuronCore",
                 "[options] <prog.o | prog.s | ->"});
#ifdef TRN_HAVE_MPI
  mpi::MpiSession Mpi(argc, argv);
  emu::SystemPeers *Peers = Mpi.active() ? &Mpi.peers() : nullptr;
  if (Peers) {
    Mpi.quietUnlessRoot();
    std::string Line;
    for (int K = 1; K < argc; ++K)
      Line += std::string(argv[K]) + '\0';
    if (auto Rank = Mpi.firstDifferent(Line)) {
      T.error(fmt::format("MPI rank {} was started with other arguments than rank 0: every rank "
                          "runs the same command (mpirun -np N trn-emu ...)",
                          *Rank));
      return Mpi.finish(ExitUsage);
    }
  }
#else
  emu::SystemPeers *Peers = nullptr;
  if (std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMIX_RANK")) {
    T.error("this trn-emu was built without Open MPI: it cannot run under mpirun "
            "(docs/mpi.md)");
    return ExitUsage;
  }
#endif
  int Code = exitOnHostMemoryError("trn-emu", [&] {
    try {
      return runTool(T, argc, argv, Peers);
    } catch (const UsageError &E) {
      T.error(E.Message);
      return ExitUsage;
    }
#ifdef TRN_HAVE_MPI
    catch (const std::exception &E) {
      if (Peers)
        Mpi.abort(E.what(), 70);
      throw;
    }
#endif
  });
#ifdef TRN_HAVE_MPI
  return Mpi.finish(Code);
#else
  return Code;
#endif
}
