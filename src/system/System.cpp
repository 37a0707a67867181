//===- System.cpp - the cores of a chip in lockstep windows ---------------===//
//
// Conservative synchronisation in windows, as in SST and ROSS: nothing a
// core does reaches another sooner than L (System::lookaheadPs: a
// dma_copy_core's data, DmaSignalNs after its transfer; a semaphore update
// takes longer), so from the earliest pending event T of all cores, every
// core can run the events before T + L without missing a message. Each window runs the cores in
// core order, then delivers the window's messages, sorted by (arrival, sending core, sent), as
// semaphore arrivals; they all land at or after T + L. The order of everything is fixed, so a run
// is the same on every host. Shared HBM is read and written by each core as its window runs; a
// program whose cores order their accesses to it with semaphores sees exactly the hardware's order,
// since those orderings cross windows.
//
//===----------------------------------------------------------------------===//

#include "trn/emu/System.h"

#include "Machine.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace trn::emu {

namespace {

// A private tensor on a page of a shared one (an `at` address, or an
// object written by hand): the cores would share it too.
std::optional<std::string> sharedPageConflict(const object::Program &P) {
  auto Pages = [](const object::Tensor &T) {
    return std::pair{T.Address / Hbm::PageBytes, (T.Address + T.bytes() - 1) / Hbm::PageBytes};
  };
  for (const object::Tensor &S : P.Tensors) {
    if (!S.Shared)
      continue;
    auto [First, Last] = Pages(S);
    for (const object::Tensor &T : P.Tensors) {
      if (&T == &S)
        continue;
      auto [TFirst, TLast] = Pages(T);
      if (TFirst <= Last && First <= TLast) {
        std::string Where;
        if (T.Loc.Line && T.Loc.File < P.Files.size())
          Where = fmt::format("{}:{}:{}: ", P.Files[T.Loc.File], T.Loc.Line, T.Loc.Col);
        return fmt::format("{}error: tensor '{}' (0x{:X}, {} bytes) lies on a 64 KiB page of "
                           "shared tensor '{}' (0x{:X}, {} bytes): a shared tensor's pages are "
                           "its own",
                           Where, T.Name, T.Address, T.bytes(), S.Name, S.Address, S.bytes());
      }
    }
  }
  return std::nullopt;
}

} // namespace

System::System(object::Program P, isa::Chip Chip, unsigned N, uint64_t MaxHostMemory)
    : Budget(std::make_shared<HostMemoryBudget>(MaxHostMemory)) {
  const isa::ChipDesc &C = isa::chip(Chip);
  if (N == 0 || N > unsigned(C.CoresPerChip))
    throw std::invalid_argument(
        fmt::format("a system of {} cores on {}, which has {}", N, C.Name, C.CoresPerChip));
  for (unsigned K = 0; K < N; ++K)
    Cores.emplace_back(new Emulator(K + 1 < N ? P : std::move(P), Chip, Budget));
  CoresPerChip = N;
  LoadErrors = Cores[0]->loadErrors();
  const object::Program &Prog = Cores[0]->program();
  if (auto Err = sharedPageConflict(Prog)) {
    LoadErrors.push_back(*Err);
    return;
  }
  // A shared tensor's pages are core 0's frames, mapped by every core.
  for (const object::Tensor &T : Prog.Tensors)
    if (T.Shared)
      for (uint64_t Page = T.Address / Hbm::PageBytes;
           Page <= (T.Address + T.bytes() - 1) / Hbm::PageBytes; ++Page) {
        uint8_t *Frame = Cores[0]->M->HbmMem.frame(Page);
        for (unsigned K = 1; K < N; ++K)
          Cores[K]->M->HbmMem.mapShared(Page, Frame);
      }
  for (unsigned K = 0; K < N; ++K) {
    Cores[K]->M->CoreId = K;
    Cores[K]->M->NumCores = N;
  }
}

System::~System() = default;

int64_t System::crossCorePs() const { return Cores[0]->M->CrossCorePs; }

int64_t System::lookaheadPs() const {
  // The soonest anything sent reaches another core: a semaphore update
  // (crossCorePs), or dma_copy_core's data, DmaSignalNs after its transfer.
  return std::min(crossCorePs(), Cores[0]->M->dmaSignalPs());
}

