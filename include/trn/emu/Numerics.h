//===- trn/emu/Numerics.h - dtype conversions -------------------*- C++ -*-===//
//
// How the emulator turns stored elements into the fp32 lanes the Vector,
// Scalar and GpSimd engines compute in, and back. Every conversion rounds to
// nearest, ties to even; the rules for NaN, infinity, overflow and
// subnormals are stated per function and tested exhaustively against
// llvm::APFloat (testsuite/unit/NumericsTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_NUMERICS_H
#define TRN_EMU_NUMERICS_H

#include "trn/isa/Isa.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace trn::emu {

// fp32 -> a narrower float format, as raw bits in the low bits of the result.
// Round to nearest even, subnormals produced and kept. NaN -> the format's
// quiet NaN with the input's sign. For formats with infinity (bf16, fp16,
// fp8_e4m3, fp8_e5m2): overflow -> infinity, as IEEE 754 rounding does. For
// fp8_e4m3fn (no infinity): infinity and overflow -> NaN (OCP "non-saturating"
// mode, as APFloat converts).
uint16_t fp32ToBf16(float F);
uint16_t fp32ToFp16(float F);
uint8_t fp32ToFp8E4M3(float F);
uint8_t fp32ToFp8E5M2(float F);
uint8_t fp32ToFp8E4M3FN(float F);
// tf32 in its 4-byte container: fp32 rounded to 10 mantissa bits, the low 13
// bits zero.
uint32_t fp32ToTf32(float F);

// Narrow float -> fp32: always exact.
float bf16ToFp32(uint16_t Bits);
float fp16ToFp32(uint16_t Bits);
float fp8E4M3ToFp32(uint8_t Bits);
float fp8E5M2ToFp32(uint8_t Bits);
float fp8E4M3FNToFp32(uint8_t Bits);

// fp32 -> integer: round to nearest even, saturate to the type's range,
// NaN -> 0.
int64_t fp32ToInt(float F, isa::DType To);

// One stored element of any dtype as fp32 (integers round to nearest even
// when they exceed 24 bits, as int -> float conversion does).
float loadAsFloat(isa::DType T, const uint8_t *P);
// Stores fp32 F as dtype T.
void storeFromFloat(isa::DType T, uint8_t *P, float F);
// N contiguous stored elements of dtype T as fp32 and back: loadAsFloat and
// storeFromFloat element by element, with the dtype chosen once.
void loadRowAsFloat(isa::DType T, const uint8_t *P, float *Out, size_t N);
void storeRowFromFloat(isa::DType T, uint8_t *P, const float *In, size_t N);
// Integer dtypes as raw integers (sign- or zero-extended), for bitvec ops.
int64_t loadAsInt(isa::DType T, const uint8_t *P);
void storeFromInt(isa::DType T, uint8_t *P, int64_t V); // wraps to the width

inline float bitsToFloat(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}
inline uint32_t floatToBits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

} // namespace trn::emu

#endif
