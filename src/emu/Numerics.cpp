//===- Numerics.cpp - dtype conversions -----------------------------------===//
//
// The emulator's element conversions (trn/emu/Numerics.h). These run once per
// element on every Vector/Scalar/GpSimd instruction, so they are plain
// integer bit manipulation: no APFloat, no long double, no dependence on the
// floating-point environment (rounding mode, FTZ/DAZ) except where the
// language's own int -> float conversion is the contract.
//
// Rules, beyond those stated in the header:
//
//  * fp32 -> narrow, NaN: the result is the format's canonical quiet NaN
//    (exponent all ones, only the top mantissa bit set; for fp8_e4m3fn the
//    single NaN S.1111.111) with the input's sign; the payload is dropped.
//    (APFloat instead keeps the top payload bits and sets the quiet bit; the
//    two agree on NaN-ness and sign, which is what the tests compare.)
//  * narrow -> fp32, NaN: the payload moves to the top of the fp32 mantissa
//    and the quiet bit is set, so a signalling NaN loads as a quiet one. This
//    is bit-for-bit what APFloat's convert does.
//  * tf32 loads read the 19-bit value held in the top of the container; the
//    low 13 bits, zero in any element we store, are ignored.
//  * loadAsInt/storeFromInt on a float dtype move the raw storage bits
//    (zero-extended on load, truncated to the storage width on store; tf32
//    is the whole 4-byte container, as is).
//  * fp32ToInt with a float dtype as target saturates to the int64 range.
//
//===----------------------------------------------------------------------===//

