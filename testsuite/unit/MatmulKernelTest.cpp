//===- MatmulKernelTest.cpp - the SIMD matmul against the scalar reference ===//
//
// src/emu/simd/Matmul.*, on every instruction set Highway compiled and this
// host runs (dispatch restricted to one at a time):
//
//  * convertToFp32 gives loadAsFloat's bits for every bf16, fp16 and fp8
//    pattern and for random and special tf32 and fp32 ones;
//  * exponentRange brackets every finite nonzero value, as std::ilogb says,
//    and finds every infinity and NaN;
//  * the register-blocked kernel gives matmulReference's bits on random
//    shapes (N not a multiple of the vector width, M not of the row block,
//    K = 1), overwrite and accumulate, with infinities, -0, subnormals and
//    rounding ties; fused where productsExact allows it, separate always;
//  * matmul (the choice) gives the reference's bits with NaN payloads in
//    either operand or in PSUM, and with bf16 products that underflow or
//    overflow fp32 (where a fused multiply-add would round differently).
//
//===----------------------------------------------------------------------===//

#include "simd/Matmul.h"
#include "trn/emu/Numerics.h"

#include <doctest/doctest.h>
#include <hwy/targets.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace trn;
using namespace trn::emu;
using isa::DType;

namespace {

uint32_t bits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}
std::string hex(uint32_t B) {
  char S[16];
  std::snprintf(S, sizeof S, "0x%08x", B);
  return S;
}
float fromBits(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

// Runs Body once per instruction set, with dispatch restricted to it.
template <typename Fn> void forEachTarget(Fn Body) {
  std::vector<int64_t> Targets = simd::matmulTargets();
  REQUIRE(!Targets.empty());
  // Dispatch is process-wide: every target again afterwards, even when a
  // REQUIRE stops the loop.
  struct Restore {
    ~Restore() { simd::restrictMatmulTargets(0); }
  } Guard;
  for (int64_t T : Targets) {
    simd::restrictMatmulTargets(T);
    std::string Target = hwy::TargetName(T);
    CAPTURE(Target);
    REQUIRE(simd::matmulTargetName() == std::string(hwy::TargetName(T)));
    Body();
  }
}

// Values that exercise the rounding: bf16-like (8 significant bits) with
// exponents in [-Spread, Spread], some zeros of either sign, and Specials
// mixed in with probability 1/32.
struct Values {
  std::mt19937 Rng;
  int Spread = 6;
  bool Narrow = true; // 8 significant bits, else a full fp32 significand
  std::vector<float> Specials;

  explicit Values(uint32_t Seed) : Rng(Seed) {}
  float next() {
    uint32_t R = Rng();
    if (!Specials.empty() && R % 32 == 0)
      return Specials[(R >> 5) % Specials.size()];
    if (R % 29 == 1)
      return (R & 64) ? -0.0f : 0.0f;
    int Exp = static_cast<int>(Rng() % (2 * Spread + 1)) - Spread;
    uint32_t Mant = Rng() & (Narrow ? 0x007f0000u : 0x007fffffu);
    uint32_t Sign = Rng() & 0x80000000u;
    return fromBits(Sign | uint32_t(Exp + 127) << 23 | Mant);
  }
  std::vector<float> vector(size_t Count) {
    std::vector<float> V(Count);
    for (float &F : V)
      F = next();
    return V;
  }
};

struct Case {
  size_t K, M, N, DstStride, MovingStride;
  std::vector<float> W, X, Dst0;
};

Case randomCase(std::mt19937 &Rng, Values &Gen) {
  Case C;
  C.K = 1 + Rng() % 40;
  C.M = 1 + Rng() % 20;
  C.N = 1 + Rng() % 70;
  C.DstStride = C.N + Rng() % 5;
  C.MovingStride = C.N + Rng() % 5;
  C.W = Gen.vector(C.K * C.M);
  C.X = Gen.vector(C.K * C.MovingStride);
  C.Dst0 = Gen.vector(C.M * C.DstStride);
  return C;
}

// The kernel (or the choice) and the reference on the same case; bits
// compared over the rows, and the gaps between rows left alone.
void compare(const Case &C, bool Accumulate, const std::function<void(simd::MatmulArgs &)> &Run) {
  std::vector<float> Want = C.Dst0, Got = C.Dst0;
  simd::MatmulArgs A;
  A.Stationary = C.W.data();
  A.Moving = C.X.data();
  A.MovingStride = C.MovingStride;
  A.DstStride = C.DstStride;
  A.K = C.K;
  A.M = C.M;
  A.N = C.N;
  A.Accumulate = Accumulate;
  A.Dst = Want.data();
  simd::matmulReference(A);
  A.Dst = Got.data();
  Run(A);
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I)
    if (bits(Want[I]) != bits(Got[I]) && Bad++ < 3)
      FAIL_CHECK("element " << I / C.DstStride << "," << I % C.DstStride << " of [" << C.M << " x "
                            << C.N << "], K = " << C.K << ": want " << hex(bits(Want[I]))
                            << ", got " << hex(bits(Got[I])));
  CHECK(Bad == 0);
}

