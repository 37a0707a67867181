//===- simd/Matmul.cpp - TensorE's matmul on fp32 rows, vectorised --------===//
//
// Compiled once per instruction set by Highway's foreach_target.h (the part
// in HWY_NAMESPACE) and dispatched at run time; the part under HWY_ONCE is
// compiled once. Built with -ffp-contract=off (src/emu/CMakeLists.txt): a
// multiply followed by an add must stay two roundings unless this file
// asks for a fused multiply-add (docs/numerics.md, "TensorE").
//
//===----------------------------------------------------------------------===//

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/Matmul.cpp"
#include "simd/Matmul.h"

#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cmath>
#include <cstring>

// Defined once, though foreach_target.h compiles this file once per target.
#ifndef TRN_EMU_SIMD_MATMUL_CPP_ONCE
#define TRN_EMU_SIMD_MATMUL_CPP_ONCE
namespace trn::emu::simd {
// Over the magnitudes' bits (ordered as the values are): the largest, the
// largest finite and the smallest nonzero (as magnitude - 1, so that zero
// wraps to the top and drops out).
struct Magnitudes {
  uint32_t Max = 0, MaxFinite = 0, MinNonzeroLess1 = UINT32_MAX;
  bool Inf = false;
};
} // namespace trn::emu::simd
#endif

HWY_BEFORE_NAMESPACE();
namespace trn::emu::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;

// The register block: Rows x Vecs accumulators, Vecs moving vectors and one
// broadcast weight must fit the register file (32 vector registers with
// AVX-512, 16 below).
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
constexpr size_t Rows = 8, Vecs = 3;
#else
constexpr size_t Rows = 4, Vecs = 2;
#endif

// D[r, 0 .. V*L) for r < R: the sum over k of W[k * LdW + r] * X[k * LdX + ...],
// k innermost so that every element adds its products in increasing k.
template <size_t R, size_t V, bool Fused>
HWY_INLINE void block(const float *HWY_RESTRICT W, size_t LdW, const float *HWY_RESTRICT X,
                      size_t LdX, float *HWY_RESTRICT D, size_t LdD, size_t K, bool Accumulate) {
  const DF Df;
  const size_t L = hn::Lanes(Df);
  VF Acc[R][V];
  size_t K0 = 0;
  if (Accumulate) {
#pragma GCC unroll 16
    for (size_t I = 0; I < R; ++I)
#pragma GCC unroll 16
      for (size_t J = 0; J < V; ++J)
        Acc[I][J] = hn::LoadU(Df, D + I * LdD + J * L);
  } else {
    // The first product itself, not 0 + product: -0 stays -0.
    VF Xv[V];
#pragma GCC unroll 16
    for (size_t J = 0; J < V; ++J)
      Xv[J] = hn::LoadU(Df, X + J * L);
#pragma GCC unroll 16
    for (size_t I = 0; I < R; ++I) {
      const VF Wv = hn::Set(Df, W[I]);
#pragma GCC unroll 16
      for (size_t J = 0; J < V; ++J)
        Acc[I][J] = hn::Mul(Wv, Xv[J]);
    }
    K0 = 1;
  }
  for (size_t Kk = K0; Kk < K; ++Kk) {
    const float *HWY_RESTRICT Xk = X + Kk * LdX;
    const float *HWY_RESTRICT Wk = W + Kk * LdW;
    VF Xv[V];
#pragma GCC unroll 16
    for (size_t J = 0; J < V; ++J)
      Xv[J] = hn::LoadU(Df, Xk + J * L);
#pragma GCC unroll 16
    for (size_t I = 0; I < R; ++I) {
      const VF Wv = hn::Set(Df, Wk[I]);
#pragma GCC unroll 16
      for (size_t J = 0; J < V; ++J) {
        if constexpr (Fused)
          Acc[I][J] = hn::MulAdd(Wv, Xv[J], Acc[I][J]);
        else
          Acc[I][J] = hn::Add(Acc[I][J], hn::Mul(Wv, Xv[J]));
      }
    }
  }
#pragma GCC unroll 16
  for (size_t I = 0; I < R; ++I)
#pragma GCC unroll 16
    for (size_t J = 0; J < V; ++J)
      hn::StoreU(Acc[I][J], Df, D + I * LdD + J * L);
}

