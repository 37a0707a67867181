//===- Region.h - a slice of a tensor or an allocation, located -*- C++ -*-===//
//
// What print, dump and watch name: `b_s`, `b_s[0:4, 0, 0:8]`, with the
// assembly language's slice syntax and its checks (trn/asm/Slice.h gives
// the messages, so a slice is refused here as the assembler refuses it).
// Unlike an operand it keeps NumPy's shape: an integer index drops its
// dimension, and nothing is merged.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_REGION_H
#define TRN_DEBUG_REGION_H

#include "trn/emu/Inspect.h"
#include "trn/emu/Observer.h"
#include "trn/object/Program.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace trn::debug {

struct Region {
  std::string Text; // as written
  std::string Name; // the tensor's or allocation's
  isa::MemSpace Space = isa::MemSpace::HBM;
  isa::DType Type = isa::DType::FP32;
  std::vector<uint64_t> Shape; // NumPy's shape of the slice
  // Each element, in C order: its partition (0 in HBM) and its byte
  // address (within the partition on chip, absolute in HBM).
  std::vector<uint32_t> Partitions;
  std::vector<uint64_t> Addresses;
  uint32_t ElemBytes = 0;

  uint64_t elements() const { return Addresses.size(); }
};

struct RegionError {
  std::string Message;
  size_t Column = 0; // in the region's text
};

// The most elements a region may have (print, dump and watch copy them).
inline constexpr uint64_t MaxRegionElements = uint64_t(1) << 24;

std::variant<Region, RegionError> resolveRegion(const object::Program &P, std::string_view Text);

// Its bytes now, element after element.
std::vector<uint8_t> readRegion(const emu::Inspector &In, const Region &R);

// Whether an access's footprint touches a byte of the region.
bool overlaps(const Region &R, const emu::Footprint &F);

} // namespace trn::debug

#endif
