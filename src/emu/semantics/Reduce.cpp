//===- Reduce.cpp - reductions, scans and statistics (Vector) -------------===//

#include "Semantics.h"
#include "simd/Alu.h"
#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace trn::emu {

namespace {

// The first element of a reduction, as the op alone makes it (a reduction
// of one element is this): |x| for abs_max/abs_min, 1.0 or 0.0 for the
// logical ops, the integer part for bitvec ops on fp32 lanes.
float reduceFirst(isa::AluOp Op, float X) {
  using isa::AluOp;
  switch (Op) {
  case AluOp::AbsMax:
  case AluOp::AbsMin:
    return std::fabs(X);
  case AluOp::LogicalAnd:
  case AluOp::LogicalOr:
  case AluOp::LogicalXor:
    return X != 0 ? 1.0f : 0.0f;
  case AluOp::BitwiseAnd:
  case AluOp::BitwiseOr:
  case AluOp::BitwiseXor:
    return static_cast<float>(laneInt(X)); // the integer part
  default:
    return X;
  }
}

// NaN ranks above every number; otherwise descending.
bool above(float A, float B) {
  if (std::isnan(A))
    return !std::isnan(B);
  if (std::isnan(B))
    return false;
  return A > B;
}

// tensor_reduce's fold of each group of Inner elements, on rows in place,
// eight partitions at once (eight chains, each in element order).
void reduceRows(ExecContext &C, isa::AluOp Op, bool Negate, const View &Src, const View &Dst,
                uint64_t Outer, uint64_t Inner) {
  constexpr unsigned Block = 8;
  uint64_t N = Src.N;
  float *Lanes = C.scratch(0, Block * N), *Out = C.scratch(1, Block * Outer);
  for (uint32_t First = 0; First < Src.P; First += Block) {
    unsigned R = std::min<uint32_t>(Block, Src.P - First);
    const float *Rows[Block];
    for (unsigned I = 0; I < R; ++I)
      Rows[I] = C.rowIn(Src, First + I, Lanes + I * N);
    for (uint64_t O = 0; O < Outer; ++O) {
      const float *Group[Block];
      float Acc[Block];
      for (unsigned I = 0; I < R; ++I) {
        Acc[I] = reduceFirst(Op, Rows[I][O * Inner]);
        Group[I] = Rows[I] + O * Inner + 1;
      }
      switch (Op) {
      case isa::AluOp::Add:
        simd::sumRows(Group, R, Inner - 1, Acc);
        break;
      case isa::AluOp::Maximum: // aluOp's: NaN if either is, else A > B ? A : B
        simd::foldRows(Group, R, Inner - 1, Acc, [](float A, float B) {
          return std::isnan(A) || std::isnan(B) ? NAN : A > B ? A : B;
        });
        break;
      case isa::AluOp::Minimum:
        simd::foldRows(Group, R, Inner - 1, Acc, [](float A, float B) {
          return std::isnan(A) || std::isnan(B) ? NAN : A < B ? A : B;
        });
        break;
      default:
        simd::foldRows(Group, R, Inner - 1, Acc,
                       [Op](float A, float B) { return aluOp(Op, A, B); });
      }
      for (unsigned I = 0; I < R; ++I)
        Out[I * Outer + O] = Negate ? -Acc[I] : Acc[I];
    }
    for (unsigned I = 0; I < R; ++I)
      C.storeRow(Dst, First + I, Out + I * Outer);
  }
}

} // namespace

void execTENSOR_REDUCE(ExecContext &C, const isa::Instr &) {
  // A reducible op, axes within src's dimensions, dst [P, outer] (verified).
  isa::AluOp Op = C.enumOf<isa::AluOp>("op");
  const isa::AccessPattern &Src = C.ap("src");
  int64_t Axes = C.imm("axes");
  uint64_t Inner = 1;
  for (uint32_t D = Src.NumDims - static_cast<uint32_t>(Axes); D < Src.NumDims; ++D)
    Inner *= Src.Dims[D].Count;
  bool Negate = C.flag("negate");
  bool IntPath = isBitvec(Op) && isIntegerType(Src.Type);
  const View &DstV = C.view("dst");
  uint64_t Outer = Src.elementsPerPartition() / Inner;
  if (IntPath) {
    RawTile In = C.loadRaw("src");
    uint32_t EB = isa::dtype(In.Type).StorageBytes;
    std::vector<uint8_t> Out(size_t(DstV.P) * Outer * DstV.ElemBytes);
    for (uint32_t P = 0; P < In.P; ++P)
      for (uint64_t O = 0; O < Outer; ++O) {
        const uint8_t *Row = In.Bytes.data() + (size_t(P) * In.N + O * Inner) * EB;
        int64_t Acc = loadAsInt(In.Type, Row);
        for (uint64_t K = 1; K < Inner; ++K)
          Acc = aluOpInt(Op, Acc, loadAsInt(In.Type, Row + K * EB));
        Acc = bitvecResult(In.Type, Acc);
        storeInteger(DstV.AP->Type, Out.data() + (size_t(P) * Outer + O) * DstV.ElemBytes,
                     Negate ? -Acc : Acc);
      }
    C.writeElements(DstV, Out);
    return;
  }
  const View &SrcV = C.view("src");
  C.checkRead(SrcV);
  if (C.rowwise({&DstV}, {&SrcV})) {
    reduceRows(C, Op, Negate, SrcV, DstV, Outer, Inner);
    return;
  }
  Tile In = C.tileOf(SrcV);
  Tile Out(In.P, Outer);
  for (uint32_t P = 0; P < In.P; ++P)
    for (uint64_t O = 0; O < Outer; ++O) {
      const float *Row = In.row(P) + O * Inner;
      float Acc = reduceFirst(Op, Row[0]);
      for (uint64_t K = 1; K < Inner; ++K)
        Acc = aluOp(Op, Acc, Row[K]);
      Out.at(P, O) = Negate ? -Acc : Acc;
    }
  C.store("dst", Out);
}