#include "trn/emu/Numerics.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace trn::emu {
namespace {

using isa::DType;

// X >> S, rounded to nearest, ties to even; 1 <= S <= 63.
template <class U> constexpr U shiftRne(U X, unsigned S) {
  return (X + ((U(1) << (S - 1)) - 1) + ((X >> S) & 1)) >> S;
}

//===-- Narrow float formats ----------------------------------------------===//

// A binary float format with E exponent bits and M mantissa bits, E <= 8 and
// M < 23. Fn: no infinity, only all-ones exponent and mantissa is NaN.
template <unsigned E, unsigned M, bool Fn> struct Format {
  static_assert(E >= 2 && E <= 8 && M >= 1 && M < 23);
  static constexpr unsigned Bias = (1u << (E - 1)) - 1;
  static constexpr unsigned Shift = 23 - M; // fp32 mantissa bits dropped
  static constexpr uint32_t ExpMask = (1u << E) - 1;
  static constexpr uint32_t ManMask = (1u << M) - 1;
  static constexpr uint32_t SignBit = 1u << (E + M);
  static constexpr uint32_t NaN = Fn ? (ExpMask << M) | ManMask : (ExpMask << M) | (1u << (M - 1));
  // What overflow produces: infinity, or NaN for Fn formats.
  static constexpr uint32_t Inf = Fn ? NaN : ExpMask << M;
  static constexpr uint32_t MaxFinite = Fn ? NaN - 1 : Inf - 1;
  // fp32 bits of the smallest normal number, 2^(1 - Bias).
  static constexpr uint32_t MinNormal32 = (127 - Bias + 1) << 23;

  static constexpr uint32_t encode(uint32_t B) {
    const uint32_t Sign = (B >> 31) << (E + M);
    const uint32_t A = B & 0x7fffffffu;
    if (A > 0x7f800000u) [[unlikely]]
      return Sign | NaN;
    uint32_t R;
    if (A >= MinNormal32) [[likely]] {
      // Rebias; a carry out of the mantissa correctly bumps the exponent, and
      // anything past the largest finite value (including inf) overflows.
      R = shiftRne(A - ((127 - Bias) << 23), Shift);
      R = R > MaxFinite ? Inf : R;
    } else {
      // Subnormal result: the significand in units of the format's smallest
      // subnormal 2^(1 - Bias - M). For E = 8 fp32 subnormals land here with
      // Exp = 0 and no implicit bit; for narrower exponents they round to 0.
      const uint32_t Exp = A >> 23;
      const uint32_t Man = (A & 0x7fffffu) | (Exp ? 0x800000u : 0u);
      const uint32_t Scale = Exp ? Exp : 1;
      uint32_t S = (151 - Bias - M) - Scale; // >= Shift
      S = S > 31 ? 31 : S;                   // Man < 2^24: rounds to 0 past 24
      R = shiftRne(Man, S);
    }
    return Sign | R;
  }

  static constexpr uint32_t decode(uint32_t B) {
    const uint32_t Sign = ((B >> (E + M)) & 1) << 31;
    uint32_t Exp = (B >> M) & ExpMask;
    uint32_t Man = B & ManMask;
    if (Exp == ExpMask && (!Fn || Man == ManMask)) [[unlikely]] {
      if (Fn || Man)
        return Sign | 0x7fc00000u | (Man << Shift); // quiet, payload kept
      return Sign | 0x7f800000u;
    }
    if constexpr (E == 8) {
      return Sign | (Exp << 23) | (Man << Shift); // same exponent range
    } else {
      if (Exp == 0) {
        if (Man == 0)
          return Sign;
        // Subnormal: normalise so the leading one becomes the implicit bit.
        const unsigned Norm = M + 1 - std::bit_width(Man);
        Man = (Man << Norm) & ManMask;
        return Sign | ((127 - Bias + 1 - Norm) << 23) | (Man << Shift);
      }
      return Sign | ((Exp + 127 - Bias) << 23) | (Man << Shift);
    }
  }
};

using Fp16 = Format<5, 10, false>;
using Fp8E4M3 = Format<4, 3, false>;
using Fp8E5M2 = Format<5, 2, false>;
using Fp8E4M3FN = Format<4, 3, true>;
using Tf32 = Format<8, 10, false>; // 19-bit value, before the container shift

// 256-entry decode tables for the fp8 formats, built at compile time.
template <class F> constexpr std::array<uint32_t, 256> makeTable() {
  std::array<uint32_t, 256> T{};
  for (uint32_t I = 0; I < 256; ++I)
    T[I] = F::decode(I);
  return T;
}
constexpr auto E4M3Table = makeTable<Fp8E4M3>();
constexpr auto E5M2Table = makeTable<Fp8E5M2>();
constexpr auto E4M3FNTable = makeTable<Fp8E4M3FN>();

//===-- OCP MX: E2M1 and E8M0 ---------------------------------------------===//

// fp4 E2M1 (bias 1): 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives; no inf,
// no NaN. Round to nearest even as the other formats (the same subnormal and
// rebias steps with E = 2, M = 1); past 6 saturates (OCP MX 5.3.3 leaves
// overflow to the implementation; saturation is what APFloat does); NaN ->
// zero with the input's sign (APFloat's result too).
constexpr uint32_t encodeE2M1(uint32_t B) {
  const uint32_t Sign = (B >> 31) << 3;
  const uint32_t A = B & 0x7fffffffu;
  if (A > 0x7f800000u) [[unlikely]]
    return Sign;
  uint32_t R;
  if (A >= 0x3f800000u) { // >= 1.0, the smallest normal
    R = A >= 0x7f800000u ? 7 : shiftRne(A - (126u << 23), 22);
    R = R > 7 ? 7 : R;
  } else { // units of 0.5 = 2^-1: shift by 149 - exponent (>= 23)
    const uint32_t Exp = A >> 23;
    const uint32_t Man = (A & 0x7fffffu) | (Exp ? 0x800000u : 0u);
    uint32_t S = 149 - (Exp ? Exp : 1);
    R = shiftRne(Man, S > 31 ? 31 : S);
  }
  return Sign | R;
}
constexpr uint32_t decodeE2M1(uint32_t B) {
  constexpr uint32_t Mag[8] = {0,           0x3f000000u, 0x3f800000u, 0x3fc00000u,
                               0x40000000u, 0x40400000u, 0x40800000u, 0x40c00000u};
  return ((B & 8u) << 28) | Mag[B & 7u];
}

// E8M0: 2^(b - 127), 0xff NaN. fp32 -> E8M0 rounds to the nearest power of
// two, a tie (1.5 x 2^k) going to the even code (round to nearest even with
// no mantissa bits); below 2^-127 gives 2^-127 (there is no zero); NaN,
// zero, negative values, infinity and results past 2^127 give NaN (OCP
// defines no conversion to E8M0; this is the non-saturating choice, as for
// fp8_e4m3fn).
constexpr uint32_t encodeE8M0(uint32_t B) {
  if ((B >> 31) || B >= 0x7f800000u || B == 0)
    return 0xff;
  const uint32_t Exp = B >> 23, Man = B & 0x7fffffu;
  if (Exp == 0) // fp32 subnormal: 2^-127 is Man 0x400000, 1.5 x 2^-127 is 0x600000
    return Man > 0x600000u ? 1 : 0;
  const uint32_t Up = Man > 0x400000u || (Man == 0x400000u && (Exp & 1));
  return Exp + Up; // 255 past 2^127: NaN
}
constexpr uint32_t decodeE8M0(uint32_t B) {
  B &= 0xffu;
  return B == 0xff ? 0x7fc00000u : B == 0 ? 0x00400000u : B << 23;
}

constexpr auto E2M1Table = [] {
  std::array<uint32_t, 256> T{};
  for (uint32_t I = 0; I < 256; ++I)
    T[I] = decodeE2M1(I & 15u); // the high nibble is not part of the value
  return T;
}();

static_assert(encodeE2M1(0x40c00000u) == 7 && encodeE2M1(0x40a00000u) == 6); // 6; 5 ties to 4
static_assert(encodeE2M1(0x3f400000u) == 2 && encodeE2M1(0x3e800000u) == 0); // 0.75 -> 1; 0.25 -> 0
static_assert(encodeE2M1(0xff800000u) == 15 && decodeE2M1(9) == 0xbf000000u);
static_assert(encodeE8M0(0x3f800000u) == 127 && encodeE8M0(0x3fc00000u) == 128); // 1; 1.5 -> 2
static_assert(encodeE8M0(0x40400000u) == 128 && encodeE8M0(0x00600000u) == 0);   // 3 -> 2; tie
static_assert(decodeE8M0(0) == 0x00400000u && decodeE8M0(254) == 0x7f000000u);

// A few sanity checks on the formats, evaluated by the compiler.
static_assert(Fp8E4M3::MaxFinite == 0x77 && Fp8E4M3::Inf == 0x78 && Fp8E4M3::NaN == 0x7c);
static_assert(Fp8E4M3FN::MaxFinite == 0x7e && Fp8E4M3FN::NaN == 0x7f);
static_assert(Fp8E5M2::MaxFinite == 0x7b && Fp8E5M2::Inf == 0x7c && Fp8E5M2::NaN == 0x7e);
static_assert(Fp16::NaN == 0x7e00 && Fp16::Inf == 0x7c00);
static_assert(E4M3FNTable[0x7e] == 0x43e00000u);    // 448
static_assert(E4M3Table[0x77] == 0x43700000u);      // 240
static_assert(E5M2Table[0x7b] == 0x47600000u);      // 57344
static_assert(E4M3Table[0x01] == 0x3b000000u);      // 2^-9
static_assert(Fp16::decode(0x0001) == 0x33800000u); // 2^-24
static_assert(Fp16::encode(0x33000000u) == 0);      // 2^-25 ties to even: 0
static_assert(Fp16::encode(0x33000001u) == 1);

//===-- Storage -----------------------------------------------------------===//

template <class U> U loadLE(const uint8_t *P) {
  U V;
  std::memcpy(&V, P, sizeof V);
  if constexpr (std::endian::native == std::endian::big) {
    U R = 0;
    for (unsigned I = 0; I < sizeof V; ++I)
      R |= U((V >> (8 * I)) & 0xff) << (8 * (sizeof V - 1 - I));
    V = R;
  }
  return V;
}

template <class U> void storeLE(uint8_t *P, U V) {
  if constexpr (std::endian::native == std::endian::big) {
    U R = 0;
    for (unsigned I = 0; I < sizeof V; ++I)
      R |= U((V >> (8 * I)) & 0xff) << (8 * (sizeof V - 1 - I));
    V = R;
  }
  std::memcpy(P, &V, sizeof V);
}

//===-- Integer ranges ----------------------------------------------------===//

struct IntRange {
  int64_t Lo, Hi;
};

constexpr IntRange rangeOf(DType T) {
  switch (T) {
  case DType::INT8:
    return {INT8_MIN, INT8_MAX};
  case DType::INT16:
    return {INT16_MIN, INT16_MAX};
  case DType::INT32:
    return {INT32_MIN, INT32_MAX};
  case DType::UINT8:
    return {0, UINT8_MAX};
  case DType::UINT16:
    return {0, UINT16_MAX};
  case DType::UINT32:
    return {0, UINT32_MAX};
  default:
    return {INT64_MIN, INT64_MAX};
  }
}

constexpr auto Ranges = [] {
  std::array<IntRange, isa::NumDTypes> R{};
  for (unsigned I = 0; I < isa::NumDTypes; ++I)
    R[I] = rangeOf(static_cast<DType>(I));
  return R;
}();

} // namespace