const float Inf = std::numeric_limits<float>::infinity();

} // namespace

TEST_CASE("matmul: dispatch reaches every compiled instruction set") {
  std::vector<std::string> Seen;
  forEachTarget([&] { Seen.push_back(simd::matmulTargetName()); });
  CHECK(Seen.size() == simd::matmulTargets().size());
  std::string List;
  for (const std::string &S : Seen)
    List += " " + S;
  MESSAGE("instruction sets:" << List);
}

TEST_CASE("matmul: convertToFp32 gives loadAsFloat's bits") {
  std::vector<uint8_t> Raw;
  std::vector<float> Out;
  auto Check = [&](DType T, size_t Count) {
    size_t EB = isa::dtype(T).StorageBytes;
    for (size_t Skip : {size_t(0), size_t(3)}) { // and a count that leaves a tail
      size_t N = Count - Skip;
      Out.assign(N, 0.0f);
      simd::convertToFp32(T, Raw.data() + Skip * EB, N, Out.data());
      size_t Bad = 0;
      for (size_t I = 0; I < N; ++I) {
        uint32_t Want = bits(loadAsFloat(T, Raw.data() + (Skip + I) * EB));
        if (Want != bits(Out[I]) && Bad++ < 3)
          FAIL_CHECK(isa::dtype(T).Name << " element " << Skip + I << ": want " << hex(Want)
                                        << ", got " << hex(bits(Out[I])));
      }
    }
  };
  forEachTarget([&] {
    for (DType T : {DType::BF16, DType::FP16}) { // every pattern
      Raw.resize(65536 * 2);
      for (uint32_t B = 0; B < 65536; ++B) {
        Raw[2 * B] = uint8_t(B);
        Raw[2 * B + 1] = uint8_t(B >> 8);
      }
      Check(T, 65536);
    }
    for (DType T : {DType::FP8_E4M3, DType::FP8_E5M2, DType::FP8_E4M3FN}) {
      Raw.resize(256);
      for (uint32_t B = 0; B < 256; ++B)
        Raw[B] = uint8_t(B);
      Check(T, 256);
    }
    for (DType T : {DType::TF32, DType::FP32}) { // specials, then random patterns
      std::vector<uint32_t> Words = {0,           0x80000000u, 0x7f800000u, 0xff800000u,
                                     0x7f800001u, 0x7fc00000u, 0xffbfe000u, 0x7f801fffu,
                                     0x00000001u, 0x00001fffu, 0x807fffffu, 0x3f800fffu};
      std::mt19937 Rng(7);
      while (Words.size() < 5000)
        Words.push_back(Rng());
      Raw.resize(Words.size() * 4);
      std::memcpy(Raw.data(), Words.data(), Raw.size());
      Check(T, Words.size());
    }
  });
}

TEST_CASE("matmul: exponentRange brackets every finite nonzero value") {
  std::mt19937 Rng(3);
  forEachTarget([&] {
    for (int Round = 0; Round < 40; ++Round) {
      std::vector<float> V(Rng() % 100);
      for (float &F : V) {
        uint32_t R = Rng();
        switch (R % 8) {
        case 0:
          F = fromBits(R & 0x807fffffu); // zero or subnormal
          break;
        case 1:
          F = fromBits((R & 0x807fffffu) | 0x7f800000u); // inf or NaN
          break;
        default:
          F = fromBits(Rng());
        }
      }
      simd::ExponentRange R = simd::exponentRange(V.data(), V.size());
      int Lo = INT32_MAX, Hi = INT32_MIN;
      bool NaN = false, Infinite = false;
      for (float F : V) {
        NaN = NaN || std::isnan(F);
        Infinite = Infinite || std::isinf(F);
        if (F == 0 || !std::isfinite(F))
          continue;
        bool Sub = std::fpclassify(F) == FP_SUBNORMAL;
        Lo = std::min(Lo, Sub ? -149 : std::ilogb(F));
        Hi = std::max(Hi, Sub ? -127 : std::ilogb(F));
      }
      CHECK(R.NaN == NaN);
      CHECK(R.Inf == Infinite);
      CHECK(R.Finite == (Lo != INT32_MAX));
      if (R.Finite) {
        CHECK(R.MinExp == Lo);
        CHECK(R.MaxExp == Hi);
      }
    }
  });
}

