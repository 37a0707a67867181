//===- Machine.h - the state of one emulated NeuronCore ---------*- C++ -*-===//
//
// Plain state, as ttsim keeps it: memories, the engines' sequencers, the
// semaphores, the DMA queues, TensorE's loaded stationary. The discrete-event
// loop (Machine.cpp) moves it forward; the instruction semantics
// (semantics/*.cpp) change it through an ExecContext (ExecContext.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_MACHINE_H
#define TRN_EMU_MACHINE_H

#include "Decoded.h"
#include "DmaModel.h"
#include "EventQueue.h"
#include "Footprint.h"
#include "Memory.h"
#include "View.h"
#include "trn/emu/Emulator.h"
#include "trn/isa/Instr.h"
#include "trn/verify/Verifier.h"

#include <array>
#include <deque>
#include <queue>
#include <string>
#include <utility>
#include <vector>

namespace trn::emu {

// The most print texts a run keeps (a print in a runaway loop must not
// take the host's memory); later ones are counted, not kept.
inline constexpr size_t MaxPrints = 10000;

// Thrown by the semantics and the scheduler to stop the run with a fault.
struct FaultException {
  Fault F;
};

struct EngineState {
  isa::Engine Id = isa::Engine::SP;
  std::vector<isa::Instr> Code;      // decoded once at load
  std::vector<DecodedInstr> Decoded; // what each of them always is (Decoded.h)
  std::vector<object::SourceLoc> Locs;
  uint32_t PC = 0;
  std::optional<uint32_t> Jump; // set by a taken branch: the next PC
  std::array<uint32_t, 64> Regs{};
  enum class Status : uint8_t { Idle, Waiting, Busy, Halted } State = Status::Idle;
  int64_t WaitingSincePs = 0;
  bool BarrierSent = false; // core_barrier at PC: its update to the peer is on its way
  int64_t LastEndPs = 0;
  // What the engine's last datapath instruction wrote (for the dependent-
  // instruction overhead of the timing model).
  std::optional<TensorBox> LastWrite;
  std::optional<isa::Opcode> LastOp; // the engine's previous instruction
  int64_t LastDatapathEndPs = 0;     // when the engine's last datapath instruction ended
  int ActTableSet = -1;              // ScalarE: the function table set loaded (-1: none)
  EngineStats Stats;
};

struct DmaTransfer {
  isa::Engine Issuer;
  uint32_t Index;                // the triggering instruction
  int64_t ReadyPs;               // when the trigger finished
  std::array<uint32_t, 64> Regs; // the issuer's registers at the trigger
  uint64_t Bytes;
  // Read from the source when the transfer becomes its queue's oldest,
  // written when it completes.
  std::vector<DeferredWrite> Writes;
};

// The DMA model times every transfer from its trigger on; a queue's
// transfers take effect in order, each from the moment the previous one
// completed (or its trigger ended) to its own completion.
struct DmaQueue {
  std::deque<DmaTransfer> Pending; // in order; the front one is the oldest in flight
  int64_t StartPs = 0;             // when the front one became the oldest
};

// TensorE's stationary operand, as loaded: [K, M] values already converted
// to fp32 (products are exact in fp32 for every input type but fp32).
// perf=double_row: [K, 2, M], K the partitions; row k of Values holds rows
// 2k and 2k + 1 of the [2K, M] operand.
struct Stationary {
  bool Loaded = false;
  isa::DType Type = isa::DType::BF16;
  uint32_t K = 0, M = 0;
  bool DoubleRow = false;
  verify::PeTile Tile;       // where in the array it is loaded
  std::vector<float> Values; // K * M (double_row: K * 2M), row k then column m
  std::vector<uint8_t> Raw;  // the same, as stored (for the transpose mode)
};

// A semaphore update one core sends another (sem_signal_core,
// core_barrier): all that passes between cores besides shared HBM. It
// arrives CrossCorePs after it was sent, so a core can run that far ahead
// of the others (the system's lookahead, System.cpp).
struct CoreMessage {
  int64_t ArrivalPs = 0;
  unsigned From = 0, To = 0; // cores
  uint64_t Seq = 0;          // the sender's count: orders messages sent at once
  uint8_t Sem = 0;
  int16_t Amount = 0;
  Sender By; // By.Core is the sending core
  // dma_copy_core: the data, written on arrival before the semaphore
  // changes (views of the sender's instruction: the program is every core's).
  std::vector<DeferredWrite> Writes;
  const isa::Instr *Instr = nullptr; // the sender's dma_copy_core
  // An observer's tag (the race detector's: the sender's clock), 0: none;
  // dma_copy_core's 'dst' register offset (its footprint on arrival).
  uint32_t Tag = 0;
  int32_t RegOff = 0;
  bool NoSignal = false; // a collective's result without a signal
};

class ExecContext;

// A core's part in a collective (all_reduce, ..., sendrecv), posted to the
// system when the instruction issues: what the system needs to pair it with
// the other cores' and to answer it (src/system/Collectives.cpp).
struct CollectiveJoin {
  unsigned Core = 0;
  isa::Opcode Op{};
  isa::DType Type{};
  uint64_t SrcElems = 0, DstElems = 0;
  std::vector<uint8_t> Src; // src's elements, read at the issue
  View Dst;                 // where dst's elements go on this core
  int64_t JoinPs = 0;
  unsigned To = 0, From = 0;         // sendrecv's peers
  Sender By;                         // the instruction, for its signal
  const isa::Instr *Instr = nullptr; // ... and for writing dst
  std::string Where;                 // "file:line:col" of the instruction
};

class Machine {
public:
  Machine(object::Program P, const isa::ChipDesc &Chip);

