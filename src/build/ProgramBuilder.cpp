//===- ProgramBuilder.cpp - programs built as data ------------------------===//
//
// The builder keeps what the assembler keeps while it reads a file: the
// program's tables, the layout of declarations, one namespace of names, and
// each engine's instructions until labels are resolved. Operands are checked
// as they arrive, with the assembler's own functions and messages (slices:
// trn/asm/Slice.h; declarations: trn/asm/Layout.h; one operand alone: the
// verifier's checkOperand); finish() does what the assembler does after the
// last line: labels, encoding, the verifier on every stream.
//
//===----------------------------------------------------------------------===//

#include "trn/build/ProgramBuilder.h"

#include "llvm/ADT/StringRef.h"
#include "trn/asm/Assembler.h"
#include "trn/asm/Disassembler.h"
#include "trn/asm/Layout.h"
#include "trn/asm/Slice.h"
#include "trn/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <sstream>
#include <tuple>

namespace trn::build {

//===-- diagnostics -------------------------------------------------------===//

std::string Loc::str() const {
  if (File.empty() || !Line)
    return "<unknown>";
  return Col ? fmt::format("{}:{}:{}", File, Line, Col) : fmt::format("{}:{}", File, Line);
}

std::string Diagnostic::text() const {
  std::string S = fmt::format("{}: {}: {}\n", Where.str(), Warning ? "warning" : "error", Message);
  if (Eng && Index)
    S += fmt::format("{}: note: {} instruction {}: {}\n", Where.str(), isa::engine(*Eng).RecordName,
                     *Index, Instruction);
  if (!Note.empty())
    S += fmt::format("{}: note: {}\n", Where.str(), Note);
  return S;
}

namespace {

std::string joinText(const std::vector<Diagnostic> &Diags) {
  std::string S;
  for (const Diagnostic &D : Diags)
    S += D.text();
  if (Diags.size() > 1)
    S += fmt::format("{} errors generated.\n", Diags.size());
  return S;
}

[[noreturn]] void fail(const Loc &W, std::string Message) {
  throw BuildError({Diagnostic{W, std::move(Message), {}, {}, {}, {}}});
}

// The closest spelling within an edit distance of 2, or "" (the
// assembler's did-you-mean).
std::string nearest(std::string_view Word, const std::vector<std::string> &Candidates) {
  std::string Best;
  unsigned BestDist = 3;
  for (const std::string &C : Candidates) {
    unsigned D = llvm::StringRef(Word).edit_distance(C, true, BestDist);
    if (D < BestDist) {
      BestDist = D;
      Best = C;
    }
  }
  return Best;
}

// A double as an fp32 operand, as the assembler reads a float literal.
uint32_t floatBits(double V, const std::string &What) {
  float F = static_cast<float>(V);
  if (std::isinf(F) && !std::isinf(V))
    throw std::string(fmt::format("{} is beyond the range of fp32 (write inf for infinity)", V));
  (void)What;
  return std::bit_cast<uint32_t>(F);
}

const char *kindWord(const Arg &A) {
  switch (A.V.index()) {
  case 0:
    return "nothing";
  case 1:
    return "a tensor";
  case 2:
    return "a float";
  case 3:
    return "an integer";
  case 4:
    return "a bool";
  case 5:
  case 6:
    return "an enum value";
  case 7:
    return "a register";
  case 8:
    return "a semaphore";
  case 9:
    return "a DMA queue";
  case 10:
    return "a label";
  case 11:
    return "steps";
  default:
    return "fp32 bits";
  }
}

} // namespace

BuildError::BuildError(std::vector<Diagnostic> D)
    : std::runtime_error(joinText(D)), Diags(std::move(D)) {}

//===-- state ---------------------------------------------------------------===//

struct ProgramBuilder::State {
  enum class Kind { Tensor, Alloc, Sem, Label };
  struct Pending {
    isa::Instr I;
    Loc Where;
    uint64_t Seq; // the order of the calls, for the order of messages
    std::vector<std::pair<unsigned, uint32_t>> LabelRefs; // operand, label id
  };
  struct LabelInfo {
    std::string Name;
    Loc Where;
    std::optional<Engine> Eng;
    uint32_t Index = 0;
    bool Bound = false, Waiting = false;
  };

  object::Program Prog;
  const isa::ChipDesc *Chip;
  assembler::Layout Lay;
  std::map<std::string, Kind, std::less<>> Names;
  std::array<std::vector<Pending>, isa::NumEngines> Streams;
  std::vector<LabelInfo> Labels;
  std::vector<uint32_t> NextAny; // labels that name the next instruction
  std::array<std::vector<uint32_t>, isa::NumEngines> NextOn;
  uint64_t Seq = 0;
  std::vector<Loc> TensorLocs, AllocLocs, SemLocs;
  std::vector<Diagnostic> Warnings; // of the last finish()

