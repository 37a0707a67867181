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

// The footprints of a run's instructions, each computed once when no
// register moves it (a loop runs the same static instruction many times).
class FootprintCache {
public:
  struct Runs {
    const ByteRun *Data;
    size_t Size;
    bool Exact;
  };
  // The runs of operand K (pattern AP, register offset RegOff elements) of
  // instruction I, number Index of Eng's stream. Valid until the next call.
  Runs runs(isa::Engine Eng, uint32_t Index, const isa::Instr &I, unsigned K,
            const isa::AccessPattern &AP, int64_t RegOff);
  // Whether I has a tensor operand at all (most control instructions do
  // not), and which (bit K: operand K, as operandTouchesMemory says),
  // found once per static instruction.
  bool touchesMemory(isa::Engine Eng, uint32_t Index, const isa::Instr &I) {
    return memoryOperands(Eng, Index, I) != 0;
  }
  uint32_t memoryOperands(isa::Engine Eng, uint32_t Index, const isa::Instr &I);

  // Footprints of more runs than this are computed every time: caching them
  // would hold memory for every static instruction.
  static constexpr size_t MaxCachedRuns = 16;
  // And at most this many runs in all (16 MiB): a huge program's
  // footprints beyond it are computed every time.
  static constexpr size_t MaxPoolRuns = size_t(1) << 20;

private:
  struct Slot {
    uint32_t First = 0, Size = 0; // in Pool
    bool Exact = false, Valid = false;
  };
  struct Entry {
    const isa::Instr *I = nullptr;
    uint32_t MemOperands = 0; // bit K: operand K touches memory
    std::vector<Slot> Slots;  // by operand
  };
  std::vector<Entry> Entries[isa::NumEngines];
  std::vector<ByteRun> Pool;
  std::vector<ByteRun> Scratch;

  Entry &entry(isa::Engine Eng, uint32_t Index, const isa::Instr &I);
};

// Whether operand K of I is a tensor operand that touches memory.
bool operandTouchesMemory(const isa::Instr &I, unsigned K);

} // namespace trn::emu

#endif
