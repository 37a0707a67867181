//===- NumericsTest.cpp - dtype conversions against llvm::APFloat ---------===//
//
// trn/emu/Numerics.h converts with integer bit tricks; llvm::APFloat is the
// independent oracle (software IEEE arithmetic with the same formats:
// BFloat, IEEEhalf, FloatTF32, Float8E4M3, Float8E5M2, Float8E4M3FN), always
// with rmNearestTiesToEven.
//
//  * Every bit pattern of every narrow format (tf32: all 2^19) decodes to the
//    same fp32 bits as APFloat's convert, and re-encodes to itself.
//  * fp32 -> narrow is compared bit for bit at every rounding boundary of
//    each format (each value, its fp32 neighbours, the exact midpoint to its
//    successor and the fp32 values either side of it, up to the overflow
//    threshold), across fp32 subnormals, specials and NaNs, and on random
//    fp32 values. NaN results: APFloat keeps the top payload bits, we return
//    the canonical quiet NaN (Numerics.cpp); both must be NaN with the
//    input's sign, and ours must be exactly the canonical pattern.
//  * fp32ToInt against std::nearbyint in double (FE_TONEAREST: ties to even,
//    exact for every float) clamped to the type's range, plus hand-worked
//    cases.
//
// Failures are counted, with the first few printed, rather than asserted
// one by one: a few million doctest assertions would dominate the run time.
//
//===----------------------------------------------------------------------===//

#include "trn/emu/Numerics.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace trn::emu;
using llvm::APFloat;
using llvm::APInt;
using trn::isa::DType;

namespace {

//===-- The oracle --------------------------------------------------------===//

const llvm::fltSemantics &fp32Sem() { return APFloat::IEEEsingle(); }

// APFloat's bits for Bits (of format From) converted to To, and whether the
// result is a NaN.
struct OracleResult {
  uint64_t Bits;
  bool IsNaN;
};

OracleResult oracle(const llvm::fltSemantics &From, uint64_t Bits, const llvm::fltSemantics &To) {
  APFloat F(From, APInt(APFloat::semanticsSizeInBits(From), Bits));
  bool LosesInfo;
  F.convert(To, APFloat::rmNearestTiesToEven, &LosesInfo);
  return {F.bitcastToAPInt().getZExtValue(), F.isNaN()};
}

// The exact value of a narrow pattern, by APFloat.
double oracleValue(const llvm::fltSemantics &Sem, uint64_t Bits) {
  APFloat F(Sem, APInt(APFloat::semanticsSizeInBits(Sem), Bits));
  bool LosesInfo;
  F.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &LosesInfo);
  return F.convertToDouble();
}

//===-- The formats under test --------------------------------------------===//

std::string hex(uint64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "0x%llx", static_cast<unsigned long long>(V));
  return Buf;
}

struct Narrow {
  const char *Name;
  const llvm::fltSemantics &Sem;
  unsigned Width;        // bits of a pattern (tf32: 19)
  uint32_t CanonicalNaN; // positive; written out by hand
  uint32_t (*Encode)(float);
  float (*Decode)(uint32_t);
};

// tf32 goes through its container: a pattern is the top 19 bits.
uint32_t encodeTf32(float F) { return fp32ToTf32(F) >> 13; }
float decodeTf32(uint32_t P) {
  uint8_t Buf[4];
  storeFromInt(DType::TF32, Buf, int64_t(P) << 13);
  return loadAsFloat(DType::TF32, Buf);
}

const Narrow Formats[] = {
    {"bf16", APFloat::BFloat(), 16, 0x7fc0, [](float F) -> uint32_t { return fp32ToBf16(F); },
     [](uint32_t P) { return bf16ToFp32(uint16_t(P)); }},
    {"fp16", APFloat::IEEEhalf(), 16, 0x7e00, [](float F) -> uint32_t { return fp32ToFp16(F); },
     [](uint32_t P) { return fp16ToFp32(uint16_t(P)); }},
    {"tf32", APFloat::FloatTF32(), 19, 0x3fe00, encodeTf32, decodeTf32},
    {"fp8_e4m3", APFloat::Float8E4M3(), 8, 0x7c,
     [](float F) -> uint32_t { return fp32ToFp8E4M3(F); },
     [](uint32_t P) { return fp8E4M3ToFp32(uint8_t(P)); }},
    {"fp8_e5m2", APFloat::Float8E5M2(), 8, 0x7e,
     [](float F) -> uint32_t { return fp32ToFp8E5M2(F); },
     [](uint32_t P) { return fp8E5M2ToFp32(uint8_t(P)); }},
    {"fp8_e4m3fn", APFloat::Float8E4M3FN(), 8, 0x7f,
     [](float F) -> uint32_t { return fp32ToFp8E4M3FN(F); },
     [](uint32_t P) { return fp8E4M3FNToFp32(uint8_t(P)); }},
};

