//===- Elementwise.cpp - element by element Vector/Scalar/GpSimd work ----===//
//
// tensor_tensor, tensor_scalar, scalar_tensor_tensor, tensor_copy,
// tensor_copy_predicated, select, memset, reciprocal. Inputs become fp32
// lanes and results are rounded to the destination's dtype (A1); bitvec ops
// on integer tensors work on the raw integers instead.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace trn::emu {

namespace {

// dst = f(element i of every input), on raw integers.
template <typename Fn>
void intElementwise(ExecContext &C, std::initializer_list<const char *> Inputs, Fn F) {
  View Dst = C.view("dst");
  std::vector<std::vector<uint8_t>> In;
  std::vector<isa::DType> Types;
  for (const char *Name : Inputs) {
    View V = C.view(Name); // of dst's shape (verified)
    In.emplace_back();
    C.readElements(V, In.back());
    Types.push_back(V.AP->Type);
  }
  std::vector<uint8_t> Out(size_t(Dst.P) * Dst.N * Dst.ElemBytes);
  std::vector<int64_t> Args(In.size());
  for (size_t K = 0; K < size_t(Dst.P) * Dst.N; ++K) {
    for (size_t A = 0; A < In.size(); ++A)
      Args[A] = loadAsInt(Types[A], In[A].data() + K * isa::dtype(Types[A]).StorageBytes);
    storeInteger(Dst.AP->Type, Out.data() + K * Dst.ElemBytes, bitvecResult(Types[0], F(Args)));
  }
  C.writeElements(Dst, Out);
}

} // namespace

void execTENSOR_TENSOR(ExecContext &C, const isa::Instr &) {
  isa::AluOp Op = C.enumOf<isa::AluOp>("op");
  if (isBitvec(Op) && isIntegerType(C.ap("src0").Type) && isIntegerType(C.ap("src1").Type)) {
    intElementwise(C, {"src0", "src1"},
                   [&](const std::vector<int64_t> &A) { return aluOpInt(Op, A[0], A[1]); });
    return;
  }
  Tile A = C.load("src0"), B = C.load("src1");
  for (size_t K = 0; K < A.V.size(); ++K)
    A.V[K] = aluOp(Op, A.V[K], B.V[K]);
  C.store("dst", A);
}

void execTENSOR_SCALAR(ExecContext &C, const isa::Instr &) {
  isa::AluOp Op0 = C.enumOf<isa::AluOp>("op0"), Op1 = C.enumOf<isa::AluOp>("op1");
  bool Rev0 = C.flag("reverse0"), Rev1 = C.flag("reverse1");
  // The Scalar engine's ops and bitvec ops on Vector only are verified.
  isa::DType SrcType = C.ap("src").Type;
  if ((isBitvec(Op0) || isBitvec(Op1)) && isIntegerType(SrcType)) {
    // Raw integers: a bitvec op takes the lane's integer (exact) and the
    // scalar's integer part; an arithmetic op in the chain computes in fp32
    // (its result's integer part feeds a following bitvec op).
    View Src = C.view("src"), Dst = C.view("dst");
    std::vector<uint8_t> In, Out(size_t(Dst.P) * Dst.N * Dst.ElemBytes);
    C.readElements(Src, In);
    struct Lane {
      bool IsInt;
      int64_t I;
      float F;
    };
    auto Apply = [&](isa::AluOp Op, Lane L, float S, bool Rev) -> Lane {
      if (isBitvec(Op)) {
        int64_t A = L.IsInt ? L.I : laneInt(L.F), B = laneInt(S);
        return {true, bitvecResult(SrcType, Rev ? aluOpInt(Op, B, A) : aluOpInt(Op, A, B)), 0};
      }
      float A = L.IsInt ? static_cast<float>(L.I) : L.F;
      return {false, 0, Rev ? aluOp(Op, S, A) : aluOp(Op, A, S)};
    };
    for (uint32_t P = 0; P < Dst.P; ++P) {
      float S0 = C.scalar("operand0", P), S1 = C.scalar("operand1", P);
      for (uint64_t K = 0; K < Dst.N; ++K) {
        size_t At = size_t(P) * Dst.N + K;
        Lane L{true, loadAsInt(SrcType, In.data() + At * Src.ElemBytes), 0};
        L = Apply(Op0, L, S0, Rev0);
        if (Op1 != isa::AluOp::Bypass)
          L = Apply(Op1, L, S1, Rev1);
        uint8_t *O = Out.data() + At * Dst.ElemBytes;
        if (L.IsInt)
          storeInteger(Dst.AP->Type, O, L.I);
        else
          storeFromFloat(Dst.AP->Type, O, L.F);
      }
    }
    C.writeElements(Dst, Out);
    return;
  }
  Tile X = C.load("src");
  for (uint32_t P = 0; P < X.P; ++P) {
    float S0 = C.scalar("operand0", P), S1 = C.scalar("operand1", P);
    float *Row = X.row(P);
    for (uint64_t K = 0; K < X.N; ++K) {
      float R = Rev0 ? aluOp(Op0, S0, Row[K]) : aluOp(Op0, Row[K], S0);
      if (Op1 != isa::AluOp::Bypass)
        R = Rev1 ? aluOp(Op1, S1, R) : aluOp(Op1, R, S1);
      Row[K] = R;
    }
  }
  C.store("dst", X);
}

