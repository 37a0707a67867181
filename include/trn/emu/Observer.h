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
  uint64_t First, Last;  // bytes, inclusive
};

struct InstrEvent {
  isa::Engine Eng;
  uint32_t Index;         // in the engine's stream
  const isa::Instr *I;
  int64_t IssuePs;        // when its waits were met and the engine was free
  int64_t StartPs, EndPs; // executing
  int64_t WaitedPs;       // time blocked on semaphores before it could issue
  uint64_t Cycles;        // duration in the engine's cycles
};

struct DmaEvent {
  unsigned Queue;         // engine * 16 + queue
  isa::Engine Issuer;
  uint32_t Index;         // the triggering instruction's index
  const isa::Instr *I;
  int64_t StartPs, EndPs;
  uint64_t Bytes;
  bool HbmRead, HbmWrite;
};

struct SignalEvent {
  uint8_t Sem;
  int32_t Value;          // after the signal
  int64_t Ps;
  bool FromDma;
  isa::Engine Eng;        // the signalling engine (the issuer, for DMA)
  uint32_t Index;
};

class Observer {
public:
  virtual ~Observer();
  virtual void instructionDone(const InstrEvent &) {}
  virtual void dmaDone(const DmaEvent &) {}
  virtual void signalled(const SignalEvent &) {}
  virtual void accessed(const InstrEvent &, const Footprint &, bool Write) { (void)Write; }
  virtual void finished(int64_t EndPs) { (void)EndPs; }
};

}  // namespace trn::emu

#endif
