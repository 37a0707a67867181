//===- Measure.cpp - one kernel, timed with and without observers ---------===//

#include "Measure.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "trn/emu/Check.h"
#include "trn/emu/System.h"
#include "trn/race/RaceDetector.h"
#include "trn/trace/Report.h"
#include "trn/trace/Trace.h"

#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <random>
#include <streambuf>

namespace trn::bench {

namespace {

void fillInputs(emu::Emulator &E, uint64_t Seed) {
  std::mt19937_64 Rng(Seed);
  for (const object::Tensor &T : E.program().Tensors)
    if (T.Role == object::TensorRole::Input && !T.InitOffset)
      E.setTensor(T.Name, emu::randomTensor(T, Rng));
}

// Where the traces write when only their cost is measured: nowhere.
class NullBuffer : public std::streambuf {
protected:
  std::streamsize xsputn(const char *, std::streamsize N) override { return N; }
  int overflow(int C) override { return C; }
};

} // namespace

namespace {

// One run with observer set O; HostSeconds is its time.
Timed runOnce(const object::Program &P, std::optional<isa::Chip> Chip, uint64_t Seed, Observers O) {
  emu::Emulator E(P, Chip);
  fillInputs(E, Seed);
  NullBuffer NullBuf;
  std::ostream Null(&NullBuf);
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
  Timed T;
  T.Run = E.run({});
  T.HostSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  if (Builder)
    T.EmulatedFlops = Builder->build(T.Run, T.HostSeconds).EmulatedFlops;
  return T;
}

} // namespace

std::vector<Timed> measure(const object::Program &P, std::optional<isa::Chip> Chip, uint64_t Seed,
                           const std::vector<Observers> &Sets, double MinSeconds) {
  std::vector<Timed> Best(Sets.size());
  std::vector<double> Total(Sets.size(), 0);
  std::vector<bool> Done(Sets.size(), false); // enough time, or a fault (once is enough)
  for (Timed &B : Best)
    B.HostSeconds = 1e30;
  while (std::find(Done.begin(), Done.end(), false) != Done.end()) {
    for (size_t K = 0; K < Sets.size(); ++K) {
      if (Done[K])
        continue;
      Timed T = runOnce(P, Chip, Seed, Sets[K]);
      Total[K] += T.HostSeconds;
      if (T.HostSeconds < Best[K].HostSeconds)
        Best[K] = std::move(T);
      if (Best[K].Run.Error && Sets[K] == Observers::None)
        return Best; // the program itself faults: nothing to compare
      Done[K] = Best[K].Run.Error || Total[K] >= MinSeconds;
    }
  }
  return Best;
}

namespace {

// Runs Work (returning a trivially copyable T, nullopt on failure) in a
// forked child, so that its peak RSS is its own: the result and that peak.
template <typename T, typename F> std::optional<std::pair<T, uint64_t>> inChild(F Work) {
  int Pipe[2];
  if (pipe(Pipe))
    return std::nullopt;
  pid_t Child = fork();
  if (Child < 0)
    return std::nullopt;
  if (Child == 0) {
    close(Pipe[0]);
    std::optional<T> Out = Work();
    ssize_t W = Out ? write(Pipe[1], &*Out, sizeof(T)) : 0;
    _exit(W == sizeof(T) ? 0 : 1);
  }
  close(Pipe[1]);
  T Out{};
  ssize_t R = read(Pipe[0], &Out, sizeof(T));
  close(Pipe[0]);
  int Status = 0;
  struct rusage Usage {};
  if (wait4(Child, &Status, 0, &Usage) != Child || !WIFEXITED(Status) || WEXITSTATUS(Status) ||
      R != sizeof(T))
    return std::nullopt;
  return std::pair{Out, static_cast<uint64_t>(Usage.ru_maxrss) * 1024};
}

} // namespace

std::optional<PeakMemory> measurePeakMemory(const object::Program &P, std::optional<isa::Chip> Chip,
                                            uint64_t Seed) {
  auto Done = inChild<uint64_t>([&]() -> std::optional<uint64_t> {
    emu::Emulator E(P, Chip);
    fillInputs(E, Seed);
    emu::RunResult Run = E.run({});
    if (Run.Error)
      return std::nullopt;
    return E.memoryBudget().used();
  });
  if (!Done)
    return std::nullopt;
  return PeakMemory{Done->second, Done->first};
}

std::optional<SystemTimed> measureSystem(const object::Program &P, const std::string &Name,
                                         unsigned CoresPerChip, uint64_t Seed, std::string &Error) {
  std::optional<const isa::InstanceDesc *> Instance = isa::lookupInstance(Name);
  if (!Instance) {
    Error = fmt::format("system '{}' is no instance preset", Name);
    return std::nullopt;
  }
  auto Done = inChild<SystemTimed>([&]() -> std::optional<SystemTimed> {
    emu::SystemShape Shape{(*Instance)->ChipId, (*Instance)->chips(), CoresPerChip, *Instance};
    emu::System S(P, Shape);
    for (unsigned K = 0; K < S.cores(); ++K)
      fillInputs(S.core(K), Seed + K);
    auto Start = std::chrono::steady_clock::now();
    emu::SystemRunResult R = S.run({});
    SystemTimed T;
    T.HostSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    if (R.Error)
      return std::nullopt;
    T.SimulatedPs = R.TimePs;
    T.Instructions = R.Instructions;
    T.EmulatedBytes = S.core(0).memoryBudget().used();
    return T;
  });
  if (!Done) {
    Error = "the run failed";
    return std::nullopt;
  }
  Done->first.PeakRssBytes = Done->second;
  return Done->first;
}

std::optional<MpiTimed> measureMpi(const std::string &TrnEmu, const std::string &Kernel,
                                   const std::string &System, unsigned CoresPerChip, unsigned Ranks,
                                   uint64_t Seed, std::string &Error) {
#ifndef TRN_MPIEXEC
  (void)TrnEmu, (void)Kernel, (void)System, (void)CoresPerChip, (void)Ranks, (void)Seed;
  Error = "this trn-bench was built without Open MPI";
  return std::nullopt;
#else
  llvm::SmallString<128> Json;
  if (llvm::sys::fs::createTemporaryFile("trn-bench-mpi", "json", Json)) {
    Error = "cannot create a temporary file";
    return std::nullopt;
  }
  // As root too (CI); oversubscribed when there are more ranks than cores.
  // Ranks = 0: the same trn-emu run without mpirun, the reference.
  std::string Mpirun =
      Ranks ? fmt::format("env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 {} "
                          "--oversubscribe --bind-to none -np {} ",
                          TRN_MPIEXEC, Ranks)
            : "";
  std::string Command = fmt::format(
      "{}'{}' --system {} --cores {} '{}' --random-inputs --seed {} --report-json '{}' >/dev/null "
      "2>&1",
      Mpirun, TrnEmu, System, CoresPerChip, Kernel, Seed, Json.str());
  int Status = std::system(Command.c_str());
  auto Text = llvm::MemoryBuffer::getFile(Json);
  llvm::sys::fs::remove(Json);
  if (Status != 0 || !Text) {
    Error = fmt::format("mpirun -np {} trn-emu failed (status {})", Ranks, Status);
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Text)->getBuffer());
  const llvm::json::Object *Top = V ? V->getAsObject() : nullptr;
  const llvm::json::Object *Host = Top ? Top->getObject("host") : nullptr;
  const llvm::json::Array *Rss = Host ? Host->getArray("peak_rss_mib_by_rank") : nullptr;
  std::optional<double> Seconds = Host ? Host->getNumber("seconds") : std::nullopt;
  std::optional<double> TotalNs = Top ? Top->getNumber("total_time_ns") : std::nullopt;
  if ((Ranks && !Rss) || !Seconds || !TotalNs) {
    if (!V)
      llvm::consumeError(V.takeError());
    Error = "trn-emu's report has no host seconds or ranks' memory";
    return std::nullopt;
  }
  MpiTimed T;
  T.HostSeconds = *Seconds;
  T.SimulatedPs = static_cast<int64_t>(*TotalNs * 1000 + 0.5);
  if (Rss)
    for (const llvm::json::Value &MiB : *Rss)
      T.RankPeakRssMiB.push_back(static_cast<uint64_t>(MiB.getAsInteger().value_or(0)));
  return T;
#endif
}

} // namespace trn::bench
