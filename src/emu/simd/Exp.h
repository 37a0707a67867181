//===- simd/Exp.h - fp32 exp, bit for bit glibc's expf ----------*- C++ -*-===//
//
// exp on fp32 lanes, equal bit for bit to glibc 2.28+'s expf as x86-64 runs
// it with FMA (sysdeps/ieee754/flt-32/e_expf.c: a 32-entry exp2 table and a
// cubic in double precision, three fused multiply-adds, rounded once to
// float), on every one of the 2^32 inputs: `trn-exp-check` proves it
// exhaustively against the host's expf, and the unit tests check boundary
// inputs. The fused multiply-adds are exact fma() where the SIMD target has
// none, so the result does not depend on the host, its C library or its
// instruction set (docs/numerics.md).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_SIMD_EXP_H
#define TRN_EMU_SIMD_EXP_H

#include <cstddef>

namespace trn::emu::simd {

// One element.
float expF32(float X);
// Out[k] = expF32(In[k]) for k < N; Out may be In.
void expRow(const float *In, float *Out, size_t N);

} // namespace trn::emu::simd

#endif
