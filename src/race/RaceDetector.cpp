//===- RaceDetector.cpp - unordered accesses, found -----------------------===//
//
// Threads: engines 0..4 by their id, DMA queues numbered from 5 as they
// first take a transfer. Edges (docs/races.md): program order in each
// stream; a queue's transfers in order; a DMA trigger before its transfer;
// an access before its thread's later signals; signals before the waits
// that must have seen them (SemaphoreOrder).
//
// In a system of N cores (SystemRaces), core C's local thread L is thread
// L * N + C of every clock, so one clock orders threads of every core (a
// single core: N = 1, C = 0, the same numbers). Updates between cores carry
// their sender's clock as a letter (the message's tag); the receiving core
// counts the update among the semaphore's signals when it arrives (until
// then, as on its way), and dma_copy_core's data as an access there by the
// sending queue, at the clock it sent. Shared HBM's pages have one shadow
// for the system.
//
//===----------------------------------------------------------------------===//

#include "trn/race/RaceDetector.h"

#include "SemaphoreOrder.h"
#include "ShadowMemory.h"
#include "trn/emu/System.h"
#include "trn/support/Wire.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

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

  unsigned Core = 0; // in a system: the core whose instruction it is

  uint64_t pack() const {
    return uint64_t(Index) | uint64_t(static_cast<unsigned>(Eng)) << 32 | uint64_t(Queue) << 35 |
           uint64_t(Dma) << 43 | uint64_t(Operand) << 44 | uint64_t(Core & 0xFFFF) << 48;
  }
  static Site unpack(uint64_t V) {
    return {static_cast<isa::Engine>(V >> 32 & 7),
            static_cast<uint32_t>(V),
            (V >> 43 & 1) != 0,
            static_cast<unsigned>(V >> 35 & 0xFF),
            static_cast<unsigned>(V >> 44 & 0xF),
            static_cast<unsigned>(V >> 48)};
  }
  // The instruction or transfer, without the operand.
  uint64_t who() const { return pack() & ~(uint64_t(0xF) << 44); }
};

const char *spaceName(isa::MemSpace S) {
  return S == isa::MemSpace::SBUF ? "SBUF" : S == isa::MemSpace::PSUM ? "PSUM" : "HBM";
}

std::string queueName(unsigned Q) { return fmt::format("q{}.{}", Q / 16, Q % 16); }

// Clocks on their way between cores, by tag - 1: the sending thread, its
// clock at the send, and (dma_copy_core) the transfer's write of 'dst'.
struct Letter {
  ThreadId Tid = 0;
  VectorClock Clock;
  uint64_t Site = 0;
};
class Mailbox {
public:
  uint32_t post(Letter L) {
    uint32_t K;
    if (Free.empty()) {
      K = static_cast<uint32_t>(Letters.size());
      Letters.push_back(std::move(L));
    } else {
      K = Free.back();
      Free.pop_back();
      Letters[K] = std::move(L);
    }
    return K + 1;
  }
  const Letter &at(uint32_t Tag) const { return Letters[Tag - 1]; }
  void release(uint32_t Tag) { Free.push_back(Tag - 1); }

private:
  std::vector<Letter> Letters;
  std::vector<uint32_t> Free;
};

} // namespace

struct SystemRaces::Shared {
  unsigned Cores = 1, CoresPerChip = 1;
  Mailbox Mail;
  // The pages of shared tensors, a shadow per chip: each chip has its copy.
  std::vector<ShadowMemory> Hbm;
  // Those pages' bytes, [first, last], sorted and disjoint.
  std::vector<std::pair<uint64_t, uint64_t>> Pages;
  std::set<std::pair<uint64_t, uint64_t>> Reported; // pairs of Site::who()
};

