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
#include "Wire.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
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

// Orders messages as the system delivers them: by arrival, then sending
// core, then the sender's count.
bool deliveryOrder(const CoreMessage &A, const CoreMessage &B) {
  return A.ArrivalPs != B.ArrivalPs ? A.ArrivalPs < B.ArrivalPs
         : A.From != B.From         ? A.From < B.From
                                    : A.Seq < B.Seq;
}

// A message between chips takes its route's links, in send order: a
// semaphore update the route's hops longer, dma_copy_core's data its
// bytes' time on the route too.
void crossChip(Network &Net, CoreMessage &M) {
  if (M.Writes.empty()) {
    M.ArrivalPs += Net.delayPs(M.From, M.To) - Net.delayPs(M.From, M.From);
    return;
  }
  uint64_t Bytes = 0;
  for (const DeferredWrite &W : M.Writes)
    Bytes += W.Bytes.size();
  int64_t SignalPs = M.ArrivalPs - M.By.Ps; // after the transfer, as on one chip
  M.ArrivalPs = Net.send(M.From, M.To, Bytes, M.By.Ps) + SignalPs;
}

// The coordinator's part of a window: the messages between chips and the
// collective joins of every core, taken in simulated time order (a message
// at its sending, a join at its issue; then core, then the core's order),
// so that the links are reserved in the same order whatever the windows
// were. The answers and routed messages go to Out. A mismatch of a
// collective is returned.
std::optional<std::string> coordinate(Network &Net, CollectiveEngine &Collectives,
                                      std::vector<CoreMessage> &Between,
                                      std::vector<CollectiveJoin> &Joins, bool Faulted,
                                      std::vector<CoreMessage> &Out) {
  std::sort(Between.begin(), Between.end(), [](const CoreMessage &A, const CoreMessage &B) {
    return A.By.Ps != B.By.Ps ? A.By.Ps < B.By.Ps
           : A.From != B.From ? A.From < B.From
                              : A.Seq < B.Seq;
  });
  // Joins: a core's are in its order already (they come from one rank),
  // which breaks the ties (std::sort on positions: std::stable_sort's
  // buffer is deprecated in C++20's libstdc++).
  std::vector<size_t> Order(Joins.size());
  for (size_t K = 0; K < Order.size(); ++K)
    Order[K] = K;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const CollectiveJoin &X = Joins[A], &Y = Joins[B];
    return X.JoinPs != Y.JoinPs ? X.JoinPs < Y.JoinPs : X.Core != Y.Core ? X.Core < Y.Core : A < B;
  });
  std::vector<CollectiveJoin> Sorted;
  Sorted.reserve(Joins.size());
  for (size_t K : Order)
    Sorted.push_back(std::move(Joins[K]));
  Joins = std::move(Sorted);
  if (Faulted)
    Joins.clear(); // the run ends with this window
  size_t J = 0;
  std::optional<std::string> Err;
  std::vector<CollectiveJoin> One;
  for (CoreMessage &M : Between) {
    for (; J < Joins.size() && !Err &&
           (Joins[J].JoinPs < M.By.Ps || (Joins[J].JoinPs == M.By.Ps && Joins[J].Core < M.From));
         ++J) {
      One.push_back(std::move(Joins[J]));
      Err = Collectives.take(One, Out);
    }
    crossChip(Net, M);
    Out.push_back(std::move(M));
  }
  for (; J < Joins.size() && !Err; ++J) {
    One.push_back(std::move(Joins[J]));
    Err = Collectives.take(One, Out);
  }
  Between.clear();
  Joins.clear();
  return Err;
}

} // namespace

System::System(object::Program P, isa::Chip Chip, unsigned N, uint64_t MaxHostMemory)
    : System(std::move(P), SystemShape{Chip, 1, N, nullptr}, MaxHostMemory) {}

