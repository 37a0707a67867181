//===- Machine.cpp - the discrete-event loop ------------------------------===//
//
// One global time base in picoseconds. Each engine issues its stream in
// order: an instruction issues when its semaphore waits hold and the engine
// is free, occupies the engine for the cycles its cost class gives at the
// engine's clock, and at completion commits its effects to memory and sends
// its signal. A DMA instruction's completion hands a transfer to its queue;
// queues run transfers in order, each committing and signalling when it
// ends. Events at the same time run in a fixed order (DMA completions by
// queue, then instruction completions by engine PE, DVE, ACT, POOL, SP, then
// issues), so every run of a program is bit-identical.
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

#include "DmaBuffers.h"
#include "ExecContext.h"
#include "Footprint.h"
#include "Timing.h"
#include "semantics/Semantics.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <new>

namespace trn::emu {

Observer::~Observer() = default;

const char *faultKindName(FaultKind K) {
  switch (K) {
  case FaultKind::OutOfBounds:
    return "out of bounds";
  case FaultKind::PsumBank:
    return "PSUM bank";
  case FaultKind::PartitionRule:
    return "partition rule";
  case FaultKind::DType:
    return "dtype";
  case FaultKind::Shape:
    return "shape";
  case FaultKind::UndefinedBehaviour:
    return "undefined behaviour";
  case FaultKind::UninitialisedRead:
    return "uninitialised read";
  case FaultKind::Deadlock:
    return "deadlock";
  case FaultKind::CycleLimit:
    return "cycle limit";
  case FaultKind::InstructionLimit:
    return "instruction limit";
  case FaultKind::BadProgram:
    return "bad program";
  case FaultKind::Race:
    return "race";
  case FaultKind::HostMemory:
    return "host memory limit";
  }
  return "?";
}

Machine::Machine(object::Program P, const isa::ChipDesc &C)
    : Prog(std::move(P)), Chip(C), Sbuf(C.Partitions, C.SbufPartitionBytes),
      Psum(C.Partitions, C.psumPartitionBytes()),
      PsumWords(size_t(C.Partitions) * C.psumPartitionBytes() / 4, PsumWriter::None),
      Semaphores(C.Semaphores, 0), LastSignal(C.Semaphores), Queues(size_t(C.DmaEngines) * 16),
      Dma(C), PendingSum(C.Semaphores, 0) {
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    EngineState &S = Engines[E];
    S.Id = static_cast<isa::Engine>(E);
    const object::Stream &Str = Prog.Streams[E];
    for (size_t K = 0; K < Str.size(); ++K) {
      size_t End = K + 1 < Str.size() ? Str.Offsets[K + 1] : Str.Code.size();
      auto Dec = isa::decode(std::span(Str.Code).subspan(Str.Offsets[K], End - Str.Offsets[K]));
      // The object reader and the assembler only produce decodable code;
      // anything else stops the run at that instruction (see run()).
      if (auto *Ok = std::get_if<isa::Decoded>(&Dec))
        S.Code.push_back(Ok->I);
      else
        break;
    }
    S.Locs = Str.Locs;
  }
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    auto Eng = static_cast<isa::Engine>(E);
    ResultLatencyPs[E] = psFromCycles(Eng, resultLatencyCycles(Eng));
    for (const isa::CostConstDesc &K : isa::costConsts())
      if (K.Id == isa::CostConst::SEM_HOP)
        SemHopPs[E] = psFromCycles(Eng, static_cast<uint64_t>(K.Value));
  }
  DmaSignalPs = int64_t(isa::chipTiming(Chip.Id).DmaSignalNs) * 1000;
  // A remote semaphore update is a one-word DMA write (docs/multicore.md).
  CrossCorePs = int64_t(Chip.DmaFixedNs) * 1000 + DmaSignalPs;
  for (EngineState &S : Engines) {
    S.Decoded.reserve(S.Code.size());
    for (const isa::Instr &I : S.Code)
      S.Decoded.push_back(decodeInstr(*this, S.Id, I));
  }
  // The semaphores PE's sequencer instructions wait on: a tiled instruction
  // after one of them starts no earlier than they last changed.
  const EngineState &Pe = Engines[static_cast<unsigned>(isa::Engine::PE)];
  for (size_t K = 0; K < Pe.Code.size(); ++K)
    if (Pe.Code[K].desc().IsSequencer)
      for (unsigned W = 0; W < Pe.Decoded[K].NumWaits; ++W)
        if (std::find(PeSequencerSems.begin(), PeSequencerSems.end(), Pe.Decoded[K].Waits[W].Sem) ==
            PeSequencerSems.end())
          PeSequencerSems.push_back(Pe.Decoded[K].Waits[W].Sem);
  for (const object::Tensor &T : Prog.Tensors)
    if (T.InitOffset)
      HbmMem.write(T.Address, Prog.Data.data() + *T.InitOffset, T.bytes());
  for (const object::Semaphore &S : Prog.Semaphores)
    if (S.Index < Semaphores.size())
      Semaphores[S.Index] = S.Initial;
}

const Stationary *Machine::stationaryAt(const verify::PeTile &T) const {
  if (T.whole())
    return PeStationary.Loaded ? &PeStationary : nullptr;
  for (const Stationary &S : PeTiles)
    if (S.Loaded && S.Tile == T)
      return &S;
  return nullptr;
}

Stationary &Machine::loadStationaryAt(const verify::PeTile &T) {
  if (T.whole()) {
    if (!PeTiles.empty())
      PeTiles.clear();
    return PeStationary;
  }
  PeStationary.Loaded = false;
  std::erase_if(PeTiles, [&](const Stationary &S) { return S.Tile.overlaps(T); });
  Stationary &S = PeTiles.emplace_back();
  S.Tile = T;
  return S;
}

int64_t Machine::psFromCycles(isa::Engine E, uint64_t Cycles) const {
  uint64_t MHz = Chip.ClockMHz[static_cast<unsigned>(E)];
  return static_cast<int64_t>((Cycles * 1000000 + MHz - 1) / MHz);
}

std::string Machine::where(isa::Engine E, uint32_t Index) const {
  const EngineState &S = Engines[static_cast<unsigned>(E)];
  if (Index < S.Locs.size() && S.Locs[Index].Line)
    return Prog.where(S.Locs[Index]);
  return fmt::format("<{} #{}>", isa::engine(E).RecordName, Index);
}

std::string Machine::describe(isa::Engine E, uint32_t Index) const {
  const EngineState &S = Engines[static_cast<unsigned>(E)];
  if (Index >= S.Code.size())
    return "";
  return isa::print(S.Code[Index], {}, /*AlwaysPrefix=*/true);
}

void Machine::fault(FaultKind K, isa::Engine E, uint32_t Index, const std::string &What) {
  const EngineState &S = Engines[static_cast<unsigned>(E)];
  std::string Mnemonic = Index < S.Code.size() ? S.Code[Index].desc().Mnemonic : "?";
  throw FaultException{
      {K,
       fmt::format("{}: error: {} at {} ns on {}, instruction {} ({}): {}\n    {}", where(E, Index),
                   faultKindName(K), NowPs / 1000, isa::engine(E).RecordName, Index, Mnemonic, What,
                   describe(E, Index)),
       E, Index}};
}

void Machine::warn(isa::Engine E, uint32_t Index, const std::string &What) {
  // Say each problem once per instruction, and not without end.
  std::string Msg = fmt::format("{}: warning: {} (on {}, instruction {})", where(E, Index), What,
                                isa::engine(E).RecordName, Index);
  if (std::find(Warnings.begin(), Warnings.end(), Msg) != Warnings.end())
    return;
  if (Warnings.size() == 20)
    Msg = "warning: more warnings follow; only the first 20 are shown";
  if (Warnings.size() <= 20)
    Warnings.push_back(Msg);
}

