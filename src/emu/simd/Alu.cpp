//===- simd/Alu.cpp - ALU operators over rows of fp32 lanes ---------------===//
//
// The arithmetic operators and maximum/minimum as Highway kernels; every
// other operator runs aluOp itself, still with the switch out of the loop
// for the common ones. No operation here is fused (-ffp-contract=off).
//
//===----------------------------------------------------------------------===//

#include "simd/Alu.h"

#include "ExecContext.h"
#include "simd/Exp.h"

#include <cmath>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/Alu.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace trn::emu::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The kernel codes of the exported functions (an enum per target would be a
// distinct type each).
enum Kernel : int { KAdd, KSubtract, KMultiply, KDivide, KMaximum, KMinimum };

// aluOp's maximum and minimum: NaN if either input is, else A > B ? A : B
// (so the second operand wins ties, +0 against -0 included).
template <class D, class V> V maxOf(D Tag, V A, V B) {
  return hn::IfThenElse(hn::Or(hn::IsNaN(A), hn::IsNaN(B)), hn::Set(Tag, NAN),
                        hn::IfThenElse(A > B, A, B));
}
template <class D, class V> V minOf(D Tag, V A, V B) {
  return hn::IfThenElse(hn::Or(hn::IsNaN(A), hn::IsNaN(B)), hn::Set(Tag, NAN),
                        hn::IfThenElse(A < B, A, B));
}

// addLanes' NaN rule on the bits: a NaN operand gives itself, quieted, the
// first one when both are NaN (the compiler may not be left to choose: see
// ExecContext.h).
template <class V> V firstNaN(V A, V B, V R) {
  const hn::DFromV<V> D;
  const hn::RebindToUnsigned<decltype(D)> DU;
  const auto QuietBit = hn::Set(DU, 0x00400000u);
  const auto ANaN = hn::IsNaN(A);
  const V Quiet = hn::BitCast(D, hn::Or(hn::BitCast(DU, hn::IfThenElse(ANaN, A, B)), QuietBit));
  return hn::IfThenElse(hn::Or(ANaN, hn::IsNaN(B)), Quiet, R);
}

template <class D, class V> V apply(int K, D Tag, V A, V B) {
  switch (K) {
  case KAdd:
    return firstNaN(A, B, hn::Add(A, B));
  case KSubtract:
    return firstNaN(A, B, hn::Sub(A, B));
  case KMultiply:
    return firstNaN(A, B, hn::Mul(A, B));
  case KDivide:
    return firstNaN(A, B, hn::Div(A, B));
  case KMaximum:
    return maxOf(Tag, A, B);
  default:
    return minOf(Tag, A, B);
  }
}

// Full vectors, then the tail one lane at a time with the same operations.
template <int K> void binaryRow(const float *A, const float *B, float *Out, size_t N) {
  const hn::ScalableTag<float> D;
  const hn::CappedTag<float, 1> D1;
  const size_t L = hn::Lanes(D);
  size_t I = 0;
  for (; I + L <= N; I += L)
    hn::StoreU(apply(K, D, hn::LoadU(D, A + I), hn::LoadU(D, B + I)), D, Out + I);
  for (; I < N; ++I)
    hn::StoreU(apply(K, D1, hn::LoadU(D1, A + I), hn::LoadU(D1, B + I)), D1, Out + I);
}

template <int K, bool Reverse> void scalarRow(const float *A, float S, float *Out, size_t N) {
  const hn::ScalableTag<float> D;
  const hn::CappedTag<float, 1> D1;
  const size_t L = hn::Lanes(D);
  const auto VS = hn::Set(D, S);
  const auto VS1 = hn::Set(D1, S);
  size_t I = 0;
  for (; I + L <= N; I += L) {
    auto X = hn::LoadU(D, A + I);
    hn::StoreU(Reverse ? apply(K, D, VS, X) : apply(K, D, X, VS), D, Out + I);
  }
  for (; I < N; ++I) {
    auto X = hn::LoadU(D1, A + I);
    hn::StoreU(Reverse ? apply(K, D1, VS1, X) : apply(K, D1, X, VS1), D1, Out + I);
  }
}

void BinaryRowTarget(int K, const float *A, const float *B, float *Out, size_t N) {
  switch (K) {
  case KAdd:
    return binaryRow<KAdd>(A, B, Out, N);
  case KSubtract:
    return binaryRow<KSubtract>(A, B, Out, N);
  case KMultiply:
    return binaryRow<KMultiply>(A, B, Out, N);
  case KDivide:
    return binaryRow<KDivide>(A, B, Out, N);
  case KMaximum:
    return binaryRow<KMaximum>(A, B, Out, N);
  default:
    return binaryRow<KMinimum>(A, B, Out, N);
  }
}

