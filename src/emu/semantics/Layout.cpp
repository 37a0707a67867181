//===- Layout.cpp - moving data between partitions; affine values ---------===//
//
// transpose (Vector, 32x32 blocks), partition_broadcast, iota and
// affine_select.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <fmt/format.h>

namespace trn::emu {

namespace {

// base + p * partition_mult + sum_k steps[k] * i_k for every element of
// the destination, in access-pattern order, in wrapping int32 arithmetic.
std::vector<int32_t> affineValues(ExecContext &C, const View &Dst) {
  const isa::AccessPattern &AP = *Dst.AP;
  const isa::Operand &Steps = C.op("steps");
  uint32_t Base = static_cast<uint32_t>(C.imm("base"));
  uint32_t PMul = static_cast<uint32_t>(C.imm("partition_mult"));
  std::vector<int32_t> Out(size_t(Dst.P) * Dst.N);
  for (uint32_t P = 0; P < Dst.P; ++P) {
    std::array<uint32_t, isa::MaxDims> Idx{};
    for (uint64_t K = 0; K < Dst.N; ++K) {
      uint32_t V = Base + P * PMul;
      for (uint32_t D = 0; D < AP.NumDims; ++D)
        V += static_cast<uint32_t>(Steps.Steps[D]) * Idx[D];
      Out[size_t(P) * Dst.N + K] = static_cast<int32_t>(V);
      for (int D = static_cast<int>(AP.NumDims) - 1; D >= 0; --D) {
        if (++Idx[D] < AP.Dims[D].Count)
          break;
        Idx[D] = 0;
      }
    }
  }
  return Out;
}

// V cmp 0, exactly on the int32 value.
bool holds(ExecContext &C, isa::AluOp Cmp, int32_t V) {
  switch (Cmp) {
  case isa::AluOp::Equal:
    return V == 0;
  case isa::AluOp::NotEqual:
    return V != 0;
  case isa::AluOp::Greater:
    return V > 0;
  case isa::AluOp::GreaterEqual:
    return V >= 0;
  case isa::AluOp::Less:
    return V < 0;
  case isa::AluOp::LessEqual:
    return V <= 0;
  default: // the verifier admits comparisons only
    C.fault(FaultKind::BadProgram, "operand 'cmp' of 'affine_select' must be a comparison");
  }
}

} // namespace

void execTRANSPOSE_DVE(ExecContext &C, const isa::Instr &) {
  RawTile In = C.loadRaw("src");
  View Dst = C.view("dst");
  uint32_t EB = isa::dtype(In.Type).StorageBytes;
  RawTile Out = In;
  // One dtype; dst [F, P] for one tile, else multiples of 32 (verified).
  if (In.P <= 32 && In.N <= 32) {
    // One tile: [P, F] -> [F, P].
    Out.P = static_cast<uint32_t>(In.N);
    Out.N = In.P;
    for (uint32_t I = 0; I < In.P; ++I)
      for (uint64_t J = 0; J < In.N; ++J)
        std::memcpy(&Out.Bytes[(J * In.P + I) * EB], &In.Bytes[(I * In.N + J) * EB], EB);
  } else {
    for (uint32_t B = 0; B < In.P / 32; ++B)
      for (uint64_t G = 0; G < In.N / 32; ++G)
        for (uint32_t I = 0; I < 32; ++I)
          for (uint32_t J = 0; J < 32; ++J)
            std::memcpy(&Out.Bytes[((32 * B + J) * In.N + 32 * G + I) * EB],
                        &In.Bytes[((32 * B + I) * In.N + 32 * G + J) * EB], EB);
  }
  C.storeRaw("dst", Out);
}

void execPARTITION_BROADCAST(ExecContext &C, const isa::Instr &) {
  View Dst = C.view("dst");
  if (C.ap("src").Type == Dst.AP->Type) {
    // Same dtype: bit-exact, as tensor_copy is on GpSimd.
    RawTile In = C.loadRaw("src"); // [1, F] (verified)
    RawTile Out = In;
    Out.P = Dst.P;
    Out.Bytes.clear();
    for (uint32_t P = 0; P < Dst.P; ++P)
      Out.Bytes.insert(Out.Bytes.end(), In.Bytes.begin(), In.Bytes.end());
    C.storeRaw("dst", Out);
    return;
  }
  Tile In = C.load("src");
  Tile Out(Dst.P, Dst.N);
  for (uint32_t P = 0; P < Dst.P; ++P)
    std::copy(In.row(0), In.row(0) + In.N, Out.row(P));
  C.store("dst", Out);
}

void execIOTA(ExecContext &C, const isa::Instr &) {
  View Dst = C.view("dst");
  std::vector<int32_t> V = affineValues(C, Dst);
  std::vector<uint8_t> Out(V.size() * Dst.ElemBytes);
  for (size_t K = 0; K < V.size(); ++K)
    storeInteger(Dst.AP->Type, Out.data() + K * Dst.ElemBytes, V[K]);
  C.writeElements(Dst, Out);
}

void execAFFINE_SELECT(ExecContext &C, const isa::Instr &) {
  auto Cmp = C.enumOf<isa::AluOp>("cmp");
  Tile T = C.load("src"); // of dst's shape (verified)
  View Dst = C.view("dst");
  std::vector<int32_t> V = affineValues(C, Dst);
  float Fill = C.fimm("fill");
  for (size_t K = 0; K < V.size(); ++K)
    if (!holds(C, Cmp, V[K]))
      T.V[K] = Fill;
  C.store("dst", T);
}

} // namespace trn::emu