  // The assembler's warnings: declarations no operand touches, semaphores
  // signalled and never waited on; in the order of the declarations.
  void findWarnings(const std::vector<std::vector<isa::Instr>> &Code) {
    std::vector<bool> TensorUsed(Prog.Tensors.size()), AllocUsed(Prog.Allocations.size());
    std::vector<bool> Signalled(256), Waited(256);
    for (const auto &Stream : Code)
      for (const isa::Instr &I : Stream) {
        const isa::InstrDesc &D = I.desc();
        for (const auto &W : I.Waits)
          if (W)
            Waited[W->Sem] = true;
        if (I.Sig)
          Signalled[I.Sig->Sem] = true;
        for (size_t K = 0; K < D.Operands.size(); ++K) {
          const isa::Operand &Op = I.Operands[K];
          if (D.Operands[K].Kind == isa::OperandKind::Semaphore)
            (D.Op == isa::Opcode::SEM_WAIT || D.Op == isa::Opcode::CORE_BARRIER
                 ? Waited
                 : Signalled)[Op.Int & 255] = true;
          bool IsTensor = D.Operands[K].Kind == isa::OperandKind::AccessPattern ||
                          (D.Operands[K].Kind == isa::OperandKind::Scalar && !Op.IsImm);
          if (!IsTensor || !Op.AP.present())
            continue;
          const isa::AccessPattern &AP = Op.AP;
          // Not a structured binding: Clang 14 does not capture one in a lambda.
          const std::pair<int64_t, int64_t> Span = AP.byteSpan();
          const int64_t First = Span.first, Last = Span.second;
          auto Touches = [&](uint64_t Start, uint64_t Size) {
            return static_cast<uint64_t>(First) < Start + Size &&
                   Start <= static_cast<uint64_t>(Last);
          };
          for (size_t T = 0; T < Prog.Tensors.size(); ++T)
            if (AP.Space == isa::MemSpace::HBM &&
                Touches(Prog.Tensors[T].Address, Prog.Tensors[T].bytes()))
              TensorUsed[T] = true;
          for (size_t A = 0; A < Prog.Allocations.size(); ++A) {
            const object::Allocation &X = Prog.Allocations[A];
            if (X.Space == AP.Space && X.PartStart < AP.PartStart + AP.NumPartitions &&
                AP.PartStart < X.PartStart + X.Shape[0] && Touches(X.Offset, X.bytesPerPartition()))
              AllocUsed[A] = true;
          }
        }
      }
    Warnings.clear();
    auto Warn = [&](const Loc &W, std::string Msg) {
      Diagnostic D{W, std::move(Msg), {}, {}, {}, {}, true};
      Warnings.push_back(std::move(D));
    };
    for (size_t T = 0; T < Prog.Tensors.size(); ++T)
      if (!TensorUsed[T])
        Warn(TensorLocs[T],
             fmt::format("tensor '{}' is declared but never used", Prog.Tensors[T].Name));
    for (size_t A = 0; A < Prog.Allocations.size(); ++A)
      if (!AllocUsed[A])
        Warn(AllocLocs[A],
             fmt::format("allocation '{}' is declared but never used", Prog.Allocations[A].Name));
    for (size_t K = 0; K < Prog.Semaphores.size(); ++K) {
      uint32_t I = Prog.Semaphores[K].Index;
      if (Signalled[I] && !Waited[I])
        Warn(SemLocs[K], fmt::format("semaphore '{}' is signalled but never waited on",
                                     Prog.Semaphores[K].Name));
    }
  }

  object::SourceLoc sourceLoc(const Loc &W) {
    if (W.File.empty() || !W.Line)
      return {};
    auto It = std::find(Prog.Files.begin(), Prog.Files.end(), W.File);
    uint32_t F = static_cast<uint32_t>(It - Prog.Files.begin());
    if (It == Prog.Files.end())
      Prog.Files.push_back(W.File);
    return {F, W.Line, W.Col};
  }

