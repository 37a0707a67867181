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

#include "trn/isa/Instr.h"

#include <cstdint>

namespace trn::emu {

// A contiguous byte range an instruction read or wrote, per partition for
// SBUF/PSUM (Partitions > 0) or in HBM.
struct Footprint {
  isa::MemSpace Space;
  uint32_t PartStart, Partitions;
  uint64_t First, Last; // bytes, inclusive
};

// Who sent a semaphore signal: an instruction on an engine, or a DMA
// transfer (on Queue, triggered by instruction Index on engine Eng).
struct Sender {
  bool Valid = false;
  bool FromDma = false;
  isa::Engine Eng = isa::Engine::SP;
  uint32_t Index = 0;
  unsigned Queue = 0;
  int64_t Ps = 0; // when the signal was sent
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
  virtual void accessed(const InstrEvent &, const Footprint &, bool Write) { (void)Write; }
  virtual void finished(int64_t EndPs) { (void)EndPs; }
};

} // namespace trn::emu

#endif