//===-- fp32 -> narrow ----------------------------------------------------===//

uint16_t fp32ToBf16(float F) {
  // Same exponent range as fp32: rounding the top 16 bits is the whole job;
  // a carry into the exponent, overflow to inf and subnormals fall out.
  const uint32_t B = floatToBits(F);
  const uint32_t A = B & 0x7fffffffu;
  if (A > 0x7f800000u) [[unlikely]]
    return uint16_t((B >> 16 & 0x8000u) | 0x7fc0u);
  return uint16_t((B >> 16 & 0x8000u) | shiftRne(A, 16));
}

uint16_t fp32ToFp16(float F) { return uint16_t(Fp16::encode(floatToBits(F))); }
uint8_t fp32ToFp8E4M3(float F) { return uint8_t(Fp8E4M3::encode(floatToBits(F))); }
uint8_t fp32ToFp8E5M2(float F) { return uint8_t(Fp8E5M2::encode(floatToBits(F))); }
uint8_t fp32ToFp8E4M3FN(float F) { return uint8_t(Fp8E4M3FN::encode(floatToBits(F))); }

uint8_t fp32ToFp4E2M1(float F) { return uint8_t(encodeE2M1(floatToBits(F))); }
uint8_t fp32ToFp8E8M0(float F) { return uint8_t(encodeE8M0(floatToBits(F))); }