  void define(const std::string &Name, Kind K, const Loc &W) {
    if (Name.empty() || !(std::isalpha(static_cast<unsigned char>(Name[0])) || Name[0] == '_') ||
        !std::all_of(Name.begin(), Name.end(), [](char C) {
          return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
        }))
      fail(W, fmt::format("'{}' is not a name: names are [A-Za-z_][A-Za-z0-9_]*", Name));
    if (Names.count(Name))
      fail(W, fmt::format("'{}' is already defined", Name));
    Names.emplace(Name, K);
  }
};

//===-- views -----------------------------------------------------------------===//

View View::operator+(Reg R) const {
  View V = *this;
  V.Offset = R;
  if (V.AP.present())
    V.AP.Reg = static_cast<uint8_t>(std::min(R.N, 255u));
  return V;
}

const isa::AccessPattern &View::pattern() const {
  if (!Error.empty())
    throw std::invalid_argument(Error);
  return AP;
}

View Declared::slice(const std::vector<Index> &Indices) const {
  if (!B)
    throw std::invalid_argument("a Declared that names no declaration (default-constructed)");
  const auto &P = B->St->Prog;
  assembler::Sliceable Of =
      IsTensor ? assembler::sliceable(P.Tensors[Pos]) : assembler::sliceable(P.Allocations[Pos]);
  std::vector<assembler::SliceIndex> Is;
  for (const build::Index &I : Indices) {
    if (auto *N = std::get_if<int64_t>(&I.I))
      Is.push_back(assembler::SliceIndex::at(*N));
    else {
      const Slice &S = std::get<Slice>(I.I);
      Is.push_back(assembler::SliceIndex::range(S.Lo, S.Hi, S.Step));
    }
  }
  auto R = assembler::slicePattern(Of, Is);
  View V;
  if (auto *Err = std::get_if<assembler::SliceError>(&R))
    V.Error = Err->Message;
  else
    V.AP = std::get<isa::AccessPattern>(R);
  return V;
}

const std::string &Declared::name() const {
  return IsTensor ? B->St->Prog.Tensors[Pos].Name : B->St->Prog.Allocations[Pos].Name;
}
DType Declared::dtype() const {
  return IsTensor ? B->St->Prog.Tensors[Pos].Type : B->St->Prog.Allocations[Pos].Type;
}
const std::vector<uint64_t> &Declared::shape() const {
  return IsTensor ? B->St->Prog.Tensors[Pos].Shape : B->St->Prog.Allocations[Pos].Shape;
}
isa::MemSpace Declared::space() const {
  return IsTensor ? isa::MemSpace::HBM : B->St->Prog.Allocations[Pos].Space;
}
uint64_t Declared::address() const {
  return IsTensor ? B->St->Prog.Tensors[Pos].Address : B->St->Prog.Allocations[Pos].Offset;
}

//===-- declarations ------------------------------------------------------------===//

ProgramBuilder::ProgramBuilder(isa::Chip C) : St(std::make_unique<State>()) {
  St->Prog.TargetChip = C;
  St->Chip = &isa::chip(C);
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    Engines[E].reset(new EngineBuilder(this, static_cast<Engine>(E)));
}

ProgramBuilder::~ProgramBuilder() = default;

const isa::ChipDesc &ProgramBuilder::chip() const { return *St->Chip; }

Declared ProgramBuilder::tensor(std::string Name, DType Type, std::vector<uint64_t> Shape, Role R,
                                TensorOptions Opts, SourceLocation S) {
  return tensorAt(Loc::here(S), std::move(Name), Type, std::move(Shape), R, Opts);
}

Declared ProgramBuilder::tensorAt(const Loc &W, std::string Name, DType Type,
                                  std::vector<uint64_t> Shape, Role R, const TensorOptions &Opts) {
  State &S = *St;
  if (isa::dtype(Type).MinGen > S.Chip->Gen)
    fail(W,
         fmt::format("dtype {} needs {} or later; this program targets {}", isa::dtype(Type).Name,
                     isa::chips()[isa::dtype(Type).MinGen - 2].Name, S.Chip->Name));
  if (auto Err = assembler::checkShape(Shape, false))
    fail(W, Err->Message);
  object::Tensor T;
  T.Name = Name;
  T.Type = Type;
  T.Shape = std::move(Shape);
  T.Role = R;
  int Inits = Opts.Values.has_value() + Opts.Fill.has_value() + Opts.Bytes.has_value();
  if (Inits > 1)
    fail(W, "give a tensor's initial data one way: values, fill or bytes");
  // Checked before anything is placed: a refused declaration changes nothing.
  if (S.Names.count(Name))
    fail(W, fmt::format("'{}' is already defined", Name));
  assembler::Layout Saved = S.Lay;
  if (auto Err = S.Lay.placeTensor(T, Opts.At, *S.Chip))
    fail(W, Err->Message);
  std::vector<uint8_t> &Data = S.Prog.Data;
  size_t Mark = Data.size();
  try {
    if (Inits) {
      if (auto Err = assembler::checkInitialDataSize(T, Data.size()))
        fail(W, Err->Message);
      uint64_t Bytes = T.bytes();
      if (Opts.Bytes && Opts.Bytes->size() != Bytes)
        fail(W, fmt::format("tensor '{}' has {} bytes: its initial bytes are {}", T.Name, Bytes,
                            Opts.Bytes->size()));
      T.InitOffset = Data.size();
      Data.resize(Data.size() + Bytes);
      uint8_t *Out = Data.data() + *T.InitOffset;
      if (Opts.Bytes) {
        std::memcpy(Out, Opts.Bytes->data(), Bytes);
      } else {
        std::vector<double> One;
        if (Opts.Fill)
          One.push_back(*Opts.Fill);
        if (auto Err = assembler::convertInitialData(T, Opts.Fill ? One : *Opts.Values,
                                                     Opts.Fill.has_value(), Out))
          fail(W, Err->Message);
        uint64_t Size = isa::dtype(T.Type).StorageBytes;
        for (uint64_t Done = Size; Opts.Fill && Done < Bytes; Done *= 2)
          std::memcpy(Out + Done, Out, std::min(Done, Bytes - Done));
      }
    }
    S.define(Name, State::Kind::Tensor, W);
  } catch (...) {
    Data.resize(Mark);
    S.Lay = Saved;
    throw;
  }
  T.Loc = S.sourceLoc(W);
  S.Prog.Tensors.push_back(std::move(T));
  S.TensorLocs.push_back(W);
  return Declared(this, true, S.Prog.Tensors.size() - 1);
}

Declared ProgramBuilder::sbuf(std::string Name, DType Type, std::vector<uint64_t> Shape,
                              AllocOptions Opts, SourceLocation S) {
  return allocAt(Loc::here(S), isa::MemSpace::SBUF, std::move(Name), Type, std::move(Shape), Opts);
}

Declared ProgramBuilder::psum(std::string Name, DType Type, std::vector<uint64_t> Shape,
                              AllocOptions Opts, SourceLocation S) {
  return allocAt(Loc::here(S), isa::MemSpace::PSUM, std::move(Name), Type, std::move(Shape), Opts);
}

Declared ProgramBuilder::allocAt(const Loc &W, isa::MemSpace Space, std::string Name, DType Type,
                                 std::vector<uint64_t> Shape, const AllocOptions &Opts) {
  State &S = *St;
  if (isa::dtype(Type).MinGen > S.Chip->Gen)
    fail(W,
         fmt::format("dtype {} needs {} or later; this program targets {}", isa::dtype(Type).Name,
                     isa::chips()[isa::dtype(Type).MinGen - 2].Name, S.Chip->Name));
  if (auto Err = assembler::checkShape(Shape, true))
    fail(W, Err->Message);
  object::Allocation A;
  A.Name = Name;
  A.Space = Space;
  A.Type = Type;
  A.Shape = std::move(Shape);
  A.PartStart = Opts.Partition;
  std::optional<int64_t> At = Opts.At;
  if (Opts.Bank) {
    if (Space != isa::MemSpace::PSUM)
      fail(W, "only a PSUM allocation is placed by bank");
    if (Opts.At)
      fail(W, "give a PSUM allocation's place one way: at or bank");
    int64_t Off;
    if (auto Err = assembler::psumBankOffset(*Opts.Bank, *S.Chip, Off))
      fail(W, Err->Message);
    At = Off;
  }
  if (S.Names.count(Name))
    fail(W, fmt::format("'{}' is already defined", Name));
  assembler::Layout Saved = S.Lay;
  if (auto Err = S.Lay.placeAllocation(A, At, *S.Chip))
    fail(W, Err->Message);
  try {
    S.define(Name, State::Kind::Alloc, W);
  } catch (...) {
    S.Lay = Saved;
    throw;
  }
  A.Loc = S.sourceLoc(W);
  S.Prog.Allocations.push_back(std::move(A));
  S.AllocLocs.push_back(W);
  return Declared(this, false, S.Prog.Allocations.size() - 1);
}

Sem ProgramBuilder::sem(std::string Name, SemOptions Opts, SourceLocation S) {
  return semAt(Loc::here(S), std::move(Name), Opts);
}

Sem ProgramBuilder::semAt(const Loc &W, std::string Name, const SemOptions &Opts) {
  State &S = *St;
  object::Semaphore Sm;
  Sm.Name = Name;
  Sm.Initial = Opts.Initial;
  if (S.Names.count(Name))
    fail(W, fmt::format("'{}' is already defined", Name));
  assembler::Layout Saved = S.Lay;
  if (auto Err = S.Lay.placeSemaphore(Sm, Opts.At, S.Prog.Semaphores, *S.Chip))
    fail(W, Err->Message);
  try {
    S.define(Name, State::Kind::Sem, W);
  } catch (...) {
    S.Lay = Saved;
    throw;
  }
  Sm.Loc = S.sourceLoc(W);
  S.Prog.Semaphores.push_back(Sm);
  S.SemLocs.push_back(W);
  return Sem{Sm.Index};
}

Label ProgramBuilder::label(std::string Name, SourceLocation S) {
  return labelAt(Loc::here(S), std::move(Name));
}

Label ProgramBuilder::labelAt(const Loc &W, std::string Name) {
  State &S = *St;
  if (Name.empty()) // a fresh name
    for (size_t N = S.Labels.size();; ++N)
      if (!S.Names.count(Name = fmt::format("L{}", N)))
        break;
  S.define(Name, State::Kind::Label, W);
  S.Labels.push_back({Name, W, {}, 0, false, false});
  return Label{static_cast<uint32_t>(S.Labels.size() - 1)};
}

void ProgramBuilder::bind(Label L, SourceLocation S) { bindAt(Loc::here(S), L, {}); }

void EngineBuilder::bind(Label L, SourceLocation S) { B->bindAt(Loc::here(S), L, Eng); }

void EngineBuilder::bindAt(const Loc &W, Label L) { B->bindAt(W, L, Eng); }

void ProgramBuilder::bindAt(const Loc &W, Label L, std::optional<Engine> E) {
  State &S = *St;
  if (L.Id >= S.Labels.size())
    fail(W, "not a label of this builder");
  State::LabelInfo &Info = S.Labels[L.Id];
  if (Info.Bound || Info.Waiting)
    fail(W, fmt::format("label '{}' is already placed", Info.Name));
  Info.Where = W;
  Info.Waiting = true;
  (E ? S.NextOn[static_cast<unsigned>(*E)] : S.NextAny).push_back(L.Id);
}

//===-- instructions ------------------------------------------------------------===//

Instruction EngineBuilder::emit(std::string_view Mnemonic, std::vector<Arg> Args, const Loc &W) {
  ProgramBuilder::State &S = *B->St;
  const isa::ChipDesc &C = *S.Chip;
  auto Candidates = isa::lookupMnemonic(Mnemonic);
  if (Candidates.empty())
    fail(W, fmt::format("unknown instruction '{}'", Mnemonic));
  const isa::InstrDesc *Chosen = nullptr;
  unsigned Runs = 0;
  for (const isa::InstrDesc *D : Candidates) {
    Runs |= D->EngineMask;
    if (D->runsOn(Eng))
      Chosen = D;
  }
  if (!Chosen)
    fail(W, fmt::format("engine {} cannot run '{}': it runs on {}", isa::engine(Eng).RecordName,
                        Mnemonic, isa::engineNames(Runs)));
  const isa::InstrDesc &D = *Chosen;
  if (D.MinGen > C.Gen)
    fail(W, fmt::format("'{}' needs {} or later; this program targets {}", Mnemonic,
                        isa::chips()[D.MinGen - 2].Name, C.Name));
  if (Args.size() != D.Operands.size())
    fail(W, fmt::format("'{}' takes {} operands; {} were given", Mnemonic, D.Operands.size(),
                        Args.size()));

  ProgramBuilder::State::Pending P;
  P.I.Op = D.Op;
  P.I.Eng = Eng;
  P.Where = W;
  verify::Context Ctx{&C, nullptr};
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const isa::OperandDesc &OD = D.Operands[K];
    isa::Operand &Op = P.I.Operands[K];
    const Arg &A = Args[K];
    Op = isa::defaultOperand(OD);
    std::string What = fmt::format("operand '{}' of '{}'", OD.Name, D.Mnemonic);
    auto Mismatch = [&](const char *Expected) {
      fail(W, fmt::format("{} takes {}, not {}", What, Expected, kindWord(A)));
    };
    if (std::holds_alternative<std::monostate>(A.V)) {
      if (!OD.optional())
        fail(W, fmt::format("{} is required", What));
      continue;
    }
    auto Tensor = [&](const View &V) -> isa::AccessPattern {
      if (!V.error().empty())
        fail(W, V.error());
      if (V.none()) {
        if (!OD.optional())
          fail(W, fmt::format("operand '{}' of '{}' is required; it cannot be 'none'", OD.Name,
                              D.Mnemonic));
        return {};
      }
      const isa::AccessPattern &AP = V.pattern();
      if (AP.Reg && *AP.Reg >= C.Registers)
        fail(W, fmt::format("register r{} is out of range: registers are r0 to r{}", *AP.Reg,
                            C.Registers - 1));
      if (auto Diag = verify::checkOperand(AP, OD, D, Eng, Ctx))
        fail(W, Diag->Message);
      return AP;
    };
    auto Fp32 = [&](double V) {
      try {
        return floatBits(V, What);
      } catch (const std::string &Msg) {
        fail(W, Msg);
      }
    };
    auto Exact = [&](int64_t V) {
      float F = static_cast<float>(V);
      if (static_cast<int64_t>(F) != V)
        fail(W, fmt::format("{} cannot be held exactly by an fp32 immediate", V));
      return std::bit_cast<uint32_t>(F);
    };
    auto Register = [&](Reg R) {
      if (R.N >= C.Registers)
        fail(W, fmt::format("register r{} is out of range: registers are r0 to r{}", R.N,
                            C.Registers - 1));
      return static_cast<int64_t>(R.N);
    };
    switch (OD.Kind) {
    case isa::OperandKind::AccessPattern:
      if (auto *V = std::get_if<View>(&A.V))
        Op.AP = Tensor(*V);
      else
        Mismatch("a tensor");
      break;
    case isa::OperandKind::Scalar:
      if (auto *V = std::get_if<View>(&A.V)) {
        Op.IsImm = false;
        Op.AP = Tensor(*V);
        if (!Op.AP.present())
          fail(W, fmt::format("{} is a float or a [P, 1] tensor; it cannot be 'none'", What));
      } else if (auto *Fb = std::get_if<FloatBits>(&A.V)) {
        Op.IsImm = true;
        Op.FBits = Fb->Bits;
      } else if (auto *F = std::get_if<double>(&A.V)) {
        Op.IsImm = true;
        Op.FBits = Fp32(*F);
      } else if (auto *I = std::get_if<int64_t>(&A.V)) {
        Op.IsImm = true;
        Op.FBits = Exact(*I);
      } else {
        Mismatch("a float or a [P, 1] tensor");
      }
      break;
    case isa::OperandKind::Register:
      if (auto *R = std::get_if<Reg>(&A.V))
        Op.Int = Register(*R);
      else
        Mismatch("a register");
      break;
    case isa::OperandKind::Imm: {
      auto *I = std::get_if<int64_t>(&A.V);
      if (!I)
        Mismatch("an integer");
      int64_t Lo = OD.HasRange ? OD.Min : INT32_MIN, Hi = OD.HasRange ? OD.Max : INT32_MAX;
      if (*I < Lo || *I > Hi)
        fail(W, fmt::format("{} is out of range for {}: {} to {}", *I, What, Lo, Hi));
      Op.Int = *I;
      break;
    }
    case isa::OperandKind::Fimm:
      if (auto *F = std::get_if<double>(&A.V))
        Op.FBits = Fp32(*F);
      else if (auto *Fb = std::get_if<FloatBits>(&A.V))
        Op.FBits = Fb->Bits;
      else if (auto *I = std::get_if<int64_t>(&A.V))
        Op.FBits = Exact(*I);
      else
        Mismatch("a float");
      break;
    case isa::OperandKind::Enum: {
      const isa::EnumTypeDesc &E = isa::enumType(*OD.Enum);
      std::optional<uint8_t> V;
      std::string Found = kindWord(A), Near;
      if (auto *Ev = std::get_if<Arg::EnumValue>(&A.V)) {
        if (Ev->Type == *OD.Enum && isa::enumValue(Ev->Type, Ev->Value))
          V = Ev->Value;
        else
          Found = fmt::format("a value of {}", isa::enumType(Ev->Type).Name);
      } else if (auto *N = std::get_if<Arg::EnumName>(&A.V)) {
        V = isa::lookupEnumValue(*OD.Enum, N->Name);
        Found = "'" + N->Name + "'";
        std::vector<std::string> Names;
        for (const isa::EnumValueDesc &Value : E.Values)
          Names.push_back(Value.Name);
        Near = nearest(N->Name, Names);
      } else if (auto *Bv = std::get_if<bool>(&A.V)) {
        V = isa::lookupEnumValue(*OD.Enum, *Bv ? "true" : "false");
      }
      if (!V) {
        std::vector<std::string> Names;
        for (const isa::EnumValueDesc &Value : E.Values)
          Names.push_back(Value.Name);
        fail(W, fmt::format("{} is {} {}: expected {}, found {}{}", What,
                            E.Name[0] == 'A' ? "an" : "a", E.Name,
                            Names.size() <= 8 ? fmt::format("{}", fmt::join(Names, ", "))
                                              : "one of its " + std::to_string(Names.size()) +
                                                    " values (see the ISA reference)",
                            Found, Near.empty() ? "" : "; did you mean '" + Near + "'?"));
      }
      Op.Int = *V;
      break;
    }
    case isa::OperandKind::Semaphore: {
      auto *Sm = std::get_if<Sem>(&A.V);
      if (!Sm)
        Mismatch("a semaphore");
      if (Sm->Index >= C.Semaphores)
        fail(W, fmt::format("semaphore s{} is out of range: {} has s0 to s{}", Sm->Index, C.Name,
                            C.Semaphores - 1));
      Op.Int = Sm->Index;
      break;
    }
    case isa::OperandKind::DmaQueue: {
      auto *Q = std::get_if<Queue>(&A.V);
      Reg QR;
      if (auto *R = std::get_if<Reg>(&A.V))
        QR = *R;
      else if (!Q)
        Mismatch("a DMA queue");
      else if (Q->R)
        QR = *Q->R;
      if (!Q || Q->R) {
        Op.Reg = static_cast<uint8_t>(Register(QR));
        break;
      }
      if (Q->E >= C.DmaEngines || Q->Q >= C.DmaQueuesPerEngine)
        fail(W, fmt::format("DMA queue q{}.{} is out of range: engines 0 to {}, queues 0 to {}",
                            Q->E, Q->Q, C.DmaEngines - 1, C.DmaQueuesPerEngine - 1));
      Op.Int = Q->E * 16 + Q->Q;
      break;
    }
    case isa::OperandKind::Label:
      if (auto *L = std::get_if<Label>(&A.V)) {
        if (L->Id >= S.Labels.size())
          fail(W, "not a label of this builder");
        P.LabelRefs.push_back({static_cast<unsigned>(K), L->Id});
      } else if (auto *I = std::get_if<int64_t>(&A.V)) {
        if (*I < 0 || *I > INT32_MAX)
          fail(W,
               fmt::format("{} is out of range for an instruction index: 0 to {}", *I, INT32_MAX));
        Op.Int = *I;
      } else {
        Mismatch("a label");
      }
      break;
    case isa::OperandKind::Steps: {
      auto *St = std::get_if<Steps>(&A.V);
      if (!St)
        Mismatch("steps");
      if (St->empty() || St->size() > isa::MaxDims)
        fail(W, fmt::format("{} takes 1 to {} steps, not {}", What, isa::MaxDims, St->size()));
      for (size_t N = 0; N < St->size(); ++N) {
        if ((*St)[N] < INT32_MIN || (*St)[N] > INT32_MAX)
          fail(W, fmt::format("{} is out of range for a step: {} to {}", (*St)[N], INT32_MIN,
                              INT32_MAX));
        Op.Steps[N] = static_cast<int32_t>((*St)[N]);
      }
      break;
    }
    }
  }

