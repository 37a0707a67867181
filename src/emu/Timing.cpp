//===- Timing.cpp - how long an instruction takes ------------------------===//
//
// Measures the cost variables and predicates of isa/Costs.td on one
// instruction and evaluates its cost class on the chip. The switch over
// CostPred is exhaustive, so a predicate added to the .td without a
// definition here fails to build. measure() decides every predicate for an
// engine's state now (the reference), or, without one, lists the predicates
// that depend on it, for a plan made once at load.
//
//===----------------------------------------------------------------------===//

#include "Timing.h"

#include "DmaModel.h"
#include "trn/emu/Numerics.h"
#include "trn/isa/Cost.h"

#include <algorithm>
#include <span>

namespace trn::emu {

namespace {

bool is16Bit(isa::DType T) { return T == isa::DType::BF16 || T == isa::DType::FP16; }

//===-- The predicates that depend on the machine's state ----------------===//

// Only while the previous result is on its way: after the engine's result
// latency it is visible and costs nothing to read.
template <typename Boxes>
bool readsPrevious(const Machine &M, const EngineState &E, const Boxes &Reads) {
  return E.LastWrite &&
         M.NowPs < E.LastDatapathEndPs + M.ResultLatencyPs[static_cast<unsigned>(E.Id)] &&
         std::any_of(Reads.begin(), Reads.end(),
                     [&](const TensorBox &B) { return B.overlaps(*E.LastWrite); });
}

bool actTableMiss(const EngineState &E, int Set) { return Set >= 0 && Set != E.ActTableSet; }

bool afterMultiply(const EngineState &E) {
  return E.LastOp == isa::Opcode::MATMUL || E.LastOp == isa::Opcode::MULTIPLY_MOVING ||
         E.LastOp == isa::Opcode::MATMUL_MX;
}

// The MX rate of matmul_mx's slower operand on this chip (0 without MX: the
// verifier keeps matmul_mx off such chips).
int64_t mxMacs(const isa::ChipDesc &Chip, const isa::AccessPattern *Stat,
               const isa::AccessPattern *Mov) {
  int64_t Macs = 0;
  for (const isa::AccessPattern *AP : {Stat, Mov}) {
    const isa::PeModeDesc *Mode = AP ? isa::peModeFor(Chip, AP->Type, "matmul_mx") : nullptr;
    if (!Mode)
      return 0;
    Macs = Macs ? std::min<int64_t>(Macs, Mode->MacsPerCycle) : Mode->MacsPerCycle;
  }
  return Macs;
}

// The stationary a multiply at tile T uses is fp32.
bool stationaryIsFp32(const Machine &M, const verify::PeTile &T) {
  const Stationary *S = M.stationaryAt(T);
  return S && S->Type == isa::DType::FP32;
}

// The predicates any case, performance mode or overhead could ask of an
// instruction of class C on engine E.
uint32_t predicatesAsked(const isa::ChipDesc &Chip, isa::CostClassId C, isa::Engine E) {
  uint32_t Asked = 0;
  for (const isa::CostCaseDesc &Case : isa::costClass(C).Cases)
    Asked |= Case.PredMask;
  for (const isa::PerfModeDesc *Mode : Chip.PerfModes)
    if ((Mode->ClassMask >> static_cast<unsigned>(C) & 1) && (Mode->EngineMask & isa::bit(E)))
      Asked |= Mode->PredMask;
  if (isa::costClass(C).Unit == isa::CostUnit::Cycles)
    for (const isa::OverheadDesc &O : isa::overheads())
      if (O.EngineMask & isa::bit(E))
        Asked |= O.PredMask;
  return Asked;
}

bool readsVar(isa::CostClassId C, isa::CostVar V) {
  for (const isa::CostCaseDesc &Case : isa::costClass(C).Cases)
    for (const isa::CostNode &N : Case.Rpn)
      if (N.Kind == isa::CostNode::Var && N.Value == static_cast<int64_t>(V))
        return true;
  return false;
}

struct Measured {
  isa::CostInputs In;
  uint8_t Dynamic = 0;       // with no engine state: the DynamicPred bits it may depend on
  bool DynamicNStat = false; // ... and whether a formula reads the loaded stationary's NStat
};

// The cost inputs of I on engine Eng; with Now, every predicate decided for
// that engine state; without, the ones that depend on it listed instead.
Measured measure(const Machine &M, isa::Engine Eng, const isa::Instr &I, const EngineState *Now) {
  const isa::InstrDesc &D = I.desc();
  Measured Out;
  isa::CostInputs &In = Out.In;
  uint32_t Asked = predicatesAsked(M.Chip, D.Cost, Eng);
  // Tensor operands, in order; the first is the destination when the
  // instruction writes one (every datapath instruction lists dst first).
  // Per-partition [P, 1] scalars are not among them: they are fp32 by rule
  // and do not decide a performance mode.
  // Reads: every tensor read, per-partition scalars included (for the
  // dependent-instruction overhead).
  std::vector<const isa::AccessPattern *> APs, Inputs;
  std::vector<TensorBox> Reads;
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const isa::Operand &O = I.Operands[K];
    if (D.Operands[K].Kind == isa::OperandKind::Scalar && !O.IsImm)
      Reads.push_back(TensorBox::of(O.AP));
    if (D.Operands[K].Kind != isa::OperandKind::AccessPattern || !O.AP.present())
      continue;
    APs.push_back(&O.AP);
    std::string_view Name = D.Operands[K].Name;
    if (!APs.empty() && APs.front() != &O.AP && Name != "accum" && Name != "reduce") {
      Inputs.push_back(&O.AP);
      Reads.push_back(TensorBox::of(O.AP));
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
  // TensorE's M and N are columns: perf=double_row's inputs hold two rows
  // of them per partition ([K, 2, M], [K, 2, N]).
  verify::PeMode Pe = verify::peModeOf(I);
  int64_t RowsPerPartition = Pe.DoubleRow ? 2 : 1;
  if (Stat) {
    In.set(isa::CostVar::NStat,
           static_cast<int64_t>(Stat->elementsPerPartition()) / RowsPerPartition);
  } else if (Now) {
    const Stationary *S = M.stationaryAt(Pe.Tile);
    In.set(isa::CostVar::NStat, S ? S->M : 0);
  } else {
    Out.DynamicNStat = readsVar(D.Cost, isa::CostVar::NStat);
  }
  In.set(isa::CostVar::NMov,
         Mov ? static_cast<int64_t>(Mov->elementsPerPartition()) / RowsPerPartition : 0);
  if (I.Op == isa::Opcode::MATMUL_MX)
    In.set(isa::CostVar::MxMacs, mxMacs(M.Chip, Stat, Mov));

  auto OpIs = [&](const char *Name, std::initializer_list<isa::AluOp> Ops) {
    int K = D.operandIndex(Name);
    return K >= 0 && D.Operands[K].Enum == isa::EnumTypeId::AluOp &&
           std::find(Ops.begin(), Ops.end(), static_cast<isa::AluOp>(I.Operands[K].Int)) !=
               Ops.end();
  };
  // A predicate that depends on the engine's state: decided now, or listed
  // when it is asked at all.
  auto Dynamic = [&](isa::CostPred P, DynamicPred Bit, auto Decide) {
    if (Now)
      return Decide();
    if (Asked >> static_cast<unsigned>(P) & 1)
      Out.Dynamic |= Bit;
    return false;
  };
  for (unsigned P = 0; P < isa::NumCostPreds; ++P) {
    bool Holds = false;
    switch (static_cast<isa::CostPred>(P)) {
    case isa::CostPred::OnPool:
      Holds = Eng == isa::Engine::POOL;
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
      // Without its own stationary, a multiply takes the loaded one's dtype.
      Holds = (Stat && Stat->Type == isa::DType::FP32) || (Mov && Mov->Type == isa::DType::FP32) ||
              (!Stat && Mov && Dynamic(isa::CostPred::Fp32Matmul, DynFp32Stationary, [&] {
                return stationaryIsFp32(M, Pe.Tile);
              }));
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
      Holds = !Reads.empty() && Dynamic(isa::CostPred::ReadsPrevious, DynReadsPrevious,
                                        [&] { return readsPrevious(M, *Now, Reads); });
      break;
    case isa::CostPred::ActTableMiss: {
      int Set = actTableSetNeeded(I, Eng);
      Holds = Set >= 0 && Dynamic(isa::CostPred::ActTableMiss, DynActTableMiss,
                                  [&] { return actTableMiss(*Now, Set); });
      break;
    }
    case isa::CostPred::AfterMultiply:
      Holds = Dynamic(isa::CostPred::AfterMultiply, DynAfterMultiply,
                      [&] { return afterMultiply(*Now); });
      break;
    case isa::CostPred::HasRegOffset:
      Holds = std::any_of(APs.begin(), APs.end(), [](auto *A) { return A->Reg.has_value(); });
      break;
    }
    if (Holds)
      In.hold(static_cast<isa::CostPred>(P));
  }
  return Out;
}

InstrCost evaluate(const Machine &M, isa::Engine E, const isa::Instr &I,
                   const isa::CostInputs &In) {
  isa::Cost Cost = isa::cost(M.Chip, I.desc().Cost, E, In);
  return {static_cast<uint64_t>(std::max<int64_t>(Cost.Value, 1)), Cost.Mode};
}

// The predicate each DynamicPred bit stands for.
constexpr isa::CostPred DynamicPredOf[NumDynamicPreds] = {
    isa::CostPred::ReadsPrevious, isa::CostPred::ActTableMiss, isa::CostPred::AfterMultiply,
    isa::CostPred::Fp32Matmul};

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
  if (D.IsDebug) // the emulator's own: no cycle, not even the usual floor of one
    return {0, nullptr};
  if (isa::costClass(D.Cost).Unit ==
      isa::CostUnit::DmaBytes) // the trigger; the transfer is the DMA model's
    return {dmaTriggerCycles(M.Chip, E.Id), nullptr};
  return evaluate(M, E.Id, I, measure(M, E.Id, I, &E).In);
}

CostPlan planCost(const Machine &M, isa::Engine E, const isa::Instr &I) {
  CostPlan Plan;
  auto Add = [&](InstrCost C) { Plan.Entries.push_back({C, M.psFromCycles(E, C.Cycles)}); };
  if (I.desc().IsDebug) {
    Add({0, nullptr});
    return Plan;
  }
  if (isa::costClass(I.desc().Cost).Unit == isa::CostUnit::DmaBytes) {
    Add({dmaTriggerCycles(M.Chip, E), nullptr});
    return Plan;
  }
  Measured Ms = measure(M, E, I, nullptr);
  Plan.Static = Ms.In;
  Plan.Dynamic = Ms.Dynamic;
  Plan.DynamicNStat = Ms.DynamicNStat;
  if (Plan.DynamicNStat)
    return Plan;
  // Every combination of the dynamic predicates, in the packed order of
  // CostPlan::entry.
  unsigned Bits[NumDynamicPreds], NumBits = 0;
  for (unsigned B = 0; B < NumDynamicPreds; ++B)
    if (Plan.Dynamic >> B & 1)
      Bits[NumBits++] = B;
  for (unsigned Combo = 0; Combo < (1u << NumBits); ++Combo) {
    isa::CostInputs In = Plan.Static;
    for (unsigned K = 0; K < NumBits; ++K)
      if (Combo >> K & 1)
        In.hold(DynamicPredOf[Bits[K]]);
    Add(evaluate(M, E, I, In));
  }
  return Plan;
}

unsigned dynamicPreds(const Machine &M, const EngineState &E, const DecodedInstr &D,
                      unsigned Which) {
  unsigned Holding = 0;
  if ((Which & DynReadsPrevious) && readsPrevious(M, E, std::span(D.Reads.data(), D.NumReads)))
    Holding |= DynReadsPrevious;
  if ((Which & DynActTableMiss) && actTableMiss(E, D.ActTableSet))
    Holding |= DynActTableMiss;
  if ((Which & DynAfterMultiply) && afterMultiply(E))
    Holding |= DynAfterMultiply;
  if ((Which & DynFp32Stationary) && stationaryIsFp32(M, D.Pe.Tile))
    Holding |= DynFp32Stationary;
  return Holding;
}

} // namespace trn::emu
