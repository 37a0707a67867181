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
// OCP MX element and scale types (docs/numerics.md, "Microscaling"). fp4
// E2M1, in the low nibble: overflow and infinity saturate to +-6, NaN gives
// a zero of its sign. E8M0: the nearest power of two (a tie to the even
// code), 2^-127 for anything smaller; NaN, zero, negative, infinite and
// past-2^127 inputs give NaN (0xff).
uint8_t fp32ToFp4E2M1(float F);
uint8_t fp32ToFp8E8M0(float F);
// tf32 in its 4-byte container: fp32 rounded to 10 mantissa bits, the low 13
// bits zero.
uint32_t fp32ToTf32(float F);

// Narrow float -> fp32: always exact.
float bf16ToFp32(uint16_t Bits);
float fp16ToFp32(uint16_t Bits);
float fp8E4M3ToFp32(uint8_t Bits);
float fp8E5M2ToFp32(uint8_t Bits);
float fp8E4M3FNToFp32(uint8_t Bits);
float fp4E2M1ToFp32(uint8_t Bits); // the low nibble; the high one is ignored
float fp8E8M0ToFp32(uint8_t Bits);
// Value Lane (0-3) of a packed x4 element at P, and storing one; for an
// unpacked type, the element itself (Lane ignored).
float packedLaneToFp32(isa::DType T, const uint8_t *P, unsigned Lane);
void storePackedLane(isa::DType T, uint8_t *P, unsigned Lane, float F);

// Microscaling (OCP MX v1.0; docs/numerics.md, "MX"). Packed is an x4 type
// (fp8_e4m3fn_x4, fp8_e5m2_x4, fp4_e2m1_x4); its values' largest exponent
// emax is 8, 15 and 2.
int mxEmax(isa::DType Packed);
// The E8M0 scale code of a group whose largest magnitude is Amax (NaN when
// the group holds a NaN or an infinity): floor(log2(Amax)) - emax + 127,
// clamped to 0..254; 0 for Amax = 0; 255 (NaN) for a NaN Amax.
uint8_t mxScaleCode(float Amax, isa::DType Packed);
// Stores X / 2^(Code - 127) as value Lane of the packed element at P:
// rounded to nearest even and saturated to the value type's largest finite
// magnitude; with Code 255 the value type's positive quiet NaN.
void mxQuantizeLane(isa::DType Packed, uint8_t *P, unsigned Lane, float X, uint8_t Code);
// Value Lane of the packed element at P times 2^(Code - 127), exact in fp32
// (an infinity past fp32's range); the positive quiet NaN 0x7FC00000 when
// the value or the scale (Code 255) is NaN.
float mxDequantizeLane(isa::DType Packed, const uint8_t *P, unsigned Lane, uint8_t Code);

// fp32 -> integer: round to nearest even, saturate to the type's range,
// NaN -> 0.
int64_t fp32ToInt(float F, isa::DType To);

// One stored element of any dtype as fp32 (integers round to nearest even
// when they exceed 24 bits, as int -> float conversion does). A packed x4
// element loads as NaN (no one number is its value: the verifier keeps
// packed types out of instructions that convert) and stores F in all four
// values.
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
