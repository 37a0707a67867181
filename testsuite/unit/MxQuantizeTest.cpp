//===- MxQuantizeTest.cpp - MX scales, quantization and dequantization ----===//
//
// mxScaleCode, mxQuantizeLane and mxDequantizeLane (trn/emu/Numerics.h,
// docs/numerics.md "MX") against an independent implementation of the OCP
// MX v1.0 rules:
//  * the scale: floor(log2(amax)) found by comparing amax with powers of
//    two in double (no frexp, no bit fields), minus emax, plus 127, clamped;
//  * an element: the element type's finite values decoded by llvm::APFloat
//    (Float8E4M3FN, Float8E5M2), x / 2^(code - 127) computed in double
//    (exact), the nearest finite value chosen by distance with ties to the
//    even encoding, anything beyond the largest finite value saturated;
//  * a dequantized value: APFloat's value of the element times
//    2^(code - 127) in double, then the double's fp32 (exact, or infinite).
// Every bf16 input meets a range of codes; every element byte (and every
// fp4 nibble) meets every code.
//
//===----------------------------------------------------------------------===//

#include "trn/emu/Numerics.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

using namespace trn::emu;
using llvm::APFloat;
using llvm::APInt;
using trn::isa::DType;

namespace {

float bits(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}
uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

// floor(log2(A)) for a finite A > 0, by powers of two in double.
int floorLog2(double A) {
  int E = 0;
  while (std::ldexp(1.0, E) > A)
    --E;
  while (std::ldexp(1.0, E + 1) <= A)
    ++E;
  return E;
}

uint8_t oracleCode(double Amax, int Emax) {
  if (std::isnan(Amax) || std::isinf(Amax))
    return 0xff;
  if (Amax == 0)
    return 0;
  return uint8_t(std::clamp(floorLog2(Amax) - Emax + 127, 0, 254));
}

// An fp8 element type's 256 encodings, decoded by APFloat.
struct Fp8Table {
  const llvm::fltSemantics &Sem;
  double Value[256];
  bool Finite[256];
  explicit Fp8Table(const llvm::fltSemantics &S) : Sem(S) {
    for (unsigned B = 0; B < 256; ++B) {
      APFloat F(Sem, APInt(8, B));
      Finite[B] = F.isFinite();
      Value[B] = Finite[B] ? F.convertToDouble() : 0;
    }
  }
  // The encoding of V: nearest finite value, ties to the even encoding,
  // saturated past the largest; -0 for a negative V that rounds to zero.
  uint8_t encode(double V) const {
    double Max = 0;
    for (unsigned B = 0; B < 256; ++B)
      if (Finite[B])
        Max = std::max(Max, Value[B]);
    double C = std::clamp(V, -Max, Max);
    int Best = -1;
    double BestD = 0;
    for (unsigned B = 0; B < 256; ++B) {
      if (!Finite[B] || (Value[B] == 0 && (B == 0) != !std::signbit(C)))
        continue; // a zero of C's sign only
      double D = std::fabs(Value[B] - C);
      if (Best < 0 || D < BestD || (D == BestD && (B & 1) == 0)) {
        Best = int(B);
        BestD = D;
      }
    }
    return uint8_t(Best);
  }
};

} // namespace

TEST_CASE("mx: scale codes follow the OCP MX rule for every bf16 magnitude") {
  for (DType T : {DType::FP8_E4M3FN_X4, DType::FP8_E5M2_X4, DType::FP4_E2M1_X4}) {
    int Emax = T == DType::FP8_E4M3FN_X4 ? 8 : T == DType::FP8_E5M2_X4 ? 15 : 2;
    CHECK(mxEmax(T) == Emax);
    uint64_t Bad = 0;
    for (uint32_t B = 0; B < 0x8000; ++B) { // every non-negative bf16
      float A = bits(B << 16);
      uint8_t Want = oracleCode(double(A), Emax);
      if (mxScaleCode(A, T) != Want && ++Bad <= 5)
        FAIL_CHECK("amax " << A << ": " << int(mxScaleCode(A, T)) << ", want " << int(Want));
    }
    CHECK(Bad == 0);
    // The clamp at 0 and the special values.
    CHECK(mxScaleCode(0.0f, T) == 0);
    CHECK(mxScaleCode(std::ldexp(1.0f, -140), T) == 0);
    CHECK(mxScaleCode(std::numeric_limits<float>::infinity(), T) == 0xff);
    CHECK(mxScaleCode(std::numeric_limits<float>::quiet_NaN(), T) == 0xff);
  }
  // Spot values by hand: amax 448 = 1.75 x 2^8 gives 2^0 for E4M3 (code 127),
  // 1.0 gives 2^-8 (code 119); 57344 gives 2^0 for E5M2.
  CHECK(mxScaleCode(448.0f, DType::FP8_E4M3FN_X4) == 127);
  CHECK(mxScaleCode(1.0f, DType::FP8_E4M3FN_X4) == 119);
  CHECK(mxScaleCode(511.0f, DType::FP8_E4M3FN_X4) == 127);
  CHECK(mxScaleCode(512.0f, DType::FP8_E4M3FN_X4) == 128);
  CHECK(mxScaleCode(57344.0f, DType::FP8_E5M2_X4) == 127);
}