  // Labels waiting for an instruction name this one.
  auto &Stream = S.Streams[static_cast<unsigned>(Eng)];
  uint32_t Index = static_cast<uint32_t>(Stream.size());
  for (auto *Waiting : {&S.NextAny, &S.NextOn[static_cast<unsigned>(Eng)]}) {
    for (uint32_t Id : *Waiting) {
      auto &L = S.Labels[Id];
      L.Eng = Eng;
      L.Index = Index;
      L.Bound = true;
      L.Waiting = false;
    }
    Waiting->clear();
  }
  P.Seq = S.Seq++;
  Stream.push_back(std::move(P));
  return Instruction(B, Eng, Index);
}

Instruction &Instruction::wait(const Condition &Cond) {
  ProgramBuilder::State &S = *B->St;
  auto &P = S.Streams[static_cast<unsigned>(Eng)][Idx];
  const isa::ChipDesc &C = *S.Chip;
  unsigned N = 0;
  while (N < isa::MaxWaits && P.I.Waits[N])
    ++N;
  if (N == isa::MaxWaits)
    fail(P.Where, fmt::format("an instruction waits on at most {} conditions; put a sem_wait "
                              "before it for more",
                              isa::MaxWaits));
  if (Cond.Sem >= C.Semaphores)
    fail(P.Where, fmt::format("semaphore s{} is out of range: {} has s0 to s{}", Cond.Sem, C.Name,
                              C.Semaphores - 1));
  isa::Wait Wt;
  Wt.Sem = static_cast<uint8_t>(Cond.Sem);
  Wt.Cond = Cond.Cond;
  Wt.IsReg = Cond.IsReg;
  if (Cond.IsReg) {
    if (Cond.Value < 0 || Cond.Value >= C.Registers)
      fail(P.Where, fmt::format("register r{} is out of range: registers are r0 to r{}", Cond.Value,
                                C.Registers - 1));
  } else if (Cond.Value < INT32_MIN || Cond.Value > INT32_MAX) {
    fail(P.Where, fmt::format("{} is out of range for a wait value: {} to {}", Cond.Value,
                              INT32_MIN, INT32_MAX));
  }
  Wt.Value = static_cast<uint32_t>(Cond.Value);
  P.I.Waits[N] = Wt;
  return *this;
}

