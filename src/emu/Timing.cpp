//===- Timing.cpp - how long an instruction takes ------------------------===//
//
// Measures the cost variables and predicates of isa/Costs.td on one
// instruction and evaluates its cost class on the chip. The switch over
// CostPred is exhaustive, so a predicate added to the .td without a
// definition here fails to build.
//
//===----------------------------------------------------------------------===//

#include "Timing.h"

#include "DmaModel.h"
#include "trn/emu/Numerics.h"
#include "trn/isa/Cost.h"

#include <algorithm>

namespace trn::emu {

namespace {

bool is16Bit(isa::DType T) { return T == isa::DType::BF16 || T == isa::DType::FP16; }

bool overlaps(const isa::AccessPattern &A, const isa::AccessPattern &B) {
  if (A.Space != B.Space || A.Space == isa::MemSpace::HBM)
    return false;
  if (A.PartStart >= B.PartStart + B.NumPartitions || B.PartStart >= A.PartStart + A.NumPartitions)
    return false;
  auto [A0, A1] = A.byteSpan();
  auto [B0, B1] = B.byteSpan();
  return A0 <= B1 && B0 <= A1;
}

} // namespace

uint64_t resultLatencyCycles(isa::Engine E) {
  for (const isa::ResultLatencyDesc &L : isa::resultLatencies())
    if (L.Eng == E)
      return static_cast<uint64_t>(isa::costConsts()[static_cast<unsigned>(L.Cycles)].Value);
  return 0;
}

int actTableSetNeeded(const isa::Instr &I, isa::Engine E) {
  if (E != isa::Engine::ACT)
    return -1;
  const isa::InstrDesc &D = I.desc();
  for (size_t K = 0; K < D.Operands.size(); ++K)
    if (D.Operands[K].Enum == isa::EnumTypeId::ActFunc)
      for (const isa::EnumValueDesc &V : isa::enumType(isa::EnumTypeId::ActFunc).Values)
        if (V.Value == I.Operands[K].Int)
          return V.TableSet;
  return -1;
}

InstrCost instructionCost(const Machine &M, const EngineState &E, const isa::Instr &I) {
  const isa::InstrDesc &D = I.desc();
  const isa::CostClassDesc &C = isa::costClass(D.Cost);
  if (C.Unit == isa::CostUnit::DmaBytes) // the trigger; the transfer is the DMA model's
    return {dmaTriggerCycles(M.Chip, E.Id), nullptr};
  isa::CostInputs In;
  // Tensor operands, in order; the first is the destination when the
  // instruction writes one (every datapath instruction lists dst first).
  // Per-partition [P, 1] scalars are not among them: they are fp32 by rule
  // and do not decide a performance mode.
  // Reads: every tensor read, per-partition scalars included (for the
  // dependent-instruction overhead).
  std::vector<const isa::AccessPattern *> APs, Inputs, Reads;
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const isa::Operand &O = I.Operands[K];
    if (D.Operands[K].Kind == isa::OperandKind::Scalar && !O.IsImm)
      Reads.push_back(&O.AP);
    if (D.Operands[K].Kind != isa::OperandKind::AccessPattern || !O.AP.present())
      continue;
    APs.push_back(&O.AP);
    std::string_view Name = D.Operands[K].Name;
    if (!APs.empty() && APs.front() != &O.AP && Name != "accum" && Name != "reduce") {
      Inputs.push_back(&O.AP);
      Reads.push_back(&O.AP);
    }
  }
  int64_t N = 0;
  for (const isa::AccessPattern *AP : APs)
    N = std::max<int64_t>(N, static_cast<int64_t>(AP->elementsPerPartition()));
  In.set(isa::CostVar::N, N);
  // P and F describe the (first) input, as for a transpose, whose output
  // swaps them; without an input, the destination.
  const isa::AccessPattern *Main = !Inputs.empty() ? Inputs.front()
                                   : !APs.empty()  ? APs.front()
                                                   : nullptr;
  In.set(isa::CostVar::P, Main ? Main->NumPartitions : 0);
  In.set(isa::CostVar::F, Main ? static_cast<int64_t>(Main->elementsPerPartition()) : N);
  auto OperandAP = [&](const char *Name) -> const isa::AccessPattern * {
    const isa::Operand *O = I.operand(Name);
    return O ? &O->AP : nullptr;
  };
  const isa::AccessPattern *Stat = OperandAP("stationary"), *Mov = OperandAP("moving");
  In.set(isa::CostVar::NStat,
         Stat ? static_cast<int64_t>(Stat->elementsPerPartition()) : M.PeStationary.M);
  In.set(isa::CostVar::NMov, Mov ? static_cast<int64_t>(Mov->elementsPerPartition()) : 0);