System::System(object::Program P, const SystemShape &Shape, uint64_t MaxHostMemory,
               SystemPeers *Peers)
    : Budget(std::make_shared<HostMemoryBudget>(MaxHostMemory)), Peers(Peers),
      CoresPerChip(Shape.CoresPerChip), Instance(Shape.Instance) {
  const isa::ChipDesc &C = isa::chip(Shape.Chip);
  if (Shape.CoresPerChip == 0 || Shape.CoresPerChip > unsigned(C.CoresPerChip))
    throw std::invalid_argument(fmt::format("a system of {} cores on {}, which has {}",
                                            Shape.CoresPerChip, C.Name, C.CoresPerChip));
  if (Shape.Chips == 0 || (Shape.Chips > 1 && (!Instance || Shape.Chips > Instance->chips())))
    throw std::invalid_argument(
        fmt::format("a system of {} chips needs an instance of as many", Shape.Chips));
  unsigned Ranks = Peers ? Peers->ranks() : 1, Rank = Peers ? Peers->rank() : 0;
  if (Ranks > Shape.Chips)
    throw std::invalid_argument(fmt::format(
        "a system of {} chip{} does not spread over {} ranks: each rank runs whole chips, so at "
        "most {} rank{}",
        Shape.Chips, Shape.Chips == 1 ? "" : "s", Ranks, Shape.Chips, Shape.Chips == 1 ? "" : "s"));
  // Rank R runs chips [R * Chips / Ranks, (R + 1) * Chips / Ranks).
  unsigned FirstChip = Rank * Shape.Chips / Ranks;
  unsigned LocalChips = (Rank + 1) * Shape.Chips / Ranks - FirstChip;
  unsigned N = Shape.Chips * Shape.CoresPerChip;
  Cores.resize(N);
  for (unsigned K = FirstChip * CoresPerChip; K < (FirstChip + LocalChips) * CoresPerChip; ++K)
    Local.push_back(K);
  for (unsigned K : Local)
    Cores[K].reset(new Emulator(K != Local.back() ? P : std::move(P), Shape.Chip, Budget));
  LoadErrors = anyCore().loadErrors();
  const object::Program &Prog = anyCore().program();
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
        for (unsigned Chip = FirstChip; Chip < FirstChip + LocalChips; ++Chip) {
          uint8_t *Frame = Cores[Chip * CoresPerChip]->M->HbmMem.frame(Page);
          for (unsigned K = 1; K < CoresPerChip; ++K)
            Cores[Chip * CoresPerChip + K]->M->HbmMem.mapShared(Page, Frame);
        }
  for (unsigned K : Local) {
    Cores[K]->M->CoreId = K;
    Cores[K]->M->NumCores = N;
  }
}

std::string System::coreName(unsigned K) const {
  if (chips() <= 1)
    return fmt::format("core {}", K);
  return fmt::format("core {} (chip {}, core {})", K, K / CoresPerChip, K % CoresPerChip);
}

unsigned System::rankOf(unsigned K) const {
  unsigned Ranks = Peers ? Peers->ranks() : 1, Chip = K / CoresPerChip;
  // The first rank whose share ends after Chip.
  unsigned R = 0;
  while ((R + 1) * chips() / Ranks <= Chip)
    ++R;
  return R;
}

System::~System() = default;

int64_t System::crossCorePs() const { return anyCore().M->CrossCorePs; }

int64_t System::lookaheadPs() const {
  // The soonest anything sent reaches another core: a semaphore update
  // (crossCorePs), or dma_copy_core's data, DmaSignalNs after its transfer.
  return std::min(crossCorePs(), anyCore().M->dmaSignalPs());
}

int64_t System::chipLookaheadPs() const {
  // One chip: the cores' own window. Several: what crosses the links or
  // the collective engine arrives a DMA's fixed cost and DmaSignalNs after
  // it was sent at the soonest (a collective's answer between two cores of
  // a chip; between chips, HopNs more), which is crossCorePs.
  return chips() > 1 ? crossCorePs() : lookaheadPs();
}

namespace {

// The state of one run of a system in this process (System::run).
class SystemRun {
public:
  SystemRun(System &S, const RunOptions &Opts, std::vector<Machine *> Ms, bool Coordinator,
            std::function<std::string(unsigned)> CoreName)
      : S(S), Ms(std::move(Ms)), N(S.cores()), Faults(N) {
    for (unsigned K : S.localCores()) {
      this->Ms[K]->Outbox = &Outbox;
      this->Ms[K]->Joins = &Joins;
      this->Ms[K]->begin(Opts);
    }
    if (Coordinator) {
      Net.emplace(S.chip(), S.coresPerChip(), S.chips(), S.instance());
      Collectives.emplace(*Net, N, this->Ms[S.localCores().front()]->dmaSignalPs(),
                          std::move(CoreName));
    }
  }

  SystemRunResult run(bool RecordLinks);

private:
  Machine &via() { return *Ms[S.localCores().front()]; }
  bool runChip(unsigned Chip, int64_t End);
  void exchange(bool LocalFault);
  std::vector<std::vector<uint8_t>> allGather(std::vector<uint8_t> Mine) {
    if (!S.peers())
      return {std::move(Mine)};
    return S.peers()->allGather(std::move(Mine));
  }
  void decide(SystemRunResult &R);

