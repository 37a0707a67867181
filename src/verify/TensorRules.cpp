//===- TensorRules.cpp - TensorE: matmul, multiply_moving, transpose ------===//
//
// dst[M, N] = stationary[K, M]^T . moving[K, N] (InstrTensor.td). matmul
// carries its stationary; multiply_moving uses the one an earlier
// instruction loaded, known here when the stream shows it and otherwise
// checked when it runs (the emulator calls checkAgainstStationary).
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

#include <fmt/format.h>

namespace trn::verify {

namespace {

bool isFp32Family(isa::DType T) { return T == isa::DType::FP32 || T == isa::DType::TF32; }
bool isLegacyFp8(isa::DType T) { return T == isa::DType::FP8_E4M3 || T == isa::DType::FP8_E5M2; }

// The first rule I breaks against S, or none; the order is the run time's.
std::optional<Diagnostic> againstStationary(Rules &R, const Stationary &S) {
  const isa::AccessPattern &Mov = R.ap("moving"), &Dst = R.ap("dst");
  Shape M = R.shape("moving"), DS = R.shape("dst");
  auto At = [&](const char *Name, Rule K, std::string Msg) {
    return Diagnostic{R.D.operandIndex(Name), K, std::move(Msg), std::nullopt, {}};
  };
  if (M.P != S.K)
    return At("moving", Rule::Shape,
              fmt::format("'moving' has {} partitions but the stationary has K = {}: the "
                          "contraction runs over partitions",
                          M.P, S.K));
  if (isFp32Family(Mov.Type) != isFp32Family(S.Type))
    return At("moving", Rule::DType,
              fmt::format("fp32 and tf32 pair only with each other: stationary {}, moving {}",
                          isa::dtype(S.Type).Name, isa::dtype(Mov.Type).Name));
  if ((Mov.Type == isa::DType::FP8_E4M3FN && isLegacyFp8(S.Type)) ||
      (S.Type == isa::DType::FP8_E4M3FN && isLegacyFp8(Mov.Type)))
    return At("moving", Rule::DType,
              fmt::format("fp8_e4m3fn cannot be mixed with fp8_e4m3/fp8_e5m2: stationary {}, "
                          "moving {}",
                          isa::dtype(S.Type).Name, isa::dtype(Mov.Type).Name));
  if (DS.P != S.M || DS.N != M.N)
    return At("dst", Rule::Shape,
              fmt::format("the result is [{} x {}] (stationary M x moving N), but 'dst' is {}", S.M,
                          M.N, str(DS)));
  if (R.flag("transpose")) {
    // The moving operand is the identity the transpose is lowered with.
    if (M.N != S.K)
      return At("moving", Rule::Shape,
                fmt::format("transpose=true needs a {0} x {0} identity as the 'moving' operand, "
                            "not [{0} x {1}]",
                            S.K, M.N));
    uint32_t SB = isa::dtype(S.Type).StorageBytes, Want = SB == 1 ? 2 : SB;
    if (isa::dtype(Dst.Type).StorageBytes != Want)
      return At("dst", Rule::DType,
                fmt::format("a transpose of {} writes {}-byte elements, but 'dst' is {}",
                            isa::dtype(S.Type).Name, Want, isa::dtype(Dst.Type).Name));
  }
  return std::nullopt;
}

Diagnostic notLoaded() {
  return {-1,
          Rule::State,
          "no stationary is loaded: load_stationary or matmul first",
          std::nullopt,
          {}};
}

} // namespace

std::optional<Diagnostic> checkAgainstStationary(const isa::Instr &I, const Stationary *S) {
  if (!S)
    return notLoaded();
  std::vector<Diagnostic> Internal;
  Rules R(I, Internal);
  std::optional<Diagnostic> D = againstStationary(R, *S);
  if (!D && !Internal.empty())
    D = Internal.front();
  return D;
}

void matmulRules(Rules &R, const PeState &PE) {
  bool Transpose = R.flag("transpose");
  bool Accumulate = static_cast<isa::PsumMode>(R.imm("acc")) == isa::PsumMode::Accumulate;
  if (Transpose && Accumulate)
    R.fail("acc", Rule::Op,
           "acc=accumulate cannot be combined with transpose=true: the transpose passes the "
           "stationary through to 'dst' and adds nothing");
  // The result's dtype needs no stationary.
  if (!Transpose && R.ap("dst").Type != isa::DType::FP32)
    R.fail("dst", Rule::DType, "a matmul result is fp32 (bf16/fp16 only with transpose=true)");
  std::optional<Stationary> S;
  bool Carried = R.I.Op == isa::Opcode::MATMUL;
  if (Carried) {
    const isa::AccessPattern &W = R.ap("stationary");
    S = Stationary{W.Type, W.NumPartitions, static_cast<uint32_t>(W.elementsPerPartition())};
  } else if (PE.State == PeState::Kind::Loaded) {
    S = PE.S;
  } else if (PE.State == PeState::Kind::NotLoaded) {
    Diagnostic D = notLoaded();
    if (PE.EmptiedByMx) {
      D.Related = PE.LoadedBy;
      D.RelatedNote = "matmul_mx replaced the array's weights here; it leaves no stationary loaded";
    }
    R.add(std::move(D));
    return;
  }
  if (!S) {
    // Only N can be checked without the stationary.
    Shape M = R.shape("moving"), DS = R.shape("dst");
    if (DS.N != M.N)
      R.fail("dst", Rule::Shape,
             fmt::format("the result has moving's N = {} elements per partition, but 'dst' is {}",
                         M.N, str(DS)));
    return;
  }
  if (std::optional<Diagnostic> D = againstStationary(R, *S)) {
    if (!Carried) {
      D->Related = PE.LoadedBy;
      D->RelatedNote = fmt::format("the stationary [{} x {}] {} was loaded here", S->K, S->M,
                                   isa::dtype(S->Type).Name);
    }
    R.add(std::move(*D));
  }
}

void peTransposeRules(Rules &R) {
  if (!R.sameDType("dst", "src", "a transpose keeps the dtype"))
    return;
  Shape S = R.shape("src");
  R.shapeIs("dst", {static_cast<uint32_t>(S.N), S.P},
            fmt::format("'src' is {}, transposed", str(S)));
}

} // namespace trn::verify
