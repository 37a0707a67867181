//===- trn/isa/Encoding.h - bit fields of instruction words -----*- C++ -*-===//
//
// The encoder and decoder are the field tables of Isa.h plus these two
// primitives: bit Lsb of a buffer is bit Lsb % 8 of byte Lsb / 8
// (little-endian), fields up to 64 bits wide.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ISA_ENCODING_H
#define TRN_ISA_ENCODING_H

#include "trn/isa/Isa.h"

#include <cstdint>
#include <span>

namespace trn::isa {

uint64_t getBits(std::span<const uint8_t> Bytes, unsigned Lsb, unsigned Width);
void putBits(std::span<uint8_t> Bytes, unsigned Lsb, unsigned Width, uint64_t Value);
int64_t signExtend(uint64_t Value, unsigned Width);
// Whether Value can be stored in field F without loss.
bool fits(const FieldDesc &F, int64_t Value);

// A field of an operand kind, by its generated field enum.
template <typename FieldEnum> const FieldDesc &field(OperandKind K, FieldEnum F) {
  return operandKind(K).Fields[static_cast<unsigned>(F)];
}

} // namespace trn::isa

#endif