void execTENSOR_TENSOR_SCAN(ExecContext &C, const isa::Instr &) {
  isa::AluOp Op0 = C.enumOf<isa::AluOp>("op0"), Op1 = C.enumOf<isa::AluOp>("op1");
  Tile A = C.load("src0"), B = C.load("src1");
  for (uint32_t P = 0; P < A.P; ++P) {
    float R = C.scalar("initial", P);
    float *Row = A.row(P);
    for (uint64_t K = 0; K < A.N; ++K) {
      R = aluOp(Op1, aluOp(Op0, Row[K], R), B.at(P, K));
      Row[K] = R;
    }
  }
  C.store("dst", A);
}

namespace {

// bn_stats of one partition's lanes, element by element with the ALU's
// NaN rule (the reference the rows below fall back on).
void bnStatsOf(const float *X, uint64_t N, float *Out) {
  for (unsigned G = 0; G < 2; ++G) { // even indices, then odd
    float Count = 0, Sum = 0;
    for (uint64_t K = G; K < N; K += 2) {
      Sum = addLanes(Sum, X[K]);
      Count += 1;
    }
    float Mean = Count > 0 ? Sum / Count : 0.0f, M2 = 0;
    for (uint64_t K = G; K < N; K += 2) {
      float D = subLanes(X[K], Mean);
      M2 = addLanes(M2, mulLanes(D, D));
    }
    Out[3 * G] = Count;
    Out[3 * G + 1] = Mean;
    Out[3 * G + 2] = M2;
  }
}

// bn_stats on rows in place, eight partitions at once: sixteen chains (the
// even and odd elements of each row), each in element order. A row whose
// statistics come out NaN is redone by bnStatsOf (the NaN rule).
void bnStatsRows(ExecContext &C, const View &Src, const View &Dst) {
  constexpr unsigned Block = 8;
  uint64_t N = Src.N;
  float *Lanes = C.scratch(0, Block * N);
  for (uint32_t First = 0; First < Src.P; First += Block) {
    unsigned R = std::min<uint32_t>(Block, Src.P - First);
    const float *Rows[Block];
    for (unsigned I = 0; I < R; ++I)
      Rows[I] = C.rowIn(Src, First + I, Lanes + I * N);
    float Sum[2][Block] = {}, M2[2][Block] = {}, Mean[2][Block];
    float Count[2] = {float((N + 1) / 2), float(N / 2)}; // exact below 2^24
    for (uint64_t K = 0; K < N; ++K)
      for (unsigned I = 0; I < R; ++I)
        Sum[K & 1][I] += Rows[I][K];
    for (unsigned G = 0; G < 2; ++G)
      for (unsigned I = 0; I < R; ++I)
        Mean[G][I] = Count[G] > 0 ? Sum[G][I] / Count[G] : 0.0f;
    for (uint64_t K = 0; K < N; ++K)
      for (unsigned I = 0; I < R; ++I) {
        float D = Rows[I][K] - Mean[K & 1][I];
        M2[K & 1][I] += D * D;
      }
    for (unsigned I = 0; I < R; ++I) {
      float Out[6];
      for (unsigned G = 0; G < 2; ++G) {
        Out[3 * G] = Count[G];
        Out[3 * G + 1] = Mean[G][I];
        Out[3 * G + 2] = M2[G][I];
      }
      if (std::isnan(Out[1]) || std::isnan(Out[2]) || std::isnan(Out[4]) || std::isnan(Out[5]))
        bnStatsOf(Rows[I], N, Out);
      C.storeRow(Dst, First + I, Out);
    }
  }
}

} // namespace

void execBN_STATS(ExecContext &C, const isa::Instr &) {
  const View &Src = C.view("src");
  C.checkRead(Src);
  const View &Dst = C.view("dst");
  if (Src.N < (uint64_t(1) << 24) && C.rowwise({&Dst}, {&Src}))
    return bnStatsRows(C, Src, Dst);
  Tile In = C.tileOf(Src);
  Tile Out(In.P, 6);
  for (uint32_t P = 0; P < In.P; ++P)
    bnStatsOf(In.row(P), In.N, Out.row(P));
  C.store("dst", Out);
}

