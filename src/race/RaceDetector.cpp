//===- RaceDetector.cpp - unordered accesses, found -----------------------===//
//
// Threads: engines 0..4 by their id, DMA queues numbered from 5 as they
// first take a transfer. Edges (docs/races.md): program order in each
// stream; a queue's transfers in order; a DMA trigger before its transfer;
// an access before its thread's later signals; signals before the waits
// that must have seen them (SemaphoreOrder).
//
//===----------------------------------------------------------------------===//

#include "trn/race/RaceDetector.h"

#include "SemaphoreOrder.h"
#include "ShadowMemory.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace trn::race {

namespace {

// Which operand of which instruction (or of the transfer it triggered)
// made an access, packed into AccessRec::Site.
struct Site {
  isa::Engine Eng;
  uint32_t Index;
  bool Dma;
  unsigned Queue;
  unsigned Operand;

  uint64_t pack() const {
    return uint64_t(Index) | uint64_t(static_cast<unsigned>(Eng)) << 32 | uint64_t(Queue) << 35 |
           uint64_t(Dma) << 43 | uint64_t(Operand) << 44;
  }
  static Site unpack(uint64_t V) {
    return {static_cast<isa::Engine>(V >> 32 & 7), static_cast<uint32_t>(V), (V >> 43 & 1) != 0,
            static_cast<unsigned>(V >> 35 & 0xFF), static_cast<unsigned>(V >> 44 & 0xF)};
  }
  // The instruction or transfer, without the operand.
  uint64_t who() const { return pack() & ((uint64_t(1) << 44) - 1); }
};

const char *spaceName(isa::MemSpace S) {
  return S == isa::MemSpace::SBUF ? "SBUF" : S == isa::MemSpace::PSUM ? "PSUM" : "HBM";
}

std::string queueName(unsigned Q) { return fmt::format("q{}.{}", Q / 16, Q % 16); }

} // namespace

struct RaceDetector::State {
  const emu::Emulator &E;
  Mode M;
  std::vector<VectorClock> Clocks; // by thread
  std::map<unsigned, ThreadId> QueueTid;
  std::map<unsigned, std::deque<VectorClock>> Triggers; // by queue: clocks at the trigger
  std::vector<SemaphoreOrder> Sems;
  ShadowMemory Sbuf, Psum, Hbm;
  std::vector<Conflict> Conflicts;
  std::set<std::pair<uint64_t, uint64_t>> Reported; // pairs of Site::who()
  std::vector<std::string> Races;
  std::map<uint64_t, std::pair<uint8_t, int32_t>> LastSignal; // by Site::who(): sem, value after

  State(const emu::Emulator &E, Mode M) : E(E), M(M) {
    for (unsigned K = 0; K < isa::NumEngines; ++K) {
      Clocks.emplace_back();
      Clocks.back().set(K, 1);
    }
    std::vector<int32_t> Initial(E.chip().Semaphores, 0);
    for (const object::Semaphore &S : E.program().Semaphores)
      if (S.Index < Initial.size())
        Initial[S.Index] = S.Initial;
    for (int32_t V : Initial)
      Sems.emplace_back(V);
  }

  ThreadId queueTid(unsigned Q) {
    auto [It, New] = QueueTid.try_emplace(Q, static_cast<ThreadId>(Clocks.size()));
    if (New)
      Clocks.emplace_back();
    return It->second;
  }

  ShadowMemory &shadow(isa::MemSpace S) {
    return S == isa::MemSpace::SBUF ? Sbuf : S == isa::MemSpace::PSUM ? Psum : Hbm;
  }

  std::string semName(unsigned Sem) const {
    for (const object::Semaphore &S : E.program().Semaphores)
      if (S.Index == Sem)
        return S.Name;
    return fmt::format("s{}", Sem);
  }

  std::string describe(const Site &S) const {
    const isa::Instr *I = E.instruction(S.Eng, S.Index);
    const char *Mnemonic = I ? I->desc().Mnemonic : "?";
    std::string Instr =
        fmt::format("{} instruction {} ({})", isa::engine(S.Eng).RecordName, S.Index, Mnemonic);
    return S.Dma ? fmt::format("the transfer of {} on queue {}", Instr, queueName(S.Queue)) : Instr;
  }

  std::string operandName(const Site &S) const {
    const isa::Instr *I = E.instruction(S.Eng, S.Index);
    if (!I || S.Operand >= I->desc().Operands.size())
      return "?";
    return I->desc().Operands[S.Operand].Name;
  }

  std::string disassembly(const Site &S) const {
    const isa::Instr *I = E.instruction(S.Eng, S.Index);
    return I ? isa::print(*I, {}, /*AlwaysPrefix=*/true) : "";
  }

  // A matmul adding into PSUM (acc=accumulate): reading its bank before it
  // is ordered is reading an accumulation group that is not complete.
  bool accumulates(const Site &S) const {
    const isa::Instr *I = E.instruction(S.Eng, S.Index);
    if (!I || S.Dma || (I->Op != isa::Opcode::MATMUL && I->Op != isa::Opcode::MULTIPLY_MOVING))
      return false;
    const isa::Operand *Acc = I->operand("acc");
    return Acc && static_cast<isa::PsumMode>(Acc->Int) == isa::PsumMode::Accumulate;
  }

