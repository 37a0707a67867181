//===- simd/Exp.cpp - fp32 exp, bit for bit glibc's expf ------------------===//
//
// The scalar form and a Highway kernel for the targets with a native fused
// multiply-add (AVX2, AVX-512); the others run the scalar form, whose
// std::fma is exact everywhere. Built with -ffp-contract=off: every fused
// operation is written out, no other may appear.
//
//===----------------------------------------------------------------------===//

#include "simd/Exp.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/Exp.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#ifndef TRN_EMU_SIMD_EXP_ONCE
#define TRN_EMU_SIMD_EXP_ONCE
namespace trn::emu::simd::detail {

// glibc's __exp2f_data: 2^(i/32) with the low bits adjusted, minus i << 47
// (added back with the exponent).
alignas(64) constexpr uint64_t Exp2Table[32] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540};
constexpr double InvLn2N = 0x1.71547652b82fep+5; // 32 / ln 2
constexpr double Shift = 0x1.8p+52;
constexpr double C0 = 0x1.c6af84b912394p-20, C1 = 0x1.ebfce50fac4f3p-13, C2 = 0x1.62e42ff0c52d6p-6;
// |x| >= 88 or NaN (the top 12 bits of |x|) takes the special path.
constexpr uint32_t SpecialTop = 0x42b;

inline uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

} // namespace trn::emu::simd::detail
#endif

HWY_BEFORE_NAMESPACE();
namespace trn::emu::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_NATIVE_FMA
// Whole vectors of lanes; a vector with a special lane redoes those lanes
// with the scalar form.
void ExpRowTarget(const float *In, float *Out, size_t N) {
  using namespace detail;
  const hn::ScalableTag<double> D;
  const hn::Rebind<float, decltype(D)> DF;
  const hn::RebindToUnsigned<decltype(D)> DU;
  const hn::RebindToSigned<decltype(D)> DI;
  const hn::RebindToSigned<decltype(DF)> DFI;
  const size_t L = hn::Lanes(D);
  const auto VInvLn2N = hn::Set(D, InvLn2N), VShift = hn::Set(D, Shift);
  const auto VC0 = hn::Set(D, C0), VC1 = hn::Set(D, C1), VC2 = hn::Set(D, C2);
  const auto One = hn::Set(D, 1.0);
  const auto Low5 = hn::Set(DU, 31);
  const auto Top = hn::Set(DFI, static_cast<int32_t>(SpecialTop));
  const double *Table = reinterpret_cast<const double *>(Exp2Table);
  size_t K = 0;
  for (; K + L <= N; K += L) {
    const auto XF = hn::LoadU(DF, In + K);
    const auto AbsTop = hn::And(hn::ShiftRight<20>(hn::BitCast(DFI, XF)), hn::Set(DFI, 0x7ff));
    const bool AnySpecial = !hn::AllFalse(DFI, hn::Not(hn::Lt(AbsTop, Top)));
    const auto X = hn::PromoteTo(D, XF);
    const auto KdShifted = hn::MulAdd(VInvLn2N, X, VShift);
    const auto Ki = hn::BitCast(DU, KdShifted);
    const auto Kd = hn::Sub(KdShifted, VShift);
    const auto R = hn::MulSub(VInvLn2N, X, Kd);
    const auto T =
        hn::Add(hn::BitCast(DU, hn::GatherIndex(D, Table, hn::BitCast(DI, hn::And(Ki, Low5)))),
                hn::ShiftLeft<47>(Ki));
    const auto S = hn::BitCast(D, T);
    const auto Z = hn::MulAdd(R, VC0, VC1);
    const auto R2 = hn::Mul(R, R);
    auto Y = hn::MulAdd(R, VC2, One);
    Y = hn::MulAdd(Z, R2, Y);
    Y = hn::Mul(Y, S);
    // Read every input of the vector before its first output: Out may be In.
    float Special[hn::MaxLanes(D)];
    if (AnySpecial)
      for (size_t I = 0; I < L; ++I)
        Special[I] = In[K + I];
    hn::StoreU(hn::DemoteTo(DF, Y), DF, Out + K);
    if (AnySpecial)
      for (size_t I = 0; I < L; ++I)
        if (((bitsOf(Special[I]) >> 20) & 0x7ff) >= SpecialTop)
          Out[K + I] = expF32(Special[I]);
  }
  for (; K < N; ++K)
    Out[K] = expF32(In[K]);
}
#else
void ExpRowTarget(const float *In, float *Out, size_t N) {
  for (size_t K = 0; K < N; ++K)
    Out[K] = expF32(In[K]);
}
#endif

} // namespace trn::emu::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace trn::emu::simd {

float expF32(float X) {
  using namespace detail;
  const uint32_t B = bitsOf(X);
  const uint32_t AbsTop = (B >> 20) & 0x7ff;
  if (AbsTop >= SpecialTop) [[unlikely]] {
    if (B == 0xff800000u) // -inf
      return 0.0f;
    if (AbsTop >= 0x7f8) // inf, NaN (quietened, payload kept)
      return X + X;
    if (X > 0x1.62e42ep6f) // above log(2^128): overflow
      return INFINITY;
    if (X < -0x1.9fe368p6f) // below log(2^-150): underflow to 0
      return 0.0f;
    if (X < -0x1.9d1d9ep6f) // below log(2^-149): glibc's __math_may_uflowf
      return 0x1p-149f;
  }
  const double XD = X;
  const double KdShifted = std::fma(InvLn2N, XD, Shift);
  uint64_t Ki;
  std::memcpy(&Ki, &KdShifted, 8);
  const double Kd = KdShifted - Shift;
  const double R = std::fma(InvLn2N, XD, -Kd);
  const uint64_t T = Exp2Table[Ki % 32] + (Ki << 47);
  double S;
  std::memcpy(&S, &T, 8);
  const double Z = std::fma(R, C0, C1);
  const double R2 = R * R;
  double Y = std::fma(R, C2, 1.0);
  Y = std::fma(Z, R2, Y);
  Y = Y * S;
  return static_cast<float>(Y);
}

HWY_EXPORT(ExpRowTarget);

void expRow(const float *In, float *Out, size_t N) {
  HWY_DYNAMIC_DISPATCH(ExpRowTarget)(In, Out, N);
}

} // namespace trn::emu::simd
#endif
