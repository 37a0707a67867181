//===- Alu.cpp - ALU operators and activation functions in fp32 -----------===//
//
// The formulas of the AluOp and ActFunc enums (isa/Enums.td). Arithmetic is
// fp32, one rounding per operation. Activation functions use the fp32 math
// library directly where one exists (expf, tanhf, erff, ...) and compose it
// otherwise (exp is simd::expF32, glibc's expf bit for bit on every input,
// whatever the host); docs/numerics.md states the accuracy bound the tests check.
//
//===----------------------------------------------------------------------===//

#include "ExecContext.h"
#include "simd/Exp.h"
#include "trn/emu/Numerics.h"

#include <cmath>
#include <limits>

namespace trn::emu {

namespace {

float nanIfAny(float A, float B, float R) { return std::isnan(A) || std::isnan(B) ? NAN : R; }
float b2f(bool B) { return B ? 1.0f : 0.0f; }
float sigmoid(float X) { return 1.0f / (1.0f + simd::expF32(-X)); }
float softplus(float X) { return X > 20.0f ? X : std::log1p(simd::expF32(X)); }

} // namespace

int32_t laneInt(float F) {
  if (std::isnan(F))
    return 0;
  if (F >= 2147483647.0f)
    return INT32_MAX;
  if (F <= -2147483648.0f)
    return INT32_MIN;
  return static_cast<int32_t>(F);
}

int64_t bitvecResult(isa::DType Src, int64_t V) {
  return isa::dtype(Src).Kind == isa::DTypeKind::UInt ? int64_t(static_cast<uint32_t>(V))
                                                      : int64_t(static_cast<int32_t>(V));
}

bool isIntegerType(isa::DType T) { return isa::dtype(T).Kind != isa::DTypeKind::Float; }

void storeInteger(isa::DType T, uint8_t *P, int64_t V) {
  if (isIntegerType(T))
    storeFromInt(T, P, V);
  else
    storeFromFloat(T, P, static_cast<float>(V));
}

bool isBitvec(isa::AluOp Op) {
  const isa::EnumValueDesc *V = isa::enumValue(isa::EnumTypeId::AluOp, static_cast<uint8_t>(Op));
  return V && V->Bitvec;
}

float aluOp(isa::AluOp Op, float A, float B) {
  using isa::AluOp;
  switch (Op) {
  case AluOp::Bypass:
    return A;
  case AluOp::Add:
    return addLanes(A, B);
  case AluOp::Subtract:
    return subLanes(A, B);
  case AluOp::Multiply:
    return mulLanes(A, B);
  case AluOp::Maximum:
    return nanIfAny(A, B, A > B ? A : B);
  case AluOp::Minimum:
    return nanIfAny(A, B, A < B ? A : B);
  case AluOp::Divide:
    return divLanes(A, B);
  case AluOp::Mod:
    return std::fmod(A, B);
  case AluOp::Power:
    return std::pow(A, B);
  case AluOp::AbsMax:
    return nanIfAny(A, B, std::fabs(A) > std::fabs(B) ? std::fabs(A) : std::fabs(B));
  case AluOp::AbsMin:
    return nanIfAny(A, B, std::fabs(A) < std::fabs(B) ? std::fabs(A) : std::fabs(B));
  case AluOp::Average:
    return addLanes(A, B) * 0.5f;
  case AluOp::Equal:
    return b2f(A == B);
  case AluOp::NotEqual:
    return b2f(A != B);
  case AluOp::Greater:
    return b2f(A > B);
  case AluOp::GreaterEqual:
    return b2f(A >= B);
  case AluOp::Less:
    return b2f(A < B);
  case AluOp::LessEqual:
    return b2f(A <= B);
  case AluOp::LogicalAnd:
    return b2f(A != 0 && B != 0);
  case AluOp::LogicalOr:
    return b2f(A != 0 || B != 0);
  case AluOp::LogicalXor:
    return b2f((A != 0) != (B != 0));
  case AluOp::BitwiseAnd:
  case AluOp::BitwiseOr:
  case AluOp::BitwiseXor:
  case AluOp::Invert:
  case AluOp::LeftShift:
  case AluOp::RightShift:
    // The 32-bit result read as a signed integer, as the lanes' integer
    // parts were (so that ~0 and -1 << 0 are both -1).
    return static_cast<float>(static_cast<int32_t>(aluOpInt(Op, laneInt(A), laneInt(B))));
  case AluOp::Abs:
    return std::fabs(A);
  case AluOp::Square:
    return A * A;
  case AluOp::Relu:
    return std::isnan(A) ? A : (A > 0 ? A : 0.0f);
  case AluOp::Rsqrt:
    return 1.0f / std::sqrt(A);
  case AluOp::Reciprocal:
    return 1.0f / A;
  }
  return NAN;
}

int64_t aluOpInt(isa::AluOp Op, int64_t A, int64_t B) {
  using isa::AluOp;
  uint64_t UA = static_cast<uint64_t>(A), UB = static_cast<uint64_t>(B);
  switch (Op) {
  case AluOp::BitwiseAnd:
    return A & B;
  case AluOp::BitwiseOr:
    return A | B;
  case AluOp::BitwiseXor:
    return A ^ B;
  case AluOp::Invert:
    return ~A;
  case AluOp::LeftShift:
    return static_cast<int64_t>((UA << (UB & 31)) & 0xFFFFFFFFu);
  case AluOp::RightShift:
    return static_cast<int64_t>((UA & 0xFFFFFFFFu) >> (UB & 31));
  case AluOp::Add:
    return addLanes(A, B);
  case AluOp::Subtract:
    return subLanes(A, B);
  case AluOp::Multiply:
    return mulLanes(A, B);
  case AluOp::Maximum:
    return A > B ? A : B;
  case AluOp::Minimum:
    return A < B ? A : B;
  case AluOp::Bypass:
    return A;
  default:
    return static_cast<int64_t>(aluOp(Op, static_cast<float>(A), static_cast<float>(B)));
  }
}

float activate(isa::ActFunc F, float X) {
  using isa::ActFunc;
  constexpr float Sqrt2 = 1.41421356237309504880f, SqrtPi = 1.77245385090551602730f;
  constexpr float Sqrt2OverPi = 0.79788456080286535588f;
  switch (F) {
  case ActFunc::Copy:
    return X;
  case ActFunc::Square:
    return X * X;
  case ActFunc::Sigmoid:
    return sigmoid(X);
  case ActFunc::Relu:
    return std::isnan(X) ? X : (X > 0 ? X : 0.0f);
  case ActFunc::Gelu:
    return 0.5f * X * (1.0f + std::erf(X / Sqrt2));
  case ActFunc::GeluDx:
    return 0.5f * (1.0f + std::erf(X / Sqrt2)) + X * simd::expF32(-0.5f * X * X) / (Sqrt2 * SqrtPi);
  case ActFunc::GeluApprxTanh:
    return 0.5f * X * (1.0f + std::tanh(Sqrt2OverPi * (X + 0.044715f * X * X * X)));
  case ActFunc::GeluApprxSigmoid:
    return X * sigmoid(1.702f * X);
  case ActFunc::GeluApprxSigmoidDx: {
    float S = sigmoid(1.702f * X);
    return S + 1.702f * X * S * (1.0f - S);
  }
  case ActFunc::Silu:
    return X * sigmoid(X);
  case ActFunc::SiluDx: {
    float S = sigmoid(X);
    return S * (1.0f + X * (1.0f - S));
  }
  case ActFunc::Tanh:
    return std::tanh(X);
  case ActFunc::Softplus:
    return softplus(X);
  case ActFunc::Mish:
    return X * std::tanh(softplus(X));
  case ActFunc::Erf:
    return std::erf(X);
  case ActFunc::ErfDx:
    return 2.0f / SqrtPi * simd::expF32(-X * X);
  case ActFunc::Exp:
    return simd::expF32(X);
  case ActFunc::Sign:
    return std::isnan(X) ? X : static_cast<float>((X > 0) - (X < 0));
  case ActFunc::Abs:
    return std::fabs(X);
  case ActFunc::Log:
    return std::log(X);
  case ActFunc::Sin:
    return std::sin(X);
  case ActFunc::Arctan:
    return std::atan(X);
  case ActFunc::Sqrt:
    return std::sqrt(X);
  case ActFunc::Rsqrt:
    return 1.0f / std::sqrt(X);
  case ActFunc::Reciprocal:
    return 1.0f / X;
  }
  return NAN;
}

} // namespace trn::emu