void execSCALAR_TENSOR_TENSOR(ExecContext &C, const isa::Instr &) {
  isa::AluOp Op0 = C.enumOf<isa::AluOp>("op0"), Op1 = C.enumOf<isa::AluOp>("op1");
  Tile A = C.load("src0"), B = C.load("src1");
  for (uint32_t P = 0; P < A.P; ++P) {
    float S = C.scalar("scalar", P);
    for (uint64_t K = 0; K < A.N; ++K)
      A.at(P, K) = aluOp(Op1, aluOp(Op0, A.at(P, K), S), B.at(P, K));
  }
  C.store("dst", A);
}

void execTENSOR_COPY(ExecContext &C, const isa::Instr &) {
  // Bit-exact when the dtypes match, except on ScalarE, where the value
  // passes through fp32 (InstrVector.td).
  if (C.ap("dst").Type == C.ap("src").Type && C.E.Id != isa::Engine::ACT) {
    RawTile T = C.loadRaw("src");
    C.storeRaw("dst", T);
    return;
  }
  C.store("dst", C.load("src"));
}

void execTENSOR_COPY_PREDICATED(ExecContext &C, const isa::Instr &) {
  // One dtype and one shape for all three (verified).
  View Dst = C.view("dst"), Src = C.view("src"), Pred = C.view("predicate");
  std::vector<uint8_t> S, P, D;
  C.readElements(Src, S);
  C.readElements(Pred, P);
  C.readElements(Dst, D, /*CheckInit=*/false); // only the kept elements matter
  for (size_t K = 0; K < size_t(Dst.P) * Dst.N; ++K)
    if (loadAsInt(Pred.AP->Type, P.data() + K * Pred.ElemBytes) != 0)
      std::memcpy(D.data() + K * Dst.ElemBytes, S.data() + K * Dst.ElemBytes, Dst.ElemBytes);
  C.writeElements(Dst, D);
}

void execSELECT(ExecContext &C, const isa::Instr &) {
  View Pred = C.view("predicate");
  std::vector<uint8_t> P;
  C.readElements(Pred, P);
  Tile T = C.load("on_true"), F = C.load("on_false");
  for (size_t K = 0; K < T.V.size(); ++K)
    if (loadAsInt(Pred.AP->Type, P.data() + K * Pred.ElemBytes) == 0)
      T.V[K] = F.V[K];
  C.store("dst", T);
}

void execMEMSET(ExecContext &C, const isa::Instr &) {
  View Dst = C.view("dst");
  Tile T(Dst.P, Dst.N, C.fimm("value"));
  C.store("dst", T);
}

void execRECIPROCAL(ExecContext &C, const isa::Instr &) {
  Tile T = C.load("src");
  for (float &V : T.V)
    V = 1.0f / V; // fp32 division is correctly rounded
  C.store("dst", T);
}

} // namespace trn::emu