  object::Program Prog;
  const isa::ChipDesc &Chip;
  Hbm HbmMem;
  OnChip Sbuf, Psum;
  // PSUM per 4-byte word: who wrote it last (for the accumulate rule).
  enum class PsumWriter : uint8_t { None, Matmul, Other };
  std::vector<PsumWriter> PsumWords;
  std::array<EngineState, isa::NumEngines> Engines;
  std::vector<int32_t> Semaphores;
  std::vector<Sender> LastSignal; // per semaphore: who changed it last
  std::vector<DmaQueue> Queues;   // engine * 16 + queue
  DmaModel Dma;
  // TensorE's stationaries: one loaded over the whole array, or up to 16
  // loaded into tiles (a load replaces every one whose tile it overlaps).
  Stationary PeStationary;
  std::vector<Stationary> PeTiles;
  // The stationary loaded at exactly tile T, if any.
  Stationary *stationaryAt(const verify::PeTile &T) {
    return const_cast<Stationary *>(std::as_const(*this).stationaryAt(T));
  }
  const Stationary *stationaryAt(const verify::PeTile &T) const;
  // Where a load into tile T goes, the stationaries it overlaps gone (MX
  // weights leave it with Loaded false).
  Stationary &loadStationaryAt(const verify::PeTile &T);
  std::vector<Observer *> Observers;
  bool ReportAccesses = false; // an observer wants footprints
  bool ReportSignals = false;  // an observer wants signalled
  bool EachStall = false;      // an observer wants each stall, not sums (wantsEachStall)
  bool ReportEvents = false;   // an observer wants every event of the loop (wantsEvents)
  // By engine: stalls with one cause being summed (when !EachStall).
  std::array<std::optional<StallEvent>, isa::NumEngines> StallSums;
  std::vector<std::string> Warnings;
  std::vector<std::string> Prints;    // the print instructions' texts, as they ran
  uint64_t PrintsDropped = 0;         // past MaxPrints
  std::vector<uint8_t> RegisterBytes; // reg_load and reg_store's element, reused
  RunOptions Opts;
  int64_t NowPs = 0;
  int64_t LimitPs = 0; // the cycle limit in picoseconds (0: none)
  uint64_t Executed = 0;
  uint64_t DmaTransfers = 0, DmaBytes = 0;
  int64_t DmaActivePs = 0; // time with at least one transfer in flight

  RunResult run(const RunOptions &O);

