//===- Control.cpp - sequencer instructions -------------------------------===//
//
// Register arithmetic is 32-bit and wraps; shifts use the low 5 bits of the
// amount; branches compare signed or unsigned as their names say
// (InstrControl.td).
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <fmt/format.h>

namespace trn::emu {

namespace {

// The second source of a register-register or register-immediate form.
uint32_t operandB(ExecContext &C) {
  return C.D.Operands.size() > 2 && C.D.Operands[2].Kind == isa::OperandKind::Register
             ? C.reg("rs2")
             : static_cast<uint32_t>(C.imm("imm"));
}

template <typename Fn> void regAlu(ExecContext &C, Fn F) {
  C.reg("rd") = F(C.reg("rs1"), operandB(C));
}

void branchIf(ExecContext &C, bool Taken) {
  if (!Taken)
    return;
  uint32_t Target = static_cast<uint32_t>(C.imm("target"));
  if (Target >= C.E.Code.size())
    C.fault(FaultKind::BadProgram,
            fmt::format("branch target {} is past the end of the stream ({} instructions)", Target,
                        C.E.Code.size()));
  C.E.Jump = Target;
}

int32_t s(uint32_t V) { return static_cast<int32_t>(V); }

} // namespace

void execNOP(ExecContext &, const isa::Instr &) {}
void execHALT(ExecContext &, const isa::Instr &) {}

// The wait is the scheduler's: a sem_wait issues only once its condition
// holds (Machine::waitsMet), so by the time it runs there is nothing to do.
void execSEM_WAIT(ExecContext &, const isa::Instr &) {}

void execSEM_SIGNAL(ExecContext &C, const isa::Instr &) {
  C.M.signal(static_cast<uint8_t>(C.imm("sem")), static_cast<int16_t>(C.imm("amount")),
             Sender{true, false, C.E.Id, C.Index, 0, C.M.NowPs});
}

void execLI(ExecContext &C, const isa::Instr &) {
  C.reg("rd") = static_cast<uint32_t>(C.imm("imm"));
}
void execMOV(ExecContext &C, const isa::Instr &) { C.reg("rd") = C.reg("rs"); }

// reg_load and reg_store move exactly one element (verified).

void execREG_LOAD(ExecContext &C, const isa::Instr &) {
  View V = C.view("src");
  std::vector<uint8_t> Bytes;
  C.readElements(V, Bytes);
  C.reg("rd") = static_cast<uint32_t>(loadAsInt(V.AP->Type, Bytes.data()));
}

void execREG_STORE(ExecContext &C, const isa::Instr &) {
  View V = C.view("dst");
  std::vector<uint8_t> Bytes(V.ElemBytes);
  storeFromInt(V.AP->Type, Bytes.data(), C.reg("rs"));
  C.writeElements(V, Bytes);
}

void execADD_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A + B; });
}
void execADD_RI(ExecContext &C, const isa::Instr &I) { execADD_RR(C, I); }
void execSUB_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A - B; });
}
void execSUB_RI(ExecContext &C, const isa::Instr &I) { execSUB_RR(C, I); }
void execMUL_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A * B; });
}
void execMUL_RI(ExecContext &C, const isa::Instr &I) { execMUL_RR(C, I); }
void execAND_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A & B; });
}
void execAND_RI(ExecContext &C, const isa::Instr &I) { execAND_RR(C, I); }
void execOR_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A | B; });
}
void execOR_RI(ExecContext &C, const isa::Instr &I) { execOR_RR(C, I); }
void execXOR_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A ^ B; });
}
void execXOR_RI(ExecContext &C, const isa::Instr &I) { execXOR_RR(C, I); }
void execSHL_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A << (B & 31); });
}
void execSHL_RI(ExecContext &C, const isa::Instr &I) { execSHL_RR(C, I); }
void execSHR_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return A >> (B & 31); });
}
void execSHR_RI(ExecContext &C, const isa::Instr &I) { execSHR_RR(C, I); }
void execSRA_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return static_cast<uint32_t>(s(A) >> (B & 31)); });
}
void execSRA_RI(ExecContext &C, const isa::Instr &I) { execSRA_RR(C, I); }
void execMIN_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return s(A) < s(B) ? A : B; });
}
void execMIN_RI(ExecContext &C, const isa::Instr &I) { execMIN_RR(C, I); }
void execMAX_RR(ExecContext &C, const isa::Instr &) {
  regAlu(C, [](uint32_t A, uint32_t B) { return s(A) > s(B) ? A : B; });
}
void execMAX_RI(ExecContext &C, const isa::Instr &I) { execMAX_RR(C, I); }

void execBEQ(ExecContext &C, const isa::Instr &) { branchIf(C, C.reg("rs1") == C.reg("rs2")); }
void execBNE(ExecContext &C, const isa::Instr &) { branchIf(C, C.reg("rs1") != C.reg("rs2")); }
void execBLT(ExecContext &C, const isa::Instr &) { branchIf(C, s(C.reg("rs1")) < s(C.reg("rs2"))); }
void execBGE(ExecContext &C, const isa::Instr &) {
  branchIf(C, s(C.reg("rs1")) >= s(C.reg("rs2")));
}
void execBLTU(ExecContext &C, const isa::Instr &) { branchIf(C, C.reg("rs1") < C.reg("rs2")); }
void execBGEU(ExecContext &C, const isa::Instr &) { branchIf(C, C.reg("rs1") >= C.reg("rs2")); }
void execJMP(ExecContext &C, const isa::Instr &) { branchIf(C, true); }

} // namespace trn::emu
