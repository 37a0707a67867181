//===- ArrayText.h - an array's elements as NumPy prints them ---*- C++ -*-===//
//
// The text of the print instruction (InstrControl.td): nested brackets,
// elements right-aligned to one width, rows wrapped at 75 columns, and
// arrays of more than 1000 elements summarised by their first and last 3
// along each dimension, as numpy.array2string does by default. Floats are
// shortest round-trip ("0.1", "1.5"), whole ones with a trailing dot ("2.").
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_ARRAYTEXT_H
#define TRN_EMU_ARRAYTEXT_H

#include "trn/isa/Isa.h"

#include <cstdint>
#include <span>
#include <string>

namespace trn::emu {

// Bytes holds the product of Shape elements of type T, in C order.
std::string arrayText(isa::DType T, std::span<const uint8_t> Bytes,
                      std::span<const uint64_t> Shape);

} // namespace trn::emu

#endif
