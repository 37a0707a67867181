//===- trn/npy/Npy.h - NumPy .npy files --------------------------*- C++ -*-===//
//
// Reading and writing the NumPy .npy format (versions 1.0, 2.0 and 3.0 on
// read; 1.0 on write, or 2.0 when the header needs it), little-endian,
// C order. How trnemu's dtypes map to NumPy's is documented in
// docs/npy.md: NumPy has no bfloat16 or fp8, so those are written as raw
// bits in unsigned integers (bf16 -> <u2, fp8 -> |u1) and may be read from
// such files or, with conversion, from float32 files.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_NPY_NPY_H
#define TRN_NPY_NPY_H

#include "trn/isa/Isa.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace trn::npy {

// An array as stored in a .npy file.
struct Array {
  std::string Descr;           // NumPy dtype descr, e.g. "<f4", "|u1", "<u2"
  std::vector<uint64_t> Shape; // empty for a 0-d array
  bool FortranOrder = false;
  std::vector<uint8_t> Data; // little-endian elements, C order

  uint64_t elements() const;
};

// A .npy file's header on its own, for files too large to hold whole: the
// data are DataBytes bytes from DataOffset to the end of the file.
struct Header {
  std::string Descr;
  std::vector<uint64_t> Shape;
  bool FortranOrder = false;
  uint64_t DataOffset = 0;
  uint64_t DataBytes = 0;
};

// How many bytes from the start of a file of FileSize bytes the header
// ends at, from its first min(FileSize, 12) bytes (magic, version, length).
std::variant<uint64_t, std::string> headerLength(std::span<const uint8_t> Start, uint64_t FileSize);
// The header from the file's first headerLength() bytes, checked as parse()
// checks it (the data's size against FileSize included).
std::variant<Header, std::string> parseHeader(std::span<const uint8_t> Bytes, uint64_t FileSize);

// Parses a whole .npy file; the error says what is wrong ("not a .npy file:
// bad magic", "header is not a Python dict literal", "data holds 10 bytes,
// the shape needs 16", "big-endian '>f4' is not supported", ...).
std::variant<Array, std::string> parse(std::span<const uint8_t> Bytes);
std::vector<uint8_t> serialize(const Array &A);
// The bytes serialize() writes before the data, for writing data in pieces.
std::vector<uint8_t> serializeHeader(std::string_view Descr, bool FortranOrder,
                                     std::span<const uint64_t> Shape);

// A shape as Python writes the tuple, as every message about shapes shows
// it: (), (5,), (2, 3).
std::string shapeText(std::span<const uint64_t> Shape);

// The descr trnemu writes for a dtype ("<f4" for fp32, "<u2" for bf16, ...).
const char *descrFor(isa::DType T);

// A tensor's bytes from an array: either its descr is descrFor(T), taken as
// is, or T is a float dtype narrower than fp32 (bf16, fp16, tf32, fp8) and
// the array is float32, each element converted by emu::storeFromFloat
// (round to nearest even). Nothing else is converted implicitly: float64
// data is refused with a hint to save float32. The shape must equal Shape
// (the declared tensor's). Errors name the mismatch: "shape (128, 64) does
// not match the tensor's (128, 512)", "dtype '<f8' cannot be read into
// bf16: ...".
std::variant<std::vector<uint8_t>, std::string> toTensor(const Array &A, isa::DType T,
                                                         std::span<const uint64_t> Shape);
// toTensor() for data read in pieces: made once from the header (checking
// what toTensor checks but the data's size), then given whole elements.
struct TensorConverter {
  isa::DType Type = isa::DType::FP32;
  unsigned InBytes = 0;  // per element in the file
  unsigned OutBytes = 0; // per element of the tensor
  bool Round = false;    // float32 data rounded to Type
  // In.size() / InBytes elements into Out, which holds as many of OutBytes.
  void convert(std::span<const uint8_t> In, std::span<uint8_t> Out) const;
};
std::variant<TensorConverter, std::string>
tensorConverter(std::string_view Descr, bool FortranOrder, std::span<const uint64_t> ArrayShape,
                isa::DType T, std::span<const uint64_t> Shape);

// An array holding a tensor's bytes, in the descr trnemu writes for T.
Array fromTensor(std::span<const uint8_t> Bytes, isa::DType T, std::span<const uint64_t> Shape);

} // namespace trn::npy

#endif