// Every row of A, columns N0 .. N0 + V * Lanes: blocks of Rows rows, then
// the rows left one at a time.
template <size_t V, bool Fused>
void columns(const MatmulArgs &A, const float *X, size_t LdX, float *D, size_t LdD) {
  size_t M = 0;
  for (; M + Rows <= A.M; M += Rows)
    block<Rows, V, Fused>(A.Stationary + M, A.M, X, LdX, D + M * LdD, LdD, A.K, A.Accumulate);
  for (; M < A.M; ++M)
    block<1, V, Fused>(A.Stationary + M, A.M, X, LdX, D + M * LdD, LdD, A.K, A.Accumulate);
}

template <bool Fused> void kernel(const MatmulArgs &A) {
  const DF Df;
  const size_t L = hn::Lanes(Df);
  size_t N0 = 0;
  for (; N0 + Vecs * L <= A.N; N0 += Vecs * L)
    columns<Vecs, Fused>(A, A.Moving + N0, A.MovingStride, A.Dst + N0, A.DstStride);
  if constexpr (Vecs > 2)
    if (N0 + 2 * L <= A.N) {
      columns<2, Fused>(A, A.Moving + N0, A.MovingStride, A.Dst + N0, A.DstStride);
      N0 += 2 * L;
    }
  for (; N0 + L <= A.N; N0 += L)
    columns<1, Fused>(A, A.Moving + N0, A.MovingStride, A.Dst + N0, A.DstStride);
  size_t Tail = A.N - N0;
  if (!Tail)
    return;
  // The last partial vector: through copies padded to a whole vector, so
  // that nothing beyond a row is read or written. The padding lanes compute
  // values nobody keeps.
  std::vector<float> X(A.K * L, 0.0f), D(A.M * L, 0.0f);
  for (size_t K = 0; K < A.K; ++K)
    std::memcpy(&X[K * L], A.Moving + K * A.MovingStride + N0, Tail * sizeof(float));
  if (A.Accumulate)
    for (size_t M = 0; M < A.M; ++M)
      std::memcpy(&D[M * L], A.Dst + M * A.DstStride + N0, Tail * sizeof(float));
  columns<1, Fused>(A, X.data(), L, D.data(), L);
  for (size_t M = 0; M < A.M; ++M)
    std::memcpy(A.Dst + M * A.DstStride + N0, &D[M * L], Tail * sizeof(float));
}

void matmulKernelImpl(const MatmulArgs &A, Products P) {
  if (P == Products::Fused)
    kernel<true>(A);
  else
    kernel<false>(A);
}

Magnitudes magnitudesImpl(const float *Values, size_t Count) {
  const DF Df;
  const hn::RebindToUnsigned<DF> Du;
  const size_t L = hn::Lanes(Df);
  const auto Abs = hn::Set(Du, 0x7fffffffu), Inf = hn::Set(Du, 0x7f800000u);
  const auto One = hn::Set(Du, 1u);
  auto Max = hn::Zero(Du), MaxFinite = hn::Zero(Du), MinLess1 = hn::Set(Du, UINT32_MAX);
  auto Infinite = hn::Zero(Du);
  size_t I = 0;
  for (; I + L <= Count; I += L) {
    const auto Mag = hn::And(hn::BitCast(Du, hn::LoadU(Df, Values + I)), Abs);
    Max = hn::Max(Max, Mag);
    MaxFinite = hn::Max(MaxFinite, hn::IfThenElseZero(hn::Lt(Mag, Inf), Mag));
    MinLess1 = hn::Min(MinLess1, hn::Sub(Mag, One));
    Infinite = hn::Or(Infinite, hn::VecFromMask(Du, hn::Eq(Mag, Inf)));
  }
  Magnitudes R;
  R.Max = hn::GetLane(hn::MaxOfLanes(Du, Max));
  R.MaxFinite = hn::GetLane(hn::MaxOfLanes(Du, MaxFinite));
  R.MinNonzeroLess1 = hn::GetLane(hn::MinOfLanes(Du, MinLess1));
  R.Inf = !hn::AllFalse(Du, hn::Ne(Infinite, hn::Zero(Du)));
  for (; I < Count; ++I) {
    uint32_t Mag;
    std::memcpy(&Mag, Values + I, 4);
    Mag &= 0x7fffffffu;
    R.Max = std::max(R.Max, Mag);
    if (Mag < 0x7f800000u)
      R.MaxFinite = std::max(R.MaxFinite, Mag);
    R.MinNonzeroLess1 = std::min(R.MinNonzeroLess1, Mag - 1);
    R.Inf = R.Inf || Mag == 0x7f800000u;
  }
  return R;
}

