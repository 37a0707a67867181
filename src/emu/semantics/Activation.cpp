//===- Activation.cpp - ScalarE's activation ------------------------------===//

#include "Semantics.h"

namespace trn::emu {

// dst = func(src * scale + bias), one rounding for the product and one for
// the sum (no fused multiply-add); accum gets each partition's fp32 sum of
// the results before they are rounded to dst's dtype, in element order.
void execACTIVATION(ExecContext &C, const isa::Instr &) {
  isa::ActFunc F = C.enumOf<isa::ActFunc>("func");
  Tile T = C.load("src");
  bool Accum = C.present("accum");
  Tile Sums(T.P, 1);
  for (uint32_t P = 0; P < T.P; ++P) {
    float Scale = C.scalar("scale", P), Bias = C.scalar("bias", P);
    float *Row = T.row(P);
    float Sum = 0;
    for (uint64_t K = 0; K < T.N; ++K) {
      float X = Row[K] * Scale;
      X = X + Bias;
      Row[K] = activate(F, X);
      Sum += Row[K];
    }
    Sums.at(P, 0) = Sum;
  }
  C.store("dst", T);
  if (Accum)
    C.store("accum", Sums);
}

} // namespace trn::emu
