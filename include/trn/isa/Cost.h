//===- trn/isa/Cost.h - evaluating cost classes -----------------*- C++ -*-===//
//
// The cost classes of isa/Costs.td are data; this evaluates them. The
// timing model measures the variables and predicates on an instruction and
// asks here for its cost on a chip.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ISA_COST_H
#define TRN_ISA_COST_H

#include "trn/isa/Isa.h"

#include <array>

namespace trn::isa {

struct CostInputs {
  std::array<int64_t, NumCostVars> Vars{}; // by CostVar
  uint32_t Preds = 0;                      // bit per CostPred that holds

  CostInputs &set(CostVar V, int64_t Value) {
    Vars[static_cast<unsigned>(V)] = Value;
    return *this;
  }
  CostInputs &hold(CostPred P) {
    Preds |= 1u << static_cast<unsigned>(P);
    return *this;
  }
};

// The first case of C whose predicates all hold in Preds.
const CostCaseDesc &selectCase(CostClassId C, uint32_t Preds);
// A case's formula with the given variables, every named constant
// multiplied by ConstScale (how a performance mode leaves fixed costs
// undivided, see cost()).
int64_t evaluate(const CostCaseDesc &Case, const CostInputs &In, int64_t ConstScale = 1);

struct Cost {
  int64_t Value;            // cycles (or DMA bytes), after the speedup
  const PerfModeDesc *Mode; // the performance mode applied, if any
};

// What instruction class C costs on engine E of chip Chip: the selected
// case, divided (rounding up) by the first of the chip's performance modes
// that matches, its named constants (fixed costs) excepted, plus every
// overhead whose engine and predicates match.
Cost cost(const ChipDesc &Chip, CostClassId C, Engine E, const CostInputs &In);

} // namespace trn::isa

#endif
