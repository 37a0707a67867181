//===- IsaTablesTest.cpp - invariants of the generated ISA tables ---------===//
//
// The tables in IsaTables.inc are generated from isa/*.td by trn-tblgen;
// every tool trusts them. These tests check the properties the tools rely on
// (unique opcodes, non-overlapping encodings, consistent look-ups, operands
// an engine can reach) and pin a few facts copied by hand from the .td files,
// so that a generator bug or a slip in a .td edit shows up here rather than
// as a misassembled or misdecoded program.
//
//===----------------------------------------------------------------------===//

#include "trn/isa/Isa.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using namespace trn::isa;

namespace {

unsigned mask(MemSpace S) { return bit(S); }
const unsigned SbufOnly = bit(MemSpace::SBUF);
const unsigned PsumOnly = bit(MemSpace::PSUM);

// A named bit range, for overlap checks.
struct BitRange {
  std::string Name;
  unsigned Lsb, Width;
};

// Checks that Ranges are non-empty, pairwise disjoint and inside
// [0, TotalBits). Context names the table in failure messages.
void checkDisjoint(const std::vector<BitRange> &Ranges, unsigned TotalBits,
                   const std::string &Context) {
  INFO("in ", Context);
  std::vector<int> Owner(TotalBits, -1);
  for (unsigned I = 0; I < Ranges.size(); ++I) {
    const BitRange &R = Ranges[I];
    INFO("field ", R.Name, " at [", R.Lsb, ", ", R.Lsb + R.Width, ")");
    CHECK(R.Width >= 1);
    CHECK(R.Lsb + R.Width <= TotalBits);
    bool Clash = false;
    for (unsigned B = R.Lsb; B < R.Lsb + R.Width && B < TotalBits; ++B) {
      if (Owner[B] >= 0 && !Clash) {
        FAIL_CHECK("overlaps field ", Ranges[Owner[B]].Name, " at bit ", B);
        Clash = true;
      }
      Owner[B] = static_cast<int>(I);
    }
  }
}

std::string instrContext(const InstrDesc &I) {
  return std::string(I.RecordName) + " (" + I.Mnemonic + ")";
}

bool isTensorKind(OperandKind K) {
  return K == OperandKind::AccessPattern || K == OperandKind::Scalar;
}

// Whether Text contains Word not followed by another identifier character:
// "$src" must not be found inside "$src0".
bool containsWord(std::string_view Text, std::string_view Word) {
  for (size_t Pos = Text.find(Word); Pos != std::string_view::npos;
       Pos = Text.find(Word, Pos + 1)) {
    size_t End = Pos + Word.size();
    if (End == Text.size())
      return true;
    char C = Text[End];
    bool Ident =
        (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
    if (!Ident)
      return true;
  }
  return false;
}

bool parsesAsInteger(std::string_view S, int64_t &Value) {
  const char *End = S.data() + S.size();
  auto [Ptr, Ec] = std::from_chars(S.data(), End, Value);
  return Ec == std::errc() && Ptr == End && !S.empty();
}

bool parsesAsNumber(std::string_view S) {
  double Value = 0;
  const char *End = S.data() + S.size();
  auto [Ptr, Ec] = std::from_chars(S.data(), End, Value);
  return Ec == std::errc() && Ptr == End && !S.empty();
}

} // namespace

//===-- Opcodes -----------------------------------------------------------===//

TEST_CASE("opcode bytes are unique, nonzero and decode back") {
  std::array<const InstrDesc *, 256> ByByte{};
  for (const InstrDesc &I : instrs()) {
    INFO(instrContext(I));
    // 0 is reserved so that zero-filled memory never decodes (Instr.td).
    CHECK(I.Encoding != 0);
    CHECK(ByByte[I.Encoding] == nullptr);
    ByByte[I.Encoding] = &I;
  }
  // The decoder's own index must agree with the instruction table, for
  // assigned and unassigned bytes alike.
  for (unsigned B = 0; B < 256; ++B) {
    INFO("byte ", B);
    CHECK(decodeOpcode(static_cast<uint8_t>(B)) == ByByte[B]);
  }
  CHECK(decodeOpcode(0) == nullptr);
}

TEST_CASE("the instruction table is indexed by Opcode and ordered by byte") {
  REQUIRE(instrs().size() == NumOpcodes);
  for (unsigned I = 0; I < instrs().size(); ++I) {
    const InstrDesc &D = instrs()[I];
    INFO(instrContext(D));
    CHECK(static_cast<unsigned>(D.Op) == I);
    CHECK(&instr(D.Op) == &D);
    if (I > 0)
      CHECK(instrs()[I - 1].Encoding < D.Encoding); // Isa.h: "by opcode byte"
  }
}

TEST_CASE("opcode bytes and mnemonics copied from the .td files") {
  struct Pin {
    Opcode Op;
    const char *Mnemonic;
    uint8_t Byte;
  };
  const Pin Pins[] = {
      {Opcode::LOAD_STATIONARY, "load_stationary", 0x01},
      {Opcode::MATMUL, "matmul", 0x03},
      {Opcode::TRANSPOSE_PE, "transpose", 0x04},
      {Opcode::ACTIVATION, "activation", 0x10},
      {Opcode::TENSOR_TENSOR, "tensor_tensor", 0x20},
      {Opcode::TRANSPOSE_DVE, "transpose", 0x26},
      {Opcode::RANGE_SELECT, "range_select", 0x2F},
      {Opcode::IOTA, "iota", 0x40},
      {Opcode::PARTITION_BROADCAST, "partition_broadcast", 0x43},
      {Opcode::DMA_COPY, "dma_copy", 0x50},
      {Opcode::DMA_TRANSPOSE, "dma_transpose", 0x51},
      {Opcode::NOP, "nop", 0x60},
      {Opcode::REG_STORE, "reg_store", 0x67},
      {Opcode::ADD_RR, "add", 0x70},
      {Opcode::ADD_RI, "addi", 0x71}, // RegAlu: the _RI form is opc + 1
      {Opcode::MAX_RI, "maxi", 0x85},
      {Opcode::BEQ, "beq", 0x90},
      {Opcode::JMP, "jmp", 0x96},
  };
  for (const Pin &P : Pins) {
    INFO(std::string(P.Mnemonic));
    CHECK(instr(P.Op).Encoding == P.Byte);
    CHECK(std::string_view(instr(P.Op).Mnemonic) == P.Mnemonic);
    const InstrDesc *D = decodeOpcode(P.Byte);
    REQUIRE(D != nullptr);
    CHECK(D->Op == P.Op);
  }
}

//===-- Instructions ------------------------------------------------------===//

TEST_CASE("every instruction is complete") {
  const unsigned AllEngines = (1u << NumEngines) - 1;
  for (const InstrDesc &I : instrs()) {
    INFO(instrContext(I));
    CHECK(I.EngineMask != 0);
    CHECK((I.EngineMask & ~AllEngines) == 0);
    CHECK(std::string_view(I.RecordName) != "");
    CHECK(std::string_view(I.Mnemonic) != "");
    CHECK(std::string_view(I.Description) != "");
    CHECK(I.AsmString != nullptr);
    CHECK(I.Syntax != nullptr);
    CHECK(I.MinGen >= 2);
    CHECK(I.MinGen <= 4);
    CHECK(I.SizeBytes % 4 == 0);
    CHECK(I.SizeBytes >= HeaderBytes);
    CHECK(static_cast<unsigned>(I.Cost) < NumCostClasses);
    // Control-flow flags: a branch has a target, only halt terminates, a DMA
    // names a queue and is costed in bytes, sequencer work runs everywhere.
    bool HasLabel = false, HasQueue = false;
    for (const OperandDesc &O : I.Operands) {
      HasLabel |= O.Kind == OperandKind::Label;
      HasQueue |= O.Kind == OperandKind::DmaQueue;
    }
    CHECK(I.IsBranch == HasLabel);
    CHECK(I.IsDma == HasQueue);
    if (I.IsDma)
      CHECK(I.Cost == CostClassId::Dma);
    if (I.IsSequencer)
      CHECK(I.EngineMask == AllEngines);
    CHECK(I.IsTerminator == (I.Op == Opcode::HALT));
  }
}

TEST_CASE("engines and generations copied from the .td files") {
  CHECK(instr(Opcode::MATMUL).EngineMask == bit(Engine::PE));
  CHECK(instr(Opcode::ACTIVATION).EngineMask == bit(Engine::ACT));
  CHECK(instr(Opcode::TENSOR_TENSOR).EngineMask == (bit(Engine::DVE) | bit(Engine::POOL)));
  CHECK(instr(Opcode::TENSOR_SCALAR).EngineMask ==
        (bit(Engine::DVE) | bit(Engine::ACT) | bit(Engine::POOL)));
  CHECK(instr(Opcode::IOTA).EngineMask == bit(Engine::POOL));
  CHECK(instr(Opcode::DMA_COPY).EngineMask ==
        (bit(Engine::SP) | bit(Engine::ACT) | bit(Engine::POOL)));
  CHECK(instr(Opcode::NOP).runsOn(Engine::PE));
  CHECK(instr(Opcode::NOP).runsOn(Engine::SP));
  CHECK_FALSE(instr(Opcode::MATMUL).runsOn(Engine::DVE));
  // trn2-and-later instructions (MinGen = 3 in the .td); the rest default to 2.
  CHECK(instr(Opcode::RANGE_SELECT).MinGen == 3);
  CHECK(instr(Opcode::DMA_TRANSPOSE).MinGen == 3);
  CHECK(instr(Opcode::DMA_COPY).MinGen == 2);
  CHECK(instr(Opcode::MATMUL).MinGen == 2);
  CHECK(instr(Opcode::JMP).IsBranch);
  CHECK(instr(Opcode::HALT).IsTerminator);
  CHECK(instr(Opcode::REG_LOAD).IsSequencer);
  CHECK_FALSE(instr(Opcode::MATMUL).IsSequencer);
}

//===-- Encodings ---------------------------------------------------------===//

TEST_CASE("operand kind sizes copied from Operands.td") {
  CHECK(operandKind(OperandKind::AccessPattern).Bits == 320);
  CHECK(operandKind(OperandKind::Scalar).Bits == 384);
  CHECK(operandKind(OperandKind::Register).Bits == 8);
  CHECK(operandKind(OperandKind::Imm).Bits == 32);
  CHECK(operandKind(OperandKind::Fimm).Bits == 32);
  CHECK(operandKind(OperandKind::Enum).Bits == 8);
  CHECK(operandKind(OperandKind::Semaphore).Bits == 8);
  CHECK(operandKind(OperandKind::DmaQueue).Bits == 16);
  CHECK(operandKind(OperandKind::Label).Bits == 32);
  CHECK(operandKind(OperandKind::Steps).Bits == 128);
  CHECK(std::string_view(operandKind(OperandKind::AccessPattern).Name) == "access-pattern");
  CHECK(std::string_view(operandKind(OperandKind::DmaQueue).Name) == "dma-queue");
}

TEST_CASE("operands are laid out back to back after the header") {
  // Encoding.td: a 16-byte header, then each operand byte-aligned in order,
  // the whole padded to a multiple of 4 bytes.
  for (const InstrDesc &I : instrs()) {
    INFO(instrContext(I));
    unsigned Offset = HeaderBytes;
    for (const OperandDesc &O : I.Operands) {
      INFO("operand ", std::string(O.Name));
      const OperandKindDesc &K = operandKind(O.Kind);
      CHECK(K.Bits % 8 == 0);
      CHECK(O.ByteOffset == Offset);
      Offset += K.Bits / 8;
    }
    CHECK(Offset <= I.SizeBytes);
    CHECK(I.SizeBytes == (Offset + 3) / 4 * 4);
    std::vector<BitRange> Ranges;
    for (const OperandDesc &O : I.Operands)
      Ranges.push_back({O.Name, O.ByteOffset * 8u, operandKind(O.Kind).Bits});
    checkDisjoint(Ranges, I.SizeBytes * 8u, instrContext(I));
    // Operands never reach into the header.
    for (const OperandDesc &O : I.Operands)
      CHECK(O.ByteOffset >= HeaderBytes);
  }
}

TEST_CASE("instruction sizes computed by hand") {
  // 16 + 3 x 40 (access patterns) + 3 x 1 (enums: acc, transpose, perf) + 4 x 4
  // (the tile immediates) = 155, padded to 156.
  CHECK(instr(Opcode::MATMUL).SizeBytes == 156);
  CHECK(instr(Opcode::MATMUL).Operands[2].ByteOffset == 96);
  CHECK(instr(Opcode::MATMUL).Operands[6].ByteOffset == 139); // tile_row
  // 16 + 40 + 40 + 1 + 48 + 48 + 40 = 233, padded to 236.
  CHECK(instr(Opcode::ACTIVATION).SizeBytes == 236);
  CHECK(instr(Opcode::ACTIVATION).Operands[5].ByteOffset == 193);
  // 16 + 40 + 4 + 16 + 4 = 80.
  CHECK(instr(Opcode::IOTA).SizeBytes == 80);
  // 16 + 1 + 1 + 4 = 22, padded to 24.
  CHECK(instr(Opcode::SEM_WAIT).SizeBytes == 24);
  // 16 + 1 + 1 = 18, padded to 20.
  CHECK(instr(Opcode::MOV).SizeBytes == 20);
  // No operands: the header alone.
  CHECK(instr(Opcode::NOP).SizeBytes == 16);
  CHECK(instr(Opcode::NOP).Operands.empty());
}

TEST_CASE("header fields are disjoint and inside the header") {
  CHECK(IsaHeaderBits == 128); // Encoding.td: InstrHeader.Bits
  CHECK(HeaderBytes == 16);
  REQUIRE(!headerFields().empty());
  std::vector<BitRange> Ranges;
  for (unsigned I = 0; I < headerFields().size(); ++I) {
    const HeaderFieldDesc &F = headerFields()[I];
    CHECK(static_cast<unsigned>(F.Id) == I);
    CHECK(&headerField(F.Id) == &F);
    CHECK(std::string_view(F.Name) != "");
    CHECK(F.Width <= 64); // readable with getBits
    Ranges.push_back({F.Name, F.Lsb, F.Width});
  }
  checkDisjoint(Ranges, IsaHeaderBits, "the header");

  // The decoder reads the opcode as byte 0.
  const HeaderFieldDesc &Op = headerField(HeaderField::Opcode);
  CHECK(Op.Lsb == 0);
  CHECK(Op.Width == 8);
  // Values copied from Encoding.td.
  CHECK(headerField(HeaderField::Engine).Lsb == 8);
  CHECK(headerField(HeaderField::SignalInc).Lsb == 48);
  CHECK(headerField(HeaderField::SignalInc).Width == 16);
  CHECK(headerField(HeaderField::Wait1Value).Lsb == 96);
  CHECK(headerField(HeaderField::Wait1Value).Width == 32);
  CHECK(std::string_view(headerField(HeaderField::Wait0IsReg).Name) == "wait0_is_reg");
}

TEST_CASE("header fields hold every value they must carry") {
  // The engine field holds every engine id.
  CHECK(NumEngines - 1 < (1u << headerField(HeaderField::Engine).Width));
  // The wait-condition fields hold every WaitCond; 0 means "no wait", so no
  // WaitCond may be 0.
  for (HeaderField F : {HeaderField::Wait0Cond, HeaderField::Wait1Cond}) {
    INFO(std::string(headerField(F).Name));
    for (const EnumValueDesc &V : enumType(EnumTypeId::WaitCond).Values) {
      CHECK(V.Value != 0);
      CHECK(V.Value < (1u << headerField(F).Width));
    }
  }
  // signal_inc is a signed 16-bit amount and carries sem_signal's whole range.
  for (const OperandDesc &O : instr(Opcode::SEM_SIGNAL).Operands)
    if (std::string_view(O.Name) == "amount") {
      unsigned W = headerField(HeaderField::SignalInc).Width;
      CHECK(O.HasRange);
      CHECK(O.Min >= -(int64_t(1) << (W - 1)));
      CHECK(O.Max < (int64_t(1) << (W - 1)));
    }
  // The wait values carry a 32-bit sem_wait value or a register index.
  CHECK(headerField(HeaderField::Wait0Value).Width == 32);
}

TEST_CASE("operand kind fields are disjoint and inside the kind") {
  REQUIRE(operandKinds().size() == 10);
  for (unsigned I = 0; I < operandKinds().size(); ++I) {
    const OperandKindDesc &K = operandKinds()[I];
    INFO("kind ", std::string(K.Name));
    CHECK(static_cast<unsigned>(K.Id) == I);
    CHECK(&operandKind(K.Id) == &K);
    CHECK(K.Bits % 8 == 0);
    CHECK(!K.Fields.empty());
    std::vector<BitRange> Ranges;
    std::set<std::string_view> Names;
    for (const FieldDesc &F : K.Fields) {
      INFO("field ", std::string(F.Name));
      CHECK(Names.insert(F.Name).second);
      Ranges.push_back({F.Name, F.Lsb, F.Width});
      if (F.Nested) {
        CHECK(F.Width == operandKind(*F.Nested).Bits);
        CHECK(*F.Nested != K.Id); // no kind contains itself
        CHECK_FALSE(F.Signed);
      } else {
        CHECK(F.Width <= 64); // getBits/putBits handle at most 64 bits
      }
    }
    checkDisjoint(Ranges, K.Bits, K.Name);
  }
}

//===-- Mnemonics ---------------------------------------------------------===//

TEST_CASE("mnemonics: no clash on an engine, look-up finds exactly the spellings") {
  std::map<std::string_view, std::vector<const InstrDesc *>> ByMnemonic;
  for (const InstrDesc &I : instrs())
    ByMnemonic[I.Mnemonic].push_back(&I);

  for (auto &[Mnemonic, List] : ByMnemonic) {
    INFO("mnemonic ", std::string(Mnemonic));
    // Instr.td: two records may share a mnemonic only if no engine runs both.
    for (unsigned A = 0; A < List.size(); ++A)
      for (unsigned B = A + 1; B < List.size(); ++B)
        CHECK((List[A]->EngineMask & List[B]->EngineMask) == 0);
    std::span<const InstrDesc *const> Found = lookupMnemonic(Mnemonic);
    std::vector<const InstrDesc *> Got(Found.begin(), Found.end());
    std::sort(Got.begin(), Got.end());
    std::vector<const InstrDesc *> Want = List;
    std::sort(Want.begin(), Want.end());
    CHECK(Got == Want);
  }

  std::span<const InstrDesc *const> Transpose = lookupMnemonic("transpose");
  REQUIRE(Transpose.size() == 2);
  std::set<Opcode> TransposeOps = {Transpose[0]->Op, Transpose[1]->Op};
  const std::set<Opcode> WantOps = {Opcode::TRANSPOSE_PE, Opcode::TRANSPOSE_DVE};
  CHECK(TransposeOps == WantOps);
  CHECK(instr(Opcode::TRANSPOSE_PE).EngineMask == bit(Engine::PE));
  CHECK(instr(Opcode::TRANSPOSE_DVE).EngineMask == bit(Engine::DVE));

  std::span<const InstrDesc *const> Matmul = lookupMnemonic("matmul");
  REQUIRE(Matmul.size() == 1);
  CHECK(Matmul[0]->Op == Opcode::MATMUL);

  CHECK(lookupMnemonic("nonsense").empty());
  CHECK(lookupMnemonic("").empty());
  CHECK(lookupMnemonic("matmu").empty());   // a prefix is not a match
  CHECK(lookupMnemonic("matmulx").empty()); // nor is an extension
  CHECK(lookupMnemonic("MATMUL").empty());  // assembly is case-sensitive
  CHECK(lookupMnemonic("zzz").empty());     // past the end of the table
  CHECK(lookupMnemonic("a").empty());       // before the first entry
}

TEST_CASE("mnemonics() is sorted, unique and complete") {
  std::set<std::string_view> Distinct;
  for (const InstrDesc &I : instrs())
    Distinct.insert(I.Mnemonic);
  std::span<const char *const> Names = mnemonics();
  REQUIRE(Names.size() == Distinct.size());
  for (unsigned I = 0; I < Names.size(); ++I) {
    INFO("mnemonics()[", I, "] = ", std::string(Names[I]));
    CHECK(Distinct.count(Names[I]) == 1);
    if (I > 0)
      CHECK(std::string_view(Names[I - 1]) < std::string_view(Names[I]));
  }
}

//===-- Enumerations ------------------------------------------------------===//

TEST_CASE("enum values: named, unique, sorted, and look-ups round-trip") {
  REQUIRE(enumTypes().size() == 6);
  for (unsigned T = 0; T < enumTypes().size(); ++T) {
    const EnumTypeDesc &E = enumTypes()[T];
    INFO("enum ", std::string(E.Name));
    CHECK(static_cast<unsigned>(E.Id) == T);
    CHECK(&enumType(E.Id) == &E);
    CHECK(std::string_view(E.Name) != "");
    CHECK(std::string_view(E.Description) != "");
    REQUIRE(!E.Values.empty());
    std::set<std::string_view> Names;
    std::set<unsigned> Values;
    for (unsigned I = 0; I < E.Values.size(); ++I) {
      const EnumValueDesc &V = E.Values[I];
      INFO("value ", std::string(V.Name));
      CHECK(std::string_view(V.Name) != "");
      CHECK(Names.insert(V.Name).second);
      Values.insert(V.Value);
      if (I > 0)
        CHECK(E.Values[I - 1].Value < V.Value);
      std::optional<uint8_t> Looked = lookupEnumValue(E.Id, V.Name);
      REQUIRE(Looked.has_value());
      CHECK(*Looked == V.Value);
      CHECK(enumValue(E.Id, V.Value) == &V);
    }
    for (unsigned B = 0; B < 256; ++B)
      if (!Values.count(B))
        CHECK(enumValue(E.Id, static_cast<uint8_t>(B)) == nullptr);
    CHECK_FALSE(lookupEnumValue(E.Id, "nonsense").has_value());
    CHECK_FALSE(lookupEnumValue(E.Id, "").has_value());
  }
}

TEST_CASE("generated enumerators agree with the enum tables") {
  auto Value = [](EnumTypeId E, const char *Name) {
    std::optional<uint8_t> V = lookupEnumValue(E, Name);
    REQUIRE(V.has_value());
    return unsigned(*V);
  };
  // Each pair: the C++ enumerator, its assembly spelling, and the number
  // written in Enums.td.
  CHECK(static_cast<unsigned>(AluOp::Add) == Value(EnumTypeId::AluOp, "add"));
  CHECK(static_cast<unsigned>(AluOp::Add) == 1);
  CHECK(static_cast<unsigned>(AluOp::Bypass) == Value(EnumTypeId::AluOp, "bypass"));
  CHECK(static_cast<unsigned>(AluOp::Bypass) == 0);
  CHECK(static_cast<unsigned>(AluOp::AbsMax) == Value(EnumTypeId::AluOp, "abs_max"));
  CHECK(static_cast<unsigned>(AluOp::AbsMax) == 9);
  CHECK(static_cast<unsigned>(AluOp::RightShift) == Value(EnumTypeId::AluOp, "right_shift"));
  CHECK(static_cast<unsigned>(AluOp::RightShift) == 26);
  CHECK(static_cast<unsigned>(AluOp::Reciprocal) == Value(EnumTypeId::AluOp, "reciprocal"));
  CHECK(static_cast<unsigned>(AluOp::Reciprocal) == 31);
  CHECK(static_cast<unsigned>(ActFunc::Copy) == Value(EnumTypeId::ActFunc, "copy"));
  CHECK(static_cast<unsigned>(ActFunc::GeluApprxSigmoidDx) ==
        Value(EnumTypeId::ActFunc, "gelu_apprx_sigmoid_dx"));
  CHECK(static_cast<unsigned>(ActFunc::GeluApprxSigmoidDx) == 8);
  CHECK(static_cast<unsigned>(ActFunc::Exp) == Value(EnumTypeId::ActFunc, "exp"));
  CHECK(static_cast<unsigned>(ActFunc::Exp) == 16);
  CHECK(static_cast<unsigned>(ActFunc::Reciprocal) == Value(EnumTypeId::ActFunc, "reciprocal"));
  CHECK(static_cast<unsigned>(ActFunc::Reciprocal) == 24);
  CHECK(static_cast<unsigned>(WaitCond::Eq) == Value(EnumTypeId::WaitCond, "eq"));
  CHECK(static_cast<unsigned>(WaitCond::Eq) == 1);
  CHECK(static_cast<unsigned>(WaitCond::Lt) == Value(EnumTypeId::WaitCond, "lt"));
  CHECK(static_cast<unsigned>(WaitCond::Lt) == 6);
  CHECK(static_cast<unsigned>(PsumMode::Accumulate) == Value(EnumTypeId::PsumMode, "accumulate"));
  CHECK(static_cast<unsigned>(PsumMode::Overwrite) == Value(EnumTypeId::PsumMode, "overwrite"));
  CHECK(static_cast<unsigned>(Bool::True) == Value(EnumTypeId::Bool, "true"));
  CHECK(static_cast<unsigned>(Bool::False) == Value(EnumTypeId::Bool, "false"));
  // Value counts: AluOp 0..31, ActFunc 0..24, WaitCond 1..6 (Enums.td).
  CHECK(enumType(EnumTypeId::AluOp).Values.size() == 32);
  CHECK(enumType(EnumTypeId::ActFunc).Values.size() == 25);
  CHECK(enumType(EnumTypeId::WaitCond).Values.size() == 6);
  CHECK(std::string_view(enumType(EnumTypeId::WaitCond).Name) == "WaitCond");
}

TEST_CASE("ALU op and activation properties copied from Enums.td") {
  const std::set<std::string_view> Unary = {"bypass", "invert", "abs",       "square",
                                            "relu",   "rsqrt",  "reciprocal"};
  const std::set<std::string_view> Reducible = {
      "add",         "multiply",   "maximum",     "minimum",     "abs_max",    "abs_min",
      "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor"};
  const std::set<std::string_view> Bitvec = {"bitwise_and", "bitwise_or", "bitwise_xor",
                                             "invert",      "left_shift", "right_shift"};
  for (const EnumValueDesc &V : enumType(EnumTypeId::AluOp).Values) {
    INFO(std::string(V.Name));
    CHECK(V.Arity == (Unary.count(V.Name) ? 1 : 2));
    CHECK(V.Reducible == (Reducible.count(V.Name) == 1));
    CHECK(V.Bitvec == (Bitvec.count(V.Name) == 1));
  }
  const std::map<std::string_view, std::string_view> Ranges = {
      {"log", "[2^-64, 2^64]"},    {"sin", "[-pi, pi]"},       {"arctan", "[-pi/2, pi/2]"},
      {"sqrt", "[2^-116, 2^118]"}, {"rsqrt", "[2^-87, 2^97]"}, {"reciprocal", "+-[2^-42, 2^42]"}};
  for (const EnumValueDesc &V : enumType(EnumTypeId::ActFunc).Values) {
    INFO(std::string(V.Name));
    auto It = Ranges.find(V.Name);
    CHECK(std::string_view(V.Range) == (It == Ranges.end() ? "" : It->second));
  }
}

//===-- Operands ----------------------------------------------------------===//

TEST_CASE("operands are well-formed and their defaults are valid") {
  const unsigned AllSpaces = mask(MemSpace::HBM) | mask(MemSpace::SBUF) | mask(MemSpace::PSUM);
  for (const InstrDesc &I : instrs()) {
    INFO(instrContext(I));
    std::set<std::string_view> Names;
    for (const OperandDesc &O : I.Operands) {
      INFO("operand ", std::string(O.Name));
      CHECK(std::string_view(O.Name) != "");
      CHECK(Names.insert(O.Name).second);
      CHECK(static_cast<unsigned>(O.Kind) < operandKinds().size());
      CHECK(O.Enum.has_value() == (O.Kind == OperandKind::Enum));
      if (isTensorKind(O.Kind)) {
        CHECK(O.SpaceMask != 0);
        CHECK((O.SpaceMask & ~AllSpaces) == 0); // never MemSpace::None
      } else {
        CHECK(O.SpaceMask == 0);
      }
      CHECK(O.optional() == (O.Keyword != nullptr));
      if (O.Keyword)
        CHECK(std::string_view(O.Keyword) != "");
      if (O.Kind == OperandKind::Register) {
        CHECK(O.HasRange); // Reg: r0..r63
        CHECK(O.Min == 0);
        CHECK(O.Max == 63);
      }
      if (O.HasRange) {
        CHECK(O.Min <= O.Max);
        // The range fits the kind's single value field.
        REQUIRE(operandKind(O.Kind).Fields.size() == 1);
        const FieldDesc &F = operandKind(O.Kind).Fields[0];
        int64_t Lo = F.Signed ? -(int64_t(1) << (F.Width - 1)) : 0;
        int64_t Hi = F.Signed ? (int64_t(1) << (F.Width - 1)) - 1 : (int64_t(1) << F.Width) - 1;
        CHECK(O.Min >= Lo);
        CHECK(O.Max <= Hi);
      }
      if (!O.optional())
        continue;
      std::string_view Default = O.Default;
      INFO("default ", std::string(O.Default));
      switch (O.Kind) {
      case OperandKind::Enum:
        CHECK(lookupEnumValue(*O.Enum, Default).has_value());
        break;
      case OperandKind::AccessPattern:
        CHECK(Default == "none");
        break;
      case OperandKind::Imm: {
        int64_t Value = 0;
        CHECK(parsesAsInteger(Default, Value));
        if (O.HasRange) {
          CHECK(Value >= O.Min);
          CHECK(Value <= O.Max);
        }
        break;
      }
      case OperandKind::Fimm:
      case OperandKind::Scalar:
        CHECK(parsesAsNumber(Default));
        break;
      default:
        FAIL_CHECK("an optional operand of kind ", std::string(operandKind(O.Kind).Name),
                   " has no way to spell its default");
      }
    }
  }
}

TEST_CASE("operand defaults and ranges copied from the .td files") {
  auto Find = [](Opcode Op, std::string_view Name) -> const OperandDesc & {
    for (const OperandDesc &O : instr(Op).Operands)
      if (Name == O.Name)
        return O;
    FAIL("no operand ", std::string(Name));
    return instr(Op).Operands[0];
  };
  CHECK(std::string_view(Find(Opcode::MATMUL, "acc").Default) == "overwrite");
  CHECK(Find(Opcode::MATMUL, "acc").Enum == EnumTypeId::PsumMode);
  CHECK(std::string_view(Find(Opcode::MATMUL, "transpose").Default) == "false");
  CHECK_FALSE(Find(Opcode::MATMUL, "dst").optional());
  CHECK(std::string_view(Find(Opcode::ACTIVATION, "scale").Default) == "1.0");
  CHECK(std::string_view(Find(Opcode::ACTIVATION, "bias").Default) == "0.0");
  CHECK(std::string_view(Find(Opcode::ACTIVATION, "accum").Default) == "none");
  CHECK(Find(Opcode::ACTIVATION, "func").Enum == EnumTypeId::ActFunc);
  const OperandDesc &Axes = Find(Opcode::TENSOR_REDUCE, "axes");
  CHECK(Axes.HasRange);
  CHECK(Axes.Min == 1);
  CHECK(Axes.Max == 4);
  CHECK(std::string_view(Axes.Default) == "1");
  const OperandDesc &Amount = Find(Opcode::SEM_SIGNAL, "amount");
  CHECK(Amount.Min == -32768);
  CHECK(Amount.Max == 32767);
  CHECK(Find(Opcode::LI, "imm").Min == INT32_MIN);
  CHECK(Find(Opcode::LI, "imm").Max == INT32_MAX);
  CHECK(Find(Opcode::DMA_COPY, "queue").Kind == OperandKind::DmaQueue);
  CHECK(Find(Opcode::DMA_COPY, "src").SpaceMask == (mask(MemSpace::HBM) | SbufOnly));
}

//===-- Engines and memories ----------------------------------------------===//

TEST_CASE("engine and memory-space tables") {
  REQUIRE(engines().size() == NumEngines);
  for (unsigned I = 0; I < NumEngines; ++I) {
    const EngineDesc &E = engines()[I];
    INFO(std::string(E.RecordName));
    CHECK(static_cast<unsigned>(E.Id) == I);
    CHECK(&engine(E.Id) == &E);
    std::optional<Engine> Back = lookupEnginePrefix(E.Prefix);
    REQUIRE(Back.has_value());
    CHECK(*Back == E.Id);
    CHECK((E.SpaceMask & mask(MemSpace::HBM)) == 0); // only DMA reaches HBM
  }
  CHECK_FALSE(lookupEnginePrefix("gpsimd").has_value());
  CHECK(std::string_view(engine(Engine::POOL).Prefix) == "pool");
  CHECK(std::string_view(engine(Engine::PE).Name) == "Tensor");
  // Engines.td: PE, DVE, ACT see SBUF and PSUM; POOL SBUF only; SP nothing.
  CHECK(engine(Engine::PE).SpaceMask == (SbufOnly | PsumOnly));
  CHECK(engine(Engine::DVE).SpaceMask == (SbufOnly | PsumOnly));
  CHECK(engine(Engine::ACT).SpaceMask == (SbufOnly | PsumOnly));
  CHECK(engine(Engine::POOL).SpaceMask == SbufOnly);
  CHECK(engine(Engine::SP).SpaceMask == 0);

  REQUIRE(memSpaces().size() == 3);
  const std::pair<MemSpace, const char *> Spaces[] = {
      {MemSpace::HBM, "hbm"}, {MemSpace::SBUF, "sbuf"}, {MemSpace::PSUM, "psum"}};
  for (auto [S, Name] : Spaces) {
    CHECK(memSpace(S).Id == S);
    CHECK(std::string_view(memSpace(S).Name) == Name);
  }
  CHECK(static_cast<unsigned>(MemSpace::None) == 0); // an absent operand
}

TEST_CASE("every engine that runs an instruction can reach its operands") {
  for (const InstrDesc &I : instrs()) {
    // A DMA's tensors are the transfer's, a collective's the system's
    // collective engine's, and sequencer loads and stores go through the
    // sequencer, not the datapath (Instr.td).
    if (I.IsDma || I.IsCollective || I.IsSequencer)
      continue;
    INFO(instrContext(I));
    for (const OperandDesc &O : I.Operands) {
      if (!isTensorKind(O.Kind))
        continue;
      INFO("operand ", std::string(O.Name));
      // Only DMA reaches HBM.
      CHECK((O.SpaceMask & mask(MemSpace::HBM)) == 0);
      for (unsigned E = 0; E < NumEngines; ++E) {
        if (!I.runsOn(Engine(E)))
          continue;
        INFO("engine ", std::string(engine(Engine(E)).RecordName));
        CHECK((O.SpaceMask & engine(Engine(E)).SpaceMask) != 0);
      }
      // GpSimd has no PSUM access: nothing it runs may demand PSUM.
      if (I.runsOn(Engine::POOL))
        CHECK(O.SpaceMask != PsumOnly);
    }
  }
}

TEST_CASE("TensorE reads SBUF only and writes PSUM only") {
  for (const InstrDesc &I : instrs()) {
    if (I.IsSequencer || !I.runsOn(Engine::PE))
      continue;
    INFO(instrContext(I));
    for (const OperandDesc &O : I.Operands) {
      if (!isTensorKind(O.Kind))
        continue;
      INFO("operand ", std::string(O.Name));
      CHECK(O.SpaceMask == (std::string_view(O.Name) == "dst" ? PsumOnly : SbufOnly));
    }
  }
  const InstrDesc &Matmul = instr(Opcode::MATMUL);
  REQUIRE(Matmul.Operands.size() >= 3);
  CHECK(std::string_view(Matmul.Operands[0].Name) == "dst");
  CHECK(Matmul.Operands[0].SpaceMask == PsumOnly);
  CHECK(std::string_view(Matmul.Operands[1].Name) == "stationary");
  CHECK(Matmul.Operands[1].SpaceMask == SbufOnly);
  CHECK(std::string_view(Matmul.Operands[2].Name) == "moving");
  CHECK(Matmul.Operands[2].SpaceMask == SbufOnly);
}

TEST_CASE("DMA instructions reach HBM") {
  unsigned Count = 0;
  for (const InstrDesc &I : instrs()) {
    if (!I.IsDma)
      continue;
    ++Count;
    INFO(instrContext(I));
    CHECK_FALSE(I.runsOn(Engine::PE)); // SP, ACT and POOL trigger DMA (ISA)
    CHECK_FALSE(I.runsOn(Engine::DVE));
    for (const OperandDesc &O : I.Operands)
      if (O.Kind == OperandKind::AccessPattern)
        CHECK((O.SpaceMask & mask(MemSpace::HBM)) != 0);
  }
  CHECK(Count == 3); // dma_copy, dma_transpose and dma_copy_core
}

//===-- Data types --------------------------------------------------------===//

TEST_CASE("dtypes") {
  REQUIRE(dtypes().size() == NumDTypes);
  std::set<std::string_view> Names;
  for (unsigned I = 0; I < dtypes().size(); ++I) {
    const DTypeDesc &T = dtypes()[I];
    INFO(std::string(T.Name));
    CHECK(static_cast<unsigned>(T.Id) == I);
    CHECK(&dtype(T.Id) == &T);
    CHECK(Names.insert(T.Name).second);
    std::optional<DType> Back = lookupDType(T.Name);
    REQUIRE(Back.has_value());
    CHECK(*Back == T.Id);
    CHECK(T.MinGen >= 2);
    CHECK(T.MinGen <= 5);
    CHECK(T.Bits * T.Lanes <= 8u * T.StorageBytes);
    CHECK((T.Lanes == 1 || T.Lanes == 4));
    CHECK((T.Lanes == 1) == (T.LaneType == T.Id));
    if (T.Kind == DTypeKind::Float) {
      CHECK(T.Style != FloatStyle::None);
      // sign + exponent + mantissa; E8M0 has no sign
      unsigned Sign = T.Style == FloatStyle::ExponentOnly ? 0 : 1;
      CHECK(Sign + T.ExponentBits + T.MantissaBits == T.Bits);
    } else {
      CHECK(T.Style == FloatStyle::None);
      CHECK(T.Bits == 8u * T.StorageBytes);
    }
  }
  CHECK_FALSE(lookupDType("float32").has_value());
  CHECK_FALSE(lookupDType("").has_value());

  // Storage and formats copied from DataTypes.td.
  CHECK(dtype(DType::FP32).StorageBytes == 4);
  CHECK(dtype(DType::BF16).StorageBytes == 2);
  CHECK(dtype(DType::BF16).ExponentBits == 8);
  CHECK(dtype(DType::BF16).MantissaBits == 7);
  CHECK(dtype(DType::FP16).ExponentBits == 5);
  CHECK(dtype(DType::TF32).StorageBytes == 4);
  CHECK(dtype(DType::TF32).Bits == 19);
  CHECK(dtype(DType::FP8_E4M3).StorageBytes == 1);
  CHECK(dtype(DType::FP8_E5M2).StorageBytes == 1);
  CHECK(dtype(DType::FP8_E5M2).ExponentBits == 5);
  CHECK(dtype(DType::FP8_E4M3FN).StorageBytes == 1);
  CHECK(dtype(DType::FP8_E4M3FN).Style == FloatStyle::FiniteOnly);
  CHECK(dtype(DType::FP8_E4M3FN).MinGen == 4);
  CHECK(dtype(DType::FP8_E4M3).Style == FloatStyle::Ieee);
  CHECK(dtype(DType::INT32).StorageBytes == 4);
  CHECK(dtype(DType::INT32).Kind == DTypeKind::Int);
  CHECK(dtype(DType::UINT8).Kind == DTypeKind::UInt);
  CHECK(std::string_view(dtype(DType::FP8_E4M3FN).Name) == "fp8_e4m3fn");
  // The MX types (OCP MX v1.0, SHARED).
  CHECK(dtype(DType::FP4_E2M1).StorageBytes == 1);
  CHECK(dtype(DType::FP4_E2M1).Style == FloatStyle::NoSpecials);
  CHECK(dtype(DType::FP8_E8M0).Style == FloatStyle::ExponentOnly);
  CHECK(dtype(DType::FP8_E4M3FN_X4).StorageBytes == 4);
  CHECK(dtype(DType::FP8_E4M3FN_X4).LaneType == DType::FP8_E4M3FN);
  CHECK(dtype(DType::FP8_E5M2_X4).LaneType == DType::FP8_E5M2);
  CHECK(dtype(DType::FP4_E2M1_X4).StorageBytes == 2);
  CHECK(dtype(DType::FP4_E2M1_X4).LaneType == DType::FP4_E2M1);

  // An access pattern's dtype field holds every dtype id.
  const FieldDesc &DTypeField = operandKind(OperandKind::AccessPattern).Fields[1];
  CHECK(std::string_view(DTypeField.Name) == "dtype");
  CHECK(NumDTypes - 1 < (1u << DTypeField.Width));
}

//===-- Chips -------------------------------------------------------------===//

namespace {
// The width of the named field of kind K.
unsigned fieldWidth(OperandKind K, std::string_view Name) {
  for (const FieldDesc &F : operandKind(K).Fields)
    if (Name == F.Name)
      return F.Width;
  FAIL_CHECK("kind ", std::string(operandKind(K).Name), " has no field ", std::string(Name));
  return 0;
}
} // namespace

TEST_CASE("chips") {
  REQUIRE(chips().size() == 4);
  const char *Names[] = {"trn1", "trn2", "trn3", "trn4"};
  for (unsigned I = 0; I < 4; ++I) {
    const ChipDesc &C = chips()[I];
    INFO(std::string(C.Name));
    CHECK(std::string_view(C.Name) == Names[I]);
    CHECK(static_cast<unsigned>(C.Id) == I);
    CHECK(&chip(C.Id) == &C);
    CHECK(C.Gen == I + 2);
    std::optional<Chip> Back = lookupChip(Names[I]);
    REQUIRE(Back.has_value());
    CHECK(*Back == C.Id);
  }
  CHECK_FALSE(lookupChip("trn5").has_value());
  // Only trn4 is speculative, and says what it rests on.
  CHECK(*chip(Chip::trn4).Speculative);
  CHECK(!*chip(Chip::trn3).Speculative);
  CHECK_FALSE(lookupChip("").has_value());

  // Numbers copied from Chips.td.
  const ChipDesc &T1 = chip(Chip::trn1), &T2 = chip(Chip::trn2), &T3 = chip(Chip::trn3);
  auto Clock = [](const ChipDesc &C, Engine E) { return C.ClockMHz[static_cast<unsigned>(E)]; };
  CHECK(Clock(T1, Engine::PE) == 2800);
  CHECK(Clock(T1, Engine::DVE) == 1120);
  CHECK(Clock(T1, Engine::ACT) == 1400);
  CHECK(Clock(T2, Engine::PE) == 2400);
  CHECK(Clock(T2, Engine::DVE) == 960);
  CHECK(Clock(T2, Engine::SP) == 1200);
  CHECK(Clock(T3, Engine::DVE) == 1200);
  CHECK(T1.SbufPartitionBytes == 196608);
  CHECK(T2.SbufPartitionBytes == 229376);
  CHECK(T3.SbufPartitionBytes == 262144);
  CHECK(T1.CoresPerChip == 2);
  CHECK(T2.CoresPerChip == 8);
  CHECK(T1.HbmGiB == 32);
  CHECK(T2.HbmGiB == 96);
  CHECK(T3.HbmGiB == 144);
  CHECK(T3.hbmBytes() == 144ull * 1024 * 1024 * 1024);
  CHECK(T3.DmaEngineMBps == 38400);
  CHECK(T1.DmaFixedNs == 1300);
  CHECK(T2.HbmChipGBps == 2900);
  for (const ChipDesc &C : chips()) {
    INFO(std::string(C.Name));
    CHECK(C.Partitions == 128);
    CHECK(C.PsumBanks == 8);
    CHECK(C.PsumBankBytes == 2048);
    CHECK(C.psumPartitionBytes() == 16384);
    CHECK(C.Registers == 64);
    CHECK(C.DmaEngines == 16);
    CHECK(C.DmaQueuesPerEngine == 16);
    CHECK(C.Semaphores == 256);
    for (unsigned E = 0; E < NumEngines; ++E)
      CHECK(C.ClockMHz[E] > 0);
    // The DMA pipeline (Chips.td, DmaPipeline) and one trigger per engine
    // that may trigger a DMA.
    REQUIRE(C.DmaTiming != nullptr);
    CHECK(C.DmaTiming->QueueNs == 790);
    CHECK(C.DmaTiming->TransferNs == 360);
    CHECK(C.DmaTiming->DescriptorNs == 5);
    CHECK(C.DmaTiming->CompletionNs == 40);
    CHECK(C.DmaTiming->MaxBufferBytes == 65536);
    CHECK(C.DmaTiming->TransposeHbmPct == 90);
    CHECK(C.DmaTiming->TransposeSbufPct == 50);
    for (Engine E : {Engine::SP, Engine::ACT, Engine::POOL}) {
      auto It = std::find_if(C.DmaTriggers.begin(), C.DmaTriggers.end(),
                             [&](const DmaTriggerDesc *T) { return T->EngineMask & bit(E); });
      REQUIRE(It != C.DmaTriggers.end());
      bool Hw = C.Gen >= 3 && E != Engine::POOL;
      CHECK(std::string_view((*It)->Mode) == (E == Engine::POOL ? "swdge"
                                              : Hw              ? "hwdge"
                                                                : "static"));
      CHECK((*It)->Ns == (E == Engine::POOL || Hw ? 600u : 0u));
      CHECK((*It)->Cycles == (E == Engine::POOL || Hw ? 0u : 64u));
    }
  }
}

TEST_CASE("chip resources fit the encoding's fields") {
  for (const ChipDesc &C : chips()) {
    INFO(std::string(C.Name));
    // Register numbers: the register operand and an access pattern's reg.
    CHECK(C.Registers <= (1u << fieldWidth(OperandKind::Register, "index")));
    CHECK(C.Registers <= (1u << fieldWidth(OperandKind::AccessPattern, "reg")));
    // Semaphores: the semaphore operand and the header's wait/signal fields.
    CHECK(C.Semaphores >= 1);
    CHECK(C.Semaphores <= (1u << fieldWidth(OperandKind::Semaphore, "index")));
    for (HeaderField F : {HeaderField::Wait0Sem, HeaderField::Wait1Sem, HeaderField::SignalSem})
      CHECK(C.Semaphores <= (1u << headerField(F).Width));
    // DMA queues are written qE.Q.
    CHECK(C.DmaEngines <= (1u << fieldWidth(OperandKind::DmaQueue, "engine")));
    CHECK(C.DmaQueuesPerEngine <= (1u << fieldWidth(OperandKind::DmaQueue, "queue")));
    // Partitions: part_start indexes one, num_partitions counts up to all.
    CHECK(C.Partitions <= (1u << fieldWidth(OperandKind::AccessPattern, "part_start")));
    CHECK(C.Partitions < (1u << fieldWidth(OperandKind::AccessPattern, "num_partitions")));
    // Byte addresses: all of HBM and of an SBUF partition.
    unsigned BaseBits = fieldWidth(OperandKind::AccessPattern, "base");
    REQUIRE(BaseBits < 64);
    CHECK(C.hbmBytes() <= (uint64_t(1) << BaseBits));
    CHECK(uint64_t(C.SbufPartitionBytes) <= (uint64_t(1) << BaseBits));
  }
  // num_dims holds 1..4 and space every MemSpace id.
  CHECK(4u < (1u << fieldWidth(OperandKind::AccessPattern, "num_dims")));
  CHECK(static_cast<unsigned>(MemSpace::PSUM) <
        (1u << fieldWidth(OperandKind::AccessPattern, "space")));
}

//===-- Syntax ------------------------------------------------------------===//

namespace {
// The engine prefix a syntax line starts with (commit 78fd80a): none for a
// one-engine instruction, "<engine>." for one every engine runs, otherwise
// "{p|q}." listing the prefixes in engine order.
std::string expectedEnginePrefix(unsigned EngineMask) {
  if (EngineMask == (1u << NumEngines) - 1)
    return "<engine>.";
  if ((EngineMask & (EngineMask - 1)) == 0)
    return "";
  std::string Prefix = "{";
  for (unsigned E = 0; E < NumEngines; ++E)
    if (EngineMask >> E & 1)
      Prefix += std::string(Prefix.size() > 1 ? "|" : "") + engine(Engine(E)).Prefix;
  return Prefix + "}.";
}
} // namespace

TEST_CASE("syntax and assembly strings name every operand") {
  for (const InstrDesc &I : instrs()) {
    INFO(instrContext(I));
    std::string_view Syntax = I.Syntax, Asm = I.AsmString;
    INFO("syntax: ", std::string(I.Syntax));
    INFO("asm: ", std::string(I.AsmString));
    // The engine prefix, then the mnemonic, then a space or the end.
    std::string Head = expectedEnginePrefix(I.EngineMask) + I.Mnemonic;
    CHECK(Syntax.substr(0, Head.size()) == Head);
    CHECK((Syntax.size() == Head.size() || Syntax[Head.size()] == ' '));
    for (const OperandDesc &O : I.Operands) {
      INFO("operand ", std::string(O.Name));
      std::string Name = O.Name;
      CHECK(containsWord(Asm, "$" + Name));
      if (O.optional()) {
        // Written key=value, in brackets in the summary; the key is the
        // operand's name, so the summary names it.
        std::string Key = O.Keyword;
        CHECK(Key == Name);
        CHECK(Syntax.find("[" + Key + "=<") != std::string_view::npos);
        CHECK(containsWord(Asm, Key + "=$" + Name));
      } else {
        CHECK(Syntax.find("<" + Name + ":") != std::string_view::npos);
      }
    }
    CHECK(size_t(std::count(Asm.begin(), Asm.end(), '$')) == I.Operands.size());
  }
  CHECK(std::string_view(instr(Opcode::MATMUL).Syntax).substr(0, 18) == "matmul <dst:psum>,");
  CHECK(std::string_view(instr(Opcode::TENSOR_TENSOR).Syntax).substr(0, 28) ==
        "{dve|pool}.tensor_tensor <ds");
  CHECK(std::string_view(instr(Opcode::NOP).Syntax) == "<engine>.nop");
  CHECK(std::string_view(instr(Opcode::MATMUL).AsmString) ==
        "$dst, $stationary, $moving, acc=$acc, transpose=$transpose, perf=$perf, "
        "tile_row=$tile_row, tile_rows=$tile_rows, tile_col=$tile_col, tile_cols=$tile_cols");
}