struct RaceDetector::State {
  const emu::Emulator &E;
  Mode M;
  // In a system: this core's number, the cores, what they share.
  unsigned Core = 0, Cores = 1;
  SystemRaces::Shared *Sys = nullptr;
  Mailbox OwnMail; // a dma_copy_core to this core outside a system
  Mailbox *Mail = &OwnMail;
  // Thread L of this core in every clock.
  ThreadId global(ThreadId L) const { return L * Cores + Core; }
  // And back, for one of this core's threads.
  ThreadId local(ThreadId G) const { return G / Cores; }
  // Updates from cores (dma_copy_core's to this one too) received, not yet
  // arrived: their tag, semaphore and amount, in the order they arrive.
  struct Incoming {
    uint32_t Tag;
    uint8_t Sem;
    int32_t Amount;
  };
  std::vector<Incoming> InTransit;
  std::vector<VectorClock> Clocks; // by thread
  std::map<unsigned, ThreadId> QueueTid;
  // A semaphore signal an instruction or transfer will send.
  struct SignalTo {
    uint8_t Sem;
    int32_t Amount;
    uint64_t Who = 0; // Site::who() of the sender
  };
  struct Triggered {
    VectorClock Clock; // the trigger's
    std::optional<SignalTo> Sig;
  };
  std::map<unsigned, std::deque<Triggered>> Triggers;   // by queue, not started
  std::map<unsigned, std::optional<SignalTo>> InFlight; // by queue: the transfer running
  std::array<std::optional<SignalTo>, isa::NumEngines> Executing{}; // issued, not done
  std::vector<SemaphoreOrder> Sems;
  ShadowMemory Sbuf, Psum, Hbm;
  std::vector<Conflict> Conflicts;
  std::set<std::pair<uint64_t, uint64_t>> Reported; // pairs of Site::who()
  std::vector<std::string> Races;
  // By thread, its recent signals: the epoch that sent it, the semaphore
  // and the value the signal guarantees (initial + all its sender sent it).
  struct SentSignal {
    Epoch At;
    uint8_t Sem;
    int32_t Value;
  };
  std::vector<Ring<SentSignal>> Sent;
  static constexpr size_t MaxSentKept = 1024;
  // By semaphore and thread (Sems.size() per thread): what it has sent.
  std::vector<int64_t> SentBy;
  int64_t &sentBy(uint8_t Sem, ThreadId T) {
    size_t K = size_t(T) * Sems.size() + Sem;
    if (K >= SentBy.size())
      SentBy.resize((size_t(T) + 1) * Sems.size(), 0);
    return SentBy[K];
  }
  std::vector<int32_t> Initial; // by semaphore

