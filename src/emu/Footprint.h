//===- Footprint.h - the bytes an access pattern touches --------*- C++ -*-===//
//
// What the race detector and other observers are told an operand touched:
// byte runs per partition (SBUF/PSUM) or in HBM, computed from the decoded
// access pattern and the register offset it ran with, never from the
// semantics.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_FOOTPRINT_H
#define TRN_EMU_FOOTPRINT_H

#include "trn/emu/Observer.h"
#include "trn/isa/Instr.h"

#include <vector>

namespace trn::emu {

// Above this many runs a footprint is summarised by its span.
inline constexpr size_t MaxFootprintRuns = 4096;

// Fills Runs with the sorted, disjoint byte runs of AP (per partition on
// chip; absolute, rows included, in HBM) when its register offset is RegOff
// elements; returns false when it gave the span instead of exact runs.
bool footprintRuns(const isa::AccessPattern &AP, int64_t RegOff, std::vector<ByteRun> &Runs);

} // namespace trn::emu

#endif
