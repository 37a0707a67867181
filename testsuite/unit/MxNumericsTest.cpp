//===- MxNumericsTest.cpp - fp4 E2M1, E8M0 and packed x4 conversions ------===//
//
// The OCP MX element and scale types of trn/emu/Numerics.h against
// independent oracles:
//  * fp4_e2m1: llvm::APFloat's Float4E2M1FN (round to nearest even;
//    APFloat saturates finite overflow to +-6, as we do). Every pattern
//    decodes as APFloat's value; fp32 -> fp4 agrees bit for bit on every
//    rounding boundary with its fp32 neighbours, on every fp32 whose low 12
//    mantissa bits are one of six patterns (2^20 x 6 inputs: every exponent,
//    ties and near-ties), and on random inputs. APFloat has no rule for
//    infinity and NaN here (it returns a zero): ours, +-inf -> +-6 and NaN
//    -> a zero of its sign, are checked by hand.
//  * fp8_e8m0: LLVM 19's APFloat lacks it; the oracle is double arithmetic
//    on the definition (value 2^(b - 127); nearest power of two by comparing
//    with 1.5 x 2^k, which is exact in double; a tie to the even code).
//  * packed x4 lanes: every value of every lane round-trips, and storing one
//    lane leaves the others alone.
//
//===----------------------------------------------------------------------===//

#include "trn/emu/Numerics.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

using namespace trn::emu;
using llvm::APFloat;
using llvm::APInt;
using trn::isa::DType;

namespace {

std::string hex(uint64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "0x%llx", static_cast<unsigned long long>(V));
  return Buf;
}

struct Tally {
  const char *What;
  uint64_t Checked = 0, Failed = 0;
  void fail(const std::string &Msg) {
    if (++Failed <= 8)
      FAIL_CHECK(What << ": " << Msg);
  }
};

uint32_t apfloatFp4(uint32_t In) {
  APFloat F(APFloat::IEEEsingle(), APInt(32, In));
  bool LosesInfo;
  F.convert(APFloat::Float4E2M1FN(), APFloat::rmNearestTiesToEven, &LosesInfo);
  return static_cast<uint32_t>(F.bitcastToAPInt().getZExtValue());
}

double apfloatFp4Value(uint32_t Bits) {
  APFloat F(APFloat::Float4E2M1FN(), APInt(4, Bits));
  bool LosesInfo;
  F.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &LosesInfo);
  return F.convertToDouble();
}

void checkFp4(uint32_t In, Tally &T) {
  float F = bitsToFloat(In);
  if (std::isnan(F) || std::isinf(F))
    return; // checked by hand
  ++T.Checked;
  uint32_t Ours = fp32ToFp4E2M1(F), Ref = apfloatFp4(In);
  if (Ours != Ref)
    T.fail("fp32 " + hex(In) + ": ours " + hex(Ours) + ", APFloat " + hex(Ref));
}

// E8M0 by its definition, in double.
double e8m0Value(uint32_t B) { return B == 0xff ? NAN : std::ldexp(1.0, int(B) - 127); }
uint32_t e8m0Reference(float F) {
  double X = F;
  if (!(X > 0) || std::isinf(X)) // NaN, zero, negative, infinity
    return 0xff;
  int E;
  (void)std::frexp(X, &E); // X = m * 2^E, m in [0.5, 1): 2^(E-1) <= X < 2^E
  int K = E - 1;           // X in [2^K, 2^(K+1))
  double Mid = 1.5 * std::ldexp(1.0, K);
  int Code = K + 127; // the code of 2^K (may be below 0)
  if (X > Mid || (X == Mid && (Code & 1)))
    ++Code;
  if (Code < 0)
    return 0; // 2^-127 is the smallest: no zero
  return Code > 254 ? 0xff : uint32_t(Code);
}

void checkE8M0(uint32_t In, Tally &T) {
  ++T.Checked;
  float F = bitsToFloat(In);
  uint32_t Ours = fp32ToFp8E8M0(F), Ref = e8m0Reference(F);
  if (Ours != Ref)
    T.fail("fp32 " + hex(In) + ": ours " + hex(Ours) + ", reference " + hex(Ref));
}

// Every fp32 whose low 12 mantissa bits are one of six patterns: all
// exponents, signs and high mantissas, with ties and their neighbours.
template <class Check> void sweep(Check C) {
  const uint32_t Low[] = {0x000, 0x001, 0x7ff, 0x800, 0x801, 0xfff};
  for (uint32_t High = 0; High < (1u << 20); ++High)
    for (uint32_t L : Low)
      C((High << 12) | L);
}

} // namespace

TEST_CASE("fp4_e2m1: every pattern decodes to APFloat's value") {
  for (uint32_t B = 0; B < 256; ++B) {
    INFO("pattern " << hex(B));
    double Ref = apfloatFp4Value(B & 15); // the high nibble is not part of it
    CHECK(double(fp4E2M1ToFp32(uint8_t(B))) == Ref);
    CHECK(std::signbit(fp4E2M1ToFp32(uint8_t(B))) == std::signbit(Ref));
    uint8_t Stored = uint8_t(B);
    CHECK(double(loadAsFloat(DType::FP4_E2M1, &Stored)) == Ref);
    if (B < 16)
      CHECK(fp32ToFp4E2M1(fp4E2M1ToFp32(uint8_t(B))) == B); // re-encodes to itself
  }
}