uint32_t fp32ToTf32(float F) {
  const uint32_t B = floatToBits(F);
  const uint32_t A = B & 0x7fffffffu;
  if (A > 0x7f800000u) [[unlikely]]
    return (B & 0x80000000u) | 0x7fc00000u;
  return (B & 0x80000000u) | (shiftRne(A, 13) << 13);
}

//===-- narrow -> fp32 ----------------------------------------------------===//

float bf16ToFp32(uint16_t Bits) {
  uint32_t B = uint32_t(Bits) << 16;
  if ((B & 0x7fffffffu) > 0x7f800000u) [[unlikely]]
    B |= 0x00400000u; // quiet a signalling NaN
  return bitsToFloat(B);
}

float fp16ToFp32(uint16_t Bits) { return bitsToFloat(Fp16::decode(Bits)); }
float fp8E4M3ToFp32(uint8_t Bits) { return bitsToFloat(E4M3Table[Bits]); }
float fp8E5M2ToFp32(uint8_t Bits) { return bitsToFloat(E5M2Table[Bits]); }
float fp8E4M3FNToFp32(uint8_t Bits) { return bitsToFloat(E4M3FNTable[Bits]); }
float fp4E2M1ToFp32(uint8_t Bits) { return bitsToFloat(E2M1Table[Bits]); }
float fp8E8M0ToFp32(uint8_t Bits) { return bitsToFloat(decodeE8M0(Bits)); }

float packedLaneToFp32(isa::DType T, const uint8_t *P, unsigned Lane) {
  switch (T) {
  case DType::FP8_E4M3FN_X4:
    return fp8E4M3FNToFp32(P[Lane]);
  case DType::FP8_E5M2_X4:
    return fp8E5M2ToFp32(P[Lane]);
  case DType::FP4_E2M1_X4:
    return fp4E2M1ToFp32(uint8_t(P[Lane / 2] >> (4 * (Lane % 2))));
  default:
    return loadAsFloat(T, P);
  }
}