// Element conversions. Lut: the 2^8 or 2^16 fp32 values of an fp8 or fp16
// format (from loadAsFloat), gathered by the stored bits.
template <typename StoredT>
void gather(const uint8_t *Raw, size_t Count, float *Out, const float *Lut) {
  const DF Df;
  const hn::RebindToSigned<DF> Di;
  const hn::Rebind<StoredT, DF> Ds;
  const size_t L = hn::Lanes(Df);
  const StoredT *In = reinterpret_cast<const StoredT *>(Raw);
  size_t I = 0;
  for (; I + L <= Count; I += L)
    hn::StoreU(hn::GatherIndex(Df, Lut, hn::PromoteTo(Di, hn::LoadU(Ds, In + I))), Df, Out + I);
  for (; I < Count; ++I) {
    StoredT Bits;
    std::memcpy(&Bits, Raw + I * sizeof(StoredT), sizeof(StoredT));
    Out[I] = Lut[Bits];
  }
}

// An fp8 format with MantBits mantissa bits and exponent bias Bias: its
// magnitude bits, shifted to line up with fp32's mantissa, read as an fp32
// (exponent bias 127) and scaled by 2^(127 - Bias), exactly, subnormals
// included. The patterns from Special up (infinities, NaNs) come from Lut.
template <int MantBits, int Bias>
void fp8(const uint8_t *Raw, size_t Count, float *Out, const float *Lut, int32_t Special) {
  const DF Df;
  const hn::RebindToSigned<DF> Di;
  const hn::Rebind<uint8_t, DF> D8;
  const size_t L = hn::Lanes(Df);
  const auto Scale = hn::Set(Df, static_cast<float>(std::ldexp(1.0, 127 - Bias)));
  const auto MagMask = hn::Set(Di, 0x7f), SignMask = hn::Set(Di, 0x80);
  const auto FirstSpecial = hn::Set(Di, Special - 1);
  size_t I = 0;
  for (; I + L <= Count; I += L) {
    const auto Bits = hn::PromoteTo(Di, hn::LoadU(D8, Raw + I));
    const auto Mag = hn::And(Bits, MagMask);
    auto F = hn::Mul(hn::BitCast(Df, hn::ShiftLeft<23 - MantBits>(Mag)), Scale);
    F = hn::BitCast(Df, hn::Or(hn::BitCast(Di, F), hn::ShiftLeft<24>(hn::And(Bits, SignMask))));
    const auto IsSpecial = hn::Gt(Mag, FirstSpecial);
    if (!hn::AllFalse(Di, IsSpecial))
      F = hn::IfThenElse(hn::RebindMask(Df, IsSpecial), hn::GatherIndex(Df, Lut, Bits), F);
    hn::StoreU(F, Df, Out + I);
  }
  for (; I < Count; ++I)
    Out[I] = Lut[Raw[I]];
}

