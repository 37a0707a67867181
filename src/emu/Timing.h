//===- Timing.h - how long an instruction takes -----------------*- C++ -*-===//
#ifndef TRN_EMU_TIMING_H
#define TRN_EMU_TIMING_H

#include "Machine.h"

namespace trn::emu {

struct InstrCost {
  uint64_t Cycles;               // of the engine's clock (for DMA: the trigger)
  const isa::PerfModeDesc *Mode; // the performance mode applied, if any
};

// What I costs on engine E now: its initiation interval, overheads included.
InstrCost instructionCost(const Machine &M, const EngineState &E, const isa::Instr &I);

// Cycles of E after a datapath instruction's II until its result reaches a
// consumer (isa/Costs.td ResultLatency); 0 for an engine without one.
uint64_t resultLatencyCycles(isa::Engine E);

// The ScalarE table set I needs on engine E (an index into
// isa::actTableSets()), or -1 when it needs none.
int actTableSetNeeded(const isa::Instr &I, isa::Engine E);

} // namespace trn::emu

#endif