void storePackedLane(isa::DType T, uint8_t *P, unsigned Lane, float F) {
  switch (T) {
  case DType::FP8_E4M3FN_X4:
    P[Lane] = fp32ToFp8E4M3FN(F);
    return;
  case DType::FP8_E5M2_X4:
    P[Lane] = fp32ToFp8E5M2(F);
    return;
  case DType::FP4_E2M1_X4: {
    unsigned Shift = 4 * (Lane % 2);
    P[Lane / 2] = uint8_t((P[Lane / 2] & ~(0xfu << Shift)) | (fp32ToFp4E2M1(F) << Shift));
    return;
  }
  default:
    storeFromFloat(T, P, F);
  }
}

//===-- microscaling (OCP MX v1.0) ----------------------------------------===//

int mxEmax(isa::DType Packed) {
  switch (Packed) {
  case DType::FP8_E4M3FN_X4:
    return 8; // 448 = 1.75 x 2^8
  case DType::FP8_E5M2_X4:
    return 15; // 57344 = 1.75 x 2^15
  default:
    return 2; // fp4_e2m1: 6 = 1.5 x 2^2
  }
}

uint8_t mxScaleCode(float Amax, isa::DType Packed) {
  if (std::isnan(Amax) || std::isinf(Amax))
    return 0xff;
  if (Amax == 0.0f)
    return 0;
  int Exp = 0;
  (void)std::frexp(Amax, &Exp); // Amax = m x 2^Exp, m in [0.5, 1): exact
  int Code = (Exp - 1) - mxEmax(Packed) + 127;
  return uint8_t(std::clamp(Code, 0, 254));
}

void mxQuantizeLane(isa::DType Packed, uint8_t *P, unsigned Lane, float X, uint8_t Code) {
  if (Code == 0xff) {
    storePackedLane(Packed, P, Lane, bitsToFloat(0x7fc00000u));
    return;
  }
  // x / 2^(Code - 127): exact while the quotient is an fp32 normal; below
  // 2^-126 every element type rounds it to zero anyway.
  float V = std::ldexp(X, 127 - int(Code));
  float Max = Packed == DType::FP8_E4M3FN_X4 ? 448.0f
              : Packed == DType::FP8_E5M2_X4 ? 57344.0f
                                             : 6.0f;
  if (std::fabs(V) > Max) // saturate (a finite x only: the code is 255 otherwise)
    V = std::copysign(Max, V);
  storePackedLane(Packed, P, Lane, V);
}

float mxDequantizeLane(isa::DType Packed, const uint8_t *P, unsigned Lane, uint8_t Code) {
  float V = packedLaneToFp32(Packed, P, Lane);
  if (Code == 0xff || std::isnan(V))
    return bitsToFloat(0x7fc00000u);
  return std::ldexp(V, int(Code) - 127);
}

//===-- fp32 -> integer ---------------------------------------------------===//

int64_t fp32ToInt(float F, isa::DType To) {
  const IntRange R = Ranges[static_cast<unsigned>(To)];
  const uint32_t B = floatToBits(F);
  const uint32_t A = B & 0x7fffffffu;
  const bool Neg = B >> 31;
  if (A > 0x7f800000u) [[unlikely]]
    return 0;
  const uint32_t Exp = A >> 23;
  const uint32_t Man = (A & 0x7fffffu) | 0x800000u;
  int64_t Mag;
  if (Exp < 150) { // has a fraction: round it off; below 0.5 (shift > 24) gives 0
    const uint32_t S = 150 - Exp;
    Mag = shiftRne(Man, S > 31 ? 31 : S);
  } else if (Exp < 150 + 40) { // an integer below 2^63
    Mag = int64_t(uint64_t(Man) << (Exp - 150));
  } else [[unlikely]] { // |F| >= 2^63, inf
    return Neg ? R.Lo : R.Hi;
  }
  const int64_t V = Neg ? -Mag : Mag;
  return V < R.Lo ? R.Lo : V > R.Hi ? R.Hi : V;
}