Instruction &Instruction::wait(const Condition &A, const Condition &B2) {
  wait(A);
  return wait(B2);
}

Instruction &Instruction::signal(Sem Sm, int64_t Amount) {
  ProgramBuilder::State &S = *B->St;
  auto &P = S.Streams[static_cast<unsigned>(Eng)][Idx];
  const isa::ChipDesc &C = *S.Chip;
  if (P.I.Sig)
    fail(P.Where, "an instruction signals at most one semaphore; use a sem_signal for more");
  if (Sm.Index >= C.Semaphores)
    fail(P.Where, fmt::format("semaphore s{} is out of range: {} has s0 to s{}", Sm.Index, C.Name,
                              C.Semaphores - 1));
  if (Amount < -32768 || Amount > 32767)
    fail(P.Where, fmt::format("{} is out of range for a signal amount: -32768 to 32767", Amount));
  P.I.Sig = isa::Signal{static_cast<uint8_t>(Sm.Index), static_cast<int16_t>(Amount)};
  return *this;
}

//===-- the program -----------------------------------------------------------===//

object::Program ProgramBuilder::finish() {
  State &S = *St;
  struct Found {
    uint64_t Seq;
    Diagnostic D;
  };
  std::vector<Found> All;
  auto Add = [&](uint64_t Seq, const Loc &W, std::string Msg, std::optional<Engine> E = {},
                 std::optional<uint32_t> I = {}, std::string Note = {}) {
    Diagnostic D{W, std::move(Msg), E, I, {}, std::move(Note)};
    All.push_back({Seq, std::move(D)});
  };
  for (auto *Waiting : [&] {
         std::vector<std::vector<uint32_t> *> V{&S.NextAny};
         for (auto &On : S.NextOn)
           V.push_back(&On);
         return V;
       }())
    for (uint32_t Id : *Waiting)
      Add(UINT64_MAX, S.Labels[Id].Where,
          fmt::format("label '{}' is not followed by an instruction", S.Labels[Id].Name));

