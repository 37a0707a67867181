//===- Timing.h - how long an instruction takes -----------------*- C++ -*-===//
#ifndef TRN_EMU_TIMING_H
#define TRN_EMU_TIMING_H

#include "Machine.h"

namespace trn::emu {

// Cycles of E's clock that I occupies its engine (for DMA: the trigger).
uint64_t instructionCycles(const Machine &M, const EngineState &E, const isa::Instr &I);

} // namespace trn::emu

#endif
