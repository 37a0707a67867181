//===- Operands.cpp - choosing the instruction, reading its operands ------===//

#include "Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "trn/asm/Slice.h"
#include "trn/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace trn::assembler {

using llvm::SMRange;

namespace {

// The closest spelling within an edit distance of 2, or "". Candidates is
// any range of strings (the ISA's mnemonic table is used in place).
template <typename Range> std::string nearest(llvm::StringRef Word, const Range &Candidates) {
  llvm::StringRef Best;
  unsigned BestDist = 3;
  for (llvm::StringRef C : Candidates) {
    // Lengths further apart than the distance allowed cannot be near.
    if (C.size() + BestDist <= Word.size() || Word.size() + BestDist <= C.size())
      continue;
    unsigned D = Word.edit_distance(C, true, BestDist);
    if (D < BestDist) {
      BestDist = D;
      Best = C;
    }
  }
  return Best.str();
}

// "r12" -> 12; nullopt if Name is not r<digits>.
std::optional<uint64_t> numbered(llvm::StringRef Name, char Prefix) {
  if (Name.size() < 2 || Name[0] != Prefix || !llvm::all_of(Name.drop_front(), llvm::isDigit))
    return std::nullopt;
  uint64_t N;
  if (Name.drop_front().getAsInteger(10, N))
    return std::nullopt;
  return N;
}

} // namespace

const isa::InstrDesc &Parser::selectInstr(const Token *Prefix, const Token &Mnemonic,
                                          isa::Engine &Eng) {
  auto Candidates = isa::lookupMnemonic(Mnemonic.Text);
  if (Candidates.empty()) {
    std::string Near = nearest(Mnemonic.Text, isa::mnemonics());
    failAt(Mnemonic, fmt::format("unknown instruction '{}'{}", Mnemonic.Text.str(),
                                 Near.empty() ? "" : "; did you mean '" + Near + "'?"));
  }
  unsigned Runs = 0;
  for (const isa::InstrDesc *D : Candidates)
    Runs |= D->EngineMask;
  const isa::InstrDesc *Chosen = nullptr;
  if (Prefix) {
    Eng = *isa::lookupEnginePrefix(Prefix->Text);
    for (const isa::InstrDesc *D : Candidates)
      if (D->runsOn(Eng))
        Chosen = D;
    if (!Chosen)
      fail(Prefix->Loc,
           fmt::format("engine {} cannot run '{}': it runs on {}", isa::engine(Eng).RecordName,
                       Mnemonic.Text.str(), isa::engineNames(Runs)),
           range(*Prefix, Mnemonic));
  } else {
    if (Candidates.size() > 1 || (Runs & (Runs - 1))) {
      std::vector<std::string> Examples;
      for (const isa::EngineDesc &E : isa::engines())
        if (Runs & isa::bit(E.Id))
          Examples.push_back(std::string(E.Prefix) + "." + Mnemonic.Text.str());
      failAt(Mnemonic,
             fmt::format("'{}' runs on {}: name the engine, as in {}", Mnemonic.Text.str(),
                         isa::engineNames(Runs), fmt::join(Examples, " or ")));
    }
    Chosen = Candidates.front();
    Eng = static_cast<isa::Engine>(std::countr_zero(Chosen->EngineMask));
  }
  if (Chosen->MinGen > chip().Gen)
    failAt(Mnemonic,
           fmt::format("'{}' needs {} or later; this program targets {}", Mnemonic.Text.str(),
                       isa::chips()[Chosen->MinGen - 2].Name, chip().Name));
  return *Chosen;
}

//===-- operands --------------------------------------------------------------===//

uint8_t Parser::parseRegister() {
  const Token &T = tok();
  std::optional<uint64_t> N = at(Tok::Ident) ? numbered(T.Text, 'r') : std::nullopt;
  if (!N) {
    std::string Found = atEnd() ? spell(T.Kind) : "'" + T.Text.str() + "'";
    failAt(T,
           fmt::format("expected a register (r0 to r{}), found {}", chip().Registers - 1, Found));
  }
  if (*N >= chip().Registers)
    failAt(T, fmt::format("register {} is out of range: registers are r0 to r{}", T.Text.str(),
                          chip().Registers - 1));
  ++Cur;
  return static_cast<uint8_t>(*N);
}