// The common case, inlined where events are made and taken: the new event
// runs before everything queued and takes the place ahead.
inline void Machine::schedule(int64_t Ps, EventKind K, unsigned Who, uint32_t Slot) {
  uint64_t Seq = NextSeq++;
  if (!HasAhead && !ReferenceSchedule && (Events.empty() || Events.top().after(Ps, K, Who, Seq))) {
    Ahead.Ps = Ps;
    Ahead.Order = Event::order(K, Who, Seq);
    Ahead.Slot = Slot;
    HasAhead = true;
    return;
  }
  enqueue(Event(Ps, K, Who, Seq, Slot));
}

void Machine::enqueue(Event Ev) {
  if (ReferenceSchedule) {
    ReferenceEvents.push(Ev);
    return;
  }
  // Ahead stays before everything queued.
  if (HasAhead && Ahead > Ev)
    std::swap(Ahead, Ev);
  Events.push(Ev);
}

inline void Machine::nextEvent(int64_t &Ps, EventKind &Kind, unsigned &Who, uint32_t &Slot) {
  const Event *Next = &Ahead;
  if (HasAhead)
    HasAhead = false;
  else
    Next = &dequeue();
  Ps = Next->Ps;
  Kind = Next->kind();
  Who = Next->who();
  Slot = Next->Slot;
}

const Machine::Event &Machine::dequeue() {
  // Ahead is free (never used by the reference schedule): the event taken
  // off the queue is kept there until it is read.
  if (ReferenceSchedule) {
    Ahead = ReferenceEvents.top();
    ReferenceEvents.pop();
  } else {
    Ahead = Events.top();
    Events.pop();
  }
  return Ahead;
}

namespace {

// The outcomes of comparing a semaphore with a wait's value that condition
// C holds for: bit 0 less, bit 1 equal, bit 2 greater.
constexpr uint8_t holdsFor(isa::WaitCond C) {
  switch (C) {
  case isa::WaitCond::Eq:
    return 2;
  case isa::WaitCond::Ne:
    return 5;
  case isa::WaitCond::Ge:
    return 6;
  case isa::WaitCond::Gt:
    return 4;
  case isa::WaitCond::Le:
    return 3;
  case isa::WaitCond::Lt:
    return 1;
  }
  return 0;
}
constexpr unsigned NumCondCodes = 8;
constexpr std::array<uint8_t, NumCondCodes> HoldsFor = [] {
  std::array<uint8_t, NumCondCodes> T{};
  for (unsigned K = 0; K < NumCondCodes; ++K)
    T[K] = holdsFor(static_cast<isa::WaitCond>(K));
  return T;
}();
static_assert(static_cast<unsigned>(isa::WaitCond::Eq) < NumCondCodes &&
                  static_cast<unsigned>(isa::WaitCond::Ne) < NumCondCodes &&
                  static_cast<unsigned>(isa::WaitCond::Ge) < NumCondCodes &&
                  static_cast<unsigned>(isa::WaitCond::Gt) < NumCondCodes &&
                  static_cast<unsigned>(isa::WaitCond::Le) < NumCondCodes &&
                  static_cast<unsigned>(isa::WaitCond::Lt) < NumCondCodes,
              "every wait condition has its entry in HoldsFor");

} // namespace

// A table look-up per wait rather than a switch: taken on every issue and
// every wake-up.
inline bool Machine::waitsMet(const EngineState &E, const DecodedInstr &D) const {
  for (unsigned K = 0; K < D.NumWaits; ++K) {
    const isa::Wait &W = D.Waits[K];
    int64_t Have = Semaphores[W.Sem];
    int64_t Want = static_cast<int32_t>(W.IsReg ? E.Regs[W.Value & 63] : W.Value);
    unsigned Outcome = unsigned(Have >= Want) + unsigned(Have > Want);
    unsigned Cond = static_cast<unsigned>(W.Cond);
    if (Cond >= NumCondCodes || !(HoldsFor[Cond] >> Outcome & 1))
      return false;
  }
  return true;
}

void Machine::tryIssue(unsigned EIdx) {
  EngineState &E = Engines[EIdx];
  if (E.State == EngineState::Status::Busy || E.State == EngineState::Status::Halted)
    return;
  if (E.PC >= E.Code.size()) {
    if (E.PC < Prog.Streams[EIdx].size())
      fault(FaultKind::BadProgram, E.Id, E.PC, "the instruction cannot be decoded");
    E.State = EngineState::Status::Halted; // the end of a stream is a halt
    return;
  }
  const isa::Instr &I = E.Code[E.PC];
  const DecodedInstr &Dec = E.Decoded[E.PC];
  if (Dec.TooNew || Dec.Barrier) [[unlikely]] {
    // A program assembled for a later chip may be run with --chip.
    if (Dec.TooNew)
      fault(FaultKind::BadProgram, E.Id, E.PC,
            fmt::format("'{}' needs {} or later; this run is on {}", I.desc().Mnemonic,
                        isa::chips()[I.desc().MinGen - 2].Name, Chip.Name));
    if (!E.BarrierSent)
      barrierArrive(E, I);
  }
  if (Dec.BadWait >= 0)
    fault(FaultKind::BadProgram, E.Id, E.PC,
          fmt::format("waits on s{}, but {} has s0 to s{}", Dec.Waits[Dec.BadWait].Sem, Chip.Name,
                      Semaphores.size() - 1));
  if (!waitsMet(E, Dec)) {
    if (E.State != EngineState::Status::Waiting) {
      E.State = EngineState::Status::Waiting;
      E.WaitingSincePs = NowPs;
      markWaiter(EIdx, Dec, true);
    }
    return;
  }
  // What held it: of the semaphores it waited on, the one signalled last.
  WaitedPs[EIdx] = 0;
  WaitSem[EIdx] = -1;
  ReleasedBy[EIdx] = {};
  if (E.State == EngineState::Status::Waiting) {
    markWaiter(EIdx, Dec, false);
    WaitedPs[EIdx] = NowPs - E.WaitingSincePs;
    E.Stats.WaitPs += WaitedPs[EIdx];
    for (unsigned K = 0; K < Dec.NumWaits; ++K) {
      uint8_t Sem = Dec.Waits[K].Sem;
      if (WaitSem[EIdx] < 0 || LastSignal[Sem].Ps > ReleasedBy[EIdx].Ps) {
        WaitSem[EIdx] = Sem;
        ReleasedBy[EIdx] = LastSignal[Sem];
      }
    }
    if (WaitedPs[EIdx] > 0 && !Observers.empty()) {
      StallEvent Ev{E.Id, E.PC, &I, WaitedPs[EIdx], WaitSem[EIdx], ReleasedBy[EIdx]};
      if (EachStall) {
        for (Observer *O : Observers)
          O->stalled(Ev);
      } else {
        std::optional<StallEvent> &Sum = StallSums[EIdx];
        const Sender &A = Ev.ReleasedBy;
        if (Sum && Sum->WaitSem == Ev.WaitSem && Sum->ReleasedBy.Valid == A.Valid &&
            Sum->ReleasedBy.FromDma == A.FromDma && Sum->ReleasedBy.Eng == A.Eng &&
            Sum->ReleasedBy.Index == A.Index && Sum->ReleasedBy.Queue == A.Queue) {
          Sum->WaitedPs += Ev.WaitedPs;
        } else {
          if (Sum)
            for (Observer *O : Observers)
              O->stalled(*Sum);
          Sum = Ev;
        }
      }
    }
  }
  IssuePs[EIdx] = E.State == EngineState::Status::Waiting ? E.WaitingSincePs : NowPs;
  if (Dec.DeliverIssue) {
    std::array<ResolvedWait, isa::MaxWaits + 1> Resolved; // the first N are set
    unsigned N = 0;
    for (unsigned K = 0; K < Dec.NumWaits; ++K) {
      const isa::Wait &W = Dec.Waits[K];
      Resolved[N++] = {W.Sem, W.Cond,
                       static_cast<int32_t>(W.IsReg ? E.Regs[W.Value & 63] : W.Value)};
    }
    IssueEvent Ev{E.Id, E.PC, &I, Resolved.data(), N};
    for (Observer *O : Observers)
      O->issued(Ev);
  }
  E.State = EngineState::Status::Busy;
  // The planned cost, for the dynamic predicates that hold now.
  const CostPlan &Plan = Dec.Cost;
  InstrCost Cost;
  int64_t Duration;
  if (const CostPlan::Entry *P =
          Plan.entry(Plan.Dynamic ? dynamicPreds(*this, E, Dec, Plan.Dynamic) : 0)) {
    Cost = P->Cost;
    Duration = P->Ps;
  } else {
    Cost = instructionCost(*this, E, I);
    Duration = psFromCycles(E.Id, Cost.Cycles);
  }
  if (CheckCostPlans) {
    InstrCost Measured = instructionCost(*this, E, I);
    if (Measured.Cycles != Cost.Cycles || Measured.Mode != Cost.Mode)
      fault(FaultKind::BadProgram, E.Id, E.PC,
            fmt::format("internal error: the planned cost ({} cycles, {}) differs from the "
                        "measured one ({} cycles, {})",
                        Cost.Cycles, Cost.Mode ? Cost.Mode->Name : "no mode", Measured.Cycles,
                        Measured.Mode ? Measured.Mode->Name : "no mode"));
  }
  Cycles[EIdx] = Cost.Cycles;
  if (Dec.ActTableSet >= 0)
    E.ActTableSet = Dec.ActTableSet; // loaded now if it was not (the cost has the load)
  // A memory port shared with another engine's running instruction: start
  // when that one ends.
  int64_t Start = NowPs;
  uint32_t Mask = Dec.Ports[Cost.Mode ? 1 : 0];
  if (Mask)
    for (unsigned F = 0; F < isa::NumEngines; ++F)
      if (F != EIdx && (Ports[F].Mask & Mask) && Ports[F].EndPs > NowPs)
        Start = std::max(Start, Ports[F].EndPs);
  // A tiled TensorE instruction may have started before now, beside the
  // previous one (docs/timing-model.md, section 6); it still ends no
  // earlier than now, so the engine completes its stream in order.
  int64_t From = Start;
  if (Dec.PeTiled) [[unlikely]]
    From = tiledStartPs(E, Dec);
  if (ThrottleOn && E.Id == isa::Engine::PE && !I.desc().IsSequencer)
    Duration = throttledPs(From, Duration);
  int64_t End = From + Duration;
  if (Dec.PeTiled) [[unlikely]] {
    End = std::max(Start, End);
    const verify::PeTile &T = Dec.Pe.Tile;
    for (unsigned R = T.Row / 32; R < (T.Row + T.Rows) / 32u; ++R)
      for (unsigned C = T.Col / 32; C < (T.Col + T.Cols) / 32u; ++C)
        PeBlockFreePs[R * 4 + C] = From + Duration;
    PeTiledStartPs = From;
    PeTiledEndPs = End;
  }
  Ports[EIdx] = {Mask, Start, End};
  StartPs[EIdx] = Start;
  schedule(End, EventKind::InstrDone, EIdx);
}

