//===- Verifier.cpp - instructions, streams and programs ------------------===//

#include "Rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <tuple>
#include <variant>

namespace trn::verify {

namespace {

bool isTensorOperand(const isa::OperandDesc &OD, const isa::Operand &O) {
  return OD.Kind == isa::OperandKind::AccessPattern ||
         (OD.Kind == isa::OperandKind::Scalar && !O.IsImm);
}

// What TensorE holds after I, and where, if I loads it.
std::optional<std::pair<PeTile, Stationary>> loads(const isa::Instr &I) {
  const char *Name = I.Op == isa::Opcode::LOAD_STATIONARY || I.Op == isa::Opcode::MATMUL
                         ? "stationary"
                     : I.Op == isa::Opcode::TRANSPOSE_PE ? "src" // the identity trick
                                                         : nullptr;
  if (!Name)
    return std::nullopt;
  const isa::Operand *O = I.operand(Name);
  if (!O || !O->AP.present())
    return std::nullopt;
  PeMode Mode = peModeOf(I); // the whole array and perf=none for a transpose
  return std::pair{Mode.Tile, Stationary{O->AP.Type, O->AP.NumPartitions,
                                         static_cast<uint32_t>(O->AP.elementsPerPartition() /
                                                               (Mode.DoubleRow ? 2 : 1)),
                                         Mode.DoubleRow}};
}

} // namespace

std::vector<Diagnostic> verifyInstr(const isa::Instr &I, const Context &C, const PeState &PE) {
  std::vector<Diagnostic> Out;
  const isa::InstrDesc &D = I.desc();
  // An object for a later chip may be loaded for an earlier one.
  if (D.MinGen > C.Chip->Gen) {
    Out.push_back({-1,
                   Rule::Op,
                   fmt::format("'{}' needs {} or later; the chip is {}", D.Mnemonic,
                               isa::chips()[D.MinGen - 2].Name, C.Chip->Name),
                   std::nullopt,
                   {}});
    return Out;
  }
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const isa::OperandDesc &OD = D.Operands[K];
    const isa::Operand &O = I.Operands[K];
    if (!isTensorOperand(OD, O))
      continue;
    if (!O.AP.present()) {
      if (!OD.optional())
        Out.push_back({static_cast<int>(K),
                       Rule::Space,
                       fmt::format("operand '{}' of '{}' is required; it cannot be 'none'", OD.Name,
                                   D.Mnemonic),
                       std::nullopt,
                       {}});
      continue;
    }
    if (std::optional<Diagnostic> Diag = checkOperand(O.AP, OD, D, I.Eng, C)) {
      Diag->Operand = static_cast<int>(K);
      Out.push_back(std::move(*Diag));
    }
  }
  // The rules on operands together assume each is well formed.
  if (!Out.empty())
    return Out;
  Rules R(I, Out);
  switch (I.Op) {
  case isa::Opcode::MATMUL:
  case isa::Opcode::MULTIPLY_MOVING:
    matmulRules(R, PE, *C.Chip);
    break;
  case isa::Opcode::LOAD_STATIONARY:
    loadStationaryRules(R, *C.Chip);
    break;
  case isa::Opcode::TRANSPOSE_PE:
    peTransposeRules(R);
    break;
  case isa::Opcode::MATMUL_MX:
    matmulMxRules(R, *C.Chip);
    break;
  case isa::Opcode::QUANTIZE_MX:
    quantizeMxRules(R);
    break;
  case isa::Opcode::DMA_COPY:
  case isa::Opcode::DMA_COPY_CORE:
  case isa::Opcode::DMA_TRANSPOSE:
  case isa::Opcode::REG_LOAD:
  case isa::Opcode::REG_STORE:
    transferRules(R);
    break;
  default:
    vectorRules(R);
    break;
  }
  return Out;
}