// Counts failures and reports the first few.
struct Tally {
  const char *What;
  uint64_t Checked = 0, Failed = 0;

  void fail(const std::string &Msg) {
    if (++Failed <= 8)
      FAIL_CHECK(What << ": " << Msg);
  }
};

// Ours versus APFloat for one fp32 input.
void checkEncode(const Narrow &N, uint32_t In, Tally &T) {
  ++T.Checked;
  const uint32_t Ours = N.Encode(bitsToFloat(In));
  const OracleResult Ref = oracle(fp32Sem(), In, N.Sem);
  const uint32_t SignBit = 1u << (N.Width - 1);
  if (Ref.IsNaN) {
    const uint32_t Want = N.CanonicalNaN | (In >> 31 ? SignBit : 0);
    if (Ours != Want || (Ref.Bits & SignBit) != (Want & SignBit))
      T.fail(std::string(N.Name) + " fp32 " + hex(In) + ": ours " + hex(Ours) + ", APFloat " +
             hex(Ref.Bits) + " (NaN), canonical " + hex(Want));
  } else if (Ours != Ref.Bits) {
    T.fail(std::string(N.Name) + " fp32 " + hex(In) + ": ours " + hex(Ours) + ", APFloat " +
           hex(Ref.Bits));
  }
}

} // namespace

//===-- Decoding: every pattern -------------------------------------------===//

TEST_CASE("every narrow pattern decodes exactly and re-encodes to itself") {
  for (const Narrow &N : Formats) {
    Tally Dec{"decode"}, Enc{"re-encode"};
    const uint32_t SignBit = 1u << (N.Width - 1);
    for (uint32_t P = 0; P < (1u << N.Width); ++P) {
      ++Dec.Checked;
      ++Enc.Checked;
      const uint32_t Ours = floatToBits(N.Decode(P));
      const OracleResult Ref = oracle(N.Sem, P, fp32Sem());
      if (Ours != Ref.Bits) // NaNs too: payload moved up, quiet bit set
        Dec.fail(std::string(N.Name) + " " + hex(P) + ": ours " + hex(Ours) + ", APFloat " +
                 hex(Ref.Bits));
      const uint32_t Back = N.Encode(bitsToFloat(Ours));
      const uint32_t Want = Ref.IsNaN ? N.CanonicalNaN | (P & SignBit) : P;
      if (Back != Want)
        Enc.fail(std::string(N.Name) + " " + hex(P) + " -> " + hex(Ours) + " -> " + hex(Back));
    }
    INFO(N.Name);
    CHECK(Dec.Checked == (uint64_t(1) << N.Width));
    CHECK(Dec.Failed == 0);
    CHECK(Enc.Failed == 0);
  }
}

TEST_CASE("decoding: spot values worked by hand") {
  CHECK(bf16ToFp32(0x3f80) == 1.0f);
  CHECK(bf16ToFp32(0x0001) == std::ldexp(1.0f, -133)); // smallest subnormal
  CHECK(fp16ToFp32(0x7bff) == 65504.0f);
  CHECK(fp16ToFp32(0x0001) == std::ldexp(1.0f, -24));
  CHECK(fp16ToFp32(0x03ff) == std::ldexp(1023.0f, -24)); // largest subnormal
  CHECK(fp8E4M3ToFp32(0x77) == 240.0f);
  CHECK(std::isinf(fp8E4M3ToFp32(0x78)));
  CHECK(std::isnan(fp8E4M3ToFp32(0x79)));
  CHECK(fp8E4M3ToFp32(0x01) == std::ldexp(1.0f, -9));
  CHECK(fp8E5M2ToFp32(0x7b) == 57344.0f);
  CHECK(fp8E5M2ToFp32(0x01) == std::ldexp(1.0f, -16));
  CHECK(fp8E4M3FNToFp32(0x7e) == 448.0f);
  CHECK(fp8E4M3FNToFp32(0x78) == 256.0f); // finite: no infinity in fn
  CHECK(fp8E4M3FNToFp32(0xfe) == -448.0f);
  CHECK(std::isnan(fp8E4M3FNToFp32(0x7f)));
  CHECK(std::signbit(fp8E4M3FNToFp32(0xff)));
  CHECK(floatToBits(fp8E4M3FNToFp32(0x80)) == 0x80000000u); // -0
  // A signalling NaN loads quiet, payload kept.
  CHECK(floatToBits(bf16ToFp32(0x7f81)) == 0x7fc10000u);
  CHECK(floatToBits(fp16ToFp32(0xfd01)) == 0xffe02000u);
}