int64_t Machine::arrivalPs(uint8_t Sem) const {
  const Sender &S = LastSignal[Sem];
  return S.Valid ? S.Ps + signalDelayPs(S) : 0;
}

// The earliest a tiled instruction D could have started, issued now: right
// after anything but a tiled instruction, now (every cell is free, as the
// engine's previous instruction has ended). Right after a tiled one (only
// sequencer instructions between), the engine issued that one at
// PeTiledStartPs and then spent NowPs - LastDatapathEndPs on those
// instructions; D also waits for the cells it uses and for its semaphores
// (and those of PE's sequencer waits) to have their present values.
int64_t Machine::tiledStartPs(const EngineState &E, const DecodedInstr &D) const {
  if (E.LastDatapathEndPs != PeTiledEndPs)
    return NowPs;
  int64_t From = PeTiledStartPs + (NowPs - E.LastDatapathEndPs);
  const verify::PeTile &T = D.Pe.Tile;
  for (unsigned R = T.Row / 32; R < (T.Row + T.Rows) / 32u; ++R)
    for (unsigned C = T.Col / 32; C < (T.Col + T.Cols) / 32u; ++C)
      From = std::max(From, PeBlockFreePs[R * 4 + C]);
  for (unsigned K = 0; K < D.NumWaits; ++K)
    From = std::max(From, arrivalPs(D.Waits[K].Sem));
  for (uint8_t Sem : PeSequencerSems)
    From = std::max(From, arrivalPs(Sem));
  return std::min(From, NowPs);
}

void Machine::signal(uint8_t Sem, int16_t Amount, const Sender &From) {
  if (Sem >= Semaphores.size())
    fault(FaultKind::BadProgram, From.Eng, From.Index,
          fmt::format("signals s{}, but {} has s0 to s{}", Sem, Chip.Name, Semaphores.size() - 1));
  Sender S = From;
  S.Valid = true;
  S.Ps = NowPs; // sent now; Ps stays the sending time
  // Observers (the race detector) see the signal when it is sent, with the
  // sender's state then; the semaphore changes when it arrives.
  if (ReportSignals)
    for (Observer *O : Observers)
      O->signalled(
          {Sem, static_cast<int32_t>(Semaphores[Sem] + PendingSum[Sem] + Amount), S, Amount});
  int64_t Delay = signalDelayPs(From);
  if (Delay == 0) {
    Semaphores[Sem] += Amount;
    LastSignal[Sem] = S;
    if (ReportSignals)
      for (Observer *O : Observers)
        O->signalArrived({Sem, Semaphores[Sem], S, Amount}, NowPs);
    wakeWaiters(Sem);
    return;
  }
  scheduleArrival(NowPs + Delay, Sem, Amount, S);
}

void Machine::scheduleArrival(int64_t AtPs, uint8_t Sem, int16_t Amount, const Sender &S,
                              std::vector<DeferredWrite> Writes, const isa::Instr *By, uint32_t Tag,
                              int32_t RegOff, bool NoSignal) {
  PendingSum[Sem] += Amount;
  uint32_t Slot;
  if (FreeSignalSlots.empty()) {
    Slot = static_cast<uint32_t>(SignalSlots.size());
    SignalSlots.push_back({Sem, Amount, S, std::move(Writes), By, Tag, RegOff, NoSignal});
  } else {
    Slot = FreeSignalSlots.back();
    FreeSignalSlots.pop_back();
    SignalSlots[Slot] = {Sem, Amount, S, std::move(Writes), By, Tag, RegOff};
  }
  schedule(AtPs, EventKind::SemArrive, 0, Slot);
  if (Tag) [[unlikely]] {
    SignalEvent Ev{Sem, static_cast<int32_t>(Semaphores[Sem] + PendingSum[Sem]), S, Amount, Tag};
    for (Observer *O : Observers)
      O->receivedFromCore(Ev, AtPs);
  }
}

uint32_t Machine::tagMessage(const Sender &From, unsigned To) {
  uint32_t Tag = 0;
  for (Observer *O : Observers)
    if (uint32_t T = O->sendingToCore(From, To))
      Tag = T;
  return Tag;
}