template <bool Reverse> void scalarRowOf(int K, const float *A, float S, float *Out, size_t N) {
  switch (K) {
  case KAdd:
    return scalarRow<KAdd, Reverse>(A, S, Out, N);
  case KSubtract:
    return scalarRow<KSubtract, Reverse>(A, S, Out, N);
  case KMultiply:
    return scalarRow<KMultiply, Reverse>(A, S, Out, N);
  case KDivide:
    return scalarRow<KDivide, Reverse>(A, S, Out, N);
  case KMaximum:
    return scalarRow<KMaximum, Reverse>(A, S, Out, N);
  default:
    return scalarRow<KMinimum, Reverse>(A, S, Out, N);
  }
}

void ScalarRowTarget(int K, bool Reverse, const float *A, float S, float *Out, size_t N) {
  if (Reverse)
    scalarRowOf<true>(K, A, S, Out, N);
  else
    scalarRowOf<false>(K, A, S, Out, N);
}

void ScaleBiasRowTarget(const float *A, float Scale, float Bias, float *Out, size_t N) {
  const hn::ScalableTag<float> D;
  const hn::CappedTag<float, 1> D1;
  const size_t L = hn::Lanes(D);
  size_t I = 0;
  for (; I + L <= N; I += L)
    hn::StoreU(apply(KAdd, D, apply(KMultiply, D, hn::LoadU(D, A + I), hn::Set(D, Scale)),
                     hn::Set(D, Bias)),
               D, Out + I);
  for (; I < N; ++I)
    hn::StoreU(apply(KAdd, D1, apply(KMultiply, D1, hn::LoadU(D1, A + I), hn::Set(D1, Scale)),
                     hn::Set(D1, Bias)),
               D1, Out + I);
}

} // namespace trn::emu::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace trn::emu::simd {

HWY_EXPORT(BinaryRowTarget);
HWY_EXPORT(ScalarRowTarget);
HWY_EXPORT(ScaleBiasRowTarget);

namespace {

// The kernel for Op, or -1 for the operators aluOp computes itself.
int kernelOf(isa::AluOp Op) {
  using isa::AluOp;
  using namespace HWY_NAMESPACE;
  switch (Op) {
  case AluOp::Add:
    return KAdd;
  case AluOp::Subtract:
    return KSubtract;
  case AluOp::Multiply:
    return KMultiply;
  case AluOp::Divide:
    return KDivide;
  case AluOp::Maximum:
    return KMaximum;
  case AluOp::Minimum:
    return KMinimum;
  default:
    return -1;
  }
}

} // namespace

void aluRow(isa::AluOp Op, const float *A, const float *B, float *Out, size_t N) {
  if (int K = kernelOf(Op); K >= 0)
    return HWY_DYNAMIC_DISPATCH(BinaryRowTarget)(K, A, B, Out, N);
  if (Op == isa::AluOp::Bypass) {
    for (size_t I = 0; I < N; ++I)
      Out[I] = A[I];
    return;
  }
  for (size_t I = 0; I < N; ++I)
    Out[I] = aluOp(Op, A[I], B[I]);
}

void aluRowScalar(isa::AluOp Op, const float *A, float S, bool Reverse, float *Out, size_t N) {
  if (int K = kernelOf(Op); K >= 0)
    return HWY_DYNAMIC_DISPATCH(ScalarRowTarget)(K, Reverse, A, S, Out, N);
  if (Reverse)
    for (size_t I = 0; I < N; ++I)
      Out[I] = aluOp(Op, S, A[I]);
  else
    for (size_t I = 0; I < N; ++I)
      Out[I] = aluOp(Op, A[I], S);
}

void scaleBiasRow(const float *A, float Scale, float Bias, float *Out, size_t N) {
  HWY_DYNAMIC_DISPATCH(ScaleBiasRowTarget)(A, Scale, Bias, Out, N);
}

void activateRow(isa::ActFunc F, const float *A, float *Out, size_t N) {
  switch (F) {
  case isa::ActFunc::Exp:
    return expRow(A, Out, N);
  case isa::ActFunc::Copy:
    if (Out != A)
      std::memmove(Out, A, N * sizeof(float));
    return;
  case isa::ActFunc::Square:
    return HWY_DYNAMIC_DISPATCH(BinaryRowTarget)(HWY_NAMESPACE::KMultiply, A, A, Out, N);
  default:
    for (size_t I = 0; I < N; ++I)
      Out[I] = activate(F, A[I]);
  }
}

} // namespace trn::emu::simd
#endif
