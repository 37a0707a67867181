//===- Tensor.cpp - TensorE: matmul and transpose -------------------------===//
//
// dst[m, n] = sum over k of stationary[k, m] * moving[k, n]: each product
// rounded once to fp32, added into the fp32 accumulator in increasing k
// order with a rounding after each addition (InstrTensor.td). The
// accumulator starts from PSUM's value with acc=accumulate, else from the
// first product.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <fmt/format.h>

namespace trn::emu {

namespace {

void loadStationary(ExecContext &C) {
  View V = C.view("stationary");
  RawTile Raw = C.loadRaw("stationary");
  Stationary &S = C.M.PeStationary;
  S.Loaded = true;
  S.Type = Raw.Type;
  S.K = Raw.P;
  S.M = static_cast<uint32_t>(Raw.N);
  S.Values.resize(size_t(S.K) * S.M);
  S.Raw = Raw.Bytes;
  uint32_t EB = V.ElemBytes;
  for (size_t K = 0; K < S.Values.size(); ++K)
    S.Values[K] = loadAsFloat(Raw.Type, Raw.Bytes.data() + K * EB);
}

void multiplyMoving(ExecContext &C) {
  Stationary &S = C.M.PeStationary;
  // A matmul's own stationary was checked against its other operands by
  // the verifier, as was multiply_moving's where the stream shows which
  // stationary it finds; otherwise it is checked now, with the one loaded.
  if (C.I.Op == isa::Opcode::MULTIPLY_MOVING) {
    verify::Stationary Loaded{S.Type, S.K, S.M};
    if (std::optional<verify::Diagnostic> D =
            verify::checkAgainstStationary(C.I, S.Loaded ? &Loaded : nullptr))
      C.fault(faultKindOf(D->Kind), D->Message);
  }
  Tile Mov = C.load("moving");
  View Dst = C.view("dst");
  bool Transpose = C.flag("transpose");
  if (Transpose) {
    // Pass-through: dst = stationary^T, bit-exact (A2). The moving operand
    // must be the identity NKI lowers the transpose with (K x K, verified):
    // its values are data, checked here.
    for (uint32_t K = 0; K < Mov.P; ++K)
      for (uint64_t N = 0; N < Mov.N; ++N)
        if (Mov.at(K, N) != (K == N ? 1.0f : 0.0f))
          C.fault(FaultKind::Shape, "transpose=true needs an identity as the 'moving' operand");
    uint32_t SB = isa::dtype(S.Type).StorageBytes;
    std::vector<uint8_t> Out(size_t(Dst.P) * Dst.N * Dst.ElemBytes, 0);
    for (uint32_t M = 0; M < S.M; ++M)
      for (uint32_t K = 0; K < S.K; ++K)
        std::memcpy(&Out[(size_t(M) * Dst.N + K) * Dst.ElemBytes],
                    &S.Raw[(size_t(K) * S.M + M) * SB],
                    SB); // fp8 lands in the low byte, the upper byte stays 0
    C.writeElements(Dst, Out, /*FromMatmul=*/true);
    return;
  }
  bool Accumulate = C.enumOf<isa::PsumMode>("acc") == isa::PsumMode::Accumulate;
  Tile Out(Dst.P, Dst.N);
  if (Accumulate) {
    // Accumulating onto PSUM that a non-matmul instruction wrote is
    // undefined on v2/v3 (ISA); onto never-written PSUM, a read of garbage.
    for (uint32_t P = 0; P < Dst.P; ++P)
      for (uint64_t N = 0; N < Dst.N; ++N) {
        size_t At = C.M.Psum.index(Dst.AP->PartStart + P, static_cast<uint64_t>(Dst.byteOf(P, N)));
        if (C.M.PsumWords[At / 4] == Machine::PsumWriter::Other)
          C.faultOperand(FaultKind::UndefinedBehaviour, "dst",
                         fmt::format("accumulates onto PSUM partition {} byte {}, which a "
                                     "non-matmul instruction wrote (undefined on the hardware)",
                                     Dst.AP->PartStart + P, Dst.byteOf(P, N)));
      }
    Out = C.load("dst");
  }
  // k in the middle keeps each dst element's sum in increasing k (the
  // documented order) while the inner loop runs along contiguous rows.
  for (uint32_t M = 0; M < S.M; ++M) {
    float *Row = Out.row(M);
    uint32_t K0 = 0;
    if (!Accumulate) {
      float W = S.Values[M];
      const float *In = Mov.row(0);
      for (uint64_t N = 0; N < Mov.N; ++N)
        Row[N] = W * In[N];
      K0 = 1;
    }
    for (uint32_t K = K0; K < S.K; ++K) {
      float W = S.Values[size_t(K) * S.M + M];
      const float *In = Mov.row(K);
      for (uint64_t N = 0; N < Mov.N; ++N)
        Row[N] += W * In[N];
    }
  }
  std::vector<uint8_t> Bytes(Out.V.size() * 4);
  std::memcpy(Bytes.data(), Out.V.data(), Bytes.size());
  C.writeElements(Dst, Bytes, /*FromMatmul=*/true);
}

} // namespace

void execLOAD_STATIONARY(ExecContext &C, const isa::Instr &) { loadStationary(C); }
void execMULTIPLY_MOVING(ExecContext &C, const isa::Instr &) { multiplyMoving(C); }
void execMATMUL(ExecContext &C, const isa::Instr &) {
  loadStationary(C);
  multiplyMoving(C);
}

void execTRANSPOSE_PE(ExecContext &C, const isa::Instr &) {
  // As the hardware does it: a matmul of src (as the stationary) against an
  // identity, in fp32, so 0 * inf = NaN spreads across a row (ISA).
  // dst is [F, P] of src's dtype (verified).
  Tile In = C.load("src");
  View Dst = C.view("dst");
  Tile Out(Dst.P, Dst.N);
  for (uint64_t F = 0; F < In.N; ++F)
    for (uint32_t P = 0; P < In.P; ++P) {
      float Acc = In.at(0, F) * (P == 0 ? 1.0f : 0.0f);
      for (uint32_t K = 1; K < In.P; ++K)
        Acc += In.at(K, F) * (P == K ? 1.0f : 0.0f);
      Out.at(static_cast<uint32_t>(F), P) = Acc;
    }
  std::vector<uint8_t> Bytes(Out.V.size() * Dst.ElemBytes);
  for (size_t K = 0; K < Out.V.size(); ++K)
    storeFromFloat(Dst.AP->Type, Bytes.data() + K * Dst.ElemBytes, Out.V[K]);
  C.writeElements(Dst, Bytes, /*FromMatmul=*/true);
  // The identity trick replaces the loaded stationary with src.
  RawTile Raw = C.loadRaw("src");
  Stationary &S = C.M.PeStationary;
  S = {true, Raw.Type, Raw.P, static_cast<uint32_t>(Raw.N), In.V, Raw.Bytes};
}

} // namespace trn::emu