  object::Program P = S.Prog;
  std::vector<std::vector<isa::Instr>> Code(isa::NumEngines);
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    object::Stream &Out = P.Streams[E];
    Out = {};
    auto &Stream = S.Streams[E];
    for (uint32_t Ix = 0; Ix < Stream.size(); ++Ix) {
      State::Pending &Pd = Stream[Ix];
      isa::Instr I = Pd.I;
      for (auto [K, Id] : Pd.LabelRefs) {
        const State::LabelInfo &L = S.Labels[Id];
        if (!L.Bound) {
          Add(Pd.Seq, Pd.Where, fmt::format("branch to unknown label '{}'", L.Name),
              static_cast<Engine>(E), Ix);
          continue;
        }
        if (*L.Eng != static_cast<Engine>(E)) {
          Add(Pd.Seq, Pd.Where,
              fmt::format("label '{}' is in the {} stream, but this branch runs on {}: a branch "
                          "stays in its own engine's stream",
                          L.Name, isa::engine(*L.Eng).RecordName,
                          isa::engine(static_cast<Engine>(E)).RecordName),
              static_cast<Engine>(E), Ix);
          continue;
        }
        I.Operands[K].Int = L.Index;
      }
      const isa::InstrDesc &D = I.desc();
      for (size_t K = 0; K < D.Operands.size(); ++K)
        if (D.Operands[K].Kind == isa::OperandKind::Label &&
            static_cast<uint64_t>(I.Operands[K].Int) >= Stream.size())
          Add(Pd.Seq, Pd.Where,
              fmt::format("branch target @{} is past the end of the {} stream ({} instruction{})",
                          I.Operands[K].Int, isa::engine(static_cast<Engine>(E)).RecordName,
                          Stream.size(), Stream.size() == 1 ? "" : "s"),
              static_cast<Engine>(E), Ix);
      std::vector<uint8_t> Bytes;
      if (auto Err = isa::encode(I, Bytes)) {
        Add(Pd.Seq, Pd.Where, Err->Message, static_cast<Engine>(E), Ix);
        Bytes.assign(D.SizeBytes, 0);
      }
      Out.Offsets.push_back(static_cast<uint32_t>(Out.Code.size()));
      Out.Locs.push_back(S.sourceLoc(Pd.Where));
      Out.Code.insert(Out.Code.end(), Bytes.begin(), Bytes.end());
      Code[E].push_back(I);
    }
    verify::Context C{S.Chip, &P.Tensors};
    for (verify::StreamDiagnostic &SD : verify::verifyStream(Code[E], C)) {
      const State::Pending &Pd = Stream[SD.Index];
      std::string Note;
      if (SD.D.Related && *SD.D.Related < Stream.size())
        Note = fmt::format("{} (instruction {}, {})", SD.D.RelatedNote, *SD.D.Related,
                           Stream[*SD.D.Related].Where.str());
      Add(Pd.Seq, Pd.Where, std::move(SD.D.Message), static_cast<Engine>(E), SD.Index,
          std::move(Note));
    }
  }
  P.Files = S.Prog.Files; // sourceLoc may have added files
  if (!All.empty()) {
    // Call order, ties in the order found (an index, not std::stable_sort,
    // whose temporary buffer libstdc++ 12 deprecates under Clang).
    std::vector<size_t> Order(All.size());
    std::iota(Order.begin(), Order.end(), size_t(0));
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return std::tie(All[A].Seq, A) < std::tie(All[B].Seq, B);
    });
    std::vector<Diagnostic> Diags;
    for (size_t K : Order) {
      Found &F = All[K];
      if (F.D.Eng && F.D.Index)
        F.D.Instruction = isa::print(Code[static_cast<unsigned>(*F.D.Eng)][*F.D.Index], {}, true);
      Diags.push_back(std::move(F.D));
    }
    throw BuildError(std::move(Diags));
  }
  S.findWarnings(Code);
  // Labels in stream order, as the assembler lists them.
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    std::vector<const State::LabelInfo *> Of;
    for (const State::LabelInfo &L : S.Labels)
      if (L.Bound && static_cast<unsigned>(*L.Eng) == E)
        Of.push_back(&L);
    // Ties in declaration order: the pointers run in S.Labels' order.
    std::sort(Of.begin(), Of.end(), [](const State::LabelInfo *A, const State::LabelInfo *B) {
      return A->Index != B->Index ? A->Index < B->Index : std::less<>()(A, B);
    });
    for (const State::LabelInfo *L : Of)
      P.Labels.push_back({L->Name, *L->Eng, L->Index});
  }
  return P;
}

