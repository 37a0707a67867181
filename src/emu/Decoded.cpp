//===- Decoded.cpp - decoding a static instruction once -------------------===//

#include "Decoded.h"

#include "Machine.h"
#include "Timing.h"

#include <stdexcept>
#include <string>

namespace trn::emu {

DecodedInstr decodeInstr(const Machine &M, isa::Engine E, const isa::Instr &I) {
  const isa::InstrDesc &D = I.desc();
  DecodedInstr Out;
  for (const std::optional<isa::Wait> &W : I.Waits)
    if (W)
      Out.Waits[Out.NumWaits++] = *W;
  // sem_wait's condition is the same kind of wait, written as operands.
  if (I.Op == isa::Opcode::SEM_WAIT)
    Out.Waits[Out.NumWaits++] = isa::Wait{static_cast<uint8_t>(I.Operands[0].Int),
                                          static_cast<isa::WaitCond>(I.Operands[1].Int), false,
                                          static_cast<uint32_t>(I.Operands[2].Int)};
  // core_barrier waits for its peer's update (then takes it away).
  if (I.Op == isa::Opcode::CORE_BARRIER) {
    Out.Barrier = true;
    Out.Waits[Out.NumWaits++] =
        isa::Wait{static_cast<uint8_t>(I.Operands[0].Int), isa::WaitCond::Ge, false, 1};
  }
  Out.Collective = D.IsCollective;
  for (unsigned K = 0; K < Out.NumWaits; ++K)
    if (Out.BadWait < 0 && Out.Waits[K].Sem >= M.Semaphores.size())
      Out.BadWait = static_cast<int8_t>(K);
  Out.TooNew = D.MinGen > M.Chip.Gen;
  Out.ActTableSet = static_cast<int8_t>(actTableSetNeeded(I, E));
  // What the dependent-instruction overhead compares: every tensor read
  // (per-partition scalars included; a destination, accum and reduce are
  // written), and the destination of a datapath instruction.
  bool First = true;
  auto Read = [&](const isa::AccessPattern &AP) {
    if (Out.NumReads == MaxReads)
      throw std::logic_error(std::string("internal error: '") + D.Mnemonic +
                             "' reads more tensors than emu::MaxReads");
    Out.Reads[Out.NumReads++] = TensorBox::of(AP);
  };
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const isa::Operand &O = I.Operands[K];
    if (D.Operands[K].Kind == isa::OperandKind::Scalar && !O.IsImm)
      Read(O.AP);
    if (D.Operands[K].Kind != isa::OperandKind::AccessPattern || !O.AP.present())
      continue;
    std::string_view Name = D.Operands[K].Name;
    if (!First && Name != "accum" && Name != "reduce")
      Read(O.AP);
    First = false;
  }
  Out.SetsLastWrite = !D.IsSequencer && !D.IsDma && !D.IsCollective && !D.Operands.empty() &&
                      D.Operands[0].Kind == isa::OperandKind::AccessPattern;
  if (Out.SetsLastWrite)
    Out.Write = TensorBox::of(I.Operands[0].AP);
  Out.Ports = {M.portsUsed(E, I, false), M.portsUsed(E, I, true)};
  Out.Pe = verify::peModeOf(I);
  Out.PeTiled = !Out.Pe.Tile.whole();
  Out.Cost = planCost(M, E, I);
  return Out;
}

} // namespace trn::emu