  // What holds the memory: a named allocation or tensor, and where in it.
  std::string owner(isa::MemSpace Space, uint32_t P0, uint64_t First, uint64_t Last) const {
    const object::Program &P = E.program();
    if (Space == isa::MemSpace::HBM) {
      for (const object::Tensor &T : P.Tensors)
        if (First < T.Address + T.bytes() && Last >= T.Address) {
          uint64_t Elem = isa::dtype(T.Type).StorageBytes;
          uint64_t Lo = std::max(First, T.Address) - T.Address;
          uint64_t Hi = std::min(Last, T.Address + T.bytes() - 1) - T.Address;
          return fmt::format(" (tensor '{}', elements {}..{})", T.Name, Lo / Elem, Hi / Elem);
        }
      return "";
    }
    for (const object::Allocation &A : P.Allocations) {
      if (A.Space != Space || A.Shape.empty())
        continue;
      uint64_t End = A.Offset + A.bytesPerPartition();
      if (P0 >= A.PartStart && P0 < A.PartStart + A.Shape[0] && First < End && Last >= A.Offset)
        return fmt::format(" (allocation '{}')", A.Name);
    }
    return "";
  }

  // How the earlier access could be ordered before the later one: a
  // semaphore its thread signals after it, for the later one to wait on.
  std::string hint(const Site &Before, const Site &After) const {
    std::string Waiter = After.Dma ? fmt::format("{} instruction {} (the trigger)",
                                                 isa::engine(After.Eng).RecordName, After.Index)
                                   : fmt::format("{} instruction {}",
                                                 isa::engine(After.Eng).RecordName, After.Index);
    std::string WaiterWhere = E.where(After.Eng, After.Index);
    auto WaitText = [&](const Site &Signaller, uint8_t Sem) {
      auto It = LastSignal.find(Signaller.who());
      if (It != LastSignal.end() && It->second.first == Sem)
        return fmt::format("wait({} >= {})", semName(Sem), It->second.second);
      return fmt::format("a wait on {}", semName(Sem));
    };
    if (Before.Dma) {
      const isa::Instr *I = E.instruction(Before.Eng, Before.Index);
      if (I && I->Sig)
        return fmt::format("the transfer signals {} when it completes: give {} ({}) {}",
                           semName(I->Sig->Sem), Waiter, WaiterWhere,
                           WaitText(Before, I->Sig->Sem));
      return fmt::format("the transfer signals no semaphore: give {} ({}) a signal(...) and {} "
                         "({}) a wait on it",
                         describe(Before), E.where(Before.Eng, Before.Index), Waiter, WaiterWhere);
    }
    // The first instruction at or after the access in its stream that
    // signals (straight-line order).
    for (uint32_t K = Before.Index;; ++K) {
      const isa::Instr *I = E.instruction(Before.Eng, K);
      if (!I)
        break;
      std::optional<uint8_t> Sem;
      if (I->Sig)
        Sem = I->Sig->Sem;
      else if (I->Op == isa::Opcode::SEM_SIGNAL)
        Sem = static_cast<uint8_t>(I->Operands[0].Int);
      if (!Sem)
        continue;
      Site S{Before.Eng, K, false, 0, 0};
      return fmt::format("{} instruction {} ({}) signals {}{}: give {} ({}) {}",
                         isa::engine(Before.Eng).RecordName, K, E.where(Before.Eng, K),
                         semName(*Sem), K == Before.Index ? " when it completes" : " after it",
                         Waiter, WaiterWhere, WaitText(S, *Sem));
    }
    return fmt::format("nothing after {} ({}) signals a semaphore: give it a signal(...) and {} "
                       "({}) a wait on it",
                       describe(Before), E.where(Before.Eng, Before.Index), Waiter, WaiterWhere);
  }

  void report(const emu::AccessEvent &Ev, const Site &Cur, const Conflict &C) {
    Site Prior = Site::unpack(C.Prior.Site);
    auto Pair = std::minmax(Prior.who(), Cur.who());
    if (!Reported.insert(Pair).second)
      return;
    bool CurWrite = Ev.Write;
    const char *Kind = CurWrite && C.PriorWrite ? "write-after-write"
                       : CurWrite               ? "write-after-read"
                                                : "read-after-write";
    bool Psum = Ev.F.Space == isa::MemSpace::PSUM;
    if (Psum && CurWrite != C.PriorWrite &&
        ((CurWrite && accumulates(Cur)) || (C.PriorWrite && accumulates(Prior))))
      Kind = "incomplete accumulation";
    std::string Range =
        Ev.F.Space == isa::MemSpace::HBM
            ? fmt::format("HBM bytes 0x{:X}..0x{:X}", C.First, C.Last)
            : fmt::format("{} partitions {}..{}, bytes {}..{}", spaceName(Ev.F.Space), C.PartFirst,
                          C.PartLast, C.First, C.Last);
    Range += owner(Ev.F.Space, C.PartFirst, C.First, C.Last);
    const char *Severity = M == Mode::Error ? "error" : "warning";
    std::string Msg = fmt::format(
        "{}: {}: race ({}) on {}: {} {} operand '{}', and {} {} operand '{}'; no semaphore "
        "orders them\n    {}\n{}: note: the other access: {}\n    {}\n{}: note: hint: {}",
        E.where(Cur.Eng, Cur.Index), Severity, Kind, Range, describe(Cur),
        CurWrite ? "writes" : "reads", operandName(Cur), describe(Prior),
        C.PriorWrite ? "writes" : "reads", operandName(Prior), disassembly(Cur),
        E.where(Prior.Eng, Prior.Index), describe(Prior), disassembly(Prior),
        E.where(Prior.Eng, Prior.Index), hint(Prior, Cur));
    if (M == Mode::Error)
      throw emu::StopRun{{emu::FaultKind::Race, Msg}};
    Races.push_back(std::move(Msg));
  }
};

