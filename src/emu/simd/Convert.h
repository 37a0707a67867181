//===- simd/Convert.h - rows of bf16 to fp32 lanes and back -----*- C++ -*-===//
//
// bf16ToFp32 and fp32ToBf16 (trn/emu/Numerics.h) along a row, bit for bit
// (NaN quieting and payloads, ties to even, overflow to infinity), as
// Highway kernels; testsuite/unit/RowKernelTest.cpp checks them on every
// compiled target against the scalar functions.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_SIMD_CONVERT_H
#define TRN_EMU_SIMD_CONVERT_H

#include <cstddef>
#include <cstdint>

namespace trn::emu::simd {

// N little-endian bf16 elements at In as fp32 lanes.
void bf16RowToFp32(const uint8_t *In, float *Out, size_t N);
// N fp32 lanes rounded to bf16, little-endian, at Out.
void fp32RowToBf16(const float *In, uint8_t *Out, size_t N);

} // namespace trn::emu::simd

#endif
