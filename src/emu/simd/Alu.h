//===- simd/Alu.h - ALU operators over rows of fp32 lanes -------*- C++ -*-===//
//
// aluOp (ExecContext.h) applied along a row, the operator chosen once per
// row instead of per element; bit for bit aluOp's results, NaN and signed
// zeros included (testsuite/unit/RowKernelTest.cpp checks every operator on
// every compiled SIMD target). Out may be one of the inputs.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_SIMD_ALU_H
#define TRN_EMU_SIMD_ALU_H

#include "ExecContext.h"
#include "trn/isa/Isa.h"

#include <cmath>
#include <cstddef>

namespace trn::emu::simd {

// Out[k] = aluOp(Op, A[k], B[k]).
void aluRow(isa::AluOp Op, const float *A, const float *B, float *Out, size_t N);
// Out[k] = aluOp(Op, A[k], S), or aluOp(Op, S, A[k]) when Reverse.
void aluRowScalar(isa::AluOp Op, const float *A, float S, bool Reverse, float *Out, size_t N);
// Out[k] = (A[k] * Scale) + Bias, two roundings (the activation's input).
void scaleBiasRow(const float *A, float Scale, float Bias, float *Out, size_t N);
// Out[k] = activate(F, A[k]).
void activateRow(isa::ActFunc F, const float *A, float *Out, size_t N);

// Folds each of R <= 8 rows (R <= 8) in element order, R chains at once:
// Acc[r] = Fn(...Fn(Fn(Acc[r], Rows[r][0]), Rows[r][1])..., Rows[r][N - 1]).
template <class Fn>
inline void foldRows(const float *const *Rows, unsigned R, size_t N, float *Acc, Fn F) {
  if (R == 8) {
    float A0 = Acc[0], A1 = Acc[1], A2 = Acc[2], A3 = Acc[3], A4 = Acc[4], A5 = Acc[5], A6 = Acc[6],
          A7 = Acc[7];
    const float *R0 = Rows[0], *R1 = Rows[1], *R2 = Rows[2], *R3 = Rows[3], *R4 = Rows[4],
                *R5 = Rows[5], *R6 = Rows[6], *R7 = Rows[7];
    for (size_t K = 0; K < N; ++K) {
      A0 = F(A0, R0[K]);
      A1 = F(A1, R1[K]);
      A2 = F(A2, R2[K]);
      A3 = F(A3, R3[K]);
      A4 = F(A4, R4[K]);
      A5 = F(A5, R5[K]);
      A6 = F(A6, R6[K]);
      A7 = F(A7, R7[K]);
    }
    Acc[0] = A0, Acc[1] = A1, Acc[2] = A2, Acc[3] = A3, Acc[4] = A4, Acc[5] = A5, Acc[6] = A6,
    Acc[7] = A7;
    return;
  }
  for (unsigned I = 0; I < R; ++I)
    for (size_t K = 0; K < N; ++K)
      Acc[I] = F(Acc[I], Rows[I][K]);
}

// foldRows with addLanes: Acc[r] += each element of row r in order. The
// chains run on plain additions; a row whose sum comes out NaN (the only
// case where addLanes can differ) is summed again with addLanes.
inline void sumRows(const float *const *Rows, unsigned R, size_t N, float *Acc) {
  float Start[8];
  for (unsigned I = 0; I < R; ++I)
    Start[I] = Acc[I];
  foldRows(Rows, R, N, Acc, [](float A, float B) { return A + B; });
  for (unsigned I = 0; I < R; ++I)
    if (std::isnan(Acc[I])) {
      Acc[I] = Start[I];
      for (size_t K = 0; K < N; ++K)
        Acc[I] = addLanes(Acc[I], Rows[I][K]);
    }
}

} // namespace trn::emu::simd

#endif