TEST_CASE("matmul: the kernel gives the reference's bits") {
  forEachTarget([&] {
    std::mt19937 Rng(11);
    for (int Round = 0; Round < 24; ++Round) {
      bool Accumulate = Round % 2;
      CAPTURE(Round);
      // Narrow values over a few binades: exact products, many rounding
      // ties; infinities, zeros and subnormal accumulators mixed in.
      Values Gen(static_cast<uint32_t>(Round));
      Gen.Specials = {Inf, -Inf, -0.0f, 0.0f, fromBits(1), fromBits(0x80000003u)};
      Case C = randomCase(Rng, Gen);
      simd::ExponentRange W = simd::exponentRange(C.W.data(), C.W.size());
      simd::ExponentRange X = simd::exponentRange(C.X.data(), C.X.size());
      REQUIRE(!W.NaN);
      REQUIRE(!X.NaN);
      if (simd::productsExact(W, X)) // subnormal factors make it fail now and then
        compare(C, Accumulate,
                [](simd::MatmulArgs &A) { simd::matmulKernel(A, simd::Products::Fused); });
      compare(C, Accumulate,
              [](simd::MatmulArgs &A) { simd::matmulKernel(A, simd::Products::Separate); });
      // Full fp32 significands over a wide range: inexact products.
      Values Wide(static_cast<uint32_t>(100 + Round));
      Wide.Narrow = false;
      Wide.Spread = 60;
      Wide.Specials = {Inf, -0.0f, fromBits(0x00000005u)};
      Case D = randomCase(Rng, Wide);
      compare(D, Accumulate,
              [](simd::MatmulArgs &A) { simd::matmulKernel(A, simd::Products::Separate); });
    }
  });
}

TEST_CASE("matmul: -0, ties and the first product") {
  // W = [K = 2][M = 2], X = [K = 2][N = 4]. Row 0 sums x0 + x1, row 1
  // -x0 - x1. 1 + 2^-24 is a tie that rounds to even (1), (1 + 2^-23) +
  // 2^-24 one that rounds up; with K = 1, -0 * 1 alone stays -0 (the first
  // product, not 0 + -0 = +0).
  std::vector<float> W = {1.0f, -1.0f, 1.0f, -1.0f};
  std::vector<float> X = {1.0f, 1.0f + 0x1p-23f, -0.0f, 0.0f, 0x1p-24f, 0x1p-24f, 0.0f, -0.0f};
  std::vector<float> WantK2 = {1.0f,  1.0f + 0x1p-22f,  0.0f, 0.0f,
                               -1.0f, -1.0f - 0x1p-22f, 0.0f, 0.0f};
  std::vector<float> WantK1 = {1.0f,  1.0f + 0x1p-23f,  -0.0f, 0.0f,
                               -1.0f, -1.0f - 0x1p-23f, 0.0f,  -0.0f};
  forEachTarget([&] {
    for (simd::Products P : {simd::Products::Fused, simd::Products::Separate}) {
      for (size_t K : {size_t(2), size_t(1)}) {
        std::vector<float> Dst(8, 42.0f);
        simd::MatmulArgs A;
        A.Dst = Dst.data();
        A.DstStride = 4;
        A.Stationary = W.data();
        A.Moving = X.data();
        A.MovingStride = 4;
        A.K = K;
        A.M = 2;
        A.N = 4;
        simd::matmulKernel(A, P);
        const std::vector<float> &Want = K == 2 ? WantK2 : WantK1;
        for (size_t I = 0; I < 8; ++I) {
          CAPTURE(K);
          CAPTURE(I);
          CHECK(bits(Dst[I]) == bits(Want[I]));
        }
      }
    }
  });
}

