//===- trn/asm/Layout.h - where declarations go, and what they may be -*- C++ -*-===//
//
// The rules of `.tensor`, `.sbuf`, `.psum` and `.sem` (docs/assembly.md,
// sections 5.3 to 5.5): shapes, the placement of a declaration without `at`
// (64-byte steps in HBM and SBUF, 4-byte steps in PSUM kept within a bank),
// explicit placements, PSUM banks, semaphore indices, and initial data
// converted to a dtype. The assembler and the instruction builder both
// declare through this, so a declaration lands at the same place and fails
// with the same message in either.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_LAYOUT_H
#define TRN_ASM_LAYOUT_H

#include "trn/isa/Isa.h"
#include "trn/object/Program.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace trn::assembler {

struct LayoutError {
  // The part of the declaration at fault, for the caret.
  enum class Part : uint8_t { Name, Shape, At, Partition, Initial } What = Part::Name;
  std::string Message;
  int Dim = -1; // Part::Shape: the dimension at fault, or -1: the whole shape
};

// Shapes of 1 to 8 dimensions, each at least 1, of at most 2^48 elements;
// on-chip allocations need at least two (partitions and a free dimension).
std::optional<LayoutError> checkShape(std::span<const uint64_t> Shape, bool OnChip);

// Where the next declaration without `at` goes.
class Layout {
public:
  // T.Name, Type and Shape set: gives T.Address (At, or the next free
  // address) and checks that it fits the chip's HBM.
  std::optional<LayoutError> placeTensor(object::Tensor &T, std::optional<int64_t> At,
                                         const isa::ChipDesc &C);
  // A.Name, Space, Type, Shape and PartStart set: gives A.Offset (At in
  // bytes, or the next free offset) and checks it against the partitions,
  // the partition size and the PSUM banks.
  std::optional<LayoutError> placeAllocation(object::Allocation &A, std::optional<int64_t> At,
                                             const isa::ChipDesc &C);
  // S.Name set: gives S.Index (At, or one above the highest so far), not
  // shared with any of Declared.
  std::optional<LayoutError> placeSemaphore(object::Semaphore &S, std::optional<int64_t> At,
                                            std::span<const object::Semaphore> Declared,
                                            const isa::ChipDesc &C);

private:
  uint64_t NextHbm = 0, NextSbuf = 0, NextPsum = 0;
  bool AfterShared = false; // the last tensor placed was shared: the next starts on a page
  uint32_t NextSem = 0;
};

// `bank B` of a `.psum`: the byte offset B * bank size, or why not.
std::optional<LayoutError> psumBankOffset(int64_t Bank, const isa::ChipDesc &C, int64_t &Offset);

// Initial data: each value converted to T's dtype (round to nearest even)
// into Out (T.bytes() bytes, or one element's when Fill), or why it cannot
// be. Values.size() must be T.elements() unless Fill (then one value).
std::optional<LayoutError> convertInitialData(const object::Tensor &T,
                                              std::span<const double> Values, bool Fill,
                                              uint8_t *Out);
// The initial data of T may join a program already holding DataBytes.
std::optional<LayoutError> checkInitialDataSize(const object::Tensor &T, uint64_t DataBytes);

} // namespace trn::assembler

#endif