//===-- Encoding: boundaries, specials, random ----------------------------===//

TEST_CASE("fp32 -> narrow at every rounding boundary") {
  for (const Narrow &N : Formats) {
    Tally T{"boundary"};
    uint64_t Inexact = 0;
    const uint32_t SignBit = 1u << (N.Width - 1);
    auto both = [&](uint32_t In) {
      checkEncode(N, In, T);
      checkEncode(N, In ^ 0x80000000u, T);
    };
    auto around = [&](float F) { // F and its fp32 neighbours
      both(floatToBits(F));
      both(floatToBits(std::nextafter(F, 0.0f)));
      both(floatToBits(std::nextafter(F, INFINITY)));
    };
    double Prev = 0;
    for (uint32_t P = 0; P < SignBit; ++P) {
      const double V = oracleValue(N.Sem, P);
      if (std::isnan(V) || std::isinf(V))
        break; // the positive finite patterns come first
      // The successor: the next pattern, or for the largest finite value the
      // one the format would have next (its ulp past it), whose midpoint is
      // the overflow threshold.
      double S = P + 1 < SignBit ? oracleValue(N.Sem, P + 1) : INFINITY;
      if (std::isnan(S) || std::isinf(S))
        S = V + (V - Prev);
      const double Mid = (V + S) / 2; // exact in double
      const float MidF = static_cast<float>(Mid);
      Inexact += double(MidF) != Mid;
      if (N.Width == 19) { // tf32 has 2^18 values: the essentials only
        both(floatToBits(float(V)));
        around(MidF);
      } else {
        around(float(V));
        around(MidF);
      }
      Prev = V;
    }
    INFO(N.Name);
    CHECK(Inexact == 0); // every midpoint is an fp32 value
    CHECK(T.Failed == 0);
    CHECK(T.Checked > 0); // shows the count under --success
  }
}

TEST_CASE("fp32 -> narrow: specials, subnormals, overflow and random values") {
  std::vector<uint32_t> Shared;
  auto add = [&](uint32_t B) {
    Shared.push_back(B);
    Shared.push_back(B ^ 0x80000000u);
  };
  // Zeros, infinities, NaNs with various payloads (quiet and signalling).
  for (uint32_t B : {0x00000000u, 0x7f800000u, 0x7f800001u, 0x7f800002u, 0x7f801fffu, 0x7f802000u,
                     0x7f810000u, 0x7fa00000u, 0x7fbfffffu, 0x7fc00000u, 0x7fc00001u, 0x7fd55555u,
                     0x7fe00000u, 0x7fffe000u, 0x7fffffffu, 0x7f7fffffu, 0x00800000u, 0x007fffffu})
    add(B);
  // fp32 subnormals: the ends, and a stride through the middle.
  for (uint32_t B = 1; B <= 256; ++B) {
    add(B);
    add(0x00800000u - B);
  }
  for (uint32_t B = 1; B < 0x00800000u; B += 4093)
    add(B);
  // Powers of two (and 1.5 x) across the whole exponent range, neighbours too.
  for (uint32_t E = 0; E < 255; ++E)
    for (uint32_t M : {0u, 1u, 0x400000u, 0x3fffffu, 0x400001u, 0x7fffffu})
      add(E << 23 | M);
  // Random fp32 bit patterns. std::mt19937's output is fixed by the standard.
  std::mt19937 Rng(20240917);
  for (unsigned I = 0; I < 500000; ++I)
    Shared.push_back(Rng());

  for (const Narrow &N : Formats) {
    Tally T{"fp32 -> narrow"};
    for (uint32_t B : Shared)
      checkEncode(N, B, T);
    // Random values in and around the format's range: every fp32 binade
    // from a few below the smallest subnormal to a few past the largest
    // finite value, random mantissa and sign.
    const int MinSubExp =
        APFloat::semanticsMinExponent(N.Sem) - int(APFloat::semanticsPrecision(N.Sem)) + 1;
    const int MaxExp = APFloat::semanticsMaxExponent(N.Sem);
    const uint32_t Lo = uint32_t(std::max(0, MinSubExp - 3 + 127));
    const uint32_t Hi = uint32_t(std::min(254, MaxExp + 3 + 127));
    for (unsigned I = 0; I < 600000; ++I) {
      const uint32_t R = Rng();
      const uint32_t E = Lo + R % (Hi - Lo + 1);
      checkEncode(N, (Rng() & 0x807fffffu) | E << 23, T);
    }
    // Every fp32 value in the binades around the format's smallest
    // subnormal, with the low 12 mantissa bits varied only at the ends of
    // each run of 2^12 (the rounding decision lives in the high bits there).
    for (uint32_t E = Lo; E <= uint32_t(std::max(0, MinSubExp + 2 + 127)); ++E)
      for (uint32_t Hi11 = 0; Hi11 < 2048; ++Hi11)
        for (uint32_t Low : {0u, 1u, 0x7ffu, 0x800u, 0x801u, 0xfffu})
          checkEncode(N, E << 23 | Hi11 << 12 | Low, T);
    INFO(N.Name);
    CHECK(T.Failed == 0);
    CHECK(T.Checked >= 1000000);
  }
}

