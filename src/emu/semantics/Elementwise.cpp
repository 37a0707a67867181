//===- Elementwise.cpp - element by element Vector/Scalar/GpSimd work ----===//
//
// tensor_tensor, tensor_scalar, scalar_tensor_tensor, tensor_copy,
// tensor_copy_predicated, select, memset, reciprocal. Inputs become fp32
// lanes and results are rounded to the destination's dtype (A1); bitvec ops
// on integer tensors work on the raw integers instead.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"
#include "simd/Alu.h"
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
  const View &A = C.view("src0");
  C.checkRead(A);
  const View &B = C.view("src1");
  C.checkRead(B);
  const View &Dst = C.view("dst");
  if (C.rowwise({&Dst}, {&A, &B})) {
    float *RA = C.scratch(0, A.N), *RB = C.scratch(1, A.N), *Out = C.scratch(2, A.N);
    for (uint32_t P = 0; P < A.P; ++P) {
      simd::aluRow(Op, C.rowIn(A, P, RA), C.rowIn(B, P, RB), Out, A.N);
      C.storeRow(Dst, P, Out);
    }
    return;
  }
  Tile TA = C.tileOf(A), TB = C.tileOf(B);
  for (size_t K = 0; K < TA.V.size(); ++K)
    TA.V[K] = aluOp(Op, TA.V[K], TB.V[K]);
  C.store("dst", TA);
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
  const View &Src = C.view("src");
  C.checkRead(Src);
  float *S0 = C.scratch(0, Src.P), *S1 = C.scratch(1, Src.P);
  for (uint32_t P = 0; P < Src.P; ++P) {
    S0[P] = C.scalar("operand0", P);
    S1[P] = C.scalar("operand1", P);
  }
  const View &Dst = C.view("dst");
  if (C.rowwise({&Dst}, {&Src})) {
    float *In = C.scratch(2, Src.N), *Out = C.scratch(3, Src.N);
    for (uint32_t P = 0; P < Src.P; ++P) {
      simd::aluRowScalar(Op0, C.rowIn(Src, P, In), S0[P], Rev0, Out, Src.N);
      if (Op1 != isa::AluOp::Bypass)
        simd::aluRowScalar(Op1, Out, S1[P], Rev1, Out, Src.N);
      C.storeRow(Dst, P, Out);
    }
    return;
  }
  Tile X = C.tileOf(Src);
  for (uint32_t P = 0; P < X.P; ++P) {
    float *Row = X.row(P);
    for (uint64_t K = 0; K < X.N; ++K) {
      float R = Rev0 ? aluOp(Op0, S0[P], Row[K]) : aluOp(Op0, Row[K], S0[P]);
      if (Op1 != isa::AluOp::Bypass)
        R = Rev1 ? aluOp(Op1, S1[P], R) : aluOp(Op1, R, S1[P]);
      Row[K] = R;
    }
  }
  C.store("dst", X);
}

void execSCALAR_TENSOR_TENSOR(ExecContext &C, const isa::Instr &) {
  isa::AluOp Op0 = C.enumOf<isa::AluOp>("op0"), Op1 = C.enumOf<isa::AluOp>("op1");
  const View &A = C.view("src0");
  C.checkRead(A);
  const View &B = C.view("src1");
  C.checkRead(B);
  float *S = C.scratch(0, A.P);
  for (uint32_t P = 0; P < A.P; ++P)
    S[P] = C.scalar("scalar", P);
  const View &Dst = C.view("dst");
  if (C.rowwise({&Dst}, {&A, &B})) {
    float *RA = C.scratch(1, A.N), *RB = C.scratch(2, A.N), *Out = C.scratch(3, A.N);
    for (uint32_t P = 0; P < A.P; ++P) {
      simd::aluRowScalar(Op0, C.rowIn(A, P, RA), S[P], /*Reverse=*/false, Out, A.N);
      simd::aluRow(Op1, Out, C.rowIn(B, P, RB), Out, A.N);
      C.storeRow(Dst, P, Out);
    }
    return;
  }
  Tile TA = C.tileOf(A), TB = C.tileOf(B);
  for (uint32_t P = 0; P < TA.P; ++P)
    for (uint64_t K = 0; K < TA.N; ++K)
      TA.at(P, K) = aluOp(Op1, aluOp(Op0, TA.at(P, K), S[P]), TB.at(P, K));
  C.store("dst", TA);
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
  // fp32 division is correctly rounded.
  const View &Src = C.view("src");
  C.checkRead(Src);
  const View &Dst = C.view("dst");
  if (C.rowwise({&Dst}, {&Src})) {
    float *In = C.scratch(0, Src.N), *Out = C.scratch(1, Src.N);
    for (uint32_t P = 0; P < Src.P; ++P) {
      simd::aluRowScalar(isa::AluOp::Divide, C.rowIn(Src, P, In), 1.0f, /*Reverse=*/true, Out,
                         Src.N);
      C.storeRow(Dst, P, Out);
    }
    return;
  }
  Tile T = C.tileOf(Src);
  for (float &V : T.V)
    V = 1.0f / V;
  C.store("dst", T);
}

} // namespace trn::emu