std::vector<StreamDiagnostic>
verifyStream(uint32_t N, const std::function<const isa::Instr &(uint32_t)> &At, const Context &C) {
  // Where control may arrive other than from the instruction before.
  std::vector<bool> Target(N, false);
  for (uint32_t Index = 0; Index < N; ++Index) {
    const isa::Instr &I = At(Index);
    const isa::InstrDesc &D = I.desc();
    if (!D.IsBranch)
      continue;
    for (size_t K = 0; K < D.Operands.size(); ++K)
      if (D.Operands[K].Kind == isa::OperandKind::Label && I.Operands[K].Int >= 0 &&
          static_cast<uint64_t>(I.Operands[K].Int) < N)
        Target[static_cast<size_t>(I.Operands[K].Int)] = true;
  }
  std::vector<StreamDiagnostic> Out;
  PeState PE;
  PE.Complete = true; // a stream starts with nothing loaded
  bool FallsThrough = true;
  for (uint32_t Index = 0; Index < N; ++Index) {
    const isa::Instr &I = At(Index);
    // Straight-line code keeps what the array holds; a join forgets it.
    if (Target[Index] || !FallsThrough)
      PE = PeState{};
    for (Diagnostic &D : verifyInstr(I, C, PE))
      Out.push_back({Index, std::move(D)});
    if (std::optional<std::pair<PeTile, Stationary>> L = loads(I))
      PE.load(L->first, L->second, Index);
    else if (I.Op == isa::Opcode::MATMUL_MX) // its weights are not a stationary
      PE.empty(peModeOf(I).Tile, Index);
    FallsThrough = !I.desc().IsTerminator && I.Op != isa::Opcode::JMP;
  }
  return Out;
}

std::vector<StreamDiagnostic> verifyStream(std::span<const isa::Instr> Code, const Context &C) {
  return verifyStream(
      static_cast<uint32_t>(Code.size()), [&](uint32_t K) -> const isa::Instr & { return Code[K]; },
      C);
}

//===-- Whole programs ------------------------------------------------------===//

namespace {

// Where operand K lies in print(I, {}, true), built the way print builds
// it; nullopt if the operand is not printed (a default keyword operand).
std::optional<std::pair<size_t, size_t>> operandColumns(const isa::Instr &I, int K) {
  const isa::InstrDesc &D = I.desc();
  std::string S = std::string(isa::engine(I.Eng).Prefix) + "." + D.Mnemonic;
  if (K < 0)
    return std::pair<size_t, size_t>{0, S.size()};
  std::optional<std::pair<size_t, size_t>> Found;
  bool First = true;
  auto Add = [&](size_t Index, const std::string &Item) {
    S += First ? " " : ", ";
    First = false;
    if (static_cast<int>(Index) == K)
      Found = {S.size(), S.size() + Item.size()};
    S += Item;
  };
  for (size_t J = 0; J < D.Operands.size(); ++J)
    if (!D.Operands[J].Keyword)
      Add(J, isa::printOperand(D.Operands[J], I.Operands[J], I.Eng));
  for (size_t J = 0; J < D.Operands.size(); ++J) {
    const isa::OperandDesc &OD = D.Operands[J];
    if (OD.Keyword && !(I.Operands[J] == isa::defaultOperand(OD)))
      Add(J, fmt::format("{}={}", OD.Keyword, isa::printOperand(OD, I.Operands[J], I.Eng)));
  }
  // Only if this is how print() wrote it.
  if (isa::print(I, {}, true).compare(0, S.size(), S) != 0)
    return std::nullopt;
  return Found;
}

std::string place(const object::Program &P, isa::Engine E, uint32_t Index) {
  const object::Stream &S = P.stream(E);
  if (Index < S.Locs.size() && S.Locs[Index].Line)
    return P.where(S.Locs[Index]);
  return fmt::format("<{} #{}>", isa::engine(E).RecordName, Index);
}

std::string format(const object::Program &P, isa::Engine E, std::span<const isa::Instr> Code,
                   uint32_t Index, const Diagnostic &D) {
  const isa::Instr &I = Code[Index];
  std::string Text = fmt::format("{}: error: {}\n    {}", place(P, E, Index), D.Message,
                                 isa::print(I, {}, /*AlwaysPrefix=*/true));
  if (auto Cols = operandColumns(I, D.Operand))
    Text += fmt::format("\n    {}^{}", std::string(Cols->first, ' '),
                        std::string(Cols->second - Cols->first - 1, '~'));
  if (D.Related && *D.Related < Code.size())
    Text += fmt::format("\n{}: note: {}\n    {}", place(P, E, *D.Related), D.RelatedNote,
                        isa::print(Code[*D.Related], {}, /*AlwaysPrefix=*/true));
  return Text;
}

} // namespace

