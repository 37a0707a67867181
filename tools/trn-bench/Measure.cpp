//===- Measure.cpp - one kernel, timed with and without observers ---------===//

#include "Measure.h"

#include "llvm/Support/raw_ostream.h"
#include "trn/emu/Check.h"
#include "trn/race/RaceDetector.h"
#include "trn/trace/Report.h"
#include "trn/trace/Trace.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <random>

namespace trn::bench {

namespace {

void fillInputs(emu::Emulator &E, uint64_t Seed) {
  std::mt19937_64 Rng(Seed);
  for (const object::Tensor &T : E.program().Tensors)
    if (T.Role == object::TensorRole::Input && !T.InitOffset)
      E.setTensor(T.Name, emu::randomTensor(T, Rng));
}

} // namespace

Timed measure(const object::Program &P, std::optional<isa::Chip> Chip, uint64_t Seed, Observers O,
              double MinSeconds) {
  Timed Best;
  Best.HostSeconds = 1e30;
  double Total = 0;
  do {
    emu::Emulator E(P, Chip);
    fillInputs(E, Seed);
    llvm::raw_null_ostream Null;
    std::unique_ptr<emu::Observer> Obs;
    trace::ReportBuilder *Builder = nullptr;
    switch (O) {
    case Observers::None:
      break;
    case Observers::Report:
      Obs = std::make_unique<trace::ReportBuilder>(E);
      Builder = static_cast<trace::ReportBuilder *>(Obs.get());
      break;
    case Observers::Trace:
      Obs = std::make_unique<trace::ChromeTrace>(E, Null);
      break;
    case Observers::TraceText:
      Obs = std::make_unique<trace::TextTrace>(Null);
      break;
    case Observers::Race:
      Obs = std::make_unique<race::RaceDetector>(E, race::RaceDetector::Mode::Error);
      break;
    }
    if (Obs)
      E.addObserver(Obs.get());
    auto Start = std::chrono::steady_clock::now();
    emu::RunResult Run = E.run({});
    double Host = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    Total += Host;
    if (Host < Best.HostSeconds) {
      Best.HostSeconds = Host;
      Best.Run = Run;
      if (Builder)
        Best.EmulatedFlops = Builder->build(Run, Host).EmulatedFlops;
    }
    if (Run.Error)
      break;
  } while (Total < MinSeconds);
  return Best;
}

std::optional<PeakMemory> measurePeakMemory(const object::Program &P, std::optional<isa::Chip> Chip,
                                            uint64_t Seed) {
  int Pipe[2];
  if (pipe(Pipe))
    return std::nullopt;
  pid_t Child = fork();
  if (Child < 0)
    return std::nullopt;
  if (Child == 0) {
    close(Pipe[0]);
    uint64_t Used = 0;
    {
      emu::Emulator E(P, Chip);
      fillInputs(E, Seed);
      emu::RunResult Run = E.run({});
      Used = Run.Error ? 0 : E.memoryBudget().used();
    }
    ssize_t W = write(Pipe[1], &Used, sizeof Used);
    _exit(W == sizeof Used && Used ? 0 : 1);
  }
  close(Pipe[1]);
  uint64_t Used = 0;
  ssize_t R = read(Pipe[0], &Used, sizeof Used);
  close(Pipe[0]);
  int Status = 0;
  struct rusage Usage {};
  if (wait4(Child, &Status, 0, &Usage) != Child || !WIFEXITED(Status) || WEXITSTATUS(Status) ||
      R != sizeof Used)
    return std::nullopt;
  return PeakMemory{static_cast<uint64_t>(Usage.ru_maxrss) * 1024, Used};
}

} // namespace trn::bench
