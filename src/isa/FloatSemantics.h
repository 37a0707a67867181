//===- FloatSemantics.h - dtypes as llvm::APFloat formats -------*- C++ -*-===//
//
// Where a tool converts constants (the assembler's initial data) or a test
// wants an independent oracle, a float dtype is the matching APFloat format.
// Header-only, so trn_isa itself does not depend on LLVM; private (src/isa),
// so no public header names an LLVM type.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ISA_FLOATSEMANTICS_H
#define TRN_ISA_FLOATSEMANTICS_H

#include "llvm/ADT/APFloat.h"
#include "trn/isa/Isa.h"

namespace trn::isa {

// The APFloat format of a float dtype, or of a packed type's values (fp32
// for integer dtypes, and for fp8_e8m0, which LLVM 19's APFloat lacks).
inline const llvm::fltSemantics &floatSemantics(DType T) {
  switch (T) {
  case DType::BF16:
    return llvm::APFloat::BFloat();
  case DType::FP16:
    return llvm::APFloat::IEEEhalf();
  case DType::TF32:
    return llvm::APFloat::FloatTF32();
  case DType::FP8_E4M3:
    return llvm::APFloat::Float8E4M3();
  case DType::FP8_E5M2:
    return llvm::APFloat::Float8E5M2();
  case DType::FP8_E4M3FN:
  case DType::FP8_E4M3FN_X4:
    return llvm::APFloat::Float8E4M3FN();
  case DType::FP8_E5M2_X4:
    return llvm::APFloat::Float8E5M2();
  case DType::FP4_E2M1:
  case DType::FP4_E2M1_X4:
    return llvm::APFloat::Float4E2M1FN();
  default:
    return llvm::APFloat::IEEEsingle();
  }
}

} // namespace trn::isa

#endif