//===-- Elements in memory ------------------------------------------------===//

float loadAsFloat(isa::DType T, const uint8_t *P) {
  switch (T) {
  case DType::FP32:
    return bitsToFloat(loadLE<uint32_t>(P));
  case DType::BF16:
    return bf16ToFp32(loadLE<uint16_t>(P));
  case DType::FP16:
    return fp16ToFp32(loadLE<uint16_t>(P));
  case DType::TF32:
    return bitsToFloat(Tf32::decode(loadLE<uint32_t>(P) >> 13));
  case DType::FP8_E4M3:
    return fp8E4M3ToFp32(*P);
  case DType::FP8_E5M2:
    return fp8E5M2ToFp32(*P);
  case DType::FP8_E4M3FN:
    return fp8E4M3FNToFp32(*P);
  case DType::FP4_E2M1:
    return fp4E2M1ToFp32(*P);
  case DType::FP8_E8M0:
    return fp8E8M0ToFp32(*P);
  case DType::FP8_E4M3FN_X4: // four values: none of them alone is the element
  case DType::FP8_E5M2_X4:
  case DType::FP4_E2M1_X4:
    return bitsToFloat(0x7fc00000u);
  case DType::INT8:
    return float(int8_t(*P));
  case DType::INT16:
    return float(int16_t(loadLE<uint16_t>(P)));
  case DType::INT32:
    return float(int32_t(loadLE<uint32_t>(P)));
  case DType::UINT8:
    return float(*P);
  case DType::UINT16:
    return float(loadLE<uint16_t>(P));
  case DType::UINT32:
    return float(loadLE<uint32_t>(P));
  }
  return 0.0f;
}

void storeFromFloat(isa::DType T, uint8_t *P, float F) {
  switch (T) {
  case DType::FP32:
    return storeLE<uint32_t>(P, floatToBits(F));
  case DType::BF16:
    return storeLE<uint16_t>(P, fp32ToBf16(F));
  case DType::FP16:
    return storeLE<uint16_t>(P, fp32ToFp16(F));
  case DType::TF32:
    return storeLE<uint32_t>(P, fp32ToTf32(F));
  case DType::FP8_E4M3:
    *P = fp32ToFp8E4M3(F);
    return;
  case DType::FP8_E5M2:
    *P = fp32ToFp8E5M2(F);
    return;
  case DType::FP8_E4M3FN:
    *P = fp32ToFp8E4M3FN(F);
    return;
  case DType::FP4_E2M1:
    *P = fp32ToFp4E2M1(F);
    return;
  case DType::FP8_E8M0:
    *P = fp32ToFp8E8M0(F);
    return;
  case DType::FP8_E4M3FN_X4: // every value the same: what one number can say
  case DType::FP8_E5M2_X4:
  case DType::FP4_E2M1_X4:
    for (unsigned Lane = 0; Lane < 4; ++Lane)
      storePackedLane(T, P, Lane, F);
    return;
  case DType::INT8:
  case DType::UINT8:
    *P = uint8_t(fp32ToInt(F, T));
    return;
  case DType::INT16:
  case DType::UINT16:
    return storeLE<uint16_t>(P, uint16_t(fp32ToInt(F, T)));
  case DType::INT32:
  case DType::UINT32:
    return storeLE<uint32_t>(P, uint32_t(fp32ToInt(F, T)));
  }
}

namespace {

template <class Load>
void loadEach(const uint8_t *P, float *Out, size_t N, unsigned Bytes, Load L) {
  for (size_t K = 0; K < N; ++K)
    Out[K] = L(P + K * Bytes);
}
template <class Store>
void storeEach(uint8_t *P, const float *In, size_t N, unsigned Bytes, Store S) {
  for (size_t K = 0; K < N; ++K)
    S(P + K * Bytes, In[K]);
}

} // namespace