  System &S;
  std::vector<Machine *> Ms; // null: another rank's
  unsigned N;
  std::vector<CoreMessage> Outbox, Between, Held;
  std::vector<CollectiveJoin> Joins, WindowJoins;
  std::vector<std::optional<Fault>> Faults;
  std::optional<Network> Net;                  // the coordinator's
  std::optional<CollectiveEngine> Collectives; // the coordinator's
  bool Faulted = false;
  std::optional<std::string> SystemError; // a collective's mismatch
  uint64_t Messages = 0;
};

// Runs Chip's cores to End in windows of the chip's own lookahead, each
// delivering the messages between them; the last window's are held for
// the end of the system's window, the messages for other chips and the
// collective joins kept for the coordinator. True if a core faulted.
bool SystemRun::runChip(unsigned Chip, int64_t End) {
  unsigned First = Chip * S.coresPerChip(), Last = First + S.coresPerChip();
  const int64_t Lookahead = S.lookaheadPs();
  auto ToChip = [&](const CoreMessage &M) { return M.To >= First && M.To < Last; };
  for (;;) {
    int64_t T = INT64_MAX;
    for (unsigned K = First; K < Last; ++K)
      if (auto Next = Ms[K]->nextEventPs())
        T = std::min(T, *Next);
    if (T >= End)
      return false;
    int64_t WindowEnd = std::min(T > End - Lookahead ? End : T + Lookahead, End);
    bool Fault = false;
    for (unsigned K = First; K < Last; ++K)
      if ((Faults[K] = Ms[K]->advance(WindowEnd)))
        Fault = true;
    for (CollectiveJoin &J : Joins)
      WindowJoins.push_back(std::move(J));
    Joins.clear();
    std::vector<CoreMessage> Now;
    for (CoreMessage &M : Outbox)
      (!ToChip(M) ? Between : WindowEnd == End ? Held : Now).push_back(std::move(M));
    Outbox.clear();
    std::sort(Now.begin(), Now.end(), deliveryOrder);
    for (CoreMessage &M : Now)
      Ms[M.To]->receive(M);
    Messages += Now.size();
    if (Fault)
      return true;
  }
}

// The end of a system window: the coordinator takes every rank's messages
// between chips and collective joins, and answers each rank with the
// messages for its cores; each rank delivers them with its held ones.
void SystemRun::exchange(bool LocalFault) {
  std::vector<CoreMessage> Mine = std::move(Held);
  Held.clear();
  if (!S.peers()) {
    Faulted = LocalFault;
    std::vector<CoreMessage> Out;
    SystemError = coordinate(*Net, *Collectives, Between, WindowJoins, Faulted, Out);
    for (CoreMessage &M : Out)
      Mine.push_back(std::move(M));
  } else {
    // Rank 0's own messages and joins stay as they are; the other ranks'
    // come as bytes, and go back so.
    SystemPeers &P = *S.peers();
    WireWriter W;
    W.pod(LocalFault);
    if (P.rank() != 0) {
      uint64_t Bytes = 0;
      for (const CoreMessage &M : Between)
        Bytes += wireBytes(M);
      W.reserve(Bytes);
      W.pod<uint64_t>(Between.size());
      for (CoreMessage &M : Between)
        writeMessage(W, M, Ms);
      W.pod<uint64_t>(WindowJoins.size());
      for (const CollectiveJoin &J : WindowJoins)
        writeJoin(W, J, Ms);
      Between.clear();
      WindowJoins.clear();
    }
    std::vector<std::vector<uint8_t>> All = P.gather(W.take());
    std::vector<std::vector<uint8_t>> PerRank;
    if (P.rank() == 0) {
      bool AnyFault = false;
      for (unsigned Rank = 0; Rank < All.size(); ++Rank) {
        WireReader R(All[Rank]);
        AnyFault |= R.pod<bool>();
        if (Rank == 0)
          continue;
        for (auto K = R.pod<uint64_t>(); K > 0; --K)
          Between.push_back(readMessage(R, via()));
        for (auto K = R.pod<uint64_t>(); K > 0; --K)
          WindowJoins.push_back(readJoin(R, via()));
      }
      All.clear();
      std::vector<CoreMessage> Out;
      std::optional<std::string> Err =
          coordinate(*Net, *Collectives, Between, WindowJoins, AnyFault, Out);
      std::vector<std::vector<CoreMessage *>> ByRank(P.ranks());
      for (CoreMessage &M : Out)
        ByRank[S.rankOf(M.To)].push_back(&M);
      for (unsigned R = 0; R < P.ranks(); ++R) {
        WireWriter To;
        To.pod(AnyFault);
        To.pod(Err.has_value());
        To.str(Err.value_or(""));
        if (R == 0) {
          for (CoreMessage *M : ByRank[0])
            Mine.push_back(std::move(*M));
        } else {
          uint64_t Bytes = 0;
          for (const CoreMessage *M : ByRank[R])
            Bytes += wireBytes(*M);
          To.reserve(Bytes);
          To.pod<uint64_t>(ByRank[R].size());
          for (CoreMessage *M : ByRank[R]) {
            writeMessage(To, *M, Ms);
            std::vector<DeferredWrite>().swap(M->Writes); // sent: its bytes are the wire's
          }
        }
        PerRank.push_back(To.take());
      }
    }
    std::vector<uint8_t> Back = P.scatter(std::move(PerRank));
    WireReader R(Back);
    Faulted = R.pod<bool>();
    bool HasErr = R.pod<bool>();
    std::string Err = R.str();
    if (HasErr)
      SystemError = Err;
    if (P.rank() != 0)
      for (auto K = R.pod<uint64_t>(); K > 0; --K)
        Mine.push_back(readMessage(R, via()));
  }
  std::sort(Mine.begin(), Mine.end(), deliveryOrder);
  for (CoreMessage &M : Mine)
    Ms[M.To]->receive(M);
  Messages += Mine.size();
}

SystemRunResult SystemRun::run(bool RecordLinks) {
  SystemRunResult R;
  if (Net)
    Net->record(RecordLinks);
  const int64_t Lookahead = S.chipLookaheadPs();
  unsigned FirstChip = S.localCores().front() / S.coresPerChip();
  unsigned LocalChips = static_cast<unsigned>(S.localCores().size()) / S.coresPerChip();
  while (!Faulted && !SystemError) {
    int64_t T = INT64_MAX;
    for (unsigned K : S.localCores())
      if (auto Next = Ms[K]->nextEventPs())
        T = std::min(T, *Next);
    if (S.peers()) {
      WireWriter W;
      W.pod(T);
      for (const std::vector<uint8_t> &Part : allGather(W.take()))
        T = std::min(T, WireReader(Part).pod<int64_t>());
    }
    if (T == INT64_MAX)
      break; // nothing left on any core; every message became an event
    int64_t End = T > INT64_MAX - Lookahead ? INT64_MAX : T + Lookahead;
    ++R.Windows;
    bool LocalFault = false;
    for (unsigned Chip = FirstChip; Chip < FirstChip + LocalChips; ++Chip)
      LocalFault |= runChip(Chip, End);
    exchange(LocalFault);
  }
  if (Collectives) {
    R.Collectives = Collectives->collectives();
    for (LinkFigures &L : Net->figures()) {
      R.Links.push_back({L.Name, L.Bytes, L.Messages, L.BusyPs, L.MBps, std::move(L.Busy)});
      R.LinkTransfers += L.Messages;
    }
  }
  decide(R);
  R.Cores.resize(N);
  int64_t TimePs = 0;
  uint64_t Instructions = 0;
  for (unsigned K : S.localCores()) {
    RunResult CR = Ms[K]->finish(std::move(Faults[K]));
    if (*S.chip().Speculative)
      CR.Warnings.insert(CR.Warnings.begin(),
                         fmt::format("warning: chip {} is a speculative preset: {}", S.chip().Name,
                                     S.chip().Speculative));
    TimePs = std::max(TimePs, CR.TimePs);
    Instructions += CR.Instructions;
    R.Cores[K] = std::move(CR);
  }
  WireWriter W;
  W.pod(TimePs);
  W.pod(Instructions);
  W.pod(Messages);
  for (const std::vector<uint8_t> &Part : allGather(W.take())) {
    WireReader In(Part);
    R.TimePs = std::max(R.TimePs, In.pod<int64_t>());
    R.Instructions += In.pod<uint64_t>();
    R.Messages += In.pod<uint64_t>();
  }
  R.Cycles = static_cast<uint64_t>(static_cast<unsigned __int128>(R.TimePs) * S.chip().ClockMHz[0] /
                                   1000000);
  return R;
}

// How the run ended, the same on every rank: a collective's mismatch, a
// collective some core never joined, the earliest fault, a deadlock across
// cores, or a check at the end.
void SystemRun::decide(SystemRunResult &R) {
  // Every rank tells its faults, waiting cores and end time; rank 0 what
  // the collectives left unfinished.
  WireWriter W;
  std::optional<std::string> Left =
      Collectives && !SystemError ? Collectives->unfinished() : std::nullopt;
  W.pod(Left.has_value());
  W.str(Left.value_or(""));
  for (unsigned K : S.localCores()) {
    W.pod<bool>(Faults[K].has_value());
    if (Faults[K])
      writeFault(W, *Faults[K]);
    W.pod(Ms[K]->NowPs);
    W.pod(Ms[K]->anyWaiting());
    W.str(Ms[K]->waitingEngines(S.coreName(K) + " "));
  }
  struct CoreEnd {
    std::optional<Fault> F;
    int64_t NowPs = 0;
    bool Waiting = false;
    std::string Engines;
  };
  std::vector<CoreEnd> Ends(N);
  unsigned Rank = 0;
  for (const std::vector<uint8_t> &Part : allGather(W.take())) {
    WireReader In(Part);
    bool HasLeft = In.pod<bool>();
    std::string Text = In.str();
    if (HasLeft)
      Left = Text;
    for (unsigned K = 0; K < N; ++K) {
      if (S.rankOf(K) != Rank)
        continue;
      CoreEnd &E = Ends[K];
      if (In.pod<bool>())
        E.F = readFault(In);
      E.NowPs = In.pod<int64_t>();
      E.Waiting = In.pod<bool>();
      E.Engines = In.str();
    }
    ++Rank;
  }
  auto WaitingFault = [&] {
    for (unsigned K : S.localCores())
      if (Ms[K]->anyWaiting())
        Faults[K] = R.Error;
  };
  if (SystemError) {
    R.Error = Fault{FaultKind::BadProgram, *SystemError}; // a collective's parts disagree
  } else if (Left && !Faulted) {
    R.Error = Fault{FaultKind::Deadlock, *Left};
    WaitingFault();
  } else if (Faulted) {
    // The earliest fault, then the lowest core: what a user fixes first.
    for (unsigned K = 0; K < N; ++K)
      if (Ends[K].F && (R.Core < 0 || Ends[K].NowPs < Ends[unsigned(R.Core)].NowPs))
        R.Core = static_cast<int>(K);
    R.Error = Ends[unsigned(R.Core)].F;
    for (unsigned K : S.localCores())
      if (K != unsigned(R.Core))
        Faults[K].reset();
    if (N > 1)
      R.Error->Message = fmt::format("{}: {}", S.coreName(unsigned(R.Core)), R.Error->Message);
  } else if (std::any_of(Ends.begin(), Ends.end(), [](const CoreEnd &E) { return E.Waiting; })) {
    // A deadlock across cores: every core stopped, some waiting, nothing
    // in flight. Each waiting core keeps the fault for its observers.
    int64_t Last = 0;
    for (const CoreEnd &E : Ends)
      Last = std::max(Last, E.NowPs);
    std::string Msg = fmt::format(
        "error: deadlock at {} ns: every engine of the {} cores that has not finished waits on a "
        "semaphore, and no DMA transfer or update between cores is in flight",
        Last / 1000, N);
    for (const CoreEnd &E : Ends)
      Msg += E.Engines;
    R.Error = Fault{FaultKind::Deadlock, Msg};
    WaitingFault();
  } else {
    // The checks at the end: the lowest core's finding.
    WireWriter C;
    for (unsigned K : S.localCores())
      if ((Faults[K] = Ms[K]->endChecks())) {
        C.pod(K);
        writeFault(C, *Faults[K]);
      }
    for (const std::vector<uint8_t> &Part : allGather(C.take())) {
      WireReader In(Part);
      while (!In.done()) {
        auto K = In.pod<unsigned>();
        Fault F = readFault(In);
        if (R.Core < 0 || K < unsigned(R.Core)) {
          R.Core = static_cast<int>(K);
          R.Error = std::move(F);
        }
      }
    }
    for (unsigned K : S.localCores())
      if (int(K) != R.Core)
        Faults[K].reset();
  }
}

} // namespace

SystemRunResult System::run(const RunOptions &Opts) {
  unsigned N = cores();
  if (!LoadErrors.empty()) {
    SystemRunResult R;
    const Emulator &E = anyCore();
    R.Error = Fault{E.LoadErrors.empty() ? FaultKind::BadProgram : E.LoadFault,
                    fmt::format("{}", fmt::join(LoadErrors, "\n"))};
    R.Cores.resize(N);
    return R;
  }
  std::vector<Machine *> Ms(N, nullptr);
  for (unsigned K : Local)
    Ms[K] = Cores[K]->M.get();
  SystemRun Run(*this, Opts, std::move(Ms), !Peers || Peers->rank() == 0,
                [this](unsigned K) { return coreName(K); });
  return Run.run(RecordLinkBusy);
}

} // namespace trn::emu
