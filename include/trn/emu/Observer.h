//===- trn/emu/Observer.h - watching a run ----------------------*- C++ -*-===//
//
// One small interface through which traces, reports and checks see an
// execution, as llvm-mca's views listen to its pipeline. The emulator calls
// these only when at least one observer is attached; times are picoseconds
// of the one global time base.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_OBSERVER_H
#define TRN_EMU_OBSERVER_H

#include "trn/emu/Fault.h"
#include "trn/isa/Instr.h"

#include <cstdint>
#include <span>
#include <vector>

namespace trn::emu {

// Bytes [First, Last] (inclusive): within each partition of an SBUF/PSUM
// footprint, absolute addresses in HBM.
struct ByteRun {
  uint64_t First, Last;
};

// The bytes one tensor operand touches: partitions [PartStart, PartStart +
// Partitions) (HBM: 0, 1) and in each of them the same sorted, disjoint runs.
// Exact is false when a pattern with very many runs was summarised by its
// span (which covers every byte it touches, and some it does not).
struct Footprint {
  isa::MemSpace Space;
  uint32_t PartStart, Partitions;
  const ByteRun *Runs;
  size_t NumRuns;
  bool Exact;
};

// Who sent a semaphore signal: an instruction on an engine, or a DMA
// transfer (on Queue, triggered by instruction Index on engine Eng).
struct Sender {
  bool Valid = false;
  bool FromDma = false;
  isa::Engine Eng = isa::Engine::SP;
  uint32_t Index = 0;
  unsigned Queue = 0;
  int64_t Ps = 0;    // when the signal was sent
  int16_t Core = -1; // another core's instruction (a system of cores), or -1: this core's
};

struct InstrEvent {
  isa::Engine Eng;
  uint32_t Index; // in the engine's stream
  const isa::Instr *I;
  int64_t IssuePs;        // when its waits were met and the engine was free
  int64_t StartPs, EndPs; // executing
  int64_t WaitedPs;       // time blocked on semaphores before it could issue
  uint64_t Cycles;        // duration in the engine's cycles
  int WaitSem = -1;       // when it waited: the semaphore whose signal released it
  Sender ReleasedBy;      // ... and who sent that signal
};

struct DmaEvent {
  unsigned Queue; // engine * 16 + queue
  isa::Engine Issuer;
  uint32_t Index; // the triggering instruction's index
  const isa::Instr *I;
  int64_t StartPs, EndPs;
  uint64_t Bytes;
  bool HbmRead, HbmWrite;
};

struct SignalEvent {
  uint8_t Sem;
  int32_t Value; // after the signal
  Sender From;
  int32_t Amount;   // added by it
  uint32_t Tag = 0; // an update from a core: what an observer tagged it with (sendingToCore)
};

// A wait an instruction issued under, with its value resolved (a register
// operand read when the instruction issued).
struct ResolvedWait {
  uint8_t Sem;
  isa::WaitCond Cond;
  int32_t Value;
};

// An instruction's waits were satisfied and it started executing.
struct IssueEvent {
  isa::Engine Eng;
  uint32_t Index;
  const isa::Instr *I;
  const ResolvedWait *Waits;
  unsigned NumWaits;
};

// An instruction issued after waiting on semaphores for WaitedPs (> 0):
// WaitSem is the semaphore whose signal released it, ReleasedBy who sent it.
struct StallEvent {
  isa::Engine Eng;
  uint32_t Index;
  const isa::Instr *I;
  int64_t WaitedPs;
  int WaitSem;
  Sender ReleasedBy;
};

// One tensor operand's access: by an engine's instruction (Dma false) or by
// the DMA transfer that instruction Index of engine Eng triggered (Dma true,
// on Queue). Operand indexes the instruction's operands.
struct AccessEvent {
  isa::Engine Eng;
  uint32_t Index;
  const isa::Instr *I;
  bool Dma;
  unsigned Queue;
  unsigned Operand;
  bool Write;
  Footprint F;
  int64_t Ps = 0; // when it is reported: its instruction's or transfer's end
  // remoteAccessed: the sending core, and what an observer tagged the
  // transfer's message with (sendingToCore).
  int16_t Core = -1;
  uint32_t Tag = 0;
};

// One event of the discrete-event loop, about to run (Machine.cpp): an
// engine's issue or completion, a DMA model tick, a signal reaching its
// semaphore. An issue that runs straight after its engine's completion, with
// nothing else due between them, is part of that completion's event.
enum class LoopEventKind : uint8_t { DmaTick, SemArrive, InstrDone, Issue };
struct LoopEvent {
  LoopEventKind Kind;
  int64_t Ps;
  isa::Engine Eng = isa::Engine::SP; // Issue, InstrDone
  uint8_t Sem = 0;                   // SemArrive: the semaphore, the amount and its sender
  int32_t Amount = 0;
  Sender From;
};

class Observer {
public:
  virtual ~Observer();
  virtual void instructionDone(const InstrEvent &) {}
  // A transfer starts (EndPs is not known yet: -1) and ends.
  virtual void dmaStarted(const DmaEvent &) {}
  virtual void dmaDone(const DmaEvent &) {}
  // The HBM traffic of all transfers in flight changed, to GBps.
  virtual void hbmBandwidth(int64_t Ps, double GBps) {
    (void)Ps;
    (void)GBps;
  }
  virtual void signalled(const SignalEvent &) {}
  // That signal reached its semaphore at Ps (sent at From.Ps, plus its
  // latency), which now holds Value: when waits see it. Delivered with
  // signalled (wantsSignals).
  virtual void signalArrived(const SignalEvent &Ev, int64_t Ps) {
    (void)Ev;
    (void)Ps;
  }
  // An instruction's semaphore waits held and it issued.
  virtual void issued(const IssueEvent &) {}
  // It had waited on them (before its issued): rarer than issued, so what
  // needs only the stalls (the report) need not watch every instruction.
  virtual void stalled(const StallEvent &) {}
  // A DMA instruction handed its transfer to a queue (at its completion).
  virtual void dmaQueued(const DmaEvent &) {}
  // What an instruction or a transfer read and wrote: an instruction's
  // accesses come before its instructionDone and its signal; a transfer's,
  // all at its end, before its dmaDone and its signal.
  virtual void accessed(const AccessEvent &) {}
  // Footprints cost time to compute: only observers that say so get them.
  virtual bool wantsAccesses() const { return false; }
  // issued, signalled and instructionDone cost time on every instruction
  // or signal: an observer says whether it needs signalled, and of which
  // static instructions it needs issued and instructionDone (asked once per
  // instruction, when the run starts). As with wantsAccesses, events go to
  // every observer when one wants them: an observer may get some it did not
  // ask for.
  virtual bool wantsIssue(const isa::Instr &I) const {
    (void)I;
    return true;
  }
  virtual bool wantsSignals() const { return true; }
  // Whether it needs each stall as it happens (true), or takes an engine's
  // consecutive stalls with the same cause (the semaphore, and the sender
  // of the signal that released them) summed into one event, with the first
  // one's instruction, delivered when the cause changes or the run ends:
  // enough for the report, which only sums them (integers, so the order of
  // the sums does not matter), at a fraction of the cost where every
  // instruction stalls (ping-pong). Summed only if no observer wants each.
  virtual bool wantsEachStall() const { return true; }
  virtual bool wantsInstructionDone(const isa::Instr &I) const {
    (void)I;
    return true;
  }
  // Every event of the loop before it runs (a debugger stepping by event or
  // stopping at a time): only when an observer says so.
  virtual bool wantsEvents() const { return false; }
  virtual void event(const LoopEvent &) {}
  // The run stopped at Ps with F (an instruction's fault, a deadlock, a
  // limit, a StopRun): called just before finished(Ps), only then.
  virtual void runFaulted(const Fault &F, int64_t Ps) {
    (void)F;
    (void)Ps;
  }
  virtual void finished(int64_t EndPs) { (void)EndPs; }

