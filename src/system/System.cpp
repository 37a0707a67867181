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

#include "Collectives.h"
#include "Machine.h"
#include "Network.h"

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

// The window's messages between chips go over the instance's links, in the
// order they were sent: a semaphore update takes the route's hops longer,
// dma_copy_core's data its bytes' time on the route too.
void crossChips(Network &Net, std::vector<CoreMessage> &Outbox) {
  std::vector<CoreMessage *> Between;
  for (CoreMessage &M : Outbox)
    if (Net.chipOf(M.From) != Net.chipOf(M.To))
      Between.push_back(&M);
  std::sort(Between.begin(), Between.end(), [](const CoreMessage *A, const CoreMessage *B) {
    return A->By.Ps != B->By.Ps ? A->By.Ps < B->By.Ps
           : A->From != B->From ? A->From < B->From
                                : A->Seq < B->Seq;
  });
  for (CoreMessage *M : Between) {
    if (M->Writes.empty()) {
      M->ArrivalPs += Net.delayPs(M->From, M->To) - Net.delayPs(M->From, M->From);
      continue;
    }
    uint64_t Bytes = 0;
    for (const DeferredWrite &W : M->Writes)
      Bytes += W.Bytes.size();
    int64_t SignalPs = M->ArrivalPs - M->By.Ps; // after the transfer, as on one chip
    M->ArrivalPs = Net.send(M->From, M->To, Bytes, M->By.Ps) + SignalPs;
  }
}

} // namespace

System::System(object::Program P, isa::Chip Chip, unsigned N, uint64_t MaxHostMemory)
    : System(std::move(P), SystemShape{Chip, 1, N, nullptr}, MaxHostMemory) {}

System::System(object::Program P, const SystemShape &Shape, uint64_t MaxHostMemory)
    : Budget(std::make_shared<HostMemoryBudget>(MaxHostMemory)), CoresPerChip(Shape.CoresPerChip),
      Instance(Shape.Instance) {
  const isa::ChipDesc &C = isa::chip(Shape.Chip);
  if (Shape.CoresPerChip == 0 || Shape.CoresPerChip > unsigned(C.CoresPerChip))
    throw std::invalid_argument(fmt::format("a system of {} cores on {}, which has {}",
                                            Shape.CoresPerChip, C.Name, C.CoresPerChip));
  if (Shape.Chips == 0 || (Shape.Chips > 1 && (!Instance || Shape.Chips > Instance->chips())))
    throw std::invalid_argument(
        fmt::format("a system of {} chips needs an instance of as many", Shape.Chips));
  unsigned N = Shape.Chips * Shape.CoresPerChip;
  for (unsigned K = 0; K < N; ++K)
    Cores.emplace_back(new Emulator(K + 1 < N ? P : std::move(P), Shape.Chip, Budget));
  LoadErrors = Cores[0]->loadErrors();
  const object::Program &Prog = Cores[0]->program();
  if (auto Err = sharedPageConflict(Prog)) {
    LoadErrors.push_back(*Err);
    return;
  }
  // A shared tensor's pages are the chip's first core's frames, mapped by
  // the chip's other cores: one copy per chip.
  for (const object::Tensor &T : Prog.Tensors)
    if (T.Shared)
      for (uint64_t Page = T.Address / Hbm::PageBytes;
           Page <= (T.Address + T.bytes() - 1) / Hbm::PageBytes; ++Page)
        for (unsigned Chip = 0; Chip < Shape.Chips; ++Chip) {
          uint8_t *Frame = Cores[Chip * CoresPerChip]->M->HbmMem.frame(Page);
          for (unsigned K = 1; K < CoresPerChip; ++K)
            Cores[Chip * CoresPerChip + K]->M->HbmMem.mapShared(Page, Frame);
        }
  for (unsigned K = 0; K < N; ++K) {
    Cores[K]->M->CoreId = K;
    Cores[K]->M->NumCores = N;
  }
}

std::string System::coreName(unsigned K) const {
  if (chips() <= 1)
    return fmt::format("core {}", K);
  return fmt::format("core {} (chip {}, core {})", K, K / CoresPerChip, K % CoresPerChip);
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
  std::vector<CollectiveJoin> Joins;
  for (auto &E : Cores) {
    Ms.push_back(E->M.get());
    Ms.back()->Outbox = &Outbox;
    Ms.back()->Joins = &Joins;
    Ms.back()->begin(Opts);
  }
  Network Net(chip(), CoresPerChip, chips(), Instance);
  Net.record(RecordLinkBusy);
  CollectiveEngine Collectives(Net, N, Ms[0]->dmaSignalPs(),
                               [this](unsigned K) { return coreName(K); });
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
    if (chips() > 1)
      crossChips(Net, Outbox);
    if (!Joins.empty() && !Faulted)
      if (auto Err = Collectives.take(Joins, Outbox)) {
        R.Error = Fault{FaultKind::BadProgram, *Err};
        break;
      }
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
  R.Collectives = Collectives.collectives();
  for (LinkFigures &L : Net.figures()) {
    R.Links.push_back({L.Name, L.Bytes, L.Messages, L.BusyPs, L.MBps, std::move(L.Busy)});
    R.LinkTransfers += L.Messages;
  }
  if (R.Error) {
    // A collective's parts disagree: the system's error.
  } else if (auto Left = Collectives.unfinished(); Left && !Faulted) {
    R.Error = Fault{FaultKind::Deadlock, *Left};
    for (unsigned K = 0; K < N; ++K)
      if (Ms[K]->anyWaiting())
        Faults[K] = R.Error;
  } else if (Faulted) {
    // The earliest fault, then the lowest core: what a user fixes first.
    for (unsigned K = 0; K < N; ++K)
      if (Faults[K] && (R.Core < 0 || Ms[K]->NowPs < Ms[unsigned(R.Core)]->NowPs))
        R.Core = static_cast<int>(K);
    R.Error = Faults[unsigned(R.Core)];
    for (unsigned K = 0; K < N; ++K)
      if (K != unsigned(R.Core))
        Faults[K].reset();
    if (N > 1)
      R.Error->Message = fmt::format("{}: {}", coreName(unsigned(R.Core)), R.Error->Message);
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
      Msg += Ms[K]->waitingEngines(coreName(K) + " ");
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
