//===- trn/asm/Slice.h - a slice of a declaration as an access pattern -*- C++ -*-===//
//
// How `name[i0, i1, ...]` becomes an access pattern: NumPy's indices, with
// the assembler's rules (docs/assembly.md, section 9.2): no negative
// indices, bounds and empty ranges refused rather than clipped, the first
// index of an on-chip allocation selects partitions, neighbouring free
// dimensions merged to fit four, long ones split into 16-bit counts. The
// assembler and the instruction builder both slice through this, so a slice
// means the same and fails with the same message in either.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_SLICE_H
#define TRN_ASM_SLICE_H

#include "trn/isa/Instr.h"
#include "trn/object/Program.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace trn::assembler {

// One index: an integer (selects one position and drops the dimension), or
// a range lo:hi:step with each part optional (lo 0, hi the size, step 1).
struct SliceIndex {
  bool IsRange = false;
  int64_t Index = 0;             // !IsRange
  std::optional<int64_t> Lo, Hi; // IsRange
  int64_t Step = 1;              // IsRange

  static SliceIndex at(int64_t I) { return {false, I, {}, {}, 1}; }
  static SliceIndex range(std::optional<int64_t> Lo, std::optional<int64_t> Hi, int64_t Step = 1) {
    return {true, 0, Lo, Hi, Step};
  }
};

// What is sliced: an HBM tensor or an on-chip allocation.
struct Sliceable {
  std::string_view Name;
  isa::MemSpace Space = isa::MemSpace::HBM;
  isa::DType Type = isa::DType::FP32;
  std::span<const uint64_t> Shape;
  uint64_t Base = 0;      // HBM: the tensor's address; on chip: the offset in each partition
  uint32_t PartStart = 0; // on chip: the first partition
};
Sliceable sliceable(const object::Tensor &T);
Sliceable sliceable(const object::Allocation &A);

struct SliceError {
  std::string Message;
  int Index = -1; // the index at fault (0-based), or -1: the slice as a whole
};

// The access pattern of Of[Indices...] (no indices: the whole declaration),
// or why there is none.
std::variant<isa::AccessPattern, SliceError> slicePattern(const Sliceable &Of,
                                                          std::span<const SliceIndex> Indices);

} // namespace trn::assembler

#endif