void loadRowAsFloat(isa::DType T, const uint8_t *P, float *Out, size_t N) {
  switch (T) {
  case DType::FP32:
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(Out, P, N * 4);
      return;
    }
    break;
  case DType::BF16:
    return loadEach(P, Out, N, 2, [](const uint8_t *E) { return bf16ToFp32(loadLE<uint16_t>(E)); });
  case DType::FP16:
    return loadEach(P, Out, N, 2, [](const uint8_t *E) { return fp16ToFp32(loadLE<uint16_t>(E)); });
  case DType::FP8_E4M3:
    return loadEach(P, Out, N, 1, [](const uint8_t *E) { return fp8E4M3ToFp32(*E); });
  case DType::FP8_E5M2:
    return loadEach(P, Out, N, 1, [](const uint8_t *E) { return fp8E5M2ToFp32(*E); });
  case DType::FP8_E4M3FN:
    return loadEach(P, Out, N, 1, [](const uint8_t *E) { return fp8E4M3FNToFp32(*E); });
  default:
    break;
  }
  unsigned Bytes = isa::dtype(T).StorageBytes;
  loadEach(P, Out, N, Bytes, [T](const uint8_t *E) { return loadAsFloat(T, E); });
}

void storeRowFromFloat(isa::DType T, uint8_t *P, const float *In, size_t N) {
  switch (T) {
  case DType::FP32:
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(P, In, N * 4);
      return;
    }
    break;
  case DType::BF16:
    return storeEach(P, In, N, 2, [](uint8_t *E, float F) { storeLE<uint16_t>(E, fp32ToBf16(F)); });
  case DType::FP16:
    return storeEach(P, In, N, 2, [](uint8_t *E, float F) { storeLE<uint16_t>(E, fp32ToFp16(F)); });
  case DType::FP8_E4M3:
    return storeEach(P, In, N, 1, [](uint8_t *E, float F) { *E = fp32ToFp8E4M3(F); });
  case DType::FP8_E5M2:
    return storeEach(P, In, N, 1, [](uint8_t *E, float F) { *E = fp32ToFp8E5M2(F); });
  case DType::FP8_E4M3FN:
    return storeEach(P, In, N, 1, [](uint8_t *E, float F) { *E = fp32ToFp8E4M3FN(F); });
  default:
    break;
  }
  unsigned Bytes = isa::dtype(T).StorageBytes;
  storeEach(P, In, N, Bytes, [T](uint8_t *E, float F) { storeFromFloat(T, E, F); });
}

int64_t loadAsInt(isa::DType T, const uint8_t *P) {
  switch (T) {
  case DType::INT8:
    return int8_t(*P);
  case DType::INT16:
    return int16_t(loadLE<uint16_t>(P));
  case DType::INT32:
    return int32_t(loadLE<uint32_t>(P));
  case DType::UINT8:
  case DType::FP8_E4M3:
  case DType::FP8_E5M2:
  case DType::FP8_E4M3FN:
  case DType::FP4_E2M1:
  case DType::FP8_E8M0:
    return *P;
  case DType::UINT16:
  case DType::BF16:
  case DType::FP16:
  case DType::FP4_E2M1_X4:
    return loadLE<uint16_t>(P);
  case DType::UINT32:
  case DType::FP32:
  case DType::TF32:
  case DType::FP8_E4M3FN_X4:
  case DType::FP8_E5M2_X4:
    return loadLE<uint32_t>(P);
  }
  return 0;
}

void storeFromInt(isa::DType T, uint8_t *P, int64_t V) {
  switch (T) {
  case DType::INT8:
  case DType::UINT8:
  case DType::FP8_E4M3:
  case DType::FP8_E5M2:
  case DType::FP8_E4M3FN:
  case DType::FP4_E2M1:
  case DType::FP8_E8M0:
    *P = uint8_t(V);
    return;
  case DType::INT16:
  case DType::UINT16:
  case DType::BF16:
  case DType::FP16:
  case DType::FP4_E2M1_X4:
    return storeLE<uint16_t>(P, uint16_t(V));
  case DType::INT32:
  case DType::UINT32:
  case DType::FP32:
  case DType::TF32:
  case DType::FP8_E4M3FN_X4:
  case DType::FP8_E5M2_X4:
    return storeLE<uint32_t>(P, uint32_t(V));
  }
}

} // namespace trn::emu