uint8_t Parser::parseSemaphore(bool ForWait) {
  const Token &T = tok();
  if (!at(Tok::Ident)) {
    std::string Found = atEnd() ? spell(T.Kind) : "'" + T.Text.str() + "'";
    failAt(T, fmt::format("expected a semaphore (a .sem name or s0 to s{}), found {}",
                          chip().Semaphores - 1, Found));
  }
  ++Cur;
  auto It = Symbols.find(T.Text);
  if (It != Symbols.end() && It->second.Kind == SymKind::Sem) {
    (ForWait ? It->second.Waited : It->second.Signalled) = true;
    return static_cast<uint8_t>(It->second.Value);
  }
  std::optional<uint64_t> N = numbered(T.Text, 's');
  if (!N)
    failAt(T, fmt::format("'{}' is not a semaphore: declare it with .sem or write s0 to s{}",
                          T.Text.str(), chip().Semaphores - 1));
  if (*N >= chip().Semaphores)
    failAt(T, fmt::format("semaphore {} is out of range: {} has s0 to s{}", T.Text.str(),
                          chip().Name, chip().Semaphores - 1));
  // sN names the same semaphore as a .sem at index N.
  for (const object::Semaphore &S : Prog.Semaphores)
    if (S.Index == *N) {
      Symbol &Named = Symbols[S.Name];
      (ForWait ? Named.Waited : Named.Signalled) = true;
    }
  return static_cast<uint8_t>(*N);
}

uint32_t Parser::parseFloat() {
  const Token &Start = tok();
  bool Neg = false;
  if (at(Tok::Minus) && (Cur[1].is(Tok::Float) || Cur[1].isIdent("inf"))) {
    Neg = true;
    ++Cur;
  }
  float F;
  if (at(Tok::Float)) {
    const Token &T = take();
    F = static_cast<float>(T.FloatValue);
    if (std::isinf(F))
      failAt(T,
             fmt::format("{} is beyond the range of fp32 (write inf for infinity)", T.Text.str()));
  } else if (tok().isIdent("inf")) {
    ++Cur;
    F = INFINITY;
  } else if (tok().isIdent("nan")) {
    ++Cur;
    F = NAN;
  } else if (tok().isIdent("fbits") && Cur[1].is(Tok::LParen)) {
    Cur += 2;
    int64_t Bits = exprRanged(0, 0xFFFFFFFF, "fbits(...)");
    expect(Tok::RParen, "')'");
    return static_cast<uint32_t>(Bits);
  } else {
    int64_t V = expr();
    F = static_cast<float>(V);
    if (static_cast<int64_t>(F) != V)
      fail(Start.Loc, fmt::format("{} cannot be held exactly by an fp32 immediate", V),
           range(Start, Cur[-1]));
  }
  return std::bit_cast<uint32_t>(Neg ? -F : F);
}

void Parser::parseRegOffset(isa::AccessPattern &AP) {
  if (at(Tok::Plus) && Cur[1].is(Tok::Ident) && numbered(Cur[1].Text, 'r')) {
    ++Cur;
    AP.Reg = parseRegister();
  }
}

isa::AccessPattern Parser::parseGeneralAP() {
  expect(Tok::LParen, "'('");
  isa::AccessPattern AP;
  const Token &Space = expectIdent("a memory space (hbm, sbuf or psum)");
  bool Found = false;
  for (const isa::MemSpaceDesc &S : isa::memSpaces())
    if (Space.Text == S.Name) {
      AP.Space = S.Id;
      Found = true;
    }
  if (!Found)
    failAt(Space,
           fmt::format("unknown memory space '{}': expected hbm, sbuf or psum", Space.Text.str()));
  AP.Type = parseDType(false);
  expect(Tok::Comma, "','");
  if (AP.Space == isa::MemSpace::HBM) {
    expect(Tok::LBracket, "'[' and the row [step, count] of an HBM pattern");
    AP.PartStep = exprRanged(INT32_MIN, INT32_MAX, "a row step");
    expect(Tok::Comma, "','");
    AP.NumPartitions = static_cast<uint32_t>(exprRanged(1, 128, "a row count"));
    expect(Tok::RBracket, "']'");
  } else {
    const Token &First = tok();
    int64_t P0 = exprRanged(0, 127, "a start partition");
    expect(Tok::Colon, "':' in the partition range start:end");
    int64_t P1 = expr();
    if (P1 <= P0)
      fail(First.Loc, fmt::format("partition range {}:{} is empty", P0, P1), range(First, Cur[-1]));
    if (P1 > 128)
      fail(First.Loc,
           fmt::format("partition range {}:{} goes beyond the last partition (127)", P0, P1),
           range(First, Cur[-1]));
    AP.PartStart = static_cast<uint32_t>(P0);
    AP.NumPartitions = static_cast<uint32_t>(P1 - P0);
  }
  expect(Tok::Comma, "','");
  AP.Base = static_cast<uint64_t>(exprRanged(0, (int64_t(1) << 48) - 1, "a base address"));
  AP.NumDims = 0;
  while (accept(Tok::Comma)) {
    if (AP.NumDims == isa::MaxDims)
      failAt(tok(), fmt::format("at most {} free dimensions", isa::MaxDims));
    expect(Tok::LBracket, "'[' and a free dimension [stride, count]");
    int64_t Stride = exprRanged(INT32_MIN, INT32_MAX, "a stride");
    expect(Tok::Comma, "','");
    int64_t Count = exprRanged(1, 65535, "a count");
    expect(Tok::RBracket, "']'");
    AP.Dims[AP.NumDims++] = {Stride, static_cast<uint32_t>(Count)};
  }
  if (!AP.NumDims)
    failAt(tok(), "expected ',' and at least one free dimension [stride, count]");
  expect(Tok::RParen, "')'");
  return AP;
}