  // run() in steps, for a system of cores (System.cpp): begin, then advance
  // to a time as often as needed (false once nothing is left to run), then
  // finish with the fault that ended the run, if any. endChecks is the
  // single core's end: its deadlock (the engines still waiting) and its
  // time.
  void begin(const RunOptions &O);
  std::optional<Fault> advance(int64_t WindowEndPs); // the events before WindowEndPs
  std::optional<Fault> endChecks();
  RunResult finish(std::optional<Fault> Error);
  std::optional<int64_t> nextEventPs() const; // none: nothing left to run
  bool anyWaiting() const;                    // an engine waits on a semaphore
  // Each engine waiting, what it waits for and who signals it, one line
  // each, its engine name after Prefix.
  std::string waitingEngines(std::string_view Prefix) const;
  int64_t lastWorkPs() const { return LastWorkPs; }
  int64_t dmaSignalPs() const { return DmaSignalPs; }

  // In a system (System.cpp): this core's number and the cores there are,
  // the messages it sends (Outbox: the system takes them after each step)
  // and their delay.
  unsigned CoreId = 0, NumCores = 1;
  std::vector<CoreMessage> *Outbox = nullptr;
  std::vector<CollectiveJoin> *Joins = nullptr; // the collectives this core issues
  // A collective instruction, issuing: src read, dst located, posted.
  void joinCollective(ExecContext &C, const isa::Instr &I);
  int64_t CrossCorePs = 0;
  uint64_t SentMessages = 0;
  // Adds Amount to semaphore Sem of core To (this core too), as From.
  void signalCore(unsigned To, uint8_t Sem, int16_t Amount, const Sender &From);
  // A message from another core: its update lands at M.ArrivalPs, which
  // has not passed.
  void receive(CoreMessage &M);
  // Sends M (its sender, sequence and sending core filled in) to the system.
  void post(CoreMessage M);
  // A fault naming instruction Index of Eng unless core To exists ("Verb core To").
  void checkCore(unsigned To, const char *Verb, isa::Engine Eng, uint32_t Index);
  // core_barrier (decoded as waiting on its semaphore): its update to the
  // peer core is sent once the engine reaches it, before it waits.
  void barrierArrive(EngineState &E, const isa::Instr &I);
  // Takes Amount from Sem at once (core_barrier's own update), with no
  // signal delay: the next barrier on Sem must not see it.
  void takeNow(uint8_t Sem, int16_t Amount, const Sender &From);

  // Reports at a source location, in the assembler's style.
  std::string where(isa::Engine E, uint32_t Index) const;
  std::string describe(isa::Engine E, uint32_t Index) const; // the instruction, disassembled
  [[noreturn]] void fault(FaultKind K, isa::Engine E, uint32_t Index, const std::string &What);
  void warn(isa::Engine E, uint32_t Index, const std::string &What);

  int64_t psFromCycles(isa::Engine E, uint64_t Cycles) const;
  // Per engine: a datapath result's latency (Timing.h), and a sequencer
  // signal's hop to its semaphore, in picoseconds.
  std::array<int64_t, isa::NumEngines> ResultLatencyPs{}, SemHopPs{};
  // The memory ports (bit per chipTiming().PortShares entry) instruction I
  // uses on engine E, in a performance mode or not.
  uint32_t portsUsed(isa::Engine E, const isa::Instr &I, bool InPerfMode) const;