void execBN_AGGR(ExecContext &C, const isa::Instr &) {
  Tile In = C.load("src"); // triples (verified)
  Tile Out(In.P, 2);
  for (uint32_t P = 0; P < In.P; ++P) {
    float N = 0, Mean = 0, M2 = 0;
    for (uint64_t G = 0; G < In.N; G += 3) {
      float Nb = In.at(P, G), Mb = In.at(P, G + 1), M2b = In.at(P, G + 2);
      if (Nb == 0)
        continue;
      float Total = N + Nb, Delta = Mb - Mean;
      Mean = Mean + Delta * (Nb / Total);
      M2 = M2 + M2b + Delta * Delta * (N * Nb / Total);
      N = Total;
    }
    Out.at(P, 0) = Mean;
    Out.at(P, 1) = N > 0 ? M2 / N : 0.0f;
  }
  C.store("dst", Out);
}

void execMAX8(ExecContext &C, const isa::Instr &) {
  Tile In = C.load("src"); // at least 8 elements per partition (verified)
  Tile Out(In.P, 8);
  for (uint32_t P = 0; P < In.P; ++P) {
    std::vector<float> Row(In.row(P), In.row(P) + In.N);
    std::partial_sort(Row.begin(), Row.begin() + 8, Row.end(), above);
    std::copy(Row.begin(), Row.begin() + 8, Out.row(P));
  }
  C.store("dst", Out);
}

void execFIND_INDEX8(ExecContext &C, const isa::Instr &) {
  Tile In = C.load("src"), Values = C.load("values"); // values and dst [P, 8] (verified)
  View Dst = C.view("dst");
  std::vector<uint8_t> Out(size_t(In.P) * 8 * Dst.ElemBytes);
  for (uint32_t P = 0; P < In.P; ++P)
    for (unsigned J = 0; J < 8; ++J) {
      float Want = Values.at(P, J);
      uint32_t Found = 0xFFFFFFFFu;
      for (uint64_t K = 0; K < In.N; ++K)
        if (In.at(P, K) == Want) {
          Found = static_cast<uint32_t>(K);
          break;
        }
      storeFromInt(Dst.AP->Type, Out.data() + (size_t(P) * 8 + J) * Dst.ElemBytes, Found);
    }
  C.writeElements(Dst, Out);
}

void execRANGE_SELECT(ExecContext &C, const isa::Instr &) {
  isa::AluOp Cmp0 = C.enumOf<isa::AluOp>("cmp0"), Cmp1 = C.enumOf<isa::AluOp>("cmp1");
  int64_t Start = C.imm("start");
  Tile T = C.load("src");
  bool Reduce = C.present("reduce");
  Tile Max(T.P, 1, -FLT_MAX);
  for (uint32_t P = 0; P < T.P; ++P) {
    float B0 = C.scalar("bound0", P), B1 = C.scalar("bound1", P);
    for (uint64_t K = 0; K < T.N; ++K) {
      float Idx = static_cast<float>(static_cast<int64_t>(K) + Start);
      if (aluOp(Cmp0, Idx, B0) == 0.0f || aluOp(Cmp1, Idx, B1) == 0.0f)
        T.at(P, K) = -FLT_MAX;
      Max.at(P, 0) = aluOp(isa::AluOp::Maximum, Max.at(P, 0), T.at(P, K));
    }
  }
  C.store("dst", T);
  if (Reduce)
    C.store("reduce", Max);
}

void execPARTITION_REDUCE(ExecContext &C, const isa::Instr &) {
  // A reducible op; dst [1, F] (verified).
  isa::AluOp Op = C.enumOf<isa::AluOp>("op");
  if (isBitvec(Op) && isIntegerType(C.ap("src").Type)) {
    // Raw integers, as tensor_reduce combines them.
    RawTile In = C.loadRaw("src");
    View Dst = C.view("dst");
    uint32_t EB = isa::dtype(In.Type).StorageBytes;
    std::vector<uint8_t> Out(In.N * Dst.ElemBytes);
    for (uint64_t K = 0; K < In.N; ++K) {
      int64_t Acc = loadAsInt(In.Type, In.Bytes.data() + K * EB);
      for (uint32_t P = 1; P < In.P; ++P)
        Acc = aluOpInt(Op, Acc, loadAsInt(In.Type, In.Bytes.data() + (size_t(P) * In.N + K) * EB));
      storeInteger(Dst.AP->Type, Out.data() + K * Dst.ElemBytes, bitvecResult(In.Type, Acc));
    }
    C.writeElements(Dst, Out);
    return;
  }
  Tile In = C.load("src");
  Tile Out(1, In.N);
  for (uint64_t K = 0; K < In.N; ++K) {
    float Acc = reduceFirst(Op, In.at(0, K));
    for (uint32_t P = 1; P < In.P; ++P)
      Acc = aluOp(Op, Acc, In.at(P, K));
    Out.at(0, K) = Acc;
  }
  C.store("dst", Out);
}

} // namespace trn::emu
