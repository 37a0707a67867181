//===- trn/run/Regions.h - what a run reads and writes by name --*- C++ -*-===//
//
// The names a caller gives a run (trn-emu's --in/--out/--check, Python's
// inputs=/read=) resolved against the program in one place, with one set of
// messages: "the program declares no tensor 'x' (it has: a, b)".
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RUN_REGIONS_H
#define TRN_RUN_REGIONS_H

#include "trn/emu/Emulator.h"
#include "trn/object/Program.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace trn::run {

// An HBM tensor or an SBUF/PSUM allocation (names are unique across both),
// with its dtype and shape (partition dimension first).
struct Region {
  std::string Name;
  isa::DType Type = isa::DType::FP32;
  std::vector<uint64_t> Shape;
  bool OnChip = false; // an allocation, read by Emulator::allocationBytes
  uint64_t Bytes = 0;
  bool operator==(const Region &) const = default;
};
Region regionOf(const object::Tensor &T);
Region regionOf(const object::Allocation &A);

// The tensor or allocation called Name, or a message: "the program
// declares no tensor or allocation 'x' (it has: a, b, a_s)".
std::variant<Region, std::string> findRegion(const object::Program &P, std::string_view Name);
// The HBM tensor called Name, or a message: "'a_s' is an allocation in
// SBUF, not an HBM tensor", "the program declares no tensor 'x' (it has:
// a, b)".
std::variant<const object::Tensor *, std::string> findTensor(const object::Program &P,
                                                             std::string_view Name);

// The program's output tensors, then every allocation: what a fault dump
// holds.
std::vector<Region> faultDumpRegions(const object::Program &P);

// Out.size() bytes of R's contents from byte Offset (after or during a run).
std::optional<std::string> readRegion(const emu::Emulator &E, const Region &R, uint64_t Offset,
                                      std::span<uint8_t> Out);

} // namespace trn::run

#endif