  // For tests: the schedule without its shortcuts (every event queued, every
  // waiting engine woken by every semaphore change), which must give the
  // same run; and every planned cost checked against the cost measured from
  // scratch (a difference is a fault).
  bool ReferenceSchedule = false;
  bool CheckCostPlans = false;
  // Sends Amount to a semaphore (an instruction's signal, a DMA completion or
  // sem_signal). It arrives after the sender's signal delay (the result
  // latency of a datapath instruction, the semaphore hop of a sequencer one,
  // the DMA delay of a transfer); then it is added and the engines waiting
  // on semaphores are woken.
  void signal(uint8_t Sem, int16_t Amount, const Sender &From);

private:
  friend class Inspector; // trn/emu/Inspect.h reads the state a debugger shows
  // DmaTick: the DMA model's next change (a fixed latency ending or a
  // transfer completing); stale ticks are recognised and skipped.
  // SemArrive: a signal reaches its semaphore (Who unused; Slot names it
  // in SignalSlots).
  enum class EventKind : uint8_t { DmaTick = 0, SemArrive = 1, InstrDone = 2, Issue = 3 };
  // Events run in the order of (Ps, Kind, Who, Seq); the last three are
  // packed into Order (Kind in 2 bits, Who in 6, Seq in 56: more events
  // than a run reaches in years), so that two events compare in two steps.
  static_assert(isa::NumEngines <= 64, "an engine's number is packed in 6 bits");
  struct Event {
    int64_t Ps = 0;
    uint64_t Order = 0;
    uint32_t Slot = 0; // SemArrive: its signal (not part of the order)
    Event() = default;
    Event(int64_t Ps, EventKind Kind, unsigned Who, uint64_t Seq, uint32_t Slot)
        : Ps(Ps), Order(order(Kind, Who, Seq)), Slot(Slot) {}
    // Copied field by field: an event is built by narrow stores just before
    // it is copied, and a wide load over several of them is not forwarded
    // from the store buffer (a stall on every push and pop of the queue).
    Event(const Event &O) : Ps(O.Ps), Order(O.Order), Slot(O.Slot) {}
    Event &operator=(const Event &O) {
      Ps = O.Ps;
      Order = O.Order;
      Slot = O.Slot;
      return *this;
    }
    static uint64_t order(EventKind Kind, unsigned Who, uint64_t Seq) {
      return uint64_t(Kind) << 62 | uint64_t(Who & 63) << 56 | (Seq & ((uint64_t(1) << 56) - 1));
    }
    EventKind kind() const { return static_cast<EventKind>(Order >> 62); }
    unsigned who() const { return static_cast<unsigned>(Order >> 56 & 63); }
    bool operator>(const Event &O) const { return Ps != O.Ps ? Ps > O.Ps : Order > O.Order; }
    bool after(int64_t OPs, EventKind OKind, unsigned OWho, uint64_t OSeq) const {
      return Ps != OPs ? Ps > OPs : Order > order(OKind, OWho, OSeq);
    }
  };
  // The pending events: few, in a sorted array (EventQueue.h). The
  // reference schedule keeps them in a binary heap, as the core did before.
  SortedEventQueue<Event> Events;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> ReferenceEvents;
  // The earliest event, when it was scheduled before everything queued: an
  // engine's next issue or completion, running back to back with nothing
  // else due, then costs no push and pop. Events still run in exactly the
  // order of (Ps, Kind, Who, Seq).
  Event Ahead{};
  bool HasAhead = false;
  uint64_t NextSeq = 0;
  std::array<int64_t, isa::NumEngines> IssuePs{}, StartPs{};
  std::array<uint64_t, isa::NumEngines> Cycles{};
  std::array<int64_t, isa::NumEngines> WaitedPs{};
  std::array<int, isa::NumEngines> WaitSem{};
  std::array<Sender, isa::NumEngines> ReleasedBy{};

  void schedule(int64_t Ps, EventKind K, unsigned Who, uint32_t Slot = 0);
  // Takes the earliest event off the queue (or Ahead).
  void nextEvent(int64_t &Ps, EventKind &Kind, unsigned &Who, uint32_t &Slot);
  // The rarer cases of the two, out of line: an event queued, or taken off
  // the queue.
  [[gnu::noinline]] void enqueue(Event Ev);
  [[gnu::noinline]] const Event &dequeue();
  bool waitsMet(const EngineState &E, const DecodedInstr &D) const;
  void tryIssue(unsigned E);
  void complete(unsigned E);
  void triggerDma(EngineState &E, const isa::Instr &I, uint32_t Index);
  void startDma(unsigned Q);
  void finishDma(unsigned Q);
  void dmaTick();
  void scheduleDmaTick();
  void reportHbmRate();
  int64_t ScheduledTickPs = -1;
  unsigned InFlight = 0; // queues with transfers in flight
  int64_t ActiveSincePs = 0;
  // Schedules the issue of every engine waiting on semaphore Sem whose
  // waits now hold.
  void wakeWaiters(uint8_t Sem);
  // Per semaphore, the engines waiting on it (bit per engine); kept as an
  // engine starts and stops waiting.
  static_assert(isa::NumEngines <= 32, "a semaphore's waiters are bits of a uint32_t");
  std::vector<uint32_t> SemWaiters;
  void markWaiter(unsigned E, const DecodedInstr &D, bool Waiting);
  // Tells the observers what instruction Index of Eng (or, with Dma, the
  // transfer it triggered on Queue) read and wrote, with registers Regs.
  void reportAccesses(isa::Engine Eng, uint32_t Index, const isa::Instr &I,
                      const std::array<uint32_t, 64> &Regs, bool Dma, unsigned Queue,
                      uint32_t SkipOperands = 0);
  FootprintCache Footprints;
  [[noreturn]] void deadlock();
  // Tells the observers that want them (a debugger) of the event about to run.
  [[gnu::noinline]] void reportEvent(EventKind Kind, unsigned Who, uint32_t Slot);