TEST_CASE("fp32 -> fp4_e2m1 against APFloat: boundaries, a sweep of 6 x 2^20, random") {
  Tally T{"fp4"};
  for (uint32_t P = 0; P < 8; ++P) { // each value, the midpoint to the next, neighbours
    float V = float(apfloatFp4Value(P));
    float Mid = P < 7 ? float((apfloatFp4Value(P) + apfloatFp4Value(P + 1)) / 2) : 7.0f;
    for (float F : {V, Mid})
      for (float G : {F, std::nextafter(F, 0.0f), std::nextafter(F, INFINITY)})
        for (float S : {G, -G})
          checkFp4(floatToBits(S), T);
  }
  sweep([&](uint32_t In) { checkFp4(In, T); });
  std::mt19937 Rng(16);
  for (int K = 0; K < 1000000; ++K)
    checkFp4(static_cast<uint32_t>(Rng()), T);
  CHECK(T.Failed == 0);
  CHECK(T.Checked > 7000000);
}

TEST_CASE("fp32 -> fp4_e2m1: specials and hand-worked values") {
  CHECK(fp32ToFp4E2M1(INFINITY) == 0x7);  // saturates to 6
  CHECK(fp32ToFp4E2M1(-INFINITY) == 0xf); // -6
  CHECK(fp32ToFp4E2M1(NAN) == 0x0);       // a zero of its sign
  CHECK(fp32ToFp4E2M1(-NAN) == 0x8);
  CHECK(fp32ToFp4E2M1(1e30f) == 0x7);
  CHECK(fp32ToFp4E2M1(5.0f) == 0x6);  // tie between 4 and 6: to 4 (even)
  CHECK(fp32ToFp4E2M1(0.25f) == 0x0); // tie between 0 and 0.5: to 0
  CHECK(fp32ToFp4E2M1(0.75f) == 0x2); // tie between 0.5 and 1: to 1
  CHECK(fp32ToFp4E2M1(-0.0f) == 0x8);
  CHECK(fp4E2M1ToFp32(0xf) == -6.0f);
}

TEST_CASE("fp8_e8m0: every pattern decodes to 2^(b - 127), 0xff to NaN") {
  for (uint32_t B = 0; B < 256; ++B) {
    INFO("pattern " << hex(B));
    float F = fp8E8M0ToFp32(uint8_t(B));
    if (B == 0xff) {
      CHECK(std::isnan(F));
      continue;
    }
    CHECK(double(F) == e8m0Value(B));
    CHECK(fp32ToFp8E8M0(F) == B); // re-encodes to itself
  }
}

TEST_CASE("fp32 -> fp8_e8m0 against its definition: boundaries, a sweep, random") {
  Tally T{"e8m0"};
  for (int K = -150; K <= 128; ++K)
    for (double V : {std::ldexp(1.0, K), 1.5 * std::ldexp(1.0, K)}) {
      float F = float(V);
      for (float G : {F, std::nextafter(F, 0.0f), std::nextafter(F, INFINITY)})
        for (float S : {G, -G})
          checkE8M0(floatToBits(S), T);
    }
  sweep([&](uint32_t In) { checkE8M0(In, T); });
  std::mt19937 Rng(80);
  for (int K = 0; K < 1000000; ++K)
    checkE8M0(static_cast<uint32_t>(Rng()), T);
  CHECK(T.Failed == 0);
  CHECK(fp32ToFp8E8M0(1.5f) == 128);     // tie between 2^0 (127) and 2^1 (128): even
  CHECK(fp32ToFp8E8M0(3.0f) == 128);     // tie between 2^1 (128) and 2^2 (129): even
  CHECK(fp32ToFp8E8M0(0.0f) == 0xff);    // no zero
  CHECK(fp32ToFp8E8M0(1e-45f) == 0);     // below 2^-127: the smallest
  CHECK(fp32ToFp8E8M0(3.4e38f) == 0xff); // past 1.5 x 2^127
  CHECK(fp32ToFp8E8M0(-1.0f) == 0xff);
}

TEST_CASE("packed x4: each lane stores and loads alone") {
  const DType Types[] = {DType::FP8_E4M3FN_X4, DType::FP8_E5M2_X4, DType::FP4_E2M1_X4};
  const DType Lanes[] = {DType::FP8_E4M3FN, DType::FP8_E5M2, DType::FP4_E2M1};
  for (int I = 0; I < 3; ++I) {
    INFO(trn::isa::dtype(Types[I]).Name);
    const auto &D = trn::isa::dtype(Types[I]);
    CHECK(D.Lanes == 4);
    CHECK(D.LaneType == Lanes[I]);
    unsigned Patterns = 1u << D.Bits;
    for (unsigned Lane = 0; Lane < 4; ++Lane)
      for (unsigned P = 0; P < Patterns; ++P) {
        uint8_t Lone = uint8_t(P);
        float V = loadAsFloat(Lanes[I], &Lone);
        if (std::isnan(V))
          continue;
        uint8_t El[4] = {0xa5, 0x5a, 0xc3, 0x3c};
        uint8_t Before[4];
        std::memcpy(Before, El, 4);
        storePackedLane(Types[I], El, Lane, V);
        CHECK(packedLaneToFp32(Types[I], El, Lane) == V);
        for (unsigned Other = 0; Other < 4; ++Other)
          if (Other != Lane)
            CHECK(packedLaneToFp32(Types[I], El, Other) ==
                  packedLaneToFp32(Types[I], Before, Other));
        if (D.StorageBytes == 2) // fp4: the bytes past the element are untouched
          CHECK((El[2] == 0xc3 && El[3] == 0x3c));
      }
  }
}