TEST_CASE("fp32 -> narrow: hand-worked rounding, overflow and NaN") {
  // Ties to even.
  CHECK(fp32ToBf16(bitsToFloat(0x3f808000)) == 0x3f80); // tie, even is down
  CHECK(fp32ToBf16(bitsToFloat(0x3f818000)) == 0x3f82); // tie, even is up
  CHECK(fp32ToBf16(bitsToFloat(0x3f808001)) == 0x3f81);
  CHECK(fp32ToFp16(1.0f + std::ldexp(1.0f, -11)) == 0x3c00);
  CHECK(fp32ToFp16(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3c02);
  // Overflow: to inf for IEEE-style formats, NaN for e4m3fn.
  CHECK(fp32ToBf16(bitsToFloat(0x7f7fffff)) == 0x7f80);
  CHECK(fp32ToBf16(bitsToFloat(0x7f7f7fff)) == 0x7f7f);
  CHECK(fp32ToFp16(65504.0f) == 0x7bff);
  CHECK(fp32ToFp16(65519.996f) == 0x7bff); // just below the threshold 65520
  CHECK(fp32ToFp16(65520.0f) == 0x7c00);   // tie: even is the overflow
  CHECK(fp32ToFp16(-1e6f) == 0xfc00);
  CHECK(fp32ToFp8E4M3(240.0f) == 0x77);
  CHECK(fp32ToFp8E4M3(247.99998f) == 0x77);
  CHECK(fp32ToFp8E4M3(248.0f) == 0x78); // tie between 240 (odd) and 256
  CHECK(fp32ToFp8E5M2(57344.0f) == 0x7b);
  CHECK(fp32ToFp8E5M2(61440.0f) == 0x7c); // tie between 57344 (odd) and 65536
  CHECK(fp32ToFp8E5M2(61439.996f) == 0x7b);
  CHECK(fp32ToFp8E4M3FN(448.0f) == 0x7e);
  CHECK(fp32ToFp8E4M3FN(464.0f) == 0x7e);                // tie between 448 (even) and 480
  CHECK(fp32ToFp8E4M3FN(464.00003f) == 0x7f);            // overflow: NaN
  CHECK(fp32ToFp8E4M3FN(-1e30f) == 0xff);                // overflow: NaN, sign kept
  CHECK(fp32ToFp8E4M3FN(-INFINITY) == 0xff);             // no infinity: NaN
  CHECK(fp32ToFp8E4M3FN(std::ldexp(1.0f, -10)) == 0x00); // tie with 0: even
  CHECK(fp32ToFp8E4M3FN(std::ldexp(3.0f, -10)) == 0x02); // tie: 1 odd, 2 even
  // Subnormal results and underflow.
  CHECK(fp32ToFp16(std::ldexp(1.0f, -24)) == 0x0001);
  CHECK(fp32ToFp16(std::ldexp(1.0f, -25)) == 0x0000);
  CHECK(fp32ToFp16(std::ldexp(3.0f, -26)) == 0x0001);
  CHECK(fp32ToFp16(-std::ldexp(1.0f, -30)) == 0x8000);
  CHECK(fp32ToFp16(std::ldexp(2047.0f, -25)) == 0x0400); // rounds up to normal
  CHECK(fp32ToBf16(bitsToFloat(0x00008000)) == 0x0000);  // fp32 subnormal tie
  CHECK(fp32ToBf16(bitsToFloat(0x00018000)) == 0x0002);
  // NaN: canonical quiet NaN with the input's sign.
  CHECK(fp32ToBf16(bitsToFloat(0xff800001)) == 0xffc0);
  CHECK(fp32ToFp16(bitsToFloat(0x7fffffff)) == 0x7e00);
  CHECK(fp32ToFp8E4M3(bitsToFloat(0x7f800001)) == 0x7c);
  CHECK(fp32ToFp8E5M2(bitsToFloat(0xffc00000)) == 0xfe);
  CHECK(fp32ToFp8E4M3FN(bitsToFloat(0x7fc00000)) == 0x7f);
  CHECK(fp32ToTf32(bitsToFloat(0xff800001)) == 0xffc00000u);
  // tf32: RNE to 10 mantissa bits, low 13 bits zero, overflow to inf.
  CHECK(fp32ToTf32(1.0f + std::ldexp(1.0f, -11)) == 0x3f800000u);     // tie: even
  CHECK(fp32ToTf32(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3f804000u); // tie: even
  CHECK(fp32ToTf32(bitsToFloat(0x3f801001)) == 0x3f802000u);
  CHECK(fp32ToTf32(bitsToFloat(0x7f7fffff)) == 0x7f800000u);
  CHECK(fp32ToTf32(bitsToFloat(0x7f7fefff)) == 0x7f7fe000u);
  CHECK(fp32ToTf32(bitsToFloat(0x00001000)) == 0x00000000u); // subnormal tie
  CHECK(fp32ToTf32(bitsToFloat(0x00003000)) == 0x00004000u);
}

//===-- fp32 -> integer ---------------------------------------------------===//

namespace {

struct IntType {
  DType T;
  int64_t Lo, Hi; // written out, not taken from Numerics
};

const IntType IntTypes[] = {
    {DType::INT8, -128, 127},
    {DType::INT16, -32768, 32767},
    {DType::INT32, -2147483648LL, 2147483647LL},
    {DType::UINT8, 0, 255},
    {DType::UINT16, 0, 65535},
    {DType::UINT32, 0, 4294967295LL},
};

// The reference: std::nearbyint rounds in the current mode, which the test
// sets to FE_TONEAREST (ties to even); double holds every float and every
// rounded float exactly. Then clamp; NaN -> 0.
int64_t refToInt(float F, const IntType &I) {
  if (std::isnan(F))
    return 0;
  const double R = std::nearbyint(double(F));
  if (R <= double(I.Lo))
    return I.Lo;
  if (R >= double(I.Hi))
    return I.Hi;
  return int64_t(R);
}

} // namespace

TEST_CASE("fp32ToInt: ties to even, saturation, NaN") {
  REQUIRE(std::fesetround(FE_TONEAREST) == 0);
  std::vector<float> In = {0.0f,
                           0.25f,
                           0.5f,
                           1.5f,
                           2.5f,
                           3.5f,
                           0.75f,
                           1.0f,
                           1.25f,
                           std::nextafter(0.5f, 0.0f),
                           std::nextafter(0.5f, 1.0f),
                           8388607.5f,
                           8388606.5f,
                           8388608.0f,
                           16777216.0f,
                           16777218.0f,
                           std::numeric_limits<float>::denorm_min(),
                           std::numeric_limits<float>::min(),
                           0x1p-127f,
                           std::numeric_limits<float>::max(),
                           INFINITY,
                           1e10f,
                           0x1p31f,
                           0x1p32f,
                           0x1p33f,
                           0x1p62f,
                           0x1p63f,
                           0x1p64f,
                           1e30f,
                           bitsToFloat(0x7fc00000),
                           bitsToFloat(0x7f800001),
                           bitsToFloat(0x7fffffff)};
  for (const IntType &I : IntTypes)
    for (int64_t Edge : {I.Lo, I.Hi})
      for (double D : {-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0}) {
        const float F = static_cast<float>(double(Edge) + D); // may round: fine
        In.push_back(F);
        In.push_back(std::nextafter(F, -INFINITY));
        In.push_back(std::nextafter(F, INFINITY));
      }
  // Every half-integer and its neighbours in [-300, 300].
  for (int K = -600; K <= 600; ++K) {
    const float F = float(K) / 2;
    In.push_back(F);
    In.push_back(std::nextafter(F, -INFINITY));
    In.push_back(std::nextafter(F, INFINITY));
  }
  const size_t Listed = In.size();
  for (size_t K = 0; K < Listed; ++K)
    In.push_back(-In[K]);
  std::mt19937 Rng(7);
  for (unsigned K = 0; K < 200000; ++K) {
    In.push_back(bitsToFloat(Rng())); // anything
    // A random exponent in [2^-2, 2^34): fractions, then large integers.
    const uint32_t E = 125 + Rng() % 37;
    In.push_back(bitsToFloat((Rng() & 0x807fffffu) | E << 23));
  }

  for (const IntType &I : IntTypes) {
    Tally T{"fp32ToInt"};
    for (float F : In) {
      ++T.Checked;
      const int64_t Ours = fp32ToInt(F, I.T);
      const int64_t Want = refToInt(F, I);
      if (Ours != Want)
        T.fail(std::string(trn::isa::dtype(I.T).Name) + " " + hex(floatToBits(F)) + ": ours " +
               std::to_string(Ours) + ", reference " + std::to_string(Want));
    }
    INFO(trn::isa::dtype(I.T).Name);
    CHECK(T.Failed == 0);
    CHECK(T.Checked > 0); // shows the count under --success
  }

  // Worked by hand.
  CHECK(fp32ToInt(0.5f, DType::INT32) == 0);
  CHECK(fp32ToInt(1.5f, DType::INT32) == 2);
  CHECK(fp32ToInt(2.5f, DType::INT32) == 2);
  CHECK(fp32ToInt(-2.5f, DType::INT8) == -2);
  CHECK(fp32ToInt(-3.5f, DType::INT8) == -4);
  CHECK(fp32ToInt(0.50000006f, DType::UINT8) == 1);
  CHECK(fp32ToInt(-0.5f, DType::UINT8) == 0);
  CHECK(fp32ToInt(-0.50000006f, DType::INT8) == -1);
  CHECK(fp32ToInt(-0.50000006f, DType::UINT8) == 0);
  CHECK(fp32ToInt(126.5f, DType::INT8) == 126);
  CHECK(fp32ToInt(127.49999f, DType::INT8) == 127);
  CHECK(fp32ToInt(127.5f, DType::INT8) == 127); // 128, saturated
  CHECK(fp32ToInt(-128.5f, DType::INT8) == -128);
  CHECK(fp32ToInt(-129.5f, DType::INT8) == -128);
  CHECK(fp32ToInt(254.5f, DType::UINT8) == 254);
  CHECK(fp32ToInt(253.5f, DType::UINT8) == 254);
  CHECK(fp32ToInt(255.5f, DType::UINT8) == 255);
  CHECK(fp32ToInt(32767.5f, DType::INT16) == 32767);
  CHECK(fp32ToInt(-32768.5f, DType::INT16) == -32768);
  CHECK(fp32ToInt(65535.5f, DType::UINT16) == 65535);
  CHECK(fp32ToInt(8388607.5f, DType::INT32) == 8388608);
  CHECK(fp32ToInt(8388606.5f, DType::INT32) == 8388606);
  CHECK(fp32ToInt(2147483520.0f, DType::INT32) == 2147483520);
  CHECK(fp32ToInt(2147483648.0f, DType::INT32) == 2147483647);
  CHECK(fp32ToInt(-2147483648.0f, DType::INT32) == -2147483648LL);
  CHECK(fp32ToInt(-2147483904.0f, DType::INT32) == -2147483648LL);
  CHECK(fp32ToInt(4294967040.0f, DType::UINT32) == 4294967040LL);
  CHECK(fp32ToInt(4294967296.0f, DType::UINT32) == 4294967295LL);
  CHECK(fp32ToInt(INFINITY, DType::INT32) == 2147483647);
  CHECK(fp32ToInt(-INFINITY, DType::UINT32) == 0);
  CHECK(fp32ToInt(-INFINITY, DType::INT16) == -32768);
  CHECK(fp32ToInt(NAN, DType::INT32) == 0);
  CHECK(fp32ToInt(-NAN, DType::UINT8) == 0);
  CHECK(fp32ToInt(1e30f, DType::UINT16) == 65535);
  CHECK(fp32ToInt(-1e30f, DType::INT32) == -2147483648LL);
  CHECK(fp32ToInt(std::numeric_limits<float>::denorm_min(), DType::INT8) == 0);
  CHECK(fp32ToInt(-std::numeric_limits<float>::denorm_min(), DType::INT32) == 0);
}

//===-- Elements in memory ------------------------------------------------===//

namespace {

std::array<uint8_t, 8> stored(DType T, float F) {
  std::array<uint8_t, 8> B;
  B.fill(0xAA);
  storeFromFloat(T, B.data(), F);
  return B;
}

using Bytes = std::array<uint8_t, 8>;

} // namespace

TEST_CASE("storeFromFloat: little-endian layout, only StorageBytes written") {
  CHECK(stored(DType::FP32, 1.0f) == Bytes{0x00, 0x00, 0x80, 0x3f, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::BF16, 1.0f) == Bytes{0x80, 0x3f, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::FP16, -2.0f) == Bytes{0x00, 0xc0, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::TF32, bitsToFloat(0x3f801fff)) ==
        Bytes{0x00, 0x20, 0x80, 0x3f, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::FP8_E4M3, 1.0f) == Bytes{0x38, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::FP8_E5M2, 1.0f) == Bytes{0x3c, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::FP8_E4M3FN, -448.0f) ==
        Bytes{0xfe, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::INT8, 300.0f) == Bytes{0x7f, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::UINT8, -3.0f) == Bytes{0x00, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::INT16, -2.5f) == Bytes{0xfe, 0xff, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::UINT16, 1e9f) == Bytes{0xff, 0xff, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::INT32, -1e10f) == Bytes{0x00, 0x00, 0x00, 0x80, 0xAA, 0xAA, 0xAA, 0xAA});
  CHECK(stored(DType::UINT32, 4278190080.0f) ==
        Bytes{0x00, 0x00, 0x00, 0xff, 0xAA, 0xAA, 0xAA, 0xAA});
  // fp32 keeps a NaN's bits, signalling or not.
  CHECK(stored(DType::FP32, bitsToFloat(0xffa00001)) ==
        Bytes{0x01, 0x00, 0xa0, 0xff, 0xAA, 0xAA, 0xAA, 0xAA});
  // Every dtype writes exactly its storage bytes.
  for (const auto &D : trn::isa::dtypes()) {
    const Bytes B = stored(D.Id, 3.0f);
    INFO(D.Name);
    for (unsigned I = D.StorageBytes; I < 8; ++I)
      CHECK(B[I] == 0xAA);
    Bytes C;
    C.fill(0xAA);
    storeFromInt(D.Id, C.data(), -1);
    for (unsigned I = 0; I < 8; ++I)
      CHECK(C[I] == (I < D.StorageBytes ? 0xff : 0xAA));
  }
}

TEST_CASE("loadAsFloat and storeFromFloat agree with the direct conversions") {
  uint8_t Buf[4];
  Tally T{"load/store"};
  for (uint32_t P = 0; P < 65536; ++P) {
    Buf[0] = uint8_t(P);
    Buf[1] = uint8_t(P >> 8);
    T.Checked += 2;
    if (floatToBits(loadAsFloat(DType::BF16, Buf)) != floatToBits(bf16ToFp32(uint16_t(P))))
      T.fail("bf16 load " + hex(P));
    if (floatToBits(loadAsFloat(DType::FP16, Buf)) != floatToBits(fp16ToFp32(uint16_t(P))))
      T.fail("fp16 load " + hex(P));
  }
  for (uint32_t P = 0; P < 256; ++P) {
    Buf[0] = uint8_t(P);
    if (floatToBits(loadAsFloat(DType::FP8_E4M3, Buf)) != floatToBits(fp8E4M3ToFp32(uint8_t(P))) ||
        floatToBits(loadAsFloat(DType::FP8_E5M2, Buf)) != floatToBits(fp8E5M2ToFp32(uint8_t(P))) ||
        floatToBits(loadAsFloat(DType::FP8_E4M3FN, Buf)) !=
            floatToBits(fp8E4M3FNToFp32(uint8_t(P))))
      T.fail("fp8 load " + hex(P));
  }
  std::mt19937 Rng(99);
  for (unsigned I = 0; I < 100000; ++I) {
    const float F = bitsToFloat(Rng());
    uint8_t S[4];
    storeFromFloat(DType::BF16, S, F);
    if (loadAsInt(DType::BF16, S) != fp32ToBf16(F))
      T.fail("bf16 store");
    storeFromFloat(DType::FP16, S, F);
    if (loadAsInt(DType::FP16, S) != fp32ToFp16(F))
      T.fail("fp16 store");
    storeFromFloat(DType::TF32, S, F);
    if (loadAsInt(DType::TF32, S) != fp32ToTf32(F))
      T.fail("tf32 store");
    storeFromFloat(DType::FP8_E4M3, S, F);
    if (S[0] != fp32ToFp8E4M3(F))
      T.fail("e4m3 store");
    storeFromFloat(DType::FP8_E5M2, S, F);
    if (S[0] != fp32ToFp8E5M2(F))
      T.fail("e5m2 store");
    storeFromFloat(DType::FP8_E4M3FN, S, F);
    if (S[0] != fp32ToFp8E4M3FN(F))
      T.fail("e4m3fn store");
    storeFromFloat(DType::FP32, S, F);
    if (uint32_t(loadAsInt(DType::FP32, S)) != floatToBits(F) ||
        floatToBits(loadAsFloat(DType::FP32, S)) != floatToBits(F))
      T.fail("fp32 store " + hex(floatToBits(F)));
    for (DType D :
         {DType::INT8, DType::INT16, DType::INT32, DType::UINT8, DType::UINT16, DType::UINT32}) {
      storeFromFloat(D, S, F);
      if (loadAsInt(D, S) != fp32ToInt(F, D))
        T.fail(std::string(trn::isa::dtype(D).Name) + " store " + hex(floatToBits(F)));
    }
  }
  CHECK(T.Failed == 0);
  // tf32 loads ignore the low 13 bits of the container.
  uint8_t C[4] = {0xff, 0x1f, 0x80, 0x3f}; // 0x3f801fff
  CHECK(loadAsFloat(DType::TF32, C) == 1.0f);
}

TEST_CASE("integers in memory: loadAsFloat, loadAsInt, storeFromInt") {
  uint8_t B[4];
  auto put = [&](DType T, int64_t V) {
    storeFromInt(T, B, V);
    return loadAsInt(T, B);
  };
  // Wrapping stores, sign- or zero-extending loads.
  CHECK(put(DType::INT8, 300) == 44);
  CHECK(put(DType::INT8, 200) == -56);
  CHECK(put(DType::INT8, -129) == 127);
  CHECK(put(DType::UINT8, -1) == 255);
  CHECK(put(DType::UINT8, 256) == 0);
  CHECK(put(DType::INT16, 0x18000) == -32768);
  CHECK(put(DType::UINT16, -1) == 65535);
  CHECK(put(DType::INT32, 0x180000000LL) == -2147483648LL);
  CHECK(put(DType::INT32, 0xffffffffLL) == -1);
  CHECK(put(DType::UINT32, -1) == 4294967295LL);
  CHECK(put(DType::UINT32, 0x1'0000'0005LL) == 5);
  storeFromInt(DType::INT32, B, 0x01020304);
  CHECK((B[0] == 4 && B[1] == 3 && B[2] == 2 && B[3] == 1));
  // Float dtypes: raw bits.
  CHECK(put(DType::BF16, 0x3f80) == 0x3f80);
  CHECK(loadAsFloat(DType::BF16, B) == 1.0f);
  CHECK(put(DType::FP32, 0xbf800000) == 0xbf800000);
  CHECK(loadAsFloat(DType::FP32, B) == -1.0f);
  CHECK(put(DType::FP8_E4M3FN, 0x17e) == 0x7e);
  CHECK(loadAsFloat(DType::FP8_E4M3FN, B) == 448.0f);
  // Integer loads as float: exact to 24 bits, then ties to even.
  CHECK((storeFromInt(DType::INT32, B, 16777217), loadAsFloat(DType::INT32, B)) == 16777216.0f);
  CHECK((storeFromInt(DType::INT32, B, 16777219), loadAsFloat(DType::INT32, B)) == 16777220.0f);
  CHECK((storeFromInt(DType::INT32, B, -16777219), loadAsFloat(DType::INT32, B)) == -16777220.0f);
  CHECK((storeFromInt(DType::INT32, B, INT32_MIN), loadAsFloat(DType::INT32, B)) == -0x1p31f);
  CHECK((storeFromInt(DType::UINT32, B, 0xffffffffLL), loadAsFloat(DType::UINT32, B)) == 0x1p32f);
  CHECK((storeFromInt(DType::UINT32, B, 0x80000080LL), loadAsFloat(DType::UINT32, B)) ==
        0x1p31f); // tie: even is down
  CHECK((storeFromInt(DType::UINT32, B, 0x80000180LL), loadAsFloat(DType::UINT32, B)) ==
        2147484160.0f); // tie: even is up
  CHECK((storeFromInt(DType::INT16, B, -32768), loadAsFloat(DType::INT16, B)) == -32768.0f);
  CHECK((storeFromInt(DType::UINT16, B, 65535), loadAsFloat(DType::UINT16, B)) == 65535.0f);
  CHECK((storeFromInt(DType::INT8, B, -1), loadAsFloat(DType::INT8, B)) == -1.0f);
  CHECK((storeFromInt(DType::UINT8, B, 255), loadAsFloat(DType::UINT8, B)) == 255.0f);
}