RaceDetector::RaceDetector(const emu::Emulator &E, Mode M) : S(std::make_unique<State>(E, M)) {}
RaceDetector::~RaceDetector() = default;

const std::vector<std::string> &RaceDetector::races() const { return S->Races; }

size_t RaceDetector::shadowIntervals() const {
  return S->Sbuf.intervals() + S->Psum.intervals() + S->Hbm.intervals();
}

void RaceDetector::issued(const emu::IssueEvent &Ev) {
  VectorClock &Mine = S->Clocks[static_cast<unsigned>(Ev.Eng)];
  for (unsigned K = 0; K < Ev.NumWaits; ++K) {
    const emu::ResolvedWait &W = Ev.Waits[K];
    if (W.Sem < S->Sems.size())
      Mine.join(S->Sems[W.Sem].acquire(W.Cond, W.Value, Mine));
  }
}

void RaceDetector::dmaQueued(const emu::DmaEvent &Ev) {
  unsigned Eng = static_cast<unsigned>(Ev.Issuer);
  S->queueTid(Ev.Queue);
  S->Triggers[Ev.Queue].push_back(S->Clocks[Eng]);
  // The engine's later instructions are not ordered before the transfer.
  S->Clocks[Eng].tick(Eng);
}

void RaceDetector::dmaStarted(const emu::DmaEvent &Ev) {
  ThreadId T = S->queueTid(Ev.Queue);
  std::deque<VectorClock> &Pending = S->Triggers[Ev.Queue];
  S->Clocks[T].tick(T); // a new epoch for this transfer
  if (!Pending.empty()) {
    S->Clocks[T].join(Pending.front());
    Pending.pop_front();
  }
}

void RaceDetector::accessed(const emu::AccessEvent &Ev) {
  ThreadId T = Ev.Dma ? S->queueTid(Ev.Queue) : static_cast<ThreadId>(Ev.Eng);
  const VectorClock &Clock = S->Clocks[T];
  Site Cur{Ev.Eng, Ev.Index, Ev.Dma, Ev.Dma ? Ev.Queue : 0, Ev.Operand};
  AccessRec A{T, Clock.get(T), Cur.pack()};
  ShadowMemory &Sh = S->shadow(Ev.F.Space);
  S->Conflicts.clear();
  uint32_t PLast = Ev.F.PartStart + Ev.F.Partitions - 1;
  for (size_t K = 0; K < Ev.F.NumRuns; ++K)
    Sh.access(Ev.F.PartStart, PLast, Ev.F.Runs[K].First, Ev.F.Runs[K].Last, A, Ev.Write, Clock,
              S->Conflicts);
  if (S->Conflicts.empty())
    return;
  // One report per earlier access, covering every byte they share.
  std::vector<Conflict> Merged;
  for (const Conflict &C : S->Conflicts) {
    auto It = std::find_if(Merged.begin(), Merged.end(), [&](const Conflict &M) {
      return M.Prior.Site == C.Prior.Site && M.PriorWrite == C.PriorWrite;
    });
    if (It == Merged.end()) {
      Merged.push_back(C);
      continue;
    }
    It->PartFirst = std::min(It->PartFirst, C.PartFirst);
    It->PartLast = std::max(It->PartLast, C.PartLast);
    It->First = std::min(It->First, C.First);
    It->Last = std::max(It->Last, C.Last);
  }
  for (const Conflict &C : Merged)
    S->report(Ev, Cur, C);
}

void RaceDetector::signalled(const emu::SignalEvent &Ev) {
  ThreadId T = Ev.From.FromDma ? S->queueTid(Ev.From.Queue) : static_cast<ThreadId>(Ev.From.Eng);
  if (Ev.Sem < S->Sems.size())
    S->Sems[Ev.Sem].signal(T, Ev.Amount, S->Clocks[T]);
  Site From{Ev.From.Eng, Ev.From.Index, Ev.From.FromDma, Ev.From.FromDma ? Ev.From.Queue : 0, 0};
  S->LastSignal[From.who()] = {Ev.Sem, Ev.Value};
  S->Clocks[T].tick(T);
}

} // namespace trn::race