isa::AccessPattern Parser::parseNamedAP(const Token &Name) {
  auto It = Symbols.find(Name.Text);
  if (It == Symbols.end())
    failAt(Name, fmt::format("undefined tensor '{}'", Name.Text.str()));
  Symbol &S = It->second;
  if (S.Kind != SymKind::Tensor && S.Kind != SymKind::Alloc)
    failAt(Name, fmt::format("'{}' is not a tensor or allocation", Name.Text.str()));
  S.Used = true;
  Sliceable Of = S.Kind == SymKind::Tensor ? sliceable(Prog.Tensors[S.Index])
                                           : sliceable(Prog.Allocations[S.Index]);
  // The indices as written (slicePattern checks them, in order), and where.
  std::vector<SliceIndex> Indices;
  std::vector<SMRange> Where;
  if (accept(Tok::LBracket)) {
    do {
      const Token &First = tok();
      SliceIndex I;
      if (!at(Tok::Colon))
        I.Index = expr();
      if (accept(Tok::Colon)) {
        I = SliceIndex::range(First.is(Tok::Colon) ? std::nullopt : std::optional(I.Index),
                              std::nullopt);
        if (!at(Tok::Colon) && !at(Tok::Comma) && !at(Tok::RBracket))
          I.Hi = expr();
        if (accept(Tok::Colon))
          I.Step = expr();
      }
      Indices.push_back(I);
      Where.push_back(range(First, Cur[-1]));
    } while (accept(Tok::Comma));
    expect(Tok::RBracket, "',' or ']'");
  }
  auto R = slicePattern(Of, Indices);
  if (auto *Err = std::get_if<SliceError>(&R)) {
    if (Err->Index < 0)
      failAt(Name, Err->Message);
    fail(Where[Err->Index].Start, Err->Message, Where[Err->Index]);
  }
  return std::get<isa::AccessPattern>(R);
}

isa::AccessPattern Parser::parseAccessPattern(const isa::OperandDesc &D, isa::Engine Eng,
                                              const isa::InstrDesc &I) {
  const Token &Start = tok();
  if (tok().isIdent("none")) {
    if (!D.optional())
      failAt(tok(), fmt::format("operand '{}' of '{}' is required; it cannot be 'none'", D.Name,
                                I.Mnemonic));
    ++Cur;
    return {};
  }
  isa::AccessPattern AP;
  if (tok().isIdent("ap") && Cur[1].is(Tok::LParen)) {
    ++Cur;
    AP = parseGeneralAP();
  } else if (at(Tok::Ident) && numbered(tok().Text, 'r') && !Symbols.count(tok().Text)) {
    failAt(tok(), fmt::format("operand '{}' of '{}' is a tensor: expected a tensor name, a slice "
                              "or ap(...), found register '{}'",
                              D.Name, I.Mnemonic, tok().Text.str()));
  } else if (at(Tok::Ident)) {
    AP = parseNamedAP(take());
  } else {
    std::string Found = atEnd() ? spell(tok().Kind) : "'" + tok().Text.str() + "'";
    failAt(tok(), fmt::format("operand '{}' of '{}' is a tensor: expected a tensor name, a slice "
                              "or ap(...), found {}",
                              D.Name, I.Mnemonic, Found));
  }
  parseRegOffset(AP);
  checkAP(AP, D, I, Eng, range(Start, Cur[-1]));
  return AP;
}

