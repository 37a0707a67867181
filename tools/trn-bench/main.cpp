//===- trn-bench - how fast the emulator emulates --------------------------===//
//
// trn-bench [options] KERNEL.s|FOLDER...
//
// For each kernel: assemble it, fill its inputs with random values, run it
// (with no observer and with each observer in turn, round after round, the
// fastest of each over at least --min-seconds), and print the
// host seconds, simulated instructions per host second, the figure its goal
// is judged by against a reference measured in the same run (BenchSpec.h:
// OpenBLAS sgemm for a GEMM, NumPy for row kernels, a plain fp32 loop nest
// otherwise), what each observer costs (the run with it over the run
// without), and the peak memory of one run in a child process against what
// the emulator committed. Then a line per goal of issue 11 saying how many
// kernels meet it. A benchmark prints figures; it never fails on a slow
// machine (exit 1 only for a kernel that does not assemble or faults).
//
//===----------------------------------------------------------------------===//

#include "BenchSpec.h"
#include "CommandLine.h"
#include "Files.h"
#include "Measure.h"
#include "References.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Assembler.h"
#include "trn/support/HostMemory.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace trn;
using namespace trn::bench;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::optional<isa::Chip> Chip;
  uint64_t Seed = 1;
  double MinSeconds = 0.3;
  int Threads = 1; // host threads of the references (the emulator uses one)
  bool Observers = true, Memory = true;
  std::string Python = "/usr/bin/python3";
  std::vector<std::string> Kernels;
};

// The goals of issue 11, as thresholds on the figures printed.
constexpr double GemmVsBlas = 0.5;      // emulated GEMM FLOP/s over OpenBLAS sgemm's, at least
constexpr double ControlInstrs = 20e6;  // simulated instructions/s, at least
constexpr double Datapath1Instrs = 5e6; // the same, one-element datapath instructions
constexpr double RowsVsNumpy = 2.0;     // host seconds over NumPy's, at most
constexpr double ObserverLimit[NumObserverSets] = {1.0, 1.05, 2.0, 1.5, 1.5};
constexpr const char *ObserverName[NumObserverSets] = {"none", "report", "trace", "text", "race"};
constexpr uint64_t MemorySlack = 64ull << 20;

// Goal tallies: kernels measured, kernels meeting it, the worst figure.
struct Tally {
  unsigned Measured = 0, Met = 0;
  std::string Worst;
  double WorstValue = 0;
  void add(bool Ok, double Value, bool HigherIsBetter, const std::string &Text) {
    ++Measured;
    Met += Ok;
    if (Worst.empty() || (HigherIsBetter ? Value < WorstValue : Value > WorstValue)) {
      WorstValue = Value;
      Worst = Text;
    }
  }
};

std::optional<Options> parse(tools::Tool &T, int argc, char **argv, int &Exit) {
  using tools::po::value;
  Options O;
  T.group("Benchmark")("chip", value<std::string>()->value_name("NAME"),
                       "run on trn1, trn2, trn3 or trn4 (default: each program's)")(
      "seed", value<uint64_t>()->value_name("N")->default_value(O.Seed),
      "seed of the random inputs")(
      "min-seconds", value<double>()->value_name("S")->default_value(O.MinSeconds, "0.3"),
      "repeat each run until S seconds, keep the fastest")(
      "threads", value<unsigned>()->value_name("N")->default_value(1),
      "host threads of the OpenBLAS reference (the emulator uses one)")(
      "python", value<std::string>()->value_name("PATH")->default_value(O.Python),
      "the Python with NumPy for row kernels")("no-observers", "skip the observer-cost columns")(
      "no-memory", "skip the peak-memory column");
  if (auto Done = T.parse(argc, argv)) {
    Exit = *Done;
    return std::nullopt;
  }
  const tools::po::variables_map &VM = T.vm();
  Exit = tools::ExitUsage;
  if (T.has("chip")) {
    std::string Name = VM["chip"].as<std::string>();
    O.Chip = isa::lookupChip(Name);
    if (!O.Chip) {
      T.error("unknown chip '" + Name + "': expected trn1, trn2, trn3 or trn4");
      return std::nullopt;
    }
  }
  O.Seed = VM["seed"].as<uint64_t>();
  O.MinSeconds = VM["min-seconds"].as<double>();
  if (!(O.MinSeconds >= 0)) {
    T.error("--min-seconds takes a number of seconds from 0, not '" + std::to_string(O.MinSeconds) +
            "'");
    return std::nullopt;
  }
  O.Threads = std::max(1u, VM["threads"].as<unsigned>());
  O.Python = VM["python"].as<std::string>();
  O.Observers = !T.has("no-observers");
  O.Memory = !T.has("no-memory");
  for (const std::string &A : T.inputs()) {
    std::error_code EC;
    if (fs::is_directory(A, EC)) {
      for (const auto &E : fs::recursive_directory_iterator(A))
        if (E.path().extension() == ".s")
          O.Kernels.push_back(E.path().string());
    } else if (auto Err = tools::checkReadable(A)) {
      T.error(*Err);
      return std::nullopt;
    } else {
      O.Kernels.push_back(A);
    }
  }
  std::sort(O.Kernels.begin(), O.Kernels.end());
  if (O.Kernels.empty()) {
    T.error("no kernels given (try --help)");
    return std::nullopt;
  }
  return O;
}