void Machine::signalCore(unsigned To, uint8_t Sem, int16_t Amount, const Sender &From) {
  if (To == CoreId)
    return signal(Sem, Amount, From);
  checkCore(To, "signals", From.Eng, From.Index);
  if (Sem >= Semaphores.size())
    fault(FaultKind::BadProgram, From.Eng, From.Index,
          fmt::format("signals s{}, but {} has s0 to s{}", Sem, Chip.Name, Semaphores.size() - 1));
  CoreMessage M;
  M.ArrivalPs = NowPs + CrossCorePs;
  M.To = To;
  M.Sem = Sem;
  M.Amount = Amount;
  M.By = From;
  M.By.Valid = true;
  M.By.Ps = NowPs;
  M.Tag = tagMessage(M.By, To);
  post(std::move(M));
}

void Machine::post(CoreMessage M) {
  M.From = CoreId;
  M.Seq = SentMessages++;
  M.By.Core = static_cast<int16_t>(CoreId);
  Outbox->push_back(std::move(M));
}

void Machine::checkCore(unsigned To, const char *Verb, isa::Engine Eng, uint32_t Index) {
  if (To < NumCores)
    return;
  fault(FaultKind::BadProgram, Eng, Index,
        NumCores == 1
            ? fmt::format("{} core {}, but this run has one core (0); run the program "
                          "on a system of cores (trn-emu --system)",
                          Verb, To)
            : fmt::format("{} core {}, but the system has cores 0 to {}", Verb, To, NumCores - 1));
}

void Machine::takeNow(uint8_t Sem, int16_t Amount, const Sender &From) {
  Sender S = From;
  Semaphores[Sem] -= Amount;
  LastSignal[Sem] = S;
  if (ReportSignals)
    for (Observer *O : Observers) {
      O->signalled({Sem, static_cast<int32_t>(Semaphores[Sem] + PendingSum[Sem]), S, -Amount});
      O->signalArrived({Sem, Semaphores[Sem], S, -Amount}, NowPs);
    }
  wakeWaiters(Sem);
}

void Machine::receive(CoreMessage &M) {
  scheduleArrival(M.ArrivalPs, M.Sem, M.Amount, M.By, std::move(M.Writes), M.Instr, M.Tag, M.RegOff,
                  M.NoSignal);
}

void Machine::joinCollective(ExecContext &C, const isa::Instr &I) {
  if (!Joins)
    fault(FaultKind::BadProgram, C.E.Id, C.Index,
          fmt::format("{} is a collective between the cores of a system, but this run has one "
                      "core; run the program on a system (trn-emu --system or --cores)",
                      I.desc().Mnemonic));
  if (I.Sig && I.Sig->Sem >= Semaphores.size())
    fault(FaultKind::BadProgram, C.E.Id, C.Index,
          fmt::format("signals s{}, but {} has s0 to s{}", I.Sig->Sem, Chip.Name,
                      Semaphores.size() - 1));
  const View &Src = C.view("src"), &Dst = C.view("dst");
  CollectiveJoin J;
  J.Core = CoreId;
  J.Op = I.Op;
  J.Type = Src.AP->Type;
  J.SrcElems = uint64_t(Src.P) * Src.N;
  J.DstElems = uint64_t(Dst.P) * Dst.N;
  if (Src.AP->Type != Dst.AP->Type)
    fault(FaultKind::BadProgram, C.E.Id, C.Index,
          fmt::format("{} moves elements as they are: src is {} and dst {}", I.desc().Mnemonic,
                      isa::dtype(Src.AP->Type).Name, isa::dtype(Dst.AP->Type).Name));
  C.readElements(Src, J.Src);
  J.Dst = Dst;
  J.JoinPs = NowPs;
  if (I.Op == isa::Opcode::SENDRECV) {
    J.To = C.reg("to");
    J.From = C.reg("from");
    checkCore(J.To, "sends to", C.E.Id, C.Index);
    checkCore(J.From, "receives from", C.E.Id, C.Index);
  }
  J.By = Sender{true, false, C.E.Id, C.Index, 0, NowPs, static_cast<int16_t>(CoreId)};
  J.Instr = &I;
  J.Where = where(C.E.Id, C.Index);
  Joins->push_back(std::move(J));
}

void Machine::sendTransfer(DmaTransfer &T, const isa::Instr &I, unsigned Q) {
  unsigned To = T.Regs[I.operand("core")->Int & 63];
  Sender From{true, true, T.Issuer, T.Index, Q, NowPs, static_cast<int16_t>(CoreId)};
  auto Sem = static_cast<uint8_t>(I.operand("remote_sem")->Int);
  // The data moves with the message (the transfer is done with it).
  std::vector<DeferredWrite> Writes = std::move(T.Writes);
  T.Writes.clear();
  uint32_t Tag = tagMessage(From, To);
  const isa::AccessPattern &Dst = I.Operands[0].AP;
  int32_t RegOff = Dst.Reg ? static_cast<int32_t>(T.Regs[*Dst.Reg & 63]) : 0;
  if (To == CoreId) {
    From.Core = -1;
    return scheduleArrival(NowPs + DmaSignalPs, Sem, 1, From, std::move(Writes), &I, Tag, RegOff);
  }
  CoreMessage M;
  M.Tag = Tag;
  M.RegOff = RegOff;
  M.ArrivalPs = NowPs + DmaSignalPs;
  M.To = To;
  M.Sem = Sem;
  M.Amount = 1;
  M.By = From;
  M.Writes = std::move(Writes);
  M.Instr = &I;
  post(std::move(M));
}

void Machine::barrierArrive(EngineState &E, const isa::Instr &I) {
  // NKI's core_barrier: the two cores sharing an HBM stack, 2k and 2k + 1.
  unsigned Peer = CoreId ^ 1;
  if (Peer >= NumCores)
    fault(FaultKind::BadProgram, E.Id, E.PC,
          NumCores == 1
              ? std::string("core_barrier synchronises the two cores that share an HBM stack, "
                            "but this run has one core; run the program on a system of cores "
                            "(trn-emu --system)")
              : fmt::format("core_barrier synchronises the two cores that share an HBM stack "
                            "(2k and 2k + 1), but core {} of this system of {} has no peer",
                            CoreId, NumCores));
  E.BarrierSent = true;
  signalCore(Peer, static_cast<uint8_t>(I.Operands[0].Int), 1,
             Sender{true, false, E.Id, E.PC, 0, NowPs, -1});
}

void Machine::arrive(uint32_t Slot) {
  if (!SignalSlots[Slot].Writes.empty()) [[unlikely]] {
    // dma_copy_core's data lands, then its update: written as the sending
    // instruction would write them here (the same program on every core).
    // A collective's result the same way (its instruction may signal nothing).
    PendingSignal &P = SignalSlots[Slot];
    EngineState Shadow;
    Shadow.Id = P.From.Eng;
    ExecContext C(*this, Shadow, *P.Instr, P.From.Index);
    for (const DeferredWrite &W : P.Writes)
      C.commit(W);
    P.Writes.clear();
    if (P.Tag && ReportAccesses)
      reportRemoteWrite(P);
    if (P.Amount == 0 && P.NoSignal) {
      FreeSignalSlots.push_back(Slot);
      return;
    }
  }
  const PendingSignal &P = SignalSlots[Slot];
  uint8_t Sem = P.Sem;
  int16_t Amount = P.Amount;
  FreeSignalSlots.push_back(Slot);
  PendingSum[Sem] -= Amount;
  Semaphores[Sem] += Amount;
  LastSignal[Sem] = P.From;
  if (ReportSignals)
    for (Observer *O : Observers)
      O->signalArrived({Sem, Semaphores[Sem], P.From, Amount, P.Tag}, NowPs);
  wakeWaiters(Sem);
}

