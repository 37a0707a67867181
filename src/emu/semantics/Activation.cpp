//===- Activation.cpp - ScalarE's activation ------------------------------===//

#include "Semantics.h"
#include "simd/Alu.h"

#include <algorithm>

namespace trn::emu {

namespace {

// Rows in place, eight at a time so that the row sums, each in element
// order, run as eight independent chains.
void activationRows(ExecContext &C, isa::ActFunc F, const View &Src, const View &Dst,
                    const View *Accum, const float *Scale, const float *Bias) {
  uint32_t P = Src.P;
  uint64_t N = Src.N;
  constexpr unsigned Block = 8;
  float *Lanes = C.scratch(2, Block * N), *In = C.scratch(3, N);
  for (uint32_t First = 0; First < P; First += Block) {
    unsigned R = std::min<uint32_t>(Block, P - First);
    const float *Rows[Block];
    for (unsigned I = 0; I < R; ++I) {
      float *X = Lanes + I * N;
      simd::scaleBiasRow(C.rowIn(Src, First + I, In), Scale[First + I], Bias[First + I], X, N);
      simd::activateRow(F, X, X, N);
      Rows[I] = X;
    }
    float Sums[Block] = {};
    if (Accum)
      simd::sumRows(Rows, R, N, Sums);
    for (unsigned I = 0; I < R; ++I) {
      C.storeRow(Dst, First + I, Rows[I]);
      if (Accum)
        C.storeRow(*Accum, First + I, &Sums[I]);
    }
  }
}

} // namespace

// dst = func(src * scale + bias), one rounding for the product and one for
// the sum (no fused multiply-add); accum gets each partition's fp32 sum of
// the results before they are rounded to dst's dtype, in element order.
// Operands are located and checked in the order the ISA reference reads
// them (src, the scalars partition by partition, dst, accum), rows or not.
void execACTIVATION(ExecContext &C, const isa::Instr &) {
  isa::ActFunc F = C.enumOf<isa::ActFunc>("func");
  bool Accum = C.present("accum");
  const View &SrcV = C.view("src");
  C.checkRead(SrcV);
  float *Scale = C.scratch(0, SrcV.P), *Bias = C.scratch(1, SrcV.P);
  for (uint32_t P = 0; P < SrcV.P; ++P) {
    Scale[P] = C.scalar("scale", P);
    Bias[P] = C.scalar("bias", P);
  }
  const View &DstV = C.view("dst");
  const View *AccumV = Accum ? &C.view("accum") : nullptr;
  if (Accum ? C.rowwise({&DstV, AccumV}, {&SrcV}) : C.rowwise({&DstV}, {&SrcV}))
    return activationRows(C, F, SrcV, DstV, AccumV, Scale, Bias);
  Tile T = C.tileOf(SrcV);
  Tile Sums(T.P, 1);
  for (uint32_t P = 0; P < T.P; ++P) {
    float *Row = T.row(P);
    float Sum = 0;
    for (uint64_t K = 0; K < T.N; ++K) {
      float X = mulLanes(Row[K], Scale[P]);
      X = addLanes(X, Bias[P]);
      Row[K] = activate(F, X);
      Sum = addLanes(Sum, Row[K]);
    }
    Sums.at(P, 0) = Sum;
  }
  C.store("dst", T);
  if (Accum)
    C.store("accum", Sums);
}

} // namespace trn::emu