namespace {

// Instruction K of stream S, decoded, or why it cannot be.
std::variant<isa::Instr, std::string> decodeOne(const object::Stream &S, size_t K) {
  size_t Start = S.Offsets[K], End = K + 1 < S.size() ? S.Offsets[K + 1] : S.Code.size();
  if (Start > End || End > S.Code.size())
    return fmt::format("its bytes 0x{:x}..0x{:x} are not in the stream's {} bytes", Start, End,
                       S.Code.size());
  auto Dec = isa::decode(std::span(S.Code).subspan(Start, End - Start));
  if (auto *Err = std::get_if<isa::CodecError>(&Dec))
    return Err->Message;
  return std::get<isa::Decoded>(Dec).I;
}

// Stream E, of which Code holds the instructions up to the first one that
// cannot be decoded.
void verifyDecoded(const object::Program &P, isa::Engine E, std::span<const isa::Instr> Code,
                   const Context &C, std::vector<ProgramDiagnostic> &Out) {
  const object::Stream &S = P.stream(E);
  auto Refuse = [&](size_t K, const std::string &Why) {
    Diagnostic D{
        -1,
        Rule::Op,
        fmt::format("{} instruction {} cannot be decoded: {}", isa::engine(E).RecordName, K, Why),
        std::nullopt,
        {}};
    Out.push_back({E, static_cast<uint32_t>(K), D,
                   fmt::format("{}: error: {}", place(P, E, static_cast<uint32_t>(K)), D.Message)});
  };
  // Nothing after an undecodable instruction can be trusted.
  for (size_t K = 0; K < Code.size(); ++K)
    if (Code[K].Eng != E) {
      Refuse(K, fmt::format("it is encoded for engine {}", isa::engine(Code[K].Eng).RecordName));
      return;
    }
  if (Code.size() < S.size()) {
    auto Why = decodeOne(S, Code.size());
    Refuse(Code.size(), std::holds_alternative<std::string>(Why) ? std::get<std::string>(Why)
                                                                 : "the stream ends early");
  }
  for (StreamDiagnostic &SD : verifyStream(Code, C)) {
    std::string Text = format(P, E, Code, SD.Index, SD.D);
    Out.push_back({E, SD.Index, std::move(SD.D), std::move(Text)});
  }
}

// In source order, as the assembler reports them; no line last.
void sortBySource(const object::Program &P, std::vector<ProgramDiagnostic> &Out) {
  auto Key = [&](const ProgramDiagnostic &D) {
    const object::Stream &S = P.stream(D.Eng);
    object::SourceLoc L = D.Index < S.Locs.size() ? S.Locs[D.Index] : object::SourceLoc{};
    return std::make_tuple(L.Line == 0, L.File, L.Line, L.Col);
  };
  // Source order, ties in the order found (an index, not std::stable_sort,
  // whose temporary buffer libstdc++ 12 deprecates under Clang).
  std::vector<size_t> Order(Out.size());
  std::iota(Order.begin(), Order.end(), size_t(0));
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return std::tuple_cat(Key(Out[A]), std::make_tuple(A)) <
           std::tuple_cat(Key(Out[B]), std::make_tuple(B));
  });
  std::vector<ProgramDiagnostic> Sorted;
  Sorted.reserve(Out.size());
  for (size_t K : Order)
    Sorted.push_back(std::move(Out[K]));
  Out = std::move(Sorted);
}

} // namespace

std::vector<ProgramDiagnostic> verifyProgram(const object::Program &P, const isa::ChipDesc &Chip) {
  std::vector<ProgramDiagnostic> Out;
  Context C{&Chip, &P.Tensors};
  for (unsigned EI = 0; EI < isa::NumEngines; ++EI) {
    const object::Stream &S = P.Streams[EI];
    std::vector<isa::Instr> Code;
    for (size_t K = 0; K < S.size(); ++K) {
      auto I = decodeOne(S, K);
      if (!std::holds_alternative<isa::Instr>(I))
        break;
      Code.push_back(std::get<isa::Instr>(I));
    }
    verifyDecoded(P, static_cast<isa::Engine>(EI), Code, C, Out);
  }
  sortBySource(P, Out);
  return Out;
}

std::vector<ProgramDiagnostic>
verifyProgram(const object::Program &P, const isa::ChipDesc &Chip,
              const std::array<std::span<const isa::Instr>, isa::NumEngines> &Decoded) {
  std::vector<ProgramDiagnostic> Out;
  Context C{&Chip, &P.Tensors};
  for (unsigned EI = 0; EI < isa::NumEngines; ++EI)
    verifyDecoded(P, static_cast<isa::Engine>(EI), Decoded[EI], C, Out);
  sortBySource(P, Out);
  return Out;
}

} // namespace trn::verify
