//===- Timing.h - how long an instruction takes -----------------*- C++ -*-===//
//
// An instruction's cost is measured once, when the program is loaded: its
// cost class's variables and most of its predicates are fixed by its
// operands and engine. A few predicates depend on the machine when it issues
// (DynamicPred, Decoded.h); the plan holds the cost for every combination of those, so
// issuing an instruction evaluates no formula and builds nothing.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TIMING_H
#define TRN_EMU_TIMING_H

#include "Machine.h"

namespace trn::emu {

// The cost plan of instruction I on engine E.
CostPlan planCost(const Machine &M, isa::Engine E, const isa::Instr &I);

// The bits of Which (DynamicPred) that hold for instruction D on engine E
// now.
unsigned dynamicPreds(const Machine &M, const EngineState &E, const DecodedInstr &D,
                      unsigned Which);

// What I costs on engine E now, measured from scratch: the reference the
// plans are checked against, and the cost of an instruction whose cost
// cannot be planned (CostPlan::DynamicNStat).
InstrCost instructionCost(const Machine &M, const EngineState &E, const isa::Instr &I);

// Cycles of E after a datapath instruction's II until its result reaches a
// consumer (isa/Costs.td ResultLatency); 0 for an engine without one.
uint64_t resultLatencyCycles(isa::Engine E);

// The ScalarE table set I needs on engine E (an index into
// isa::actTableSets()), or -1 when it needs none.
int actTableSetNeeded(const isa::Instr &I, isa::Engine E);

} // namespace trn::emu

#endif