void Machine::markWaiter(unsigned E, const DecodedInstr &D, bool Waiting) {
  for (unsigned K = 0; K < D.NumWaits; ++K) {
    uint32_t &Waiters = SemWaiters[D.Waits[K].Sem];
    Waiters = Waiting ? Waiters | 1u << E : Waiters & ~(1u << E);
  }
}

// An engine whose waits do not hold now is not woken: its issue would do
// nothing, and any later change of a semaphore wakes it again. Nor is one
// that does not wait on Sem: its waits held or failed before this change as
// they do now, and if they held, its issue is already due now. (Semaphores
// change only here, through arrive and signal, and a waiting engine's
// registers not at all, so the first issue that finds its waits met comes
// at the same time and in the same order.)
void Machine::wakeWaiters(uint8_t Sem) {
  if (ReferenceSchedule) {
    for (unsigned E = 0; E < isa::NumEngines; ++E)
      if (Engines[E].State == EngineState::Status::Waiting)
        schedule(NowPs, EventKind::Issue, E);
    return;
  }
  for (uint32_t Waiters = SemWaiters[Sem]; Waiters; Waiters &= Waiters - 1) {
    unsigned E = static_cast<unsigned>(std::countr_zero(Waiters));
    const EngineState &S = Engines[E];
    if (waitsMet(S, S.Decoded[S.PC]))
      schedule(NowPs, EventKind::Issue, E);
  }
}

void Machine::complete(unsigned EIdx) {
  EngineState &E = Engines[EIdx];
  uint32_t Index = E.PC;
  const isa::Instr &I = E.Code[Index];
  const isa::InstrDesc &D = I.desc();
  ++Executed;
  ++E.Stats.Instructions;
  DecodedInstr &Dec = E.Decoded[Index];
  ++Dec.Executions;
  E.Stats.BusyPs += NowPs - StartPs[EIdx];
  E.LastEndPs = NowPs;
  LastWorkPs = NowPs;
  if (Opts.MaxInstructions && Executed > Opts.MaxInstructions)
    fault(FaultKind::InstructionLimit, E.Id, Index,
          fmt::format("the run has executed more than --max-instructions={} instructions (a "
                      "runaway loop?)",
                      Opts.MaxInstructions));
  if (D.IsDma) {
    triggerDma(E, I, Index);
  } else {
    ExecContext C(*this, E, I, Index);
    dispatch(C, I);
    if (Dec.DeliverAccesses)
      reportAccesses(E.Id, Index, I, E.Regs, false, 0);
  }
  if (Dec.DeliverDone) {
    InstrEvent Ev{E.Id,  Index,          &I,           IssuePs[EIdx], StartPs[EIdx],
                  NowPs, WaitedPs[EIdx], Cycles[EIdx], WaitSem[EIdx], ReleasedBy[EIdx]};
    for (Observer *O : Observers)
      O->instructionDone(Ev);
  }
  if (I.Sig && !D.IsDma) {
    if (!Dec.Collective) [[likely]]
      signal(I.Sig->Sem, I.Sig->Amount, Sender{true, false, E.Id, Index, 0, NowPs, -1});
    else if (ReportSignals)
      // A collective's signal is on its way from now (the system sends it
      // when its part is done): the race detector orders what the engine
      // did, its dst included, before the waits that take it.
      for (Observer *O : Observers)
        O->signalled(
            {I.Sig->Sem,
             static_cast<int32_t>(Semaphores[I.Sig->Sem] + PendingSum[I.Sig->Sem] + I.Sig->Amount),
             Sender{true, false, E.Id, Index, 0, NowPs, -1}, I.Sig->Amount});
  }
  // The last datapath instruction: sequencer work (loop control) between a
  // multiply and the next weight load does not stop the load overlapping.
  if (!D.IsSequencer) {
    E.LastOp = I.Op;
    E.LastDatapathEndPs = NowPs;
    E.LastWrite.reset();
    if (Dec.SetsLastWrite)
      E.LastWrite = Dec.Write;
  }
  if (D.IsTerminator) {
    E.State = EngineState::Status::Halted;
    return;
  }
  E.PC = E.Jump.value_or(E.PC + 1);
  E.Jump.reset();
  E.State = EngineState::Status::Idle;
  // The engine's next issue, now: at once when it would be the next event
  // to run anyway (nothing else due before it), as the loop would run it.
  uint64_t Seq = NextSeq;
  if (!ReferenceSchedule && !HasAhead &&
      (Events.empty() || Events.top().after(NowPs, EventKind::Issue, EIdx, Seq))) {
    ++NextSeq;
    tryIssue(EIdx);
    if (E.State == EngineState::Status::Busy)
      LastWorkPs = NowPs;
    return;
  }
  schedule(NowPs, EventKind::Issue, EIdx);
}

//===-- DMA ---------------------------------------------------------------===//

void Machine::triggerDma(EngineState &E, const isa::Instr &I, uint32_t Index) {
  // The transfer joins its queue; its signal is sent when it completes.
  const isa::Operand &QueueOp = *I.operand("queue");
  uint64_t Q = static_cast<uint64_t>(QueueOp.Int);
  if (QueueOp.Reg) {
    Q = E.Regs[*QueueOp.Reg & 63];
    if (Q >= Queues.size())
      fault(FaultKind::BadProgram, E.Id, Index,
            fmt::format("operand 'queue' is r{} = {}, which names no DMA queue: {} has q0.0 to "
                        "q{}.{}, numbered 16 E + Q from 0 to {}",
                        *QueueOp.Reg, static_cast<int32_t>(Q), Chip.Name, Chip.DmaEngines - 1,
                        Chip.DmaQueuesPerEngine - 1, Queues.size() - 1));
  }
  if (Q >= Queues.size())
    fault(FaultKind::BadProgram, E.Id, Index,
          fmt::format("DMA queue q{}.{} does not exist on {}", Q / 16, Q % 16, Chip.Name));
  if (I.Op == isa::Opcode::DMA_COPY_CORE) [[unlikely]] {
    // The other core and its semaphore, checked at the trigger.
    checkCore(E.Regs[I.operand("core")->Int & 63], "copies to", E.Id, Index);
    if (uint64_t(I.operand("remote_sem")->Int) >= Semaphores.size())
      fault(FaultKind::BadProgram, E.Id, Index,
            fmt::format("signals s{}, but {} has s0 to s{}", I.operand("remote_sem")->Int,
                        Chip.Name, Semaphores.size() - 1));
  }
  ExecContext C(*this, E, I, Index);
  View Src = C.view("src"), Dst = C.view("dst"); // checked now, as the trigger would
  uint64_t Bytes =
      std::max(uint64_t(Src.P) * Src.N * Src.ElemBytes, uint64_t(Dst.P) * Dst.N * Dst.ElemBytes);
  unsigned Queue = static_cast<unsigned>(Q);
  DmaQueue &DQ = Queues[Queue];
  DQ.Pending.push_back({E.Id, Index, NowPs, E.Regs, Bytes, {}});
  Dma.enqueue(Queue, NowPs, dmaShape(Chip, *Dst.AP, *Src.AP, I.Op == isa::Opcode::DMA_TRANSPOSE));
  if (!Observers.empty()) {
    DmaEvent Ev{Queue,
                E.Id,
                Index,
                &I,
                NowPs,
                -1,
                Bytes,
                Src.AP->Space == isa::MemSpace::HBM,
                Dst.AP->Space == isa::MemSpace::HBM};
    for (Observer *O : Observers)
      O->dmaQueued(Ev);
  }
  if (DQ.Pending.size() == 1) {
    if (!InFlight++)
      ActiveSincePs = NowPs;
    startDma(Queue);
  }
  reportHbmRate();
  scheduleDmaTick();
}

