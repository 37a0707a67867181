//===- Trn.td - the trnemu pseudo-ISA, top level -------------*- tablegen -*-===//
//
// The whole ISA in one place. Every tool is generated from, or driven by,
// these records through trn-tblgen; nothing about an instruction is written
// twice. Facts come from ../shared/docs/trainium-facts.md; each number carries
// its source key (A1, ISA-OLD, DMABW, ...) from that sheet's section 0.
//
//===----------------------------------------------------------------------===//

include "Engines.td"
include "DataTypes.td"
include "Enums.td"
include "Operands.td"
include "Encoding.td"
include "Costs.td"
include "Instr.td"
include "InstrTensor.td"
include "InstrScalar.td"
include "InstrVector.td"
include "InstrGpSimd.td"
include "InstrDma.td"
include "InstrControl.td"
include "InstrCollective.td"
include "Chips.td"
include "Instances.td"
