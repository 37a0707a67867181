//===- Cost.cpp - evaluating cost classes ---------------------------------===//

#include "trn/isa/Cost.h"

#include <algorithm>
#include <cassert>
#include <vector>

namespace trn::isa {

const CostCaseDesc &selectCase(CostClassId C, uint32_t Preds) {
  for (const CostCaseDesc &Case : costClass(C).Cases)
    if ((Case.PredMask & Preds) == Case.PredMask)
      return Case;
  // trn-tblgen guarantees the last case has no predicates.
  return costClass(C).Cases.back();
}

int64_t evaluate(const CostCaseDesc &Case, const CostInputs &In, int64_t ConstScale) {
  int64_t Stack[32];
  unsigned Top = 0;
  for (const CostNode &N : Case.Rpn) {
    switch (N.Kind) {
    case CostNode::Int:
      Stack[Top++] = N.Value;
      break;
    case CostNode::Var:
      Stack[Top++] = In.Vars[N.Value];
      break;
    case CostNode::Const:
      Stack[Top++] = costConsts()[N.Value].Value * ConstScale;
      break;
    case CostNode::Op: {
      assert(Top >= N.Arity);
      int64_t *Args = Stack + Top - N.Arity;
      int64_t R = Args[0];
      for (unsigned I = 1; I < N.Arity; ++I) {
        switch (static_cast<CostOp>(N.Value)) {
        case CostOp::Max:
          R = std::max(R, Args[I]);
          break;
        case CostOp::Min:
          R = std::min(R, Args[I]);
          break;
        case CostOp::Add:
          R += Args[I];
          break;
        case CostOp::Mul:
          R *= Args[I];
          break;
        case CostOp::CeilDiv:
          R = Args[I] ? (R + Args[I] - 1) / Args[I] : 0;
          break;
        case CostOp::Id:
          break;
        }
      }
      Top -= N.Arity;
      Stack[Top++] = R;
      break;
    }
    }
  }
  assert(Top == 1);
  return Stack[0];
}

Cost cost(const ChipDesc &Chip, CostClassId C, Engine E, const CostInputs &In) {
  const CostCaseDesc &Case = selectCase(C, In.Preds);
  Cost Out{evaluate(Case, In), nullptr};
  for (const PerfModeDesc *Mode : Chip.PerfModes)
    if ((Mode->ClassMask >> static_cast<unsigned>(C) & 1) && (Mode->EngineMask & bit(E)) &&
        (Mode->PredMask & In.Preds) == Mode->PredMask) {
      // A mode speeds up the datapath, not the fixed costs: the named
      // constants (MIN_II, MIN_II_DYNAMIC, ...) are scaled up by the
      // speedup before the division, so that they come out whole:
      // ceil(max(s * MIN_II, N) / s) = max(MIN_II, ceil(N / s)).
      int64_t S = Mode->Speedup;
      Out = {(evaluate(Case, In, S) + S - 1) / S, Mode};
      break;
    }
  if (costClass(C).Unit == CostUnit::Cycles)
    for (const OverheadDesc &O : overheads())
      if ((O.EngineMask & bit(E)) && (O.PredMask & In.Preds) == O.PredMask)
        Out.Value += costConsts()[static_cast<unsigned>(O.Cycles)].Value;
  return Out;
}

} // namespace trn::isa