  State(const emu::Emulator &E, Mode M) : E(E), M(M) {
    for (unsigned K = 0; K < isa::NumEngines; ++K) {
      Clocks.emplace_back();
      Clocks.back().set(K, 1);
    }
    Initial.assign(E.chip().Semaphores, 0);
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

  static std::optional<SignalTo> signalOf(const isa::Instr &I) {
    if (I.Sig)
      return SignalTo{I.Sig->Sem, I.Sig->Amount};
    if (I.Op == isa::Opcode::SEM_SIGNAL)
      return SignalTo{static_cast<uint8_t>(I.Operands[0].Int),
                      static_cast<int32_t>(I.Operands[1].Int)};
    return std::nullopt;
  }

  // The signals to Sem not yet sent that could have arrived before a wait
  // now holding: transfers already triggered, instructions already issued.
  // Out is reused from wait to wait (no allocation per wait).
  void pendingSignals(uint8_t Sem, isa::Engine Waiter, std::vector<SemaphoreOrder::Pending> &Out) {
    Out.clear();
    for (unsigned E = 0; E < isa::NumEngines; ++E)
      if (E != static_cast<unsigned>(Waiter) && Executing[E] && Executing[E]->Sem == Sem)
        Out.push_back({global(E), Executing[E]->Amount, Clocks[E]});
    for (auto &[Q, Tid] : QueueTid) {
      auto Run = InFlight.find(Q);
      if (Run != InFlight.end() && Run->second && Run->second->Sem == Sem)
        Out.push_back({global(Tid), Run->second->Amount, Clocks[Tid]});
      auto Waiting = Triggers.find(Q);
      if (Waiting == Triggers.end() || Waiting->second.empty())
        continue;
      VectorClock C = Clocks[Tid];
      for (const Triggered &T : Waiting->second) {
        C.tick(global(Tid));
        C.join(T.Clock);
        if (T.Sig && T.Sig->Sem == Sem)
          Out.push_back({global(Tid), T.Sig->Amount, C});
      }
    }
    // Updates from cores on their way (docs/races.md).
    for (const Incoming &In : InTransit)
      if (In.Sem == Sem) {
        const Letter &L = Mail->at(In.Tag);
        Out.push_back({L.Tid, In.Amount, L.Clock});
      }
  }
  std::vector<SemaphoreOrder::Pending> PendingScratch;
  void check(const emu::AccessEvent &Ev, const Site &Cur, const AccessRec &A,
             const VectorClock &Clock);

  ShadowMemory &shadow(isa::MemSpace S) {
    return S == isa::MemSpace::SBUF ? Sbuf : S == isa::MemSpace::PSUM ? Psum : Hbm;
  }

  // The value Sem will have once the pending signal of Signaller (an
  // instruction executing, a transfer queued or running) has been sent,
  // counting only its sender's signals.
  std::optional<int64_t> futureValue(const Site &Signaller, uint8_t Sem) const {
    ThreadId Tid = static_cast<ThreadId>(Signaller.Eng);
    if (Signaller.Dma) {
      auto T = QueueTid.find(Signaller.Queue);
      if (T == QueueTid.end())
        return std::nullopt;
      Tid = T->second;
    }
    size_t K = size_t(Tid) * Sems.size() + Sem;
    int64_t Value = Initial[Sem] + (K < SentBy.size() ? SentBy[K] : 0);
    auto Match = [&](const std::optional<SignalTo> &Sig) {
      if (!Sig || Sig->Sem != Sem)
        return false;
      Value += Sig->Amount;
      return Sig->Who == Signaller.who();
    };
    if (!Signaller.Dma)
      return Match(Executing[static_cast<unsigned>(Signaller.Eng)]) ? std::optional(Value)
                                                                    : std::nullopt;
    if (auto Run = InFlight.find(Signaller.Queue); Run != InFlight.end() && Match(Run->second))
      return Value;
    if (auto Q = Triggers.find(Signaller.Queue); Q != Triggers.end())
      for (const Triggered &T : Q->second)
        if (Match(T.Sig))
          return Value;
    return std::nullopt;
  }

  // How many engines and DMA queues the program has send Sem a signal.
  size_t senders(unsigned Sem) const {
    std::set<unsigned> Who; // engines 0..4, queues from 16
    for (unsigned Eng = 0; Eng < isa::NumEngines; ++Eng)
      for (uint32_t K = 0;; ++K) {
        const isa::Instr *I = E.instruction(static_cast<isa::Engine>(Eng), K);
        if (!I)
          break;
        std::optional<SignalTo> Sig = signalOf(*I);
        if (!Sig || Sig->Sem != Sem)
          continue;
        const isa::Operand *Queue = I->desc().IsDma ? I->operand("queue") : nullptr;
        if (Queue && Queue->Reg)
          return 2; // a register picks the queue: its signals may come from any
        Who.insert(Queue ? 16 + static_cast<unsigned>(Queue->Int) : Eng);
      }
    return Who.size();
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
    // Another core's (the program is every core's: this core's copy of it
    // is the same instruction).
    std::string Of = S.Core != Core ? fmt::format("core {}'s ", S.Core) : "";
    std::string Instr = fmt::format("{}{} instruction {} ({})", Of, isa::engine(S.Eng).RecordName,
                                    S.Index, Mnemonic);
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
    if (!I || S.Dma ||
        (I->Op != isa::Opcode::MATMUL && I->Op != isa::Opcode::MULTIPLY_MOVING &&
         I->Op != isa::Opcode::MATMUL_MX))
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
  // Before's access was at epoch BeforeAt of thread BeforeTid; Current says
  // it is the access being checked now (its signal, if any, not yet sent).
  std::string hint(const Site &Before, ThreadId BeforeTid, Epoch BeforeAt, bool Current,
                   const Site &After) const {
    std::string Waiter = After.Dma ? fmt::format("{} instruction {} (the trigger)",
                                                 isa::engine(After.Eng).RecordName, After.Index)
                                   : fmt::format("{} instruction {}",
                                                 isa::engine(After.Eng).RecordName, After.Index);
    std::string WaiterWhere = E.where(After.Eng, After.Index);
    // Own: the signal is the one Before's own instruction or transfer sends.
    auto WaitText = [&](const Site &Signaller, uint8_t Sem, bool Own) {
      // A count names a signal only when one engine or queue sends them
      // all (docs/races.md).
      if (senders(Sem) > 1)
        return fmt::format("a semaphore of its own: {} is also signalled elsewhere, and "
                           "signals from different engines and queues arrive in any order",
                           semName(Sem));
      std::optional<int64_t> V;
      if (Own && Current)
        V = futureValue(Signaller, Sem);
      else if (Own && BeforeTid < Sent.size())
        for (size_t K = 0; K < Sent[BeforeTid].size(); ++K)
          if (const SentSignal &X = Sent[BeforeTid][K]; X.At == BeforeAt && X.Sem == Sem)
            V = X.Value;
      if (V)
        return fmt::format("wait({} >= {})", semName(Sem), *V);
      return fmt::format("a wait on {} that this signal satisfies", semName(Sem));
    };
    if (Before.Dma) {
      const isa::Instr *I = E.instruction(Before.Eng, Before.Index);
      if (I && I->Sig)
        return fmt::format("the transfer signals {} when it completes: give {} ({}) {}",
                           semName(I->Sig->Sem), Waiter, WaiterWhere,
                           WaitText(Before, I->Sig->Sem, true));
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
      Site S{Before.Eng, K, false, 0, 0, Before.Core};
      return fmt::format("{} instruction {} ({}) signals {}{}: give {} ({}) {}",
                         isa::engine(Before.Eng).RecordName, K, E.where(Before.Eng, K),
                         semName(*Sem), K == Before.Index ? " when it completes" : " after it",
                         Waiter, WaiterWhere, WaitText(S, *Sem, K == Before.Index));
    }
    return fmt::format("nothing after {} ({}) signals a semaphore: give it a signal(...) and {} "
                       "({}) a wait on it",
                       describe(Before), E.where(Before.Eng, Before.Index), Waiter, WaiterWhere);
  }

  // Two cores' accesses: only an update between them orders them.
  std::string crossCoreHint(const Site &Before, const Site &After) const {
    std::string Waiter =
        After.Dma ? fmt::format("{} (its trigger)", describe(After)) : describe(After);
    if (Before.Dma && E.instruction(Before.Eng, Before.Index) &&
        E.instruction(Before.Eng, Before.Index)->Op == isa::Opcode::DMA_COPY_CORE &&
        Before.Core != Core) {
      const isa::Instr *I = E.instruction(Before.Eng, Before.Index);
      return fmt::format("the transfer adds 1 to {} on core {} when its data lands: give {} ({}) "
                         "a wait on {}",
                         semName(static_cast<unsigned>(I->operand("remote_sem")->Int)), Core,
                         Waiter, E.where(After.Eng, After.Index),
                         semName(static_cast<unsigned>(I->operand("remote_sem")->Int)));
    }
    return fmt::format("cores order their accesses only by updating each other's semaphores: after "
                       "{} ({}), core {} must update a semaphore of core {} (sem_signal_core, "
                       "core_barrier, dma_copy_core's remote_sem) that {} ({}) waits on",
                       describe(Before), E.where(Before.Eng, Before.Index), Before.Core, After.Core,
                       Waiter, E.where(After.Eng, After.Index));
  }

  // The pair's kind and which access was meant to come first: a write then
  // the read that needs it (read-after-write, or a PSUM accumulation group
  // read before its last matmul), a read then the write that reuses its
  // buffer (write-after-read), or two writes in the order they ran. The
  // order of this run decides none of these but the last.
  void report(const emu::AccessEvent &Ev, const Site &Cur, const AccessRec &A, const Conflict &C,
              bool SharedHbm) {
    Site Prior = Site::unpack(C.Prior.Site);
    // By value: std::minmax of temporaries returns dangling references.
    uint64_t A0 = Prior.who(), B0 = Cur.who();
    std::pair<uint64_t, uint64_t> Pair{std::min(A0, B0), std::max(A0, B0)};
    if (!(Sys ? Sys->Reported : Reported).insert(Pair).second)
      return;
    bool CurWrite = Ev.Write;
    const Site *First = &Prior, *Second = &Cur;
    bool FirstWrites = C.PriorWrite, SecondWrites = CurWrite;
    const char *Kind = "write-after-write";
    if (CurWrite != C.PriorWrite) {
      const Site &W = CurWrite ? Cur : Prior, &R = CurWrite ? Prior : Cur;
      bool Accumulation = Ev.F.Space == isa::MemSpace::PSUM && accumulates(W);
      bool WriteFirst = Accumulation || !C.ReadAfterWrite;
      Kind = Accumulation ? "incomplete accumulation"
             : WriteFirst ? "read-after-write"
                          : "write-after-read";
      First = WriteFirst ? &W : &R;
      Second = WriteFirst ? &R : &W;
      FirstWrites = WriteFirst;
      SecondWrites = !WriteFirst;
    }
    std::string Range =
        Ev.F.Space == isa::MemSpace::HBM
            ? fmt::format("{}HBM bytes 0x{:X}..0x{:X}", SharedHbm ? "shared " : "", C.First, C.Last)
            : fmt::format("{} partitions {}..{}, bytes {}..{}", spaceName(Ev.F.Space), C.PartFirst,
                          C.PartLast, C.First, C.Last);
    Range += owner(Ev.F.Space, C.PartFirst, C.First, C.Last);
    const char *Severity = M == Mode::Error ? "error" : "warning";
    bool FirstIsPrior = First == &Prior;
    bool CrossCore = First->Core != Second->Core;
    std::string Msg = fmt::format(
        "{}: {}: race ({}) on {}: {} {} operand '{}', and {} {} operand '{}'; no semaphore{} "
        "orders the {} before the {}\n    {}\n{}: note: the other access: {}\n    {}\n"
        "{}: note: hint: {}",
        E.where(Second->Eng, Second->Index), Severity, Kind, Range, describe(*Second),
        SecondWrites ? "writes" : "reads", operandName(*Second), describe(*First),
        FirstWrites ? "writes" : "reads", operandName(*First),
        CrossCore ? " update between the cores" : "", FirstWrites ? "write" : "read",
        SecondWrites ? "write" : "read", disassembly(*Second), E.where(First->Eng, First->Index),
        describe(*First), disassembly(*First), E.where(First->Eng, First->Index),
        CrossCore ? crossCoreHint(*First, *Second)
                  : hint(*First, local(FirstIsPrior ? C.Prior.Tid : A.Tid),
                         FirstIsPrior ? C.Prior.At : A.At, !FirstIsPrior, *Second));
    if (M == Mode::Error)
      throw emu::StopRun{{emu::FaultKind::Race, Msg, Second->Eng, Second->Index}};
    Races.push_back(std::move(Msg));
  }
};

RaceDetector::RaceDetector(const emu::Emulator &E, Mode M) : S(std::make_unique<State>(E, M)) {}
RaceDetector::~RaceDetector() = default;

SystemRaces::SystemRaces(const emu::System &Sys, const std::vector<RaceDetector *> &Detectors)
    : Sh(std::make_unique<Shared>()) {
  Sh->Cores = Sys.cores();
  Sh->CoresPerChip = Sys.coresPerChip();
  Sh->Hbm.resize(Sys.chips());
  // The whole pages of shared tensors: every core maps them.
  constexpr uint64_t Page = object::SharedTensorAlign;
  for (const object::Tensor &T : Sys.anyCore().program().Tensors)
    if (T.Shared && T.bytes() > 0)
      Sh->Pages.push_back(
          {T.Address / Page * Page, (T.Address + T.bytes() - 1) / Page * Page + Page - 1});
  std::sort(Sh->Pages.begin(), Sh->Pages.end());
  std::vector<std::pair<uint64_t, uint64_t>> Merged;
  for (const auto &P : Sh->Pages)
    if (!Merged.empty() && P.first <= Merged.back().second + 1)
      Merged.back().second = std::max(Merged.back().second, P.second);
    else
      Merged.push_back(P);
  Sh->Pages = std::move(Merged);
  for (unsigned K = 0; K < Detectors.size() && K < Sh->Cores; ++K) {
    if (!Detectors[K])
      continue;
    RaceDetector::State &D = *Detectors[K]->S;
    D.Core = K;
    D.Cores = Sh->Cores;
    D.Sys = Sh.get();
    D.Mail = &Sh->Mail;
    // Each engine's own entry, at its number in the system.
    for (unsigned E = 0; E < isa::NumEngines; ++E) {
      D.Clocks[E] = VectorClock();
      D.Clocks[E].set(D.global(E), 1);
    }
  }
}

SystemRaces::~SystemRaces() = default;

const std::vector<std::string> &RaceDetector::races() const { return S->Races; }

size_t RaceDetector::shadowIntervals() const {
  return S->Sbuf.intervals() + S->Psum.intervals() + S->Hbm.intervals();
}

bool RaceDetector::wantsIssue(const isa::Instr &I) const {
  // core_barrier waits on its semaphore (decoded so), without a wait(...).
  bool Waits = I.Op == isa::Opcode::SEM_WAIT || I.Op == isa::Opcode::CORE_BARRIER ||
               std::any_of(I.Waits.begin(), I.Waits.end(), [](const auto &W) { return W; });
  return Waits || wantsInstructionDone(I);
}

// issued records a non-DMA instruction's signal as on its way (Executing)
// and instructionDone clears it; without a signal there is nothing to
// record. (A DMA instruction's signal is its transfer's, seen by
// dmaQueued.)
bool RaceDetector::wantsInstructionDone(const isa::Instr &I) const {
  return !I.desc().IsDma && State::signalOf(I);
}

void RaceDetector::issued(const emu::IssueEvent &Ev) {
  unsigned Eng = static_cast<unsigned>(Ev.Eng);
  // Every wait is judged by the clock before any of them: acquired into a
  // copy when there are several, straight into the clock when one.
  VectorClock &Clock = S->Clocks[Eng];
  auto Acquire = [&](const emu::ResolvedWait &W, VectorClock &Into) {
    if (W.Sem < S->Sems.size()) {
      S->pendingSignals(W.Sem, Ev.Eng, S->PendingScratch);
      S->Sems[W.Sem].acquireInto(W.Cond, W.Value, Clock, S->PendingScratch, Into);
    }
  };
  if (Ev.NumWaits == 1) {
    Acquire(Ev.Waits[0], Clock);
  } else if (Ev.NumWaits > 1) {
    VectorClock Acquired;
    for (unsigned K = 0; K < Ev.NumWaits; ++K)
      Acquire(Ev.Waits[K], Acquired);
    Clock.join(Acquired);
  }
  // A DMA instruction's signal is its transfer's, sent by its queue.
  S->Executing[Eng] = Ev.I->desc().IsDma ? std::nullopt : State::signalOf(*Ev.I);
  if (S->Executing[Eng])
    S->Executing[Eng]->Who = Site{Ev.Eng, Ev.Index, false, 0, 0, S->Core}.who();
}

void RaceDetector::instructionDone(const emu::InstrEvent &Ev) {
  S->Executing[static_cast<unsigned>(Ev.Eng)].reset();
}

void RaceDetector::dmaQueued(const emu::DmaEvent &Ev) {
  unsigned Eng = static_cast<unsigned>(Ev.Issuer);
  S->queueTid(Ev.Queue);
  S->Triggers[Ev.Queue].push_back({S->Clocks[Eng], State::signalOf(*Ev.I)});
  if (auto &Sig = S->Triggers[Ev.Queue].back().Sig)
    Sig->Who = Site{Ev.Issuer, Ev.Index, true, Ev.Queue, 0, S->Core}.who();
  // The engine's later instructions are not ordered before the transfer.
  S->Clocks[Eng].tick(S->global(Eng));
}

void RaceDetector::dmaStarted(const emu::DmaEvent &Ev) {
  ThreadId T = S->queueTid(Ev.Queue);
  std::deque<State::Triggered> &Pending = S->Triggers[Ev.Queue];
  S->Clocks[T].tick(S->global(T)); // a new epoch for this transfer
  S->InFlight[Ev.Queue].reset();
  if (!Pending.empty()) {
    S->Clocks[T].join(Pending.front().Clock);
    S->InFlight[Ev.Queue] = Pending.front().Sig;
    Pending.pop_front();
  }
}

void RaceDetector::accessed(const emu::AccessEvent &Ev) {
  ThreadId T = Ev.Dma ? S->queueTid(Ev.Queue) : static_cast<ThreadId>(Ev.Eng);
  const VectorClock &Clock = S->Clocks[T];
  Site Cur{Ev.Eng, Ev.Index, Ev.Dma, Ev.Dma ? Ev.Queue : 0, Ev.Operand, S->Core};
  ThreadId G = S->global(T);
  S->check(Ev, Cur, AccessRec{G, Clock.get(G), Cur.pack()}, Clock);
}

// Records an access and reports what it races with.
void RaceDetector::State::check(const emu::AccessEvent &Ev, const Site &Cur, const AccessRec &A,
                                const VectorClock &Clock) {
  Conflicts.clear();
  uint32_t PLast = Ev.F.PartStart + Ev.F.Partitions - 1;
  size_t Local = 0; // conflicts before it are in this core's shadow
  if (Sys && Ev.F.Space == isa::MemSpace::HBM && !Sys->Pages.empty()) [[unlikely]] {
    // The parts of each run on shared pages are checked in the system's
    // shadow, against every core's accesses.
    std::vector<std::pair<uint64_t, uint64_t>> SharedRuns;
    for (size_t K = 0; K < Ev.F.NumRuns; ++K) {
      uint64_t First = Ev.F.Runs[K].First, Last = Ev.F.Runs[K].Last;
      for (const auto &[P0, P1] : Sys->Pages) {
        if (P1 < First || P0 > Last)
          continue;
        if (First < P0)
          Hbm.access(0, 0, First, P0 - 1, A, Ev.Write, Clock, Conflicts);
        SharedRuns.push_back({std::max(First, P0), std::min(Last, P1)});
        if (Last <= P1) {
          First = Last + 1;
          break;
        }
        First = P1 + 1;
      }
      if (First <= Last)
        Hbm.access(0, 0, First, Last, A, Ev.Write, Clock, Conflicts);
    }
    Local = Conflicts.size();
    for (const auto &[F, L] : SharedRuns)
      Sys->Hbm[Core / Sys->CoresPerChip].access(0, 0, F, L, A, Ev.Write, Clock, Conflicts);
  } else {
    ShadowMemory &Sh = shadow(Ev.F.Space);
    for (size_t K = 0; K < Ev.F.NumRuns; ++K)
      Sh.access(Ev.F.PartStart, PLast, Ev.F.Runs[K].First, Ev.F.Runs[K].Last, A, Ev.Write, Clock,
                Conflicts);
    Local = Conflicts.size();
  }
  if (Conflicts.empty())
    return;
  // One report per earlier access, covering every byte they share.
  struct Merge {
    Conflict C;
    bool Shared;
  };
  std::vector<Merge> Merged;
  for (size_t N = 0; N < Conflicts.size(); ++N) {
    const Conflict &C = Conflicts[N];
    bool Shared = N >= Local;
    auto It = std::find_if(Merged.begin(), Merged.end(), [&](const Merge &M) {
      return M.C.Prior.Site == C.Prior.Site && M.C.PriorWrite == C.PriorWrite && M.Shared == Shared;
    });
    if (It == Merged.end()) {
      Merged.push_back({C, Shared});
      continue;
    }
    It->C.PartFirst = std::min(It->C.PartFirst, C.PartFirst);
    It->C.PartLast = std::max(It->C.PartLast, C.PartLast);
    It->C.First = std::min(It->C.First, C.First);
    It->C.Last = std::max(It->C.Last, C.Last);
  }
  for (const Merge &M : Merged)
    report(Ev, Cur, A, M.C, M.Shared);
}

void RaceDetector::dmaDone(const emu::DmaEvent &Ev) { S->InFlight[Ev.Queue].reset(); }

void RaceDetector::signalled(const emu::SignalEvent &Ev) {
  ThreadId T = Ev.From.FromDma ? S->queueTid(Ev.From.Queue) : static_cast<ThreadId>(Ev.From.Eng);
  if (Ev.Sem >= S->Sems.size())
    return; // the emulator faults on it before telling observers
  ThreadId G = S->global(T);
  S->Sems[Ev.Sem].signal(G, Ev.Amount, S->Clocks[T]);
  int64_t &Total = S->sentBy(Ev.Sem, T);
  Total += Ev.Amount;
  if (S->Sent.size() <= T)
    S->Sent.resize(T + 1);
  if (S->Sent[T].size() == State::MaxSentKept)
    S->Sent[T].popFront();
  S->Sent[T].pushBack() = State::SentSignal{S->Clocks[T].get(G), Ev.Sem,
                                            static_cast<int32_t>(S->Initial[Ev.Sem] + Total)};
  S->Clocks[T].tick(G);
}

// An update or transfer for a core (this one too, for dma_copy_core):
// it carries the sending thread's clock. An engine's later instructions are
// not ordered before it; a queue's next transfer starts a new epoch anyway,
// and this transfer's read of its source (reported after) is in this one.
uint32_t RaceDetector::sendingToCore(const emu::Sender &From, unsigned To) {
  (void)To;
  ThreadId T = From.FromDma ? S->queueTid(From.Queue) : static_cast<ThreadId>(From.Eng);
  ThreadId G = S->global(T);
  Letter L{G, S->Clocks[T], 0};
  if (From.FromDma)
    L.Site = Site{From.Eng, From.Index, true, From.Queue, 0, S->Core}.pack();
  else
    S->Clocks[T].tick(G);
  return S->Mail->post(std::move(L));
}

// A letter leaving this process: its sender, clock and site as bytes.
bool RaceDetector::exportTag(uint32_t Tag, std::vector<uint8_t> &Out) {
  const Letter &L = S->Mail->at(Tag);
  WireWriter W;
  W.pod(L.Tid);
  W.pod(L.Site);
  W.pod(static_cast<uint32_t>(L.Clock.size()));
  for (ThreadId T = 0; T < L.Clock.size(); ++T)
    W.pod(L.Clock.get(T));
  Out = W.take();
  S->Mail->release(Tag);
  return true;
}

uint32_t RaceDetector::importTag(std::span<const uint8_t> In) {
  WireReader R(In);
  Letter L;
  L.Tid = R.pod<ThreadId>();
  L.Site = R.pod<uint64_t>();
  auto N = R.pod<uint32_t>();
  for (ThreadId T = 0; T < N; ++T)
    if (Epoch E = R.pod<Epoch>())
      L.Clock.set(T, E);
  return S->Mail->post(std::move(L));
}

void RaceDetector::receivedFromCore(const emu::SignalEvent &Ev, int64_t ArrivalPs) {
  (void)ArrivalPs;
  if (Ev.Sem < S->Sems.size())
    S->InTransit.push_back({Ev.Tag, Ev.Sem, Ev.Amount});
}

void RaceDetector::remoteAccessed(const emu::AccessEvent &Ev) {
  const Letter &L = S->Mail->at(Ev.Tag);
  Site Cur = Site::unpack(L.Site);
  Cur.Operand = Ev.Operand;
  S->check(Ev, Cur, AccessRec{L.Tid, L.Clock.get(L.Tid), Cur.pack()}, L.Clock);
}

// An update from a core arrives: from now on one of its semaphore's
// signals, no longer one on its way.
void RaceDetector::signalArrived(const emu::SignalEvent &Ev, int64_t Ps) {
  (void)Ps;
  if (!Ev.Tag)
    return;
  auto It = std::find_if(S->InTransit.begin(), S->InTransit.end(),
                         [&](const State::Incoming &In) { return In.Tag == Ev.Tag; });
  if (It == S->InTransit.end())
    return;
  const Letter &L = S->Mail->at(Ev.Tag);
  S->Sems[Ev.Sem].signal(L.Tid, Ev.Amount, L.Clock);
  S->InTransit.erase(It);
  S->Mail->release(Ev.Tag);
}

} // namespace trn::race