// bf16 and tf32 are the top bits of an fp32; a signalling NaN is quietened
// (the payload kept), as every conversion to fp32 does.
void convertImpl(isa::DType T, const uint8_t *Raw, size_t Count, float *Out, const float *Lut) {
  const DF Df;
  const hn::RebindToUnsigned<DF> Du;
  const size_t L = hn::Lanes(Df);
  const auto Quiet = hn::Set(Du, 0x00400000u);
  auto QuietNaN = [&](hn::Vec<decltype(Du)> Bits) {
    const auto F = hn::BitCast(Df, Bits);
    return hn::IfThenElse(hn::IsNaN(F), hn::BitCast(Df, hn::Or(Bits, Quiet)), F);
  };
  auto QuietScalar = [](uint32_t B) {
    return (B & 0x7fffffffu) > 0x7f800000u ? B | 0x00400000u : B;
  };
  size_t I = 0;
  switch (T) {
  case isa::DType::BF16: {
    const hn::Rebind<uint16_t, DF> D16;
    const uint16_t *In = reinterpret_cast<const uint16_t *>(Raw);
    for (; I + L <= Count; I += L)
      hn::StoreU(QuietNaN(hn::ShiftLeft<16>(hn::PromoteTo(Du, hn::LoadU(D16, In + I)))), Df,
                 Out + I);
    for (; I < Count; ++I) {
      uint16_t Bits;
      std::memcpy(&Bits, Raw + 2 * I, 2);
      uint32_t B = QuietScalar(uint32_t(Bits) << 16);
      std::memcpy(Out + I, &B, 4);
    }
    return;
  }
  case isa::DType::TF32: {
    const uint32_t *In = reinterpret_cast<const uint32_t *>(Raw);
    const auto Top19 = hn::Set(Du, 0xffffe000u);
    for (; I + L <= Count; I += L)
      hn::StoreU(QuietNaN(hn::And(hn::LoadU(Du, In + I), Top19)), Df, Out + I);
    for (; I < Count; ++I) {
      uint32_t B;
      std::memcpy(&B, Raw + 4 * I, 4);
      B = QuietScalar(B & 0xffffe000u);
      std::memcpy(Out + I, &B, 4);
    }
    return;
  }
  case isa::DType::FP16:
    return gather<uint16_t>(Raw, Count, Out, Lut);
  case isa::DType::FP8_E4M3: // from 0x78: inf, NaN
    return fp8<3, 7>(Raw, Count, Out, Lut, 0x78);
  case isa::DType::FP8_E5M2: // from 0x7c: inf, NaN
    return fp8<2, 15>(Raw, Count, Out, Lut, 0x7c);
  case isa::DType::FP8_E4M3FN: // 0x7f: NaN (no infinity)
    return fp8<3, 7>(Raw, Count, Out, Lut, 0x7f);
  case isa::DType::FP4_E2M1: // one a byte: rare, so by table
  case isa::DType::FP8_E8M0:
    return gather<uint8_t>(Raw, Count, Out, Lut);
  default: // fp32: the bits as they are
    std::memcpy(Out, Raw, Count * 4);
    return;
  }
}

const char *targetNameImpl() { return hwy::TargetName(HWY_TARGET); }

} // namespace HWY_NAMESPACE
} // namespace trn::emu::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

#include "trn/emu/Numerics.h"

#include <cmath>
#include <iterator>
#include <mutex>

namespace trn::emu::simd {

HWY_EXPORT(matmulKernelImpl);
HWY_EXPORT(magnitudesImpl);
HWY_EXPORT(convertImpl);
HWY_EXPORT(targetNameImpl);

namespace {

uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}
float quiet(float F) {
  uint32_t B = bitsOf(F) | 0x00400000u;
  std::memcpy(&F, &B, 4);
  return F;
}

// The NaN rules of matmulReference, spelled out rather than left to the
// operand order the compiler picks.
float product(float W, float X) {
  if (std::isnan(X))
    return quiet(X);
  if (std::isnan(W))
    return quiet(W);
  return W * X;
}
float sum(float Acc, float Prod) {
  if (std::isnan(Prod))
    return Prod;
  if (std::isnan(Acc))
    return quiet(Acc);
  return Acc + Prod;
}

// The fp32 values of every bit pattern of an fp16 or fp8 dtype, built once.
const float *lookupTable(isa::DType T) {
  static constexpr isa::DType Types[] = {isa::DType::FP16,     isa::DType::FP8_E4M3,
                                         isa::DType::FP8_E5M2, isa::DType::FP8_E4M3FN,
                                         isa::DType::FP4_E2M1, isa::DType::FP8_E8M0};
  static std::once_flag Once[std::size(Types)];
  static std::vector<float> Tables[std::size(Types)];
  size_t Slot = std::find(std::begin(Types), std::end(Types), T) - std::begin(Types);
  if (Slot == std::size(Types))
    return nullptr; // converted without a table
  std::call_once(Once[Slot], [&] {
    size_t Size = T == isa::DType::FP16 ? 65536 : 256;
    Tables[Slot].resize(Size);
    for (size_t B = 0; B < Size; ++B) {
      uint8_t Stored[2] = {uint8_t(B), uint8_t(B >> 8)}; // little-endian
      Tables[Slot][B] = loadAsFloat(T, Stored);
    }
  });
  return Tables[Slot].data();
}

} // namespace