TEST_CASE("matmul: NaN payloads and products outside fp32's range") {
  forEachTarget([&] {
    std::mt19937 Rng(5);
    for (int Round = 0; Round < 16; ++Round) {
      CAPTURE(Round);
      bool Accumulate = Round % 2;
      // NaNs with payloads and both signs, signalling ones among them (fp32
      // inputs keep their bits), in the operands and in PSUM.
      Values Gen(static_cast<uint32_t>(200 + Round));
      Gen.Specials = {fromBits(0x7fc00001u),
                      fromBits(0xffc12345u),
                      fromBits(0x7f800042u),
                      fromBits(0xff800007u),
                      Inf,
                      -Inf,
                      0.0f};
      Case C = randomCase(Rng, Gen);
      compare(C, Accumulate, [](simd::MatmulArgs &A) { simd::matmul(A, true); });
      compare(C, Accumulate, [](simd::MatmulArgs &A) { simd::matmul(A, false); });
      // NaNs in PSUM only: with finite operands they pass through the
      // kernel alone; with infinite ones they meet default NaNs.
      for (bool Infinite : {false, true}) {
        Values Finite(static_cast<uint32_t>(250 + Round));
        if (Infinite)
          Finite.Specials = {Inf, -Inf};
        Case E = randomCase(Rng, Finite);
        Values Psum(static_cast<uint32_t>(270 + Round));
        Psum.Specials = {fromBits(0x7fc00001u), fromBits(0xff800003u)};
        E.Dst0 = Psum.vector(E.Dst0.size());
        compare(E, true, [](simd::MatmulArgs &A) { simd::matmul(A, true); });
        compare(E, true, [](simd::MatmulArgs &A) { simd::matmul(A, false); });
      }
      // bf16-like values from 2^-100 to 2^100: some products underflow to
      // subnormals or zero, some overflow; only separate roundings give
      // the reference's bits, and matmul must see that.
      Values Far(static_cast<uint32_t>(300 + Round));
      Far.Spread = 100;
      Case D = randomCase(Rng, Far);
      compare(D, Accumulate, [](simd::MatmulArgs &A) { simd::matmul(A, true); });
    }
  });
}

TEST_CASE("matmul: productsExact") {
  auto Range = [](std::vector<float> V) { return simd::exponentRange(V.data(), V.size()); };
  // 2^-63 * 2^-63 = 2^-126, the smallest normal: exact. One binade lower
  // is not.
  CHECK(simd::productsExact(Range({0x1p-63f, 3.0f}), Range({0x1p-63f, 1.5f})));
  CHECK(!simd::productsExact(Range({0x1p-64f}), Range({0x1p-63f})));
  // |w x| < 2^128: 1.99 * 2^63 * 1.99 * 2^63 < 2^128; 2^64 * 2^63 * 1.5 is not.
  CHECK(simd::productsExact(Range({0x1.fep63f}), Range({0x1.fep63f})));
  CHECK(!simd::productsExact(Range({0x1p64f}), Range({0x1.8p63f})));
  // A subnormal factor counts as 2^-149 (conservatively: 2^-127 * 2^10
  // would be normal) and as below 2^-126.
  CHECK(!simd::productsExact(Range({fromBits(0x00400000u)}), Range({0x1p10f})));
  CHECK(simd::productsExact(Range({fromBits(0x00400000u)}), Range({0x1p30f})));
  // Zeros, infinities and NaNs do not limit anything.
  CHECK(simd::productsExact(Range({0.0f, Inf, -Inf}), Range({0x1p100f})));
  // Where it matters: 2^-75 * 2^-75 = 2^-150 is half the smallest
  // subnormal d; rounded alone it is 0 (ties to even), so d + it is d,
  // while a fused d + 2^-150 = 1.5 d rounds to 2 d.
  std::vector<float> W = {0x1p-75f}, X = {0x1p-75f};
  CHECK(!simd::productsExact(Range(W), Range(X)));
  forEachTarget([&] {
    std::vector<float> Dst = {fromBits(1)};
    simd::MatmulArgs A;
    A.Dst = Dst.data();
    A.DstStride = 1;
    A.Stationary = W.data();
    A.Moving = X.data();
    A.MovingStride = 1;
    A.K = A.M = A.N = 1;
    A.Accumulate = true;
    simd::matmul(A, true);
    CHECK(bits(Dst[0]) == 1u);
  });
}