TEST_CASE("mx: quantized elements round to nearest even and saturate, every bf16 input") {
  struct Case {
    DType T;
    const llvm::fltSemantics &Sem;
  };
  for (const Case &K : {Case{DType::FP8_E4M3FN_X4, APFloat::Float8E4M3FN()},
                        Case{DType::FP8_E5M2_X4, APFloat::Float8E5M2()}}) {
    Fp8Table Table(K.Sem);
    uint64_t Bad = 0, Checked = 0;
    for (uint8_t Code : {0, 1, 2, 100, 112, 119, 120, 127, 128, 135, 200, 239, 246, 254}) {
      for (uint32_t B = 0; B < 0x10000; ++B) {
        float X = bits(B << 16);
        if (!std::isfinite(X))
          continue;
        double V = std::ldexp(double(X), 127 - int(Code)); // exact in double
        uint8_t Want = Table.encode(V);
        uint8_t Elem[4] = {0xaa, 0xaa, 0xaa, 0xaa};
        mxQuantizeLane(K.T, Elem, 2, X, Code);
        ++Checked;
        if ((Elem[2] != Want || Elem[0] != 0xaa || Elem[1] != 0xaa || Elem[3] != 0xaa) &&
            ++Bad <= 5)
          FAIL_CHECK(trn::isa::dtype(K.T).Name << " x " << X << " code " << int(Code) << ": 0x"
                                               << std::hex << int(Elem[2]) << ", want 0x"
                                               << int(Want));
      }
    }
    CHECK(Bad == 0);
    CHECK(Checked > 800000);
    // The NaN scale: the type's positive quiet NaN, whatever x is.
    uint8_t Elem[4] = {};
    mxQuantizeLane(K.T, Elem, 0, 1.0f, 0xff);
    CHECK(Elem[0] == (K.T == DType::FP8_E4M3FN_X4 ? 0x7f : 0x7e));
  }
}

TEST_CASE("mx: dequantized values, every element and every code") {
  struct Case {
    DType T;
    const llvm::fltSemantics &Sem;
    unsigned Bits;
  };
  for (const Case &K : {Case{DType::FP8_E4M3FN_X4, APFloat::Float8E4M3FN(), 8},
                        Case{DType::FP8_E5M2_X4, APFloat::Float8E5M2(), 8},
                        Case{DType::FP4_E2M1_X4, APFloat::Float4E2M1FN(), 4}}) {
    uint64_t Bad = 0;
    for (unsigned E = 0; E < (1u << K.Bits); ++E)
      for (unsigned Code = 0; Code < 256; ++Code)
        for (unsigned Lane = 0; Lane < 4; ++Lane) {
          uint8_t Elem[4] = {0x5a, 0xa5, 0x3c, 0xc3}; // other lanes: noise
          if (K.Bits == 8)
            Elem[Lane] = uint8_t(E);
          else
            Elem[Lane / 2] =
                uint8_t((Elem[Lane / 2] & ~(0xf << (4 * (Lane % 2)))) | (E << (4 * (Lane % 2))));
          APFloat F(K.Sem, APInt(K.Bits, E));
          uint32_t Want;
          if (Code == 0xff || F.isNaN()) {
            Want = 0x7fc00000u;
          } else if (F.isInfinity()) {
            Want = F.isNegative() ? 0xff800000u : 0x7f800000u;
          } else {
            double V = std::ldexp(F.convertToDouble(), int(Code) - 127);
            float Got = float(V);
            if (std::fabs(V) < 3.4028235e38 * 2 && std::isfinite(Got))
              CHECK_MESSAGE(double(Got) == V, "not exact in fp32"); // the claim: exact
            Want = bitsOf(Got);
          }
          uint32_t Got = bitsOf(mxDequantizeLane(K.T, Elem, Lane, uint8_t(Code)));
          if (Got != Want && ++Bad <= 5)
            FAIL_CHECK(trn::isa::dtype(K.T).Name << " element " << E << " lane " << Lane << " code "
                                                 << Code << ": 0x" << std::hex << Got << ", want 0x"
                                                 << Want);
        }
    CHECK(Bad == 0);
  }
}