// The queue's oldest transfer in flight (the DMA model has been timing it
// since its trigger) now takes effect: its source is read.
void Machine::startDma(unsigned Q) {
  DmaQueue &Queue = Queues[Q];
  Queue.StartPs = NowPs;
  DmaTransfer &T = Queue.Pending.front();
  const isa::Instr &I = Engines[static_cast<unsigned>(T.Issuer)].Code[T.Index];
  {
    // The source is read now; the destination is written when the transfer
    // ends (finishDma). The copy runs with the registers the trigger saw.
    EngineState Shadow;
    Shadow.Id = T.Issuer;
    Shadow.Regs = T.Regs;
    ExecContext C(*this, Shadow, I, T.Index);
    C.Defer = &T.Writes;
    dispatch(C, I);
  }
  if (!Observers.empty()) {
    const isa::AccessPattern &Dst = I.Operands[0].AP, &Src = I.Operands[1].AP;
    DmaEvent Ev{Q,
                T.Issuer,
                T.Index,
                &I,
                Queue.StartPs,
                -1,
                T.Bytes,
                Src.Space == isa::MemSpace::HBM,
                Dst.Space == isa::MemSpace::HBM};
    for (Observer *O : Observers)
      O->dmaStarted(Ev);
  }
}

void Machine::scheduleDmaTick() {
  std::optional<int64_t> Next = Dma.nextEventPs();
  if (Next && *Next != ScheduledTickPs) {
    ScheduledTickPs = *Next;
    schedule(*Next, EventKind::DmaTick, 0);
  }
}

void Machine::reportHbmRate() {
  for (Observer *O : Observers)
    O->hbmBandwidth(NowPs, Dma.hbmBytesPerPs() * 1e3);
}

void Machine::dmaTick() {
  std::optional<int64_t> Next = Dma.nextEventPs();
  if (!Next || *Next != NowPs)
    return; // a stale tick: the model's next change moved
  ScheduledTickPs = -1;
  for (unsigned Q : Dma.advance(NowPs))
    finishDma(Q);
  reportHbmRate();
  scheduleDmaTick();
}

void Machine::finishDma(unsigned Q) {
  DmaQueue &Queue = Queues[Q];
  DmaTransfer T = std::move(Queue.Pending.front());
  Queue.Pending.pop_front();
  EngineState &Issuer = Engines[static_cast<unsigned>(T.Issuer)];
  const isa::Instr &I = Issuer.Code[T.Index];
  bool Remote = I.Op == isa::Opcode::DMA_COPY_CORE;
  if (Remote) [[unlikely]] {
    sendTransfer(T, I, Q);
  } else {
    EngineState Shadow;
    Shadow.Id = T.Issuer;
    Shadow.Regs = T.Regs;
    ExecContext C(*this, Shadow, I, T.Index);
    for (const DeferredWrite &W : T.Writes)
      C.commit(W);
  }
  for (DeferredWrite &W : T.Writes)
    dmabuffers::give(std::move(W.Bytes));
  // dma_copy_core writes another core's memory: this core's observers see
  // its read only.
  if (ReportAccesses)
    reportAccesses(T.Issuer, T.Index, I, T.Regs, true, Q, Remote ? 1u : 0u);
  ++DmaTransfers;
  DmaBytes += T.Bytes;
  if (!Observers.empty()) {
    bool Read = I.Operands[1].AP.Space == isa::MemSpace::HBM;
    bool Write = I.Operands[0].AP.Space == isa::MemSpace::HBM;
    DmaEvent Ev{Q, T.Issuer, T.Index, &I, Queue.StartPs, NowPs, T.Bytes, Read, Write};
    for (Observer *O : Observers)
      O->dmaDone(Ev);
  }
  if (I.Sig)
    signal(I.Sig->Sem, I.Sig->Amount, Sender{true, true, T.Issuer, T.Index, Q, NowPs, -1});
  if (!Queue.Pending.empty())
    startDma(Q);
  else if (!--InFlight)
    DmaActivePs += NowPs - ActiveSincePs;
}

void Machine::reportAccesses(isa::Engine Eng, uint32_t Index, const isa::Instr &I,
                             const std::array<uint32_t, 64> &Regs, bool Dma, unsigned Queue,
                             uint32_t SkipOperands) {
  const isa::InstrDesc &D = I.desc();
  for (uint32_t Mask = Footprints.memoryOperands(Eng, Index, I) & ~SkipOperands; Mask;
       Mask &= Mask - 1) {
    auto K = static_cast<unsigned>(std::countr_zero(Mask));
    const isa::AccessPattern &AP = I.Operands[K].AP;
    int64_t RegOff = AP.Reg ? static_cast<int32_t>(Regs[*AP.Reg & 63]) : 0;
    FootprintCache::Runs Runs = Footprints.runs(Eng, Index, I, K, AP, RegOff);
    bool Hbm = AP.Space == isa::MemSpace::HBM;
    AccessEvent Ev{Eng,
                   Index,
                   &I,
                   Dma,
                   Queue,
                   K,
                   D.Operands[K].Output,
                   {AP.Space, Hbm ? 0 : AP.PartStart, Hbm ? 1 : AP.NumPartitions, Runs.Data,
                    Runs.Size, Runs.Exact},
                   NowPs};
    for (Observer *O : Observers)
      O->accessed(Ev);
  }
}

void Machine::reportRemoteWrite(const PendingSignal &P) {
  // The program is every core's: this core's copy of the sender's
  // instruction has the same footprint (and its cache entry).
  const isa::Instr &I = Engines[static_cast<unsigned>(P.From.Eng)].Code[P.From.Index];
  const isa::AccessPattern &AP = I.Operands[0].AP;
  FootprintCache::Runs Runs = Footprints.runs(P.From.Eng, P.From.Index, I, 0, AP, P.RegOff);
  bool Hbm = AP.Space == isa::MemSpace::HBM;
  AccessEvent Ev{P.From.Eng,
                 P.From.Index,
                 &I,
                 true,
                 P.From.Queue,
                 0,
                 true,
                 {AP.Space, Hbm ? 0 : AP.PartStart, Hbm ? 1 : AP.NumPartitions, Runs.Data,
                  Runs.Size, Runs.Exact},
                 NowPs,
                 P.From.Core,
                 P.Tag};
  for (Observer *O : Observers)
    O->remoteAccessed(Ev);
}

void Machine::deadlock() {
  std::string Msg = fmt::format(
      "error: deadlock at {} ns: every engine that has not finished waits on a semaphore and no "
      "DMA transfer is in flight",
      NowPs / 1000);
  Msg += waitingEngines("");
  throw FaultException{{FaultKind::Deadlock, Msg}};
}

