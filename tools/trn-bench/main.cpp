//===- trn-bench - how fast the emulator emulates --------------------------===//
//
// trn-bench [--chip C] [--seed N] KERNEL.s...   (or folders holding .s files)
//
// For each kernel: assemble it, fill its inputs with random values, run it
// once, and print the host seconds, the simulated cycles, simulated
// instructions per host second and emulated FLOP per host second; then, in
// the same run, the host doing the same number of FLOPs directly (a plain
// fp32 matrix-multiply loop nest), and the ratio between the two; and what
// the race detector costs (the same run with it, over the run without). A
// benchmark prints figures; it never fails on a slow machine.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"
#include "trn/race/RaceDetector.h"
#include "trn/support/HostMemory.h"
#include "trn/trace/Report.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <random>
#include <string>
#include <vector>

using namespace trn;
namespace fs = std::filesystem;

namespace {

double seconds(std::chrono::steady_clock::duration D) {
  return std::chrono::duration<double>(D).count();
}

// The host doing about Flops floating-point operations of a plain fp32
// matrix-multiply loop nest (n x n by n x n, 2 n^3 FLOP per pass). Returns
// FLOP per second.
double hostFlopsPerSecond(double Flops) {
  constexpr int N = 128;
  static std::vector<float> A(N * N), B(N * N), C(N * N);
  std::mt19937 Rng(1);
  std::uniform_real_distribution<float> U(-1, 1);
  for (float &X : A)
    X = U(Rng);
  for (float &X : B)
    X = U(Rng);
  double PerPass = 2.0 * N * N * N;
  long Passes = std::max(1L, static_cast<long>(Flops / PerPass));
  auto Start = std::chrono::steady_clock::now();
  for (long P = 0; P < Passes; ++P) {
    std::fill(C.begin(), C.end(), 0.0f);
    for (int I = 0; I < N; ++I)
      for (int K = 0; K < N; ++K) {
        float Aik = A[I * N + K];
        for (int J = 0; J < N; ++J)
          C[I * N + J] += Aik * B[K * N + J];
      }
    A[P % (N * N)] += C[(P * 7) % (N * N)] * 1e-9f; // keep the work observable
  }
  double Secs = seconds(std::chrono::steady_clock::now() - Start);
  return Passes * PerPass / std::max(Secs, 1e-9);
}

int run(int argc, char **argv) {
  std::vector<std::string> Kernels;
  std::optional<isa::Chip> Chip;
  uint64_t Seed = 1;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "--chip" && I + 1 < argc) {
      Chip = isa::lookupChip(argv[++I]);
      if (!Chip) {
        llvm::errs() << "trn-bench: error: unknown chip '" << argv[I] << "'\n";
        return 2;
      }
    } else if (A == "--seed" && I + 1 < argc) {
      char *End = nullptr;
      Seed = std::strtoull(argv[++I], &End, 10);
      if (!*argv[I] || *End) {
        llvm::errs() << "trn-bench: error: --seed takes a number, not '" << argv[I] << "'\n";
        return 2;
      }
    } else if (A == "--help" || A == "-h") {
      llvm::outs() << "Usage: trn-bench [--chip trn1|trn2|trn3] [--seed N] KERNEL.s|FOLDER...\n";
      return 0;
    } else if (A.size() > 1 && A[0] == '-') {
      llvm::errs() << "trn-bench: error: unknown option '" << A << "' (try --help)\n";
      return 2;
    } else if (fs::is_directory(A)) {
      for (const auto &E : fs::recursive_directory_iterator(A))
        if (E.path().extension() == ".s")
          Kernels.push_back(E.path().string());
    } else {
      Kernels.push_back(A);
    }
  }
  std::sort(Kernels.begin(), Kernels.end());
  if (Kernels.empty()) {
    llvm::errs() << "trn-bench: error: no kernels given (try --help)\n";
    return 2;
  }
  llvm::outs() << fmt::format("{:<34} {:>9} {:>12} {:>13} {:>13} {:>13} {:>8} {:>6}\n", "kernel",
                              "host s", "sim cycles", "sim instr/s", "emu FLOP/s", "host FLOP/s",
                              "ratio", "race");
  int Status = 0;
  for (const std::string &K : Kernels) {
    assembler::Options Opts;
    Opts.Chip = Chip;
    std::string Errors;
    llvm::raw_string_ostream ES(Errors);
    assembler::Result R = assembler::assembleFile(K, Opts, ES);
    fs::path Parent = fs::path(K).parent_path().filename();
    std::string Name = (Parent.empty() ? fs::path() : Parent / fs::path(K).filename()).string();
    if (Name.empty())
      Name = fs::path(K).filename().string();
    if (!R.Program) {
      llvm::outs() << fmt::format("{:<34} does not assemble: {}\n", Name,
                                  Errors.substr(0, Errors.find('\n')));
      Status = 1;
      continue;
    }
    // One run, with the report (and the race detector when asked);
    // repeated until 0.3 s have passed, the fastest kept, so that small
    // kernels are not timer noise.
    struct Timed {
      double Host = 1e30;
      emu::RunResult Run;
      trace::Report Rep;
    };
    auto Measure = [&](bool Races) {
      Timed Best;
      double Total = 0;
      do {
        emu::Emulator E(*R.Program, Chip);
        std::mt19937_64 Rng(Seed);
        for (const object::Tensor &T : E.program().Tensors)
          if (T.Role == object::TensorRole::Input && !T.InitOffset)
            E.setTensor(T.Name, emu::randomTensor(T, Rng));
        trace::ReportBuilder Builder(E);
        E.addObserver(&Builder);
        race::RaceDetector Detector(E, race::RaceDetector::Mode::Error);
        if (Races)
          E.addObserver(&Detector);
        auto Start = std::chrono::steady_clock::now();
        emu::RunResult Run = E.run({});
        double Host = seconds(std::chrono::steady_clock::now() - Start);
        Total += Host;
        if (Host < Best.Host)
          Best = {Host, Run, Builder.build(Run, Host)};
        if (Run.Error)
          break;
      } while (Total < 0.3);
      return Best;
    };
    Timed Plain = Measure(false);
    double Host = Plain.Host;
    emu::RunResult Run = Plain.Run;
    const trace::Report &Rep = Plain.Rep;
    if (Run.Error) {
      llvm::outs() << fmt::format("{:<34} faults: {}\n", Name,
                                  Run.Error->Message.substr(0, Run.Error->Message.find('\n')));
      Status = 1;
      continue;
    }
    Timed Checked = Measure(true);
    std::string RaceCost =
        Checked.Run.Error ? std::string("race!") : fmt::format("{:.2f}x", Checked.Host / Host);
    double EmuFlops = Rep.EmulatedFlops / std::max(Host, 1e-9);
    // The same FLOP count done directly; at least 2e8 so the timing is not
    // noise.
    double HostFlops = hostFlopsPerSecond(std::max(Rep.EmulatedFlops, 2e8));
    std::string Ratio = EmuFlops > 0 ? fmt::format("{:.1f}", HostFlops / EmuFlops) : "-";
    llvm::outs() << fmt::format(
        "{:<34} {:>9.3f} {:>12} {:>13.4g} {:>13.4g} {:>13.4g} {:>8} {:>6}\n", Name, Host,
        Run.Cycles, Run.Instructions / std::max(Host, 1e-9), EmuFlops, HostFlops, Ratio, RaceCost);
  }
  llvm::outs() << "\nratio = host FLOP/s of a plain fp32 loop nest / emulated FLOP/s: how many "
                  "times slower emulation is than doing the arithmetic directly.\nrace = host "
                  "time with the race detector / without it (\"race!\" if it found one).\n";
  return Status;
}

} // namespace

int main(int argc, char **argv) {
  return trn::exitOnHostMemoryError("trn-bench", [&] { return run(argc, argv); });
}