  auto OpIs = [&](const char *Name, std::initializer_list<isa::AluOp> Ops) {
    int K = D.operandIndex(Name);
    return K >= 0 && D.Operands[K].Enum == isa::EnumTypeId::AluOp &&
           std::find(Ops.begin(), Ops.end(), static_cast<isa::AluOp>(I.Operands[K].Int)) !=
               Ops.end();
  };
  for (unsigned P = 0; P < isa::NumCostPreds; ++P) {
    bool Holds = false;
    switch (static_cast<isa::CostPred>(P)) {
    case isa::CostPred::OnPool:
      Holds = E.Id == isa::Engine::POOL;
      break;
    case isa::CostPred::AnyInPsum:
      Holds = std::any_of(Inputs.begin(), Inputs.end(),
                          [](auto *A) { return A->Space == isa::MemSpace::PSUM; });
      break;
    case isa::CostPred::AllInSbuf:
      Holds = !APs.empty() && std::all_of(APs.begin(), APs.end(),
                                          [](auto *A) { return A->Space == isa::MemSpace::SBUF; });
      break;
    case isa::CostPred::All16Bit:
      Holds = !APs.empty() &&
              std::all_of(APs.begin(), APs.end(), [](auto *A) { return is16Bit(A->Type); });
      break;
    case isa::CostPred::AllBf16:
      Holds = !APs.empty() && std::all_of(APs.begin(), APs.end(),
                                          [](auto *A) { return A->Type == isa::DType::BF16; });
      break;
    case isa::CostPred::Contiguous:
      Holds = std::all_of(APs.begin(), APs.end(),
                          [](auto *A) { return A->Dims[A->NumDims - 1].Stride == 1; });
      break;
    case isa::CostPred::Fp32Matmul:
      Holds = (Stat && Stat->Type == isa::DType::FP32) || (Mov && Mov->Type == isa::DType::FP32) ||
              (!Stat && Mov && M.PeStationary.Type == isa::DType::FP32);
      break;
    case isa::CostPred::FillZero16:
      Holds = I.Op == isa::Opcode::MEMSET && !APs.empty() && is16Bit(APs[0]->Type) &&
              (I.Operands[1].FBits & 0x7FFFFFFFu) == 0;
      break;
    case isa::CostPred::OpAddMulSub:
      Holds = OpIs("op", {isa::AluOp::Add, isa::AluOp::Multiply, isa::AluOp::Subtract});
      break;
    case isa::CostPred::OpAddMax:
      Holds = OpIs("op", {isa::AluOp::Add, isa::AluOp::Maximum});
      break;
    case isa::CostPred::OpsSubMul:
      Holds = OpIs("op0", {isa::AluOp::Subtract}) && OpIs("op1", {isa::AluOp::Multiply});
      break;
    case isa::CostPred::EvenN:
      Holds = N % 2 == 0;
      break;
    case isa::CostPred::HasAccumOut: {
      const isa::AccessPattern *Acc = OperandAP("accum");
      Holds = Acc && Acc->present();
      break;
    }
    case isa::CostPred::ReadsPrevious:
      // Only while the previous result is on its way: after the engine's
      // result latency it is visible and costs nothing to read.
      Holds = E.LastWrite &&
              M.NowPs < E.LastDatapathEndPs + M.psFromCycles(E.Id, resultLatencyCycles(E.Id)) &&
              std::any_of(Reads.begin(), Reads.end(),
                          [&](auto *A) { return overlaps(*A, *E.LastWrite); });
      break;
    case isa::CostPred::ActTableMiss: {
      int Set = actTableSetNeeded(I, E.Id);
      Holds = Set >= 0 && Set != E.ActTableSet;
      break;
    }
    case isa::CostPred::AfterMultiply:
      Holds = E.LastOp == isa::Opcode::MATMUL || E.LastOp == isa::Opcode::MULTIPLY_MOVING;
      break;
    case isa::CostPred::HasRegOffset:
      Holds = std::any_of(APs.begin(), APs.end(), [](auto *A) { return A->Reg.has_value(); });
      break;
    }
    if (Holds)
      In.hold(static_cast<isa::CostPred>(P));
  }
  isa::Cost Cost = isa::cost(M.Chip, D.Cost, E.Id, In);
  return {static_cast<uint64_t>(std::max<int64_t>(Cost.Value, 1)), Cost.Mode};
}

} // namespace trn::emu