  // A system of cores (docs/multicore.md): what passes between them, for
  // the race detector. Nothing is called on a run that sends nothing.
  // A semaphore update (sem_signal_core, core_barrier) or dma_copy_core's
  // data and update (to this core too) leaves for core To, sent by From:
  // an observer may tag it (nonzero), and the tag travels with it. The last
  // observer's nonzero tag is kept: one observer tags, the race detector.
  virtual uint32_t sendingToCore(const Sender &From, unsigned To) {
    (void)From;
    (void)To;
    return 0;
  }
  // A tagged update reached this core (Ev.From.Core its sender, -1 this
  // core; Ev.Tag its tag): it is on its way and arrives at ArrivalPs, when
  // signalArrived gets it.
  virtual void receivedFromCore(const SignalEvent &Ev, int64_t ArrivalPs) {
    (void)Ev;
    (void)ArrivalPs;
  }
  // A tagged dma_copy_core's data landing on this core, before its update
  // arrives: the write of the transfer's operand 'dst' (Ev.Eng, Ev.Index,
  // Ev.Queue and Ev.I are the sender's; Ev.Core the sending core, Ev.Tag
  // its tag). Only to observers that want accesses.
  virtual void remoteAccessed(const AccessEvent &Ev) { (void)Ev; }
  // A run over MPI ranks (docs/mpi.md): a tagged update leaving this
  // process takes its tag's meaning along as bytes (true: this observer's
  // tag, now released here), and one arriving gets a tag of this process
  // for them (0: not this observer's).
  virtual bool exportTag(uint32_t Tag, std::vector<uint8_t> &Out) {
    (void)Tag;
    (void)Out;
    return false;
  }
  virtual uint32_t importTag(std::span<const uint8_t> In) {
    (void)In;
    return 0;
  }
};

// An observer of what completed (instructions, transfers) and of stalls
// summed by cause: no issues, no signals, no stall one by one. The report,
// the profile and the SVG timeline are such views; they cost the run
// nothing per issue or signal.
class CompletionObserver : public Observer {
public:
  bool wantsIssue(const isa::Instr &I) const override {
    (void)I;
    return false;
  }
  bool wantsSignals() const override { return false; }
  bool wantsEachStall() const override { return false; }
};

// Thrown by an observer's callback to stop the run with a fault (the race
// detector's error mode); the run ends as if the instruction had faulted.
struct StopRun {
  Fault F;
};

} // namespace trn::emu

#endif
