//===- Encoding.cpp - bit fields of instruction words ---------------------===//

#include "trn/isa/Encoding.h"

#include <cassert>

namespace trn::isa {

uint64_t getBits(std::span<const uint8_t> Bytes, unsigned Lsb, unsigned Width) {
  assert(Width >= 1 && Width <= 64 && (Lsb + Width + 7) / 8 <= Bytes.size());
  uint64_t Value = 0;
  for (unsigned I = 0; I < Width; ++I) {
    unsigned Bit = Lsb + I;
    Value |= uint64_t(Bytes[Bit / 8] >> (Bit % 8) & 1) << I;
  }
  return Value;
}

void putBits(std::span<uint8_t> Bytes, unsigned Lsb, unsigned Width, uint64_t Value) {
  assert(Width >= 1 && Width <= 64 && (Lsb + Width + 7) / 8 <= Bytes.size());
  for (unsigned I = 0; I < Width; ++I) {
    unsigned Bit = Lsb + I;
    uint8_t Mask = uint8_t(1u << (Bit % 8));
    if (Value >> I & 1)
      Bytes[Bit / 8] |= Mask;
    else
      Bytes[Bit / 8] &= uint8_t(~Mask);
  }
}

int64_t signExtend(uint64_t Value, unsigned Width) {
  if (Width >= 64)
    return static_cast<int64_t>(Value);
  uint64_t Sign = uint64_t(1) << (Width - 1);
  Value &= (uint64_t(1) << Width) - 1;
  return static_cast<int64_t>((Value ^ Sign) - Sign);
}

bool fits(const FieldDesc &F, int64_t Value) {
  if (F.Width >= 64)
    return true;
  if (F.Signed)
    return Value >= -(int64_t(1) << (F.Width - 1)) && Value < (int64_t(1) << (F.Width - 1));
  return Value >= 0 && static_cast<uint64_t>(Value) < (uint64_t(1) << F.Width);
}

} // namespace trn::isa