void matmulReference(const MatmulArgs &A) {
  for (size_t M = 0; M < A.M; ++M) {
    float *Row = A.Dst + M * A.DstStride;
    size_t K0 = 0;
    if (!A.Accumulate) {
      if (A.K == 0) {
        std::fill(Row, Row + A.N, 0.0f);
        continue;
      }
      float W = A.Stationary[M];
      for (size_t N = 0; N < A.N; ++N)
        Row[N] = product(W, A.Moving[N]);
      K0 = 1;
    }
    for (size_t K = K0; K < A.K; ++K) {
      float W = A.Stationary[K * A.M + M];
      const float *In = A.Moving + K * A.MovingStride;
      for (size_t N = 0; N < A.N; ++N)
        Row[N] = sum(Row[N], product(W, In[N]));
    }
  }
}

void matmulKernel(const MatmulArgs &A, Products P) {
  if (A.K == 0 || A.M == 0 || A.N == 0)
    return matmulReference(A);
  HWY_DYNAMIC_DISPATCH(matmulKernelImpl)(A, P);
}

ExponentRange exponentRange(const float *Values, size_t Count) {
  Magnitudes G = HWY_DYNAMIC_DISPATCH(magnitudesImpl)(Values, Count);
  ExponentRange R;
  R.NaN = G.Max > 0x7f800000u;
  R.Inf = G.Inf;
  // Magnitudes 1 .. 0x7f7fffff are the finite nonzero ones.
  R.Finite = G.MinNonzeroLess1 < 0x7f7fffffu;
  if (R.Finite) {
    uint32_t Min = G.MinNonzeroLess1 + 1;
    R.MinExp = Min < 0x00800000u ? -149 : static_cast<int32_t>(Min >> 23) - 127;
    R.MaxExp = static_cast<int32_t>(G.MaxFinite >> 23) - 127; // a subnormal: -127
  }
  return R;
}

ExponentRange merge(const ExponentRange &A, const ExponentRange &B) {
  ExponentRange R;
  R.NaN = A.NaN || B.NaN;
  R.Finite = A.Finite || B.Finite;
  if (A.Finite && B.Finite) {
    R.MinExp = std::min(A.MinExp, B.MinExp);
    R.MaxExp = std::max(A.MaxExp, B.MaxExp);
  } else if (R.Finite) {
    R.MinExp = A.Finite ? A.MinExp : B.MinExp;
    R.MaxExp = A.Finite ? A.MaxExp : B.MaxExp;
  }
  return R;
}

// |w x| lies in [2^(MinW + MinX), 2^(MaxW + MaxX + 2)): at least the
// smallest normal 2^-126 and below 2^128, where a product of two 12-bit
// significands (24 bits) is exactly representable.
bool productsExact(const ExponentRange &W, const ExponentRange &X) {
  if (!W.Finite || !X.Finite)
    return true; // every product is 0, inf or NaN: exact or the same either way
  return W.MinExp + X.MinExp >= -126 && W.MaxExp + X.MaxExp <= 126;
}

void matmul(const MatmulArgs &A, bool NarrowSignificands) {
  ExponentRange W = exponentRange(A.Stationary, A.K * A.M);
  ExponentRange X;
  for (size_t K = 0; K < A.K; ++K)
    X = merge(X, exponentRange(A.Moving + K * A.MovingStride, A.N));
  // When two NaNs meet, the kernel's instructions do not promise which one
  // they keep, so the reference decides. A NaN operand makes NaN products;
  // an infinite one makes default NaNs (0 * inf), which may meet a NaN in
  // PSUM. Else no product is NaN, and a NaN in PSUM passes through alone.
  bool NaN = W.NaN || X.NaN;
  for (size_t M = 0; A.Accumulate && (W.Inf || X.Inf) && M < A.M && !NaN; ++M)
    NaN = exponentRange(A.Dst + M * A.DstStride, A.N).NaN;
  if (NaN)
    return matmulReference(A);
  matmulKernel(A, NarrowSignificands && productsExact(W, X) ? Products::Fused : Products::Separate);
}

void convertToFp32(isa::DType T, const uint8_t *Raw, size_t Count, float *Out) {
  HWY_DYNAMIC_DISPATCH(convertImpl)(T, Raw, Count, Out, lookupTable(T));
}

std::vector<int64_t> matmulTargets() { return hwy::SupportedAndGeneratedTargets(); }
std::string matmulTargetName() { return HWY_DYNAMIC_DISPATCH(targetNameImpl)(); }
void restrictMatmulTargets(int64_t Targets) { hwy::SetSupportedTargetsForTest(Targets); }

} // namespace trn::emu::simd

#endif // HWY_ONCE