const std::vector<Diagnostic> &ProgramBuilder::warnings() const { return St->Warnings; }

std::string ProgramBuilder::print(const PrintOptions &Opts) {
  assembler::DisasmOptions D;
  D.LineNumbers = Opts.LineNumbers;
  D.Offsets = Opts.Offsets;
  return assembler::disassemble(finish(), D);
}

void ProgramBuilder::useLineTableOfText(object::Program &P, const std::string &Text,
                                        const std::string &Name) {
  // The text as trn-as reads it: its line table is the one wanted.
  std::ostringstream OS;
  assembler::Options O;
  O.Chip = P.TargetChip;
  assembler::Result R = assembler::assembleText(Name, Text, O, OS);
  if (!R.Program)
    throw std::invalid_argument("the text does not assemble:\n" + OS.str());
  const object::Program &A = *R.Program;
  if (A.Tensors.size() != P.Tensors.size() || A.Allocations.size() != P.Allocations.size() ||
      A.Semaphores.size() != P.Semaphores.size())
    throw std::invalid_argument("the text declares another program");
  P.Files = A.Files;
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    if (A.Streams[E].size() != P.Streams[E].size())
      throw std::invalid_argument("the text holds another program");
    P.Streams[E].Locs = A.Streams[E].Locs;
  }
  for (size_t K = 0; K < P.Tensors.size(); ++K)
    P.Tensors[K].Loc = A.Tensors[K].Loc;
  for (size_t K = 0; K < P.Allocations.size(); ++K)
    P.Allocations[K].Loc = A.Allocations[K].Loc;
  for (size_t K = 0; K < P.Semaphores.size(); ++K)
    P.Semaphores[K].Loc = A.Semaphores[K].Loc;
}

} // namespace trn::build
