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

#include <array>

namespace trn::emu {

namespace {

// The operands of the control instructions by role, found once per opcode
// (InstrControl.td names them), so that running one compares no names: -1
// where the instruction has no such operand.
struct Roles {
  int8_t Rd, Rs, Rs1, Rs2, Imm, Target, Sem, Amount;
};

// Out of line: the table is built once, and rolesOf, inlined into every
// instruction's semantics, stays a guarded load.
[[gnu::noinline]] std::array<Roles, isa::NumOpcodes> buildRoles() {
  std::array<Roles, isa::NumOpcodes> T{};
  for (unsigned K = 0; K < isa::NumOpcodes; ++K) {
    const isa::InstrDesc &D = isa::instr(static_cast<isa::Opcode>(K));
    auto Find = [&](const char *Name) { return static_cast<int8_t>(D.operandIndex(Name)); };
    T[K] = {Find("rd"),  Find("rs"),     Find("rs1"), Find("rs2"),
            Find("imm"), Find("target"), Find("sem"), Find("amount")};
  }
  return T;
}

inline const Roles &rolesOf(isa::Opcode Op) {
  static const std::array<Roles, isa::NumOpcodes> Table = buildRoles();
  return Table[static_cast<unsigned>(Op)];
}

// Operand K (a role of rolesOf), or, when the instruction lacks it, the
// named look-up that reports the bug.
const isa::Operand &role(ExecContext &C, int8_t K, const char *Name) {
  return K >= 0 ? C.I.Operands[K] : C.op(Name);
}
uint32_t &reg(ExecContext &C, int8_t K, const char *Name) {
  return C.E.Regs[role(C, K, Name).Int & 63];
}
int64_t imm(ExecContext &C, int8_t K, const char *Name) { return role(C, K, Name).Int; }

// The second source of a register-register or register-immediate form.
uint32_t operandB(ExecContext &C, const Roles &R) {
  return R.Rs2 >= 0 ? reg(C, R.Rs2, "rs2") : static_cast<uint32_t>(imm(C, R.Imm, "imm"));
}

template <typename Fn> void regAlu(ExecContext &C, Fn F) {
  const Roles &R = rolesOf(C.I.Op);
  reg(C, R.Rd, "rd") = F(reg(C, R.Rs1, "rs1"), operandB(C, R));
}

void jumpTo(ExecContext &C, const Roles &R) {
  uint32_t Target = static_cast<uint32_t>(imm(C, R.Target, "target"));
  if (Target >= C.E.Code.size())
    C.fault(FaultKind::BadProgram,
            fmt::format("branch target {} is past the end of the stream ({} instructions)", Target,
                        C.E.Code.size()));
  C.E.Jump = Target;
}

// A conditional branch: Cmp on its two source registers.
template <typename Fn> void branchIf(ExecContext &C, Fn Cmp) {
  const Roles &R = rolesOf(C.I.Op);
  if (Cmp(reg(C, R.Rs1, "rs1"), reg(C, R.Rs2, "rs2")))
    jumpTo(C, R);
}

int32_t s(uint32_t V) { return static_cast<int32_t>(V); }

} // namespace

void execNOP(ExecContext &, const isa::Instr &) {}
void execHALT(ExecContext &, const isa::Instr &) {}

// The wait is the scheduler's: a sem_wait issues only once its condition
// holds (Machine::waitsMet), so by the time it runs there is nothing to do.
void execSEM_WAIT(ExecContext &, const isa::Instr &) {}

void execSEM_SIGNAL(ExecContext &C, const isa::Instr &I) {
  const Roles &R = rolesOf(I.Op);
  C.M.signal(static_cast<uint8_t>(imm(C, R.Sem, "sem")),
             static_cast<int16_t>(imm(C, R.Amount, "amount")),
             Sender{true, false, C.E.Id, C.Index, 0, C.M.NowPs, -1});
}

void execCORE_ID(ExecContext &C, const isa::Instr &I) {
  reg(C, rolesOf(I.Op).Rd, "rd") = C.M.CoreId;
}
void execCORE_COUNT(ExecContext &C, const isa::Instr &I) {
  reg(C, rolesOf(I.Op).Rd, "rd") = C.M.NumCores;
}

void execSEM_SIGNAL_CORE(ExecContext &C, const isa::Instr &I) {
  const Roles &R = rolesOf(I.Op);
  C.M.signalCore(C.reg("core"), static_cast<uint8_t>(imm(C, R.Sem, "sem")),
                 static_cast<int16_t>(imm(C, R.Amount, "amount")),
                 Sender{true, false, C.E.Id, C.Index, 0, C.M.NowPs, -1});
}

// Its update to the peer went when the engine reached it (Machine::
// barrierArrive), and it issued once the peer's arrived: take that away.
void execCORE_BARRIER(ExecContext &C, const isa::Instr &I) {
  C.E.BarrierSent = false;
  C.M.takeNow(static_cast<uint8_t>(imm(C, rolesOf(I.Op).Sem, "sem")), 1,
              Sender{true, false, C.E.Id, C.Index, 0, C.M.NowPs, -1});
}

void execLI(ExecContext &C, const isa::Instr &I) {
  const Roles &R = rolesOf(I.Op);
  reg(C, R.Rd, "rd") = static_cast<uint32_t>(imm(C, R.Imm, "imm"));
}
void execMOV(ExecContext &C, const isa::Instr &I) {
  const Roles &R = rolesOf(I.Op);
  reg(C, R.Rd, "rd") = reg(C, R.Rs, "rs");
}

// reg_load and reg_store move exactly one element (verified).

// The element's bytes go through the machine's scratch buffer, which keeps
// its capacity from one to the next.

void execREG_LOAD(ExecContext &C, const isa::Instr &I) {
  View V = C.view("src");
  std::vector<uint8_t> &Bytes = C.M.RegisterBytes;
  C.readElements(V, Bytes);
  reg(C, rolesOf(I.Op).Rd, "rd") = static_cast<uint32_t>(loadAsInt(V.AP->Type, Bytes.data()));
}

void execREG_STORE(ExecContext &C, const isa::Instr &I) {
  View V = C.view("dst");
  std::vector<uint8_t> &Bytes = C.M.RegisterBytes;
  Bytes.assign(V.ElemBytes, 0);
  storeFromInt(V.AP->Type, Bytes.data(), reg(C, rolesOf(I.Op).Rs, "rs"));
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

void execBEQ(ExecContext &C, const isa::Instr &) {
  branchIf(C, [](uint32_t A, uint32_t B) { return A == B; });
}
void execBNE(ExecContext &C, const isa::Instr &) {
  branchIf(C, [](uint32_t A, uint32_t B) { return A != B; });
}
void execBLT(ExecContext &C, const isa::Instr &) {
  branchIf(C, [](uint32_t A, uint32_t B) { return s(A) < s(B); });
}
void execBGE(ExecContext &C, const isa::Instr &) {
  branchIf(C, [](uint32_t A, uint32_t B) { return s(A) >= s(B); });
}
void execBLTU(ExecContext &C, const isa::Instr &) {
  branchIf(C, [](uint32_t A, uint32_t B) { return A < B; });
}
void execBGEU(ExecContext &C, const isa::Instr &) {
  branchIf(C, [](uint32_t A, uint32_t B) { return A >= B; });
}
void execJMP(ExecContext &C, const isa::Instr &I) { jumpTo(C, rolesOf(I.Op)); }

} // namespace trn::emu