std::string shortName(const std::string &K) {
  fs::path Parent = fs::path(K).parent_path().filename();
  return (Parent.empty() ? fs::path(K).filename() : Parent / fs::path(K).filename()).string();
}

int run(int argc, char **argv) {
  tools::Tool T({"trn-bench",
                 "measures how fast the emulator emulates, against OpenBLAS, NumPy and the host\n"
                 "  (kernels may start with '# trn-bench: goal=...': tools/trn-bench/BenchSpec.h)",
                 "[options] <kernel.s | folder>..."});
  int Exit = 0;
  std::optional<Options> Parsed = parse(T, argc, argv, Exit);
  if (!Parsed)
    return Exit;
  const Options &O = *Parsed;
  // trn-emu beside this trn-bench: the runs over MPI ranks (ranks=...).
  std::string TrnEmu =
      (fs::path(llvm::sys::fs::getMainExecutable(argv[0], reinterpret_cast<void *>(&run)))
           .parent_path() /
       "trn-emu")
          .string();
  llvm::outs() << fmt::format("{:<28} {:<9} {:>8} {:>10} {:>10} {:>10} {:>8} {:>4} {:>6} {:>6} "
                              "{:>6} {:>6} {:>13}\n",
                              "kernel", "goal", "host s", "instr/s", "figure", "reference", "ratio",
                              "ok", "report", "trace", "text", "race", "peak MiB");
  int Status = 0;
  std::map<std::string, Tally> Goals;
  for (const std::string &K : O.Kernels) {
    std::string Name = shortName(K);
    std::string Error;
    std::optional<BenchSpec> Spec = readBenchSpec(K, Error);
    if (!Spec) {
      llvm::outs() << fmt::format("{:<28} bad header: {}\n", Name, Error);
      Status = 1;
      continue;
    }
    assembler::Options AOpts;
    AOpts.Chip = O.Chip;
    std::ostringstream ES;
    assembler::Result R = assembler::assembleFile(K, AOpts, ES);
    std::string Errors = ES.str();
    if (!R.Program) {
      llvm::outs() << fmt::format("{:<28} does not assemble: {}\n", Name,
                                  Errors.substr(0, Errors.find('\n')));
      Status = 1;
      continue;
    }
    if (Spec->G == Goal::System) {
      // A system of cores: one run in a child, its rate and memory.
      std::optional<SystemTimed> S = measureSystem(
          *R.Program, Spec->System, static_cast<unsigned>(Spec->Cores), O.Seed, Error);
      if (!S) {
        llvm::outs() << fmt::format("{:<28} faults: {}\n", Name, Error);
        Status = 1;
        continue;
      }
      double NsPerS = S->SimulatedPs / 1e3 / std::max(S->HostSeconds, 1e-9);
      llvm::outs() << fmt::format(
          "{:<28} {:<9} {:>8.3f} {:>10.4g} {:>10} {:>10} {:>8} {:>4} {:>6} {:>6} {:>6} {:>6} "
          "{:>13}\n",
          Name, goalName(Spec->G), S->HostSeconds, S->Instructions / std::max(S->HostSeconds, 1e-9),
          fmt::format("{:.3g}ns/s", NsPerS), fmt::format("{:.3f}us", S->SimulatedPs / 1e6), "-",
          "-", "-", "-", "-", "-",
          fmt::format("{}/{}", S->PeakRssBytes >> 20, (S->EmulatedBytes + MemorySlack) >> 20));
      // The same over MPI ranks: trn-emu's rate under mpirun against its
      // own without mpirun (the same observers: report, race check), the
      // simulated time checked the same, each rank's memory.
      std::optional<MpiTimed> Alone;
      if (!Spec->Ranks.empty() &&
          !(Alone = measureMpi(TrnEmu, K, Spec->System, static_cast<unsigned>(Spec->Cores), 0,
                               O.Seed, Error))) {
        llvm::outs() << fmt::format("{:<28} without mpirun: {}\n", Name, Error);
        Status = 1;
      }
      for (long Ranks : Alone ? Spec->Ranks : std::vector<long>{}) {
        std::optional<MpiTimed> M =
            measureMpi(TrnEmu, K, Spec->System, static_cast<unsigned>(Spec->Cores),
                       static_cast<unsigned>(Ranks), O.Seed, Error);
        if (!M || M->SimulatedPs != S->SimulatedPs) {
          llvm::outs() << fmt::format("{:<28} over {} ranks: {}\n", Name, Ranks,
                                      M ? "another simulated time" : Error);
          Status = 1;
          continue;
        }
        double Rate = M->SimulatedPs / 1e3 / std::max(M->HostSeconds, 1e-9);
        double AloneRate = Alone->SimulatedPs / 1e3 / std::max(Alone->HostSeconds, 1e-9);
        llvm::outs() << fmt::format(
            "{:<28} {:<9} {:>8.3f} {:>10} {:>10} {:>10} {:>7.2f}x  peak MiB per rank: {}\n",
            fmt::format("  {} MPI rank{}", Ranks, Ranks == 1 ? "" : "s"), "mpi", M->HostSeconds,
            "-", fmt::format("{:.3g}ns/s", Rate), fmt::format("{:.3g}ns/s", AloneRate),
            Rate / AloneRate, fmt::join(M->RankPeakRssMiB, ", "));
      }
      llvm::outs().flush();
      continue;
    }
    std::optional<PeakMemory> Mem;
    if (O.Memory)
      Mem = measurePeakMemory(*R.Program, O.Chip, O.Seed);
    // The report is always measured: it gives the emulated FLOPs.
    std::vector<Observers> Sets;
    for (unsigned S = 0; S < NumObserverSets; ++S)
      if (S == 0 || O.Observers || static_cast<Observers>(S) == Observers::Report)
        Sets.push_back(static_cast<Observers>(S));
    std::vector<Timed> Measured = measure(*R.Program, O.Chip, O.Seed, Sets, O.MinSeconds);
    Timed Times[NumObserverSets];
    for (size_t K = 0; K < Sets.size(); ++K)
      Times[static_cast<unsigned>(Sets[K])] = Measured[K];
    if (Times[0].Run.Error) {
      const std::string &M = Times[0].Run.Error->Message;
      llvm::outs() << fmt::format("{:<28} faults: {}\n", Name, M.substr(0, M.find('\n')));
      Status = 1;
      continue;
    }
    double Host = Times[0].HostSeconds;
    double InstrPerS = Times[0].Run.Instructions / std::max(Host, 1e-9);

    // The goal's figure, its reference and their ratio.
    std::string Figure = "-", Reference = "-", Ratio = "-", Ok = "-";
    switch (Spec->G) {
    case Goal::Gemm: {
      double Flops = 2.0 * Spec->M * Spec->N * Spec->K / std::max(Host, 1e-9);
      double Blas = openblasSgemmFlopsPerSecond(Spec->M, Spec->N, Spec->K, O.Threads);
      double X = Flops / Blas;
      Figure = fmt::format("{:.3g}G", Flops / 1e9);
      Reference = fmt::format("{:.3g}G", Blas / 1e9);
      Ratio = fmt::format("{:.2f}x", X);
      Ok = X >= GemmVsBlas ? "yes" : "no";
      Goals["1 gemm >= 0.5x OpenBLAS sgemm"].add(X >= GemmVsBlas, X, true,
                                                 fmt::format("{} {:.2f}x", Name, X));
      break;
    }
    case Goal::Rows: {
      std::string Script = (fs::path(K).parent_path() / "numpy_reference.py").string();
      std::optional<double> Np =
          numpySeconds(O.Python, Script, Spec->NumpyName, Spec->Rows, Spec->Cols, Error);
      if (!Np) {
        Reference = "n/a";
        T.diags().warning(Name + ": " + Error);
        break;
      }
      double X = Host / *Np;
      Figure = fmt::format("{:.3g}s", Host);
      Reference = fmt::format("{:.3g}s", *Np);
      Ratio = fmt::format("{:.2f}x", X);
      Ok = X <= RowsVsNumpy ? "yes" : "no";
      Goals["3 rows within 2x of NumPy"].add(X <= RowsVsNumpy, X, false,
                                             fmt::format("{} {:.2f}x", Name, X));
      break;
    }
    case Goal::Control:
    case Goal::Datapath1: {
      bool Control = Spec->G == Goal::Control;
      double Want = Control ? ControlInstrs : Datapath1Instrs;
      Figure = fmt::format("{:.3g}M", InstrPerS / 1e6);
      Reference = fmt::format("{:.3g}M", Want / 1e6);
      Ratio = fmt::format("{:.2f}x", InstrPerS / Want);
      Ok = InstrPerS >= Want ? "yes" : "no";
      Goals[Control ? "2 control >= 20 M instr/s" : "2 datapath1 >= 5 M instr/s"].add(
          InstrPerS >= Want, InstrPerS, true, fmt::format("{} {:.3g} M", Name, InstrPerS / 1e6));
      break;
    }
    case Goal::System: // measured above
      break;
    case Goal::None: {
      double Flops = Times[1].EmulatedFlops / std::max(Times[1].HostSeconds, 1e-9);
      double HostLoop = hostLoopFlopsPerSecond(std::max(Times[1].EmulatedFlops, 2e8));
      Figure = fmt::format("{:.3g}G", Flops / 1e9);
      Reference = fmt::format("{:.3g}G", HostLoop / 1e9);
      Ratio = Flops > 0 ? fmt::format("{:.3g}x", Flops / HostLoop) : "-";
      break;
    }
    }

    // Observer costs, each over the run without observers.
    std::string Cost[NumObserverSets];
    for (unsigned S = 1; S < NumObserverSets; ++S) {
      if (!O.Observers && static_cast<Observers>(S) != Observers::Report) {
        Cost[S] = "-";
        continue;
      }
      if (Times[S].Run.Error) {
        Cost[S] = static_cast<Observers>(S) == Observers::Race ? "race!" : "fault";
        Status = 1;
        continue;
      }
      double X = Times[S].HostSeconds / std::max(Host, 1e-9);
      Cost[S] = fmt::format("{:.2f}", X);
      Goals[fmt::format("4 {} <= {}x", ObserverName[S], ObserverLimit[S])].add(
          X <= ObserverLimit[S], X, false, fmt::format("{} {:.2f}x", Name, X));
    }
    std::string Peak = "-";
    if (Mem) {
      bool MemOk = Mem->PeakRssBytes <= Mem->EmulatedBytes + MemorySlack;
      Peak =
          fmt::format("{}/{}", Mem->PeakRssBytes >> 20, (Mem->EmulatedBytes + MemorySlack) >> 20);
      Goals["5 peak <= emulated + 64 MiB"].add(
          MemOk, double(Mem->PeakRssBytes) - double(Mem->EmulatedBytes), false,
          fmt::format("{} {} MiB over emulated", Name,
                      (int64_t(Mem->PeakRssBytes) - int64_t(Mem->EmulatedBytes)) >> 20));
    }
    llvm::outs() << fmt::format("{:<28} {:<9} {:>8.3f} {:>10.4g} {:>10} {:>10} {:>8} {:>4} {:>6} "
                                "{:>6} {:>6} {:>6} {:>13}\n",
                                Name, goalName(Spec->G), Host, InstrPerS, Figure, Reference, Ratio,
                                Ok, Cost[1], Cost[2], Cost[3], Cost[4], Peak);
    llvm::outs().flush();
  }
  llvm::outs()
      << "\nfigure: emulated GEMM FLOP/s (gemm), host seconds (rows), simulated "
         "instructions/s (control, datapath1), simulated ns per host second "
         "(system),\nemulated FLOP/s (others); reference: the simulated time (system), trn-emu "
         "without mpirun (mpi), "
         "OpenBLAS sgemm on the same shape and host threads, NumPy doing the same steps "
         "unfused, the goal's rate, a plain fp32 loop nest;\nreport/trace/text/race: host "
         "time with that observer over the time without (traces formatted, then "
         "discarded);\npeak MiB: peak RSS of one run in a child process / what the "
         "emulator committed + 64 MiB.\n\ngoals (issue 11):\n";
  for (const auto &[Goal, T] : Goals)
    llvm::outs() << fmt::format("  {:<34} {:>3} of {:<3} kernels meet it; worst: {}\n", Goal, T.Met,
                                T.Measured, T.Worst);
  return Status;
}

} // namespace

int main(int argc, char **argv) {
  return trn::exitOnHostMemoryError("trn-bench", [&] { return run(argc, argv); });
}