void Parser::parseOperand(const isa::InstrDesc &D, unsigned Idx, isa::Engine Eng, Pending &P) {
  const isa::OperandDesc &OD = D.Operands[Idx];
  isa::Operand &Op = P.I.Operands[Idx];
  const Token &Start = tok();
  auto What = [&]() { return fmt::format("operand '{}' of '{}'", OD.Name, D.Mnemonic); };
  switch (OD.Kind) {
  case isa::OperandKind::AccessPattern:
    Op.AP = parseAccessPattern(OD, Eng, D);
    return;
  case isa::OperandKind::Scalar: {
    bool IsTensor = (tok().isIdent("ap") && Cur[1].is(Tok::LParen)) ||
                    (at(Tok::Ident) && Symbols.count(tok().Text) &&
                     (Symbols[tok().Text].Kind == SymKind::Tensor ||
                      Symbols[tok().Text].Kind == SymKind::Alloc));
    Op.IsImm = !IsTensor;
    if (IsTensor)
      Op.AP = parseAccessPattern(OD, Eng, D);
    else
      Op.FBits = parseFloat();
    return;
  }
  case isa::OperandKind::Register:
    Op.Int = parseRegister();
    return;
  case isa::OperandKind::Imm: {
    int64_t Lo = OD.HasRange ? OD.Min : INT32_MIN, Hi = OD.HasRange ? OD.Max : INT32_MAX;
    std::string W = What();
    Op.Int = exprRanged(Lo, Hi, W.c_str());
    return;
  }
  case isa::OperandKind::Fimm:
    Op.FBits = parseFloat();
    return;
  case isa::OperandKind::Enum: {
    const isa::EnumTypeDesc &E = isa::enumType(*OD.Enum);
    const Token &T = tok();
    std::optional<uint8_t> V =
        at(Tok::Ident) ? isa::lookupEnumValue(*OD.Enum, T.Text) : std::nullopt;
    if (!V) {
      std::vector<std::string> Names;
      for (const isa::EnumValueDesc &Value : E.Values)
        Names.push_back(Value.Name);
      std::string Near = at(Tok::Ident) ? nearest(T.Text, Names) : "";
      std::string Found = atEnd() ? spell(T.Kind) : "'" + T.Text.str() + "'";
      failAt(T, fmt::format("{} is {} {}: expected {}, found {}{}", What(),
                            E.Name[0] == 'A' ? "an" : "a", E.Name,
                            Names.size() <= 8 ? fmt::format("{}", fmt::join(Names, ", "))
                                              : "one of its " + std::to_string(Names.size()) +
                                                    " values (see the ISA reference)",
                            Found, Near.empty() ? "" : "; did you mean '" + Near + "'?"));
    }
    ++Cur;
    Op.Int = *V;
    return;
  }
  case isa::OperandKind::Semaphore:
    // core_barrier waits on its semaphore here (another core signals it).
    Op.Int = parseSemaphore(D.Op == isa::Opcode::SEM_WAIT || D.Op == isa::Opcode::CORE_BARRIER);
    return;
  case isa::OperandKind::DmaQueue: {
    // A register names the queue at run time (16 E + Q).
    if (at(Tok::Ident) && numbered(tok().Text, 'r') && !Symbols.count(tok().Text) &&
        !Cur[1].is(Tok::Dot)) {
      Op.Reg = parseRegister();
      return;
    }
    std::optional<uint64_t> E = at(Tok::Ident) ? numbered(tok().Text, 'q') : std::nullopt;
    if (!E || !Cur[1].is(Tok::Dot) || !Cur[2].is(Tok::Int)) {
      std::string Found = atEnd() ? spell(tok().Kind) : "'" + tok().Text.str() + "'";
      failAt(tok(),
             fmt::format("{} is a DMA queue: expected qE.Q (engine 0 to {}, queue 0 to "
                         "{}) or a register holding 16 E + Q, found {}",
                         What(), chip().DmaEngines - 1, chip().DmaQueuesPerEngine - 1, Found));
    }
    uint64_t Q = Cur[2].IntValue;
    Cur += 3;
    if (*E >= chip().DmaEngines || Q >= chip().DmaQueuesPerEngine)
      fail(Start.Loc,
           fmt::format("DMA queue q{}.{} is out of range: engines 0 to {}, queues 0 to {}", *E, Q,
                       chip().DmaEngines - 1, chip().DmaQueuesPerEngine - 1),
           range(Start, Cur[-1]));
    Op.Int = static_cast<int64_t>(*E * 16 + Q);
    return;
  }
  case isa::OperandKind::Label:
    if (accept(Tok::At)) {
      Op.Int = exprRanged(0, INT32_MAX, "an instruction index");
      return;
    }
    P.LabelRefs.push_back({Idx, &expectIdent("a label")});
    return;
  case isa::OperandKind::Steps: {
    expect(Tok::LBracket, "'[' and up to 4 steps");
    unsigned N = 0;
    do {
      if (N == isa::MaxDims)
        failAt(tok(), fmt::format("at most {} steps", isa::MaxDims));
      Op.Steps[N++] = static_cast<int32_t>(exprRanged(INT32_MIN, INT32_MAX, "a step"));
    } while (accept(Tok::Comma));
    expect(Tok::RBracket, "',' or ']'");
    return;
  }
  }
}