std::string Machine::waitingEngines(std::string_view Prefix) const {
  std::string Msg;
  for (const EngineState &E : Engines) {
    if (E.State != EngineState::Status::Waiting)
      continue;
    const isa::Instr &I = E.Code[E.PC];
    const DecodedInstr &Dec = E.Decoded[E.PC];
    Msg += fmt::format("\n  {}: {}{}, instruction {} ({}), waits for", where(E.Id, E.PC), Prefix,
                       isa::engine(E.Id).RecordName, E.PC, I.desc().Mnemonic);
    bool First = true;
    for (unsigned K = 0; K < Dec.NumWaits; ++K) {
      const isa::Wait *W = &Dec.Waits[K];
      std::string Name;
      for (const object::Semaphore &S : Prog.Semaphores)
        if (S.Index == W->Sem)
          Name = " (" + S.Name + ")";
      std::string Want =
          W->IsReg ? fmt::format("r{} = {}", W->Value, static_cast<int32_t>(E.Regs[W->Value & 63]))
                   : std::to_string(static_cast<int32_t>(W->Value));
      Msg += fmt::format("{} s{}{} {} {}, and s{} is {}", First ? "" : ";", W->Sem, Name,
                         isa::waitCondSymbol(W->Cond), Want, W->Sem, Semaphores[W->Sem]);
      First = false;
      // Who could have signalled it: every instruction in the program that
      // signals this semaphore.
      std::vector<std::string> Signallers;
      for (const EngineState &O : Engines)
        for (uint32_t K = 0; K < O.Code.size(); ++K) {
          const isa::Instr &J = O.Code[K];
          bool Sends = J.Sig && J.Sig->Sem == W->Sem;
          int64_t Amount = Sends ? J.Sig->Amount : 0;
          if (J.Op == isa::Opcode::SEM_SIGNAL && J.Operands[0].Int == W->Sem) {
            Sends = true;
            Amount = J.Operands[1].Int;
          }
          // Another core's signals: the program is every core's.
          bool Remote = false;
          if ((J.Op == isa::Opcode::SEM_SIGNAL_CORE || J.Op == isa::Opcode::CORE_BARRIER) &&
              J.Operands[0].Int == W->Sem) {
            Sends = Remote = true;
            Amount = J.Op == isa::Opcode::CORE_BARRIER ? 1 : J.Operands[1].Int;
          }
          if (J.Op == isa::Opcode::DMA_COPY_CORE && J.operand("remote_sem")->Int == W->Sem) {
            Remote = true;
            Amount = 1;
          }
          if (Remote)
            Signallers.push_back(fmt::format("{} #{} ({}) {:+} from another core",
                                             isa::engine(O.Id).RecordName, K, where(O.Id, K),
                                             Amount));
          else if (Sends)
            Signallers.push_back(fmt::format(
                "{} #{} ({}{}) {:+}", isa::engine(O.Id).RecordName, K, where(O.Id, K),
                K < O.PC || (O.State == EngineState::Status::Halted) ? ", already run" : "",
                Amount));
        }
      Msg += Signallers.empty() ? fmt::format("\n      nothing in the program signals s{}", W->Sem)
                                : fmt::format("\n      s{} is signalled by: {}", W->Sem,
                                              fmt::join(Signallers, "; "));
    }
  }
  return Msg;
}

static_assert(static_cast<unsigned>(LoopEventKind::Issue) == 3 &&
                  static_cast<unsigned>(LoopEventKind::SemArrive) == 1,
              "LoopEventKind numbers the kinds as Machine::EventKind does");

void Machine::reportEvent(EventKind Kind, unsigned Who, uint32_t Slot) {
  LoopEvent Ev{static_cast<LoopEventKind>(Kind), NowPs, isa::Engine::SP, 0, 0, Sender{}};
  switch (Kind) {
  case EventKind::DmaTick:
    if (Dma.nextEventPs() != NowPs)
      return; // a stale tick changes nothing
    break;
  case EventKind::SemArrive:
    Ev.Sem = SignalSlots[Slot].Sem;
    Ev.Amount = SignalSlots[Slot].Amount;
    Ev.From = SignalSlots[Slot].From;
    break;
  case EventKind::InstrDone:
  case EventKind::Issue:
    Ev.Eng = static_cast<isa::Engine>(Who);
    // An issue for an engine that is busy or has halted does nothing.
    if (Kind == EventKind::Issue && (Engines[Who].State == EngineState::Status::Busy ||
                                     Engines[Who].State == EngineState::Status::Halted))
      return;
    break;
  }
  for (Observer *O : Observers)
    O->event(Ev);
}

//===-- Engine timing -----------------------------------------------------===//

int64_t Machine::signalDelayPs(const Sender &From) const {
  if (From.FromDma)
    return DmaSignalPs;
  unsigned E = static_cast<unsigned>(From.Eng);
  const EngineState &S = Engines[E];
  bool Datapath = From.Index < S.Code.size() && !S.Code[From.Index].desc().IsSequencer;
  return Datapath ? ResultLatencyPs[E] : SemHopPs[E];
}

// The rate starts at StartPercent when a ramp begins and rises linearly to
// full over RampNs; an instruction of FullRatePs at full rate takes the d
// with integral over [Start, Start + d] of the rate = FullRatePs.
int64_t Machine::throttledPs(int64_t Start, int64_t FullRatePs) {
  const isa::DidtThrottleDesc &T = *isa::chipTiming(Chip.Id).Throttle;
  int64_t Window = int64_t(T.WindowNs) * 1000, Ramp = int64_t(T.RampNs) * 1000;
  while (!PeBusy.empty() && PeBusy.front().second <= Start - Window)
    PeBusy.pop_front();
  if (RampStartPs < 0) {
    RampStartPs = Start; // PE's first work: cold
  } else if (Start - RampStartPs >= Window) {
    // Once a ramp has run a window's length, a window in which PE was busy
    // less than ThresholdPercent of the time engages the limit again.
    int64_t From = Start - Window, Busy = 0;
    for (auto [B, E] : PeBusy)
      Busy += std::max<int64_t>(0, std::min(E, Start) - std::max(B, From));
    if (Busy * 100 < int64_t(T.ThresholdPercent) * Window)
      RampStartPs = Start;
  }
  double S0 = T.StartPercent / 100.0, K = (1.0 - S0) / double(Ramp);
  double A = double(Start - RampStartPs), D = double(FullRatePs), Took;
  if (A >= double(Ramp)) {
    Took = D;
  } else {
    double UntilFull = S0 * (double(Ramp) - A) + K * (double(Ramp) * Ramp - A * A) / 2;
    if (D >= UntilFull) {
      Took = (double(Ramp) - A) + (D - UntilFull);
    } else {
      double Rate = S0 + K * A; // at Start
      Took = (-Rate + std::sqrt(Rate * Rate + 2 * K * D)) / K;
    }
  }
  int64_t Ps = std::max<int64_t>(FullRatePs, static_cast<int64_t>(std::ceil(Took - 1e-6)));
  PeBusy.push_back({Start, Start + Ps});
  return Ps;
}

uint32_t Machine::portsUsed(isa::Engine E, const isa::Instr &I, bool InPerfMode) const {
  std::span<const isa::PortShareDesc *const> Shares = isa::chipTiming(Chip.Id).PortShares;
  const isa::InstrDesc &D = I.desc();
  if (Shares.empty() || D.IsSequencer || D.IsDma || D.IsCollective)
    return 0;
  auto Touches = [&](isa::MemSpace Space) {
    for (size_t K = 0; K < D.Operands.size(); ++K) {
      const isa::Operand &O = I.Operands[K];
      bool Tensor = D.Operands[K].Kind == isa::OperandKind::AccessPattern ||
                    (D.Operands[K].Kind == isa::OperandKind::Scalar && !O.IsImm);
      if (Tensor && O.AP.present() && O.AP.Space == Space)
        return true;
    }
    return false;
  };
  uint32_t Mask = 0;
  for (size_t K = 0; K < Shares.size(); ++K) {
    const isa::PortShareDesc &P = *Shares[K];
    bool Uses = (E == P.A && (!P.PerfModeOnlyA || InPerfMode)) || E == P.B;
    if (Uses && Touches(P.Space))
      Mask |= 1u << K;
  }
  return Mask;
}

