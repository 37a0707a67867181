//===- simd/Convert.cpp - rows of bf16 to fp32 lanes and back -------------===//
//
// Integer work on the fp32 bit patterns, as the scalar functions do it;
// tails go through the scalar functions themselves. x86 is little-endian,
// as the stored elements are; a big-endian host takes the scalar path.
//
//===----------------------------------------------------------------------===//

#include "simd/Convert.h"

#include "trn/emu/Numerics.h"

#include <bit>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/Convert.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace trn::emu::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void Bf16ToFp32Target(const uint8_t *In, float *Out, size_t N) {
  const hn::ScalableTag<uint32_t> D32;
  const hn::Rebind<uint16_t, decltype(D32)> D16;
  const hn::RebindToFloat<decltype(D32)> DF;
  const size_t L = hn::Lanes(D32);
  const auto Abs = hn::Set(D32, 0x7fffffffu), Inf = hn::Set(D32, 0x7f800000u);
  const auto Quiet = hn::Set(D32, 0x00400000u);
  size_t K = 0;
  if constexpr (std::endian::native == std::endian::little)
    for (; K + L <= N; K += L) {
      uint16_t Raw[hn::MaxLanes(D16)];
      std::memcpy(Raw, In + 2 * K, 2 * L);
      auto B = hn::ShiftLeft<16>(hn::PromoteTo(D32, hn::LoadU(D16, Raw)));
      // A signalling NaN becomes quiet (|B| > inf, compared as signed:
      // both sides are below 2^31).
      const hn::RebindToSigned<decltype(D32)> DI;
      auto IsNaN = hn::Gt(hn::BitCast(DI, hn::And(B, Abs)), hn::BitCast(DI, Inf));
      B = hn::IfThenElse(hn::RebindMask(D32, IsNaN), hn::Or(B, Quiet), B);
      hn::StoreU(hn::BitCast(DF, B), DF, Out + K);
    }
  for (; K < N; ++K) {
    uint16_t V;
    std::memcpy(&V, In + 2 * K, 2);
    Out[K] = bf16ToFp32(V);
  }
}

void Fp32ToBf16Target(const float *In, uint8_t *Out, size_t N) {
  const hn::ScalableTag<uint32_t> D32;
  const hn::Rebind<uint16_t, decltype(D32)> D16;
  const hn::RebindToFloat<decltype(D32)> DF;
  const hn::RebindToSigned<decltype(D32)> DI;
  const size_t L = hn::Lanes(D32);
  const auto Abs = hn::Set(D32, 0x7fffffffu), Inf = hn::Set(D32, 0x7f800000u);
  const auto Sign = hn::Set(D32, 0x8000u), QNaN = hn::Set(D32, 0x7fc0u);
  const auto Half = hn::Set(D32, 0x7fffu), One = hn::Set(D32, 1u);
  size_t K = 0;
  if constexpr (std::endian::native == std::endian::little)
    for (; K + L <= N; K += L) {
      const auto B = hn::BitCast(D32, hn::LoadU(DF, In + K));
      const auto A = hn::And(B, Abs);
      const auto S = hn::And(hn::ShiftRight<16>(B), Sign);
      // shiftRne(A, 16): (A + 0x7fff + ((A >> 16) & 1)) >> 16; A < 2^31
      // cannot overflow.
      const auto R =
          hn::ShiftRight<16>(hn::Add(hn::Add(A, Half), hn::And(hn::ShiftRight<16>(A), One)));
      const auto IsNaN = hn::Gt(hn::BitCast(DI, A), hn::BitCast(DI, Inf));
      const auto V = hn::Or(S, hn::IfThenElse(hn::RebindMask(D32, IsNaN), QNaN, R));
      uint16_t Raw[hn::MaxLanes(D16)];
      hn::StoreU(hn::DemoteTo(D16, hn::BitCast(DI, V)), D16, Raw); // V < 2^16: exact
      std::memcpy(Out + 2 * K, Raw, 2 * L);
    }
  for (; K < N; ++K) {
    uint16_t V = fp32ToBf16(In[K]);
    std::memcpy(Out + 2 * K, &V, 2);
  }
}

} // namespace trn::emu::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace trn::emu::simd {

HWY_EXPORT(Bf16ToFp32Target);
HWY_EXPORT(Fp32ToBf16Target);

void bf16RowToFp32(const uint8_t *In, float *Out, size_t N) {
  HWY_DYNAMIC_DISPATCH(Bf16ToFp32Target)(In, Out, N);
}

void fp32RowToBf16(const float *In, uint8_t *Out, size_t N) {
  HWY_DYNAMIC_DISPATCH(Fp32ToBf16Target)(In, Out, N);
}

} // namespace trn::emu::simd
#endif