void Parser::parseSync(isa::Instr &I) {
  unsigned NumWaits = 0;
  while (at(Tok::Ident) && Cur[1].is(Tok::LParen) &&
         (tok().isIdent("wait") || tok().isIdent("signal"))) {
    const Token &Clause = take();
    ++Cur;
    if (Clause.Text == "signal") {
      if (I.Sig)
        failAt(Clause, "an instruction signals at most one semaphore; use a sem_signal for more");
      isa::Signal S;
      S.Sem = parseSemaphore(false);
      if (accept(Tok::Comma))
        S.Amount = static_cast<int16_t>(exprRanged(-32768, 32767, "a signal amount"));
      I.Sig = S;
    } else {
      do {
        if (NumWaits == isa::MaxWaits)
          failAt(tok(), fmt::format("an instruction waits on at most {} conditions; put a "
                                    "sem_wait before it for more",
                                    isa::MaxWaits));
        isa::Wait W;
        W.Sem = parseSemaphore(true);
        static const std::pair<Tok, isa::WaitCond> Conds[] = {
            {Tok::EqEq, isa::WaitCond::Eq}, {Tok::Ne, isa::WaitCond::Ne},
            {Tok::Ge, isa::WaitCond::Ge},   {Tok::Gt, isa::WaitCond::Gt},
            {Tok::Le, isa::WaitCond::Le},   {Tok::Lt, isa::WaitCond::Lt}};
        bool Found = false;
        for (auto [T, C] : Conds)
          if (accept(T)) {
            W.Cond = C;
            Found = true;
            break;
          }
        if (!Found)
          failAt(tok(), "expected a comparison (==, !=, >=, >, <=, <) after the semaphore");
        if (at(Tok::Ident) && numbered(tok().Text, 'r')) {
          W.IsReg = true;
          W.Value = parseRegister();
        } else {
          // Semaphores hold signed 32-bit values.
          W.Value = static_cast<uint32_t>(exprRanged(INT32_MIN, INT32_MAX, "a wait value"));
        }
        I.Waits[NumWaits++] = W;
      } while (accept(Tok::Comma));
    }
    expect(Tok::RParen, "')'");
  }
}

//===-- checks on a tensor operand ------------------------------------------===//

void Parser::checkAP(const isa::AccessPattern &AP, const isa::OperandDesc &D,
                     const isa::InstrDesc &I, isa::Engine Eng, SMRange Where) {
  // The operand alone, at once; HBM against the declared tensors waits for
  // the whole program (verify()), since a tensor may be declared later.
  verify::Context C{&chip(), nullptr};
  if (std::optional<verify::Diagnostic> Diag = verify::checkOperand(AP, D, I, Eng, C))
    fail(Where.Start, Diag->Message, Where);
  // A declaration is used when an instruction touches its bytes, whether
  // it names it or writes ap(...).
  auto [First, Last] = AP.byteSpan();
  for (auto &Entry : Symbols) {
    Symbol &Sym = Entry.second;
    uint64_t Start, Size;
    if (Sym.Kind == SymKind::Tensor && AP.Space == isa::MemSpace::HBM) {
      Start = Prog.Tensors[Sym.Index].Address;
      Size = Prog.Tensors[Sym.Index].bytes();
    } else if (Sym.Kind == SymKind::Alloc && Prog.Allocations[Sym.Index].Space == AP.Space) {
      const object::Allocation &A = Prog.Allocations[Sym.Index];
      if (A.PartStart >= AP.PartStart + AP.NumPartitions ||
          AP.PartStart >= A.PartStart + A.Shape[0])
        continue;
      Start = A.Offset;
      Size = A.bytesPerPartition();
    } else {
      continue;
    }
    if (static_cast<uint64_t>(First) < Start + Size && Start <= static_cast<uint64_t>(Last))
      Sym.Used = true;
  }
}

} // namespace trn::assembler
