//===- View.h - an operand's elements, located ------------------*- C++ -*-===//
//
// An access pattern resolved against the registers it runs with: where each
// element of each partition lies. The checked accessors of ExecContext build
// them; a DMA transfer keeps the writes it has yet to commit as views too.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_VIEW_H
#define TRN_EMU_VIEW_H

#include "trn/isa/Instr.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trn::emu {

// Where an access pattern's elements are: for each element of a partition,
// its element offset from the pattern's base (register offset included).
struct View {
  const isa::AccessPattern *AP = nullptr;
  std::string Operand;
  uint32_t P = 0;
  uint64_t N = 0;
  uint32_t ElemBytes = 0;
  std::vector<int64_t> Offsets; // N element offsets, in access-pattern order
  int64_t Base = 0;             // bytes (per partition on chip, absolute in HBM)
  int64_t PartStep = 0;         // HBM: elements between rows
  bool Contiguous = false;      // Offsets[k] == Offsets[0] + k: rows copy whole

  // Byte address of element I of partition Part (on chip: within the
  // partition; HBM: absolute).
  int64_t byteOf(uint32_t Part, uint64_t I) const {
    return Base + (Offsets[I] + int64_t(Part) * PartStep) * ElemBytes;
  }
  // How many elements from I on follow each other in memory (at least 1):
  // strided patterns copy by these runs.
  uint64_t runFrom(uint64_t I) const {
    uint64_t J = I + 1;
    while (J < N && Offsets[J] == Offsets[I] + static_cast<int64_t>(J - I))
      ++J;
    return J - I;
  }
};

// Partitions [First, First + Count) of the on-chip view V, as a view of
// their own, whose access pattern Storage holds (the MX scale rows).
inline View rowsOf(const View &V, isa::AccessPattern &Storage, uint32_t First, uint32_t Count) {
  Storage = *V.AP;
  Storage.PartStart += First;
  Storage.NumPartitions = Count;
  View R = V;
  R.AP = &Storage;
  R.P = Count;
  return R;
}

// A write held back until its transfer completes (a DMA reads its source
// when it starts and writes its destination when it ends).
struct DeferredWrite {
  View V;
  std::vector<uint8_t> Bytes;
  bool FromMatmul;
};

} // namespace trn::emu

#endif