void Machine::begin(const RunOptions &O) {
  Opts = O;
  ThrottleOn = O.Throttle && isa::chipTiming(Chip.Id).Throttle;
  ReportAccesses = false;
  ReportSignals = EachStall = ReportEvents = false;
  for (Observer *Obs : Observers) {
    ReportAccesses |= Obs->wantsAccesses();
    ReportSignals |= Obs->wantsSignals();
    EachStall |= Obs->wantsEachStall();
    ReportEvents |= Obs->wantsEvents();
  }
  for (EngineState &E : Engines)
    for (size_t K = 0; K < E.Decoded.size(); ++K) {
      E.Decoded[K].DeliverDone =
          std::any_of(Observers.begin(), Observers.end(),
                      [&](const Observer *Obs) { return Obs->wantsInstructionDone(E.Code[K]); });
      E.Decoded[K].DeliverIssue =
          std::any_of(Observers.begin(), Observers.end(),
                      [&](const Observer *Obs) { return Obs->wantsIssue(E.Code[K]); });
      E.Decoded[K].DeliverAccesses =
          ReportAccesses && Footprints.touchesMemory(E.Id, static_cast<uint32_t>(K), E.Code[K]);
    }
  // In 128 bits, saturated: a limit past what int64 picoseconds reach is
  // no limit, never a wrapped small one.
  unsigned __int128 LimitWide = 0;
  if (O.MaxCycles) {
    uint64_t MHz = Chip.ClockMHz[static_cast<unsigned>(isa::Engine::PE)];
    LimitWide = (static_cast<unsigned __int128>(O.MaxCycles) * 1000000 + MHz - 1) / MHz;
  }
  LimitPs = LimitWide > INT64_MAX ? 0 : static_cast<int64_t>(LimitWide);
  SemWaiters.assign(Semaphores.size(), 0);
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    schedule(0, EventKind::Issue, E);
}

std::optional<int64_t> Machine::nextEventPs() const {
  if (HasAhead)
    return Ahead.Ps;
  if (!Events.empty())
    return Events.top().Ps;
  if (!ReferenceEvents.empty())
    return ReferenceEvents.top().Ps;
  return std::nullopt;
}

bool Machine::anyWaiting() const {
  return std::any_of(Engines.begin(), Engines.end(),
                     [](const EngineState &S) { return S.State == EngineState::Status::Waiting; });
}

std::optional<Fault> Machine::advance(int64_t WindowEndPs) {
  const bool EventsWanted = ReportEvents;
  // Every rare case behind one comparison per event: the window's end, the
  // cycle limit, and an observer that wants every event (a debugger;
  // SlowPs is then below every time).
  const int64_t SlowPs =
      EventsWanted ? INT64_MIN : std::min(LimitPs ? LimitPs : INT64_MAX, WindowEndPs - 1);
  try {
    while (HasAhead || !Events.empty() || !ReferenceEvents.empty()) {
      struct {
        int64_t Ps;
        EventKind Kind;
        unsigned Who;
        uint32_t Slot;
      } Ev;
      nextEvent(Ev.Ps, Ev.Kind, Ev.Who, Ev.Slot);
      if (Ev.Ps > SlowPs) [[unlikely]] {
        if (Ev.Ps >= WindowEndPs) {
          // Not this window's: nextEvent left it in Ahead, before every
          // event queued.
          if (ReferenceSchedule)
            ReferenceEvents.push(Ahead);
          else
            HasAhead = true;
          return std::nullopt;
        }
        if (LimitPs && Ev.Ps > LimitPs) {
          // A signal arriving after the limit, with nothing left to wait for
          // it, ends nothing.
          if (Ev.Kind == EventKind::SemArrive && !anyWaiting())
            continue;
          NowPs = LimitPs;
          std::string What = fmt::format(
              "the run passed --max-cycles={} ({} ns) and was stopped (a runaway loop?)",
              Opts.MaxCycles, LimitPs / 1000);
          // Named as --max-instructions names it: the instruction the event
          // was for, or the one that triggered the transfer in flight.
          if ((Ev.Kind == EventKind::InstrDone || Ev.Kind == EventKind::Issue) &&
              Engines[Ev.Who].PC < Engines[Ev.Who].Code.size())
            fault(FaultKind::CycleLimit, Engines[Ev.Who].Id, Engines[Ev.Who].PC, What);
          for (const DmaQueue &Q : Queues)
            if (!Q.Pending.empty())
              fault(FaultKind::CycleLimit, Q.Pending.front().Issuer, Q.Pending.front().Index, What);
          throw FaultException{{FaultKind::CycleLimit, "error: " + What}};
        }
        NowPs = Ev.Ps;
        if (EventsWanted)
          reportEvent(Ev.Kind, Ev.Who, Ev.Slot);
      }
      NowPs = Ev.Ps;
      switch (Ev.Kind) {
      case EventKind::Issue:
        tryIssue(Ev.Who);
        if (Engines[Ev.Who].State == EngineState::Status::Busy)
          LastWorkPs = NowPs;
        break;
      case EventKind::InstrDone:
        complete(Ev.Who);
        break;
      case EventKind::DmaTick:
        dmaTick();
        LastWorkPs = NowPs;
        break;
      case EventKind::SemArrive:
        arrive(Ev.Slot);
        break;
      }
    }
  } catch (FaultException &F) {
    return std::move(F.F);
  } catch (StopRun &S) {
    return std::move(S.F);
  } catch (const HostMemoryError &E) { // any not met where an instruction could be named
    return Fault{FaultKind::HostMemory, std::string("error: ") + E.what()};
  } catch (const std::bad_alloc &) { // what the budget did not foresee: the host ran out
    return Fault{FaultKind::HostMemory,
                 fmt::format("error: the host ran out of memory at {} ns", NowPs / 1000)};
  }
  return std::nullopt;
}

std::optional<Fault> Machine::endChecks() {
  try {
    if (anyWaiting())
      deadlock();
    // The DMA model schedules every transfer to its end; never end silently
    // with one lost.
    for (const DmaQueue &Q : Queues)
      if (!Q.Pending.empty())
        throw FaultException{{FaultKind::BadProgram,
                              fmt::format("error: internal error: the run ended at {} ns with "
                                          "DMA transfers in flight",
                                          NowPs / 1000)}};
  } catch (FaultException &F) {
    return std::move(F.F);
  }
  // The run ends with its last instruction or transfer; a signal still on
  // its way to a semaphore nobody waits on does not extend it.
  NowPs = LastWorkPs;
  return std::nullopt;
}

RunResult Machine::run(const RunOptions &O) {
  begin(O);
  std::optional<Fault> F = advance(INT64_MAX);
  if (!F)
    F = endChecks();
  return finish(std::move(F));
}

RunResult Machine::finish(std::optional<Fault> Error) {
  RunResult R;
  R.Error = std::move(Error);
  R.TimePs = NowPs;
  R.Cycles =
      static_cast<uint64_t>(static_cast<unsigned __int128>(NowPs) * Chip.ClockMHz[0] / 1000000);
  R.Instructions = Executed;
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    R.Engines[E] = Engines[E].Stats;
  R.DmaTransfers = DmaTransfers;
  R.DmaBytes = DmaBytes;
  R.DmaActivePs = DmaActivePs + (InFlight ? NowPs - ActiveSincePs : 0);
  R.Warnings = Warnings;
  R.Prints = std::move(Prints);
  if (PrintsDropped)
    R.Prints.push_back(fmt::format("note: {} more print{} not shown (a run keeps the first {})\n",
                                   PrintsDropped, PrintsDropped == 1 ? "" : "s", MaxPrints));
  for (std::optional<StallEvent> &Sum : StallSums) // what is still being summed
    if (Sum) {
      for (Observer *O : Observers)
        O->stalled(*Sum);
      Sum.reset();
    }
  if (R.Error)
    for (Observer *Obs : Observers)
      Obs->runFaulted(*R.Error, NowPs);
  for (Observer *Obs : Observers)
    Obs->finished(NowPs);
  return R;
}

} // namespace trn::emu