SystemRunResult System::run(const RunOptions &Opts) {
  SystemRunResult R;
  unsigned N = cores();
  if (!LoadErrors.empty()) {
    R.Error = Fault{Cores[0]->LoadErrors.empty() ? FaultKind::BadProgram : Cores[0]->LoadFault,
                    fmt::format("{}", fmt::join(LoadErrors, "\n"))};
    R.Cores.resize(N);
    return R;
  }
  std::vector<Machine *> Ms;
  std::vector<CoreMessage> Outbox;
  for (auto &E : Cores) {
    Ms.push_back(E->M.get());
    Ms.back()->Outbox = &Outbox;
    Ms.back()->begin(Opts);
  }
  const int64_t Lookahead = lookaheadPs();
  std::vector<std::optional<Fault>> Faults(N);
  bool Faulted = false;
  while (!Faulted) {
    int64_t T = INT64_MAX;
    for (Machine *M : Ms)
      if (auto Next = M->nextEventPs())
        T = std::min(T, *Next);
    if (T == INT64_MAX)
      break; // nothing left on any core; every message became an event
    int64_t End = T > INT64_MAX - Lookahead ? INT64_MAX : T + Lookahead;
    ++R.Windows;
    for (unsigned K = 0; K < N; ++K)
      if ((Faults[K] = Ms[K]->advance(End)))
        Faulted = true;
    std::sort(Outbox.begin(), Outbox.end(), [](const CoreMessage &A, const CoreMessage &B) {
      return A.ArrivalPs != B.ArrivalPs ? A.ArrivalPs < B.ArrivalPs
             : A.From != B.From         ? A.From < B.From
                                        : A.Seq < B.Seq;
    });
    for (CoreMessage &Msg : Outbox)
      Ms[Msg.To]->receive(Msg);
    R.Messages += Outbox.size();
    Outbox.clear();
  }
  if (Faulted) {
    // The earliest fault, then the lowest core: what a user fixes first.
    for (unsigned K = 0; K < N; ++K)
      if (Faults[K] && (R.Core < 0 || Ms[K]->NowPs < Ms[unsigned(R.Core)]->NowPs))
        R.Core = static_cast<int>(K);
    R.Error = Faults[unsigned(R.Core)];
    for (unsigned K = 0; K < N; ++K)
      if (K != unsigned(R.Core))
        Faults[K].reset();
    if (N > 1)
      R.Error->Message = fmt::format("core {}: {}", R.Core, R.Error->Message);
  } else if (std::any_of(Ms.begin(), Ms.end(), [](const Machine *M) { return M->anyWaiting(); })) {
    // A deadlock across cores: every core stopped, some waiting, nothing
    // in flight. Each waiting core keeps the fault for its observers.
    int64_t At = 0;
    for (const Machine *M : Ms)
      At = std::max(At, M->NowPs);
    std::string Msg = fmt::format(
        "error: deadlock at {} ns: every engine of the {} cores that has not finished waits on a "
        "semaphore, and no DMA transfer or update between cores is in flight",
        At / 1000, N);
    for (unsigned K = 0; K < N; ++K)
      Msg += Ms[K]->waitingEngines(fmt::format("core {} ", K));
    R.Error = Fault{FaultKind::Deadlock, Msg};
    for (unsigned K = 0; K < N; ++K)
      if (Ms[K]->anyWaiting())
        Faults[K] = R.Error;
  } else {
    for (unsigned K = 0; K < N && !R.Error; ++K)
      if ((Faults[K] = Ms[K]->endChecks())) {
        R.Error = Faults[K];
        R.Core = static_cast<int>(K);
      }
  }
  for (unsigned K = 0; K < N; ++K) {
    RunResult CR = Ms[K]->finish(std::move(Faults[K]));
    if (*chip().Speculative)
      CR.Warnings.insert(CR.Warnings.begin(),
                         fmt::format("warning: chip {} is a speculative preset: {}", chip().Name,
                                     chip().Speculative));
    R.TimePs = std::max(R.TimePs, CR.TimePs);
    R.Instructions += CR.Instructions;
    R.Cores.push_back(std::move(CR));
  }
  R.Cycles = static_cast<uint64_t>(static_cast<unsigned __int128>(R.TimePs) * chip().ClockMHz[0] /
                                   1000000);
  return R;
}

} // namespace trn::emu