  //===-- Engine timing (isa/Costs.td, isa/Chips.td) ----------------------===//
  // Signals on their way to their semaphores, by the Slot of their event;
  // free slots are reused.
  struct PendingSignal {
    uint8_t Sem;
    int16_t Amount;
    Sender From;
    std::vector<DeferredWrite> Writes; // dma_copy_core's data, written first
    const isa::Instr *Instr = nullptr; // ... by this instruction (another core's)
    uint32_t Tag = 0;                  // CoreMessage's
    int32_t RegOff = 0;
    bool NoSignal = false; // the writes only (a collective that signals nothing)
  };
  std::vector<PendingSignal> SignalSlots;
  std::vector<uint32_t> FreeSignalSlots;
  int64_t DmaSignalPs = 0;
  bool ThrottleOn = false;         // TensorE dI/dt throttling in this run
  std::vector<int64_t> PendingSum; // by semaphore: the amounts on their way
  int64_t LastWorkPs = 0;          // the last instruction or transfer end
  int64_t signalDelayPs(const Sender &From) const;
  void scheduleArrival(int64_t AtPs, uint8_t Sem, int16_t Amount, const Sender &S,
                       std::vector<DeferredWrite> Writes = {}, const isa::Instr *By = nullptr,
                       uint32_t Tag = 0, int32_t RegOff = 0, bool NoSignal = false);
  // The observers' tag for an update or transfer From sends to core To
  // (Observer::sendingToCore), 0 when none tags it.
  uint32_t tagMessage(const Sender &From, unsigned To);
  // Tells the observers that dma_copy_core's data of slot P lands here.
  [[gnu::noinline]] void reportRemoteWrite(const PendingSignal &P);
  // dma_copy_core's transfer T, complete: its data and update go to the
  // core in its core register.
  void sendTransfer(DmaTransfer &T, const isa::Instr &I, unsigned Q);
  void arrive(uint32_t Slot);
  // TensorE dI/dt throttling: when the current ramp began (-1: cold), and
  // PE's recent busy intervals.
  int64_t RampStartPs = -1;
  std::deque<std::pair<int64_t, int64_t>> PeBusy;
  int64_t throttledPs(int64_t StartPs, int64_t FullRatePs);
  // Shared memory ports: each engine's executing instruction's ports (bit
  // per chipTiming().PortShares entry) and when it runs.
  struct PortUse {
    uint32_t Mask = 0;
    int64_t StartPs = 0, EndPs = 0;
  };
  std::array<PortUse, isa::NumEngines> Ports{};
  // TensorE tiling (docs/timing-model.md, section 6): a tiled instruction
  // may start before the previous one ends, on cells that one does not use.
  // For the last tiled instruction: when it started in that sense, and when
  // it ended on the engine; per 32 x 32 block of the array, when the last
  // tiled instruction using it ends; the semaphores PE's sequencer
  // instructions wait on (their waits bound the start too).
  int64_t PeTiledStartPs = 0, PeTiledEndPs = -1;
  std::array<int64_t, 16> PeBlockFreePs{};
  std::vector<uint8_t> PeSequencerSems;
  int64_t tiledStartPs(const EngineState &E, const DecodedInstr &D) const;
  int64_t arrivalPs(uint8_t Sem) const; // when Sem last changed (0: never)
};

} // namespace trn::emu

#endif
