//===- Parser.cpp - statements, directives and instructions ---------------===//

#include "Parser.h"

#include "SourceFile.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_os_ostream.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Layout.h"
#include "trn/object/ObjectFile.h"
#include "trn/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numeric>

namespace trn::assembler {

using llvm::SMLoc;
using llvm::SMRange;
using llvm::SourceMgr;

Parser::Parser(const Options &Opts, llvm::raw_ostream &Diag)
    : Opts(Opts), Diag(Diag), Budget(Opts.MaxMemory), Streams(isa::NumEngines) {
  SM.setIncludeDirs(Opts.IncludeDirs);
}

//===-- diagnostics ---------------------------------------------------------===//

void Parser::report(SourceMgr::DiagKind K, SMLoc Loc, const llvm::Twine &Msg,
                    llvm::ArrayRef<SMRange> Ranges) {
  if (Stopped) // past Options::MaxErrors (the end-of-file checks may go on)
    return;
  if (K == SourceMgr::DK_Warning && Opts.WarningsAsErrors) {
    (Errors) += 1;
    printMessage(Loc, SourceMgr::DK_Error, Msg + " [-Werror]", Ranges);
  } else {
    (K == SourceMgr::DK_Error ? Errors : Warnings) += 1;
    printMessage(Loc, K, Msg, Ranges);
  }
  // The line at fault ends as usual (its notes are printed), then reading
  // stops.
  Stopped = Opts.MaxErrors && Errors >= Opts.MaxErrors;
}

const Expansion *Parser::expansionAt(const char *P) const {
  auto It = ExpansionAt.upper_bound(P);
  if (It == ExpansionAt.begin())
    return nullptr;
  const Expansion *E = std::prev(It)->second;
  return E->holds(P) ? E : nullptr;
}

SMLoc Parser::realLoc(SMLoc Loc, bool End) const {
  const char *P = Loc.getPointer();
  if (!P)
    return Loc;
  while (const Expansion *E = expansionAt(P)) {
    const char *Q = E->origin(P, End);
    // An empty expansion has no line to map through: its call stands in.
    P = Q != P ? Q : E->CallLoc.getPointer();
  }
  return SMLoc::getFromPointer(P);
}

void Parser::printMessage(SMLoc Loc, SourceMgr::DiagKind K, const llvm::Twine &Msg,
                          llvm::ArrayRef<SMRange> Ranges) {
  const Expansion *E = Loc.isValid() ? expansionAt(Loc.getPointer()) : nullptr;
  if (!E)
    return printPlain(Loc, K, Msg, Ranges);
  // In an expansion: the message at the body line, then a note at each
  // call, innermost first (as clang does, only the first and last few of a
  // deep nest).
  std::vector<SMRange> Real;
  for (SMRange R : Ranges)
    Real.push_back(SMRange(realLoc(R.Start), realLoc(R.End, /*End=*/true)));
  printPlain(realLoc(Loc), K, Msg, Real);
  std::vector<std::pair<const Expansion *, const char *>> Chain;
  for (const char *P = Loc.getPointer(); E; P = E->CallLoc.getPointer(), E = expansionAt(P))
    Chain.push_back({E, P});
  constexpr size_t Shown = 5;
  for (size_t I = 0; I < Chain.size(); ++I) {
    if (Chain.size() > 2 * Shown && I == Shown) {
      size_t Skip = Chain.size() - 2 * Shown;
      I += Skip - 1;
      // No place to show: a note without a location, as clang's.
      std::string Msg = fmt::format("({} expansions not shown)", Skip);
      llvm::WithColor::note(Diag) << Msg << "\n";
      Diagnostics.push_back({"", 0, 0, Diagnostic::Severity::Note, Msg});
      continue;
    }
    auto [X, P] = Chain[I];
    SMRange R(realLoc(X->CallRange.Start), realLoc(X->CallRange.End, true));
    printPlain(realLoc(X->CallLoc), SourceMgr::DK_Note, X->note(P), R);
  }
}

void Parser::printPlain(SMLoc Loc, SourceMgr::DiagKind K, const llvm::Twine &Msg,
                        llvm::ArrayRef<SMRange> Ranges) {
  // A longer line is shown only around the caret: a line of megabytes (a
  // hex("...") string, or a file that is not assembly) is never echoed whole.
  constexpr size_t MaxShown = 160;
  llvm::SMDiagnostic D = SM.GetMessage(Loc, K, Msg, Ranges);
  Diagnostics.push_back({D.getFilename().str(), static_cast<unsigned>(std::max(D.getLineNo(), 0)),
                         D.getLineNo() > 0 ? static_cast<unsigned>(D.getColumnNo() + 1) : 0,
                         K == SourceMgr::DK_Error     ? Diagnostic::Severity::Error
                         : K == SourceMgr::DK_Warning ? Diagnostic::Severity::Warning
                                                      : Diagnostic::Severity::Note,
                         D.getMessage().str()});
  llvm::StringRef Line = D.getLineContents();
  if (Line.size() <= MaxShown) {
    SM.PrintMessage(Diag, D);
    return;
  }
  // What PrintMessage writes: the include stack, outermost first, then the
  // location; then the message with the window of the line and its caret.
  std::vector<std::string> Stack;
  for (unsigned Buf = SM.FindBufferContainingLoc(Loc);;) {
    SMLoc From = SM.getParentIncludeLoc(Buf);
    if (!From.isValid())
      break;
    Buf = SM.FindBufferContainingLoc(From);
    Stack.push_back(fmt::format("Included from {}:{}:\n",
                                SM.getMemoryBuffer(Buf)->getBufferIdentifier().str(),
                                SM.FindLineNumber(From, Buf)));
  }
  for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
    Diag << *It;
  size_t Col = static_cast<size_t>(D.getColumnNo());
  size_t First = Col > MaxShown / 2 ? Col - MaxShown / 2 : 0;
  size_t End = std::min(Line.size(), First + MaxShown);
  std::string Shown =
      (First ? "..." : "") + Line.slice(First, End).str() + (End < Line.size() ? "..." : "");
  size_t Shift = First ? 3 : 0;
  std::vector<std::pair<unsigned, unsigned>> Window;
  for (auto [A, B] : D.getRanges()) {
    size_t From = std::clamp<size_t>(A, First, End), To = std::clamp<size_t>(B, First, End);
    if (From < To)
      Window.push_back(
          {static_cast<unsigned>(From - First + Shift), static_cast<unsigned>(To - First + Shift)});
  }
  llvm::SMDiagnostic W(SM, D.getLoc(), D.getFilename(), D.getLineNo(),
                       static_cast<int>(Col - First + Shift), D.getKind(), D.getMessage(), Shown,
                       Window);
  // Bold, as SMDiagnostic::print shows a location, when colours are on.
  llvm::WithColor(Diag, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true)
      << D.getFilename() << ":" << D.getLineNo() << ":" << Col + 1 << ": ";
  W.print(nullptr, Diag, /*ShowColors=*/true, /*ShowKindLabel=*/true, /*ShowLocation=*/false);
}

void Parser::fail(SMLoc Loc, const llvm::Twine &Msg, llvm::ArrayRef<SMRange> Ranges) {
  report(SourceMgr::DK_Error, Loc, Msg, Ranges);
  throw LineError{};
}

void Parser::failAt(const Token &T, const llvm::Twine &Msg) {
  if (T.is(Tok::Newline) || T.is(Tok::Eof))
    fail(T.Loc, Msg);
  fail(T.Loc, Msg, SMRange(T.Loc, T.end()));
}

void Parser::warn(SMLoc Loc, const llvm::Twine &Msg) { report(SourceMgr::DK_Warning, Loc, Msg); }

SMRange Parser::range(const Token &From, const Token &To) { return SMRange(From.Loc, To.end()); }

bool Parser::accept(Tok K) {
  if (!at(K))
    return false;
  ++Cur;
  return true;
}

const Token &Parser::expect(Tok K, const char *What) {
  if (at(Tok::Error))
    failAt(tok(), tok().message());
  if (!at(K)) {
    std::string Found = atEnd() ? spell(tok().Kind) : "'" + tok().Text.str() + "'";
    failAt(tok(), fmt::format("expected {}, found {}", What, Found));
  }
  return take();
}

const Token &Parser::expectIdent(const char *What) { return expect(Tok::Ident, What); }

//===-- the chip -------------------------------------------------------------===//

const isa::ChipDesc &Parser::chip() {
  if (!Chip)
    Chip = &isa::chip(Opts.Chip.value_or(isa::Chip::trn2));
  ChipFixed = true;
  return *Chip;
}

void Parser::chipDirective(const Token &Dir) {
  const Token &Name = expectIdent("a chip name (trn1, trn2, trn3 or trn4)");
  std::optional<isa::Chip> C = isa::lookupChip(Name.Text);
  if (!C)
    failAt(Name,
           fmt::format("unknown chip '{}': expected trn1, trn2, trn3 or trn4", Name.Text.str()));
  if (Opts.Chip && *Opts.Chip != *C)
    failAt(Name, fmt::format("the source targets {} but --chip {} was given", Name.Text.str(),
                             isa::chip(*Opts.Chip).Name));
  if (ChipFixed)
    fail(Dir.Loc, "'.chip' must come before any declaration or instruction",
         SMRange(Dir.Loc, Name.end()));
  if (ChipDirective)
    fail(Dir.Loc, "the chip is already chosen by an earlier '.chip'", SMRange(Dir.Loc, Name.end()));
  ChipDirective = true;
  Chip = &isa::chip(*C);
  Prog.TargetChip = *C;
}

//===-- symbols ---------------------------------------------------------------===//

void Parser::define(const Token &Name, SymKind K, int64_t Value, size_t Index) {
  auto [It, Inserted] = Symbols.try_emplace(Name.Text, Symbol{K, Name.Loc, Value, Index});
  if (!Inserted) {
    report(SourceMgr::DK_Error, Name.Loc, fmt::format("'{}' is already defined", Name.Text.str()),
           SMRange(Name.Loc, Name.end()));
    printMessage(It->second.Loc, SourceMgr::DK_Note, "previous definition is here");
    throw LineError{};
  }
}

//===-- buffers and statements ----------------------------------------------===//

Result Parser::run(std::unique_ptr<llvm::MemoryBuffer> Main) {
  std::string Name = Main->getBufferIdentifier().str();
  Prog.TargetChip = Opts.Chip.value_or(isa::Chip::trn2);
  llvm::SmallString<256> Real;
  IncludeStack.push_back(llvm::sys::fs::real_path(Name, Real) ? Name : std::string(Real));
  unsigned Id = SM.AddNewSourceBuffer(std::move(Main), SMLoc());
  readBuffer(Id);
  IncludeStack.pop_back();
  if (!Stopped)
    finish();
  if (Stopped) {
    std::string Note = fmt::format("stopping after {} error{}: the rest of the input is not read",
                                   Errors, Errors == 1 ? "" : "s");
    Diag << Name << ": note: " << Note << "\n";
    Diagnostics.push_back({Name, 0, 0, Diagnostic::Severity::Note, Note});
  }
  Result R;
  R.Errors = Errors;
  R.Warnings = Warnings;
  R.Diagnostics = std::move(Diagnostics);
  if (!Errors)
    R.Program = std::move(Prog);
  return R;
}

object::SourceLoc Parser::sourceLoc(SMLoc Loc) const {
  Loc = realLoc(Loc);
  unsigned Buf = SM.FindBufferContainingLoc(Loc);
  auto [Line, Col] = SM.getLineAndColumn(Loc, Buf);
  return {Buf - 1, Line, Col}; // Program::Files is indexed by buffer id - 1
}

void Parser::readBuffer(unsigned BufferId) {
  const llvm::MemoryBuffer *Buf = SM.getMemoryBuffer(BufferId);
  if (Prog.Files.size() < BufferId)
    Prog.Files.resize(BufferId);
  Prog.Files[BufferId - 1] = object::printableFileName(Buf->getBufferIdentifier());
  // The tokens are kept to the end (names point into them) and cost many
  // times the text: the budget is checked before they are made, and then
  // charged what they take.
  auto Refuse = [&](const std::string &Msg) {
    SMLoc From = SM.getParentIncludeLoc(BufferId);
    report(SourceMgr::DK_Error,
           From.isValid() ? From : SMLoc::getFromPointer(Buf->getBufferStart()), Msg);
  };
  uint64_t Estimate = estimateTokens(Buf->getBuffer()) * sizeof(Token);
  if (auto Err =
          Budget.check(Estimate, fmt::format("the tokens of '{}' (about {})",
                                             Prog.Files[BufferId - 1], formatBytes(Estimate))))
    return Refuse(*Err);
  TokenStore.push_back(lex(Buf->getBuffer()));
  uint64_t TokenBytes = TokenStore.back().capacity() * sizeof(Token);
  if (!Budget.tryCommit(TokenBytes)) {
    std::string Msg =
        *Budget.check(TokenBytes, fmt::format("the tokens of '{}' ({})", Prog.Files[BufferId - 1],
                                              formatBytes(TokenBytes)));
    TokenStore.pop_back();
    return Refuse(Msg);
  }
  bool Included = SM.getParentIncludeLoc(BufferId).isValid();
  readTokens(TokenStore.back().data(), Buf->getBuffer(), Included ? BufferId : 0);
}

void Parser::readTokens(const Token *Tokens, llvm::StringRef Text, unsigned IncludedId) {
  const Token *Saved = Cur;
  llvm::StringRef SavedText = CurText;
  Cur = Tokens;
  CurText = Text;
  unsigned BufferId = IncludedId;
  bool Included = IncludedId != 0;
  while (!at(Tok::Eof) && !Stopped && !ExitMacro) {
    unsigned ErrorsBefore = Errors;
    try {
      statement();
      if (!atEnd()) {
        std::string Found = at(Tok::Error) ? tok().message() : "'" + tok().Text.str() + "'";
        failAt(tok(),
               at(Tok::Error) ? Found : fmt::format("expected end of line, found {}", Found));
      }
    } catch (LineError &) {
      // Recover at the next line.
      while (!atEnd())
        ++Cur;
    }
    // An included file is read no further than its first error: what
    // follows may not be assembly at all (.include "/etc/passwd"), and each
    // message would show another of its lines.
    if (Included && Errors != ErrorsBefore) {
      const Token *Rest = Cur;
      while (Rest->is(Tok::Newline))
        ++Rest;
      if (Rest->is(Tok::Eof))
        break;
      printMessage(
          SM.getParentIncludeLoc(BufferId), SourceMgr::DK_Note,
          fmt::format("'{}' is read no further after its first error", Prog.Files[BufferId - 1]));
      break;
    }
    if (at(Tok::Newline))
      ++Cur;
  }
  Cur = Saved;
  CurText = SavedText;
}

void Parser::statement() {
  if (at(Tok::Error))
    failAt(tok(), tok().message());
  // A label: name ':'. Several may stand before one instruction.
  LabelsOnLine = false;
  while (at(Tok::Ident) && Cur[1].is(Tok::Colon)) {
    const Token &Name = take();
    ++Cur;
    define(Name, SymKind::Label, 0, 0);
    PendingLabels.push_back({&Name, Name.Loc});
    LabelsOnLine = true;
  }
  if (atEnd())
    return;
  if (at(Tok::Dot) && Cur[1].is(Tok::Ident) && Cur[1].Loc.getPointer() == tok().end().getPointer())
    return directive();
  if (at(Tok::Ident) && !Cur[1].is(Tok::Dot))
    if (auto It = Macros.find(tok().Text); It != Macros.end())
      return callMacro(It->second, take());
  if (at(Tok::Ident))
    return instruction();
  if (at(Tok::Error))
    failAt(tok(), tok().message());
  failAt(tok(), fmt::format("expected an instruction, a directive or a label, found '{}'",
                            tok().Text.str()));
}

void Parser::directive() {
  const Token &Dot = take();
  const Token &Name = take();
  Token Dir = Name;
  Dir.Loc = Dot.Loc;
  Dir.Text = llvm::StringRef(Dot.Text.data(), Name.Text.end() - Dot.Text.data());
  llvm::StringRef N = Name.Text;
  if (N == "include")
    return include(Dir);
  if (N == "chip")
    return chipDirective(Dir);
  if (N == "const")
    return constDirective();
  if (N == "tensor")
    return tensorDirective();
  if (N == "sbuf")
    return allocDirective(isa::MemSpace::SBUF, Dir);
  if (N == "psum")
    return allocDirective(isa::MemSpace::PSUM, Dir);
  if (N == "sem")
    return semDirective();
  bool Block = N == "macro" || N == "endm" || N == "rept" || N == "irp" || N == "endr";
  if (Block && LabelsOnLine) // reported, then read as usual: its body is still its own
    report(
        SourceMgr::DK_Error, Dir.Loc,
        fmt::format("'{}' must begin its line: put the label on the line before", Dir.Text.str()),
        SMRange(Dir.Loc, Dir.end()));
  if (N == "macro")
    return macroDirective(Dir);
  if (N == "rept" || N == "irp")
    return reptDirective(Dir, N == "irp");
  if (N == "exitm")
    return exitmDirective(Dir);
  if (N == "endm")
    failAt(Dir, "'.endm' without '.macro'");
  if (N == "endr")
    failAt(Dir, "'.endr' without '.rept' or '.irp'");
  failAt(Dir, fmt::format("unknown directive '{}': expected .include, .chip, .const, .tensor, "
                          ".sbuf, .psum, .sem, .macro, .rept or .irp",
                          Dir.Text.str()));
}

void Parser::include(const Token &Dir) {
  const Token &Path = expect(Tok::String, "a file name in quotes");
  if (!atEnd())
    failAt(tok(), "expected end of line after the include file name");
  // Where to look: the including file's folder, then the name as written
  // (relative to the current directory, or an absolute path), then each -I
  // folder in order; the first that exists and is not a folder is read.
  std::vector<std::string> Candidates;
  const llvm::MemoryBuffer *Here = SM.getMemoryBuffer(SM.FindBufferContainingLoc(realLoc(Dir.Loc)));
  llvm::SmallString<256> Local(llvm::sys::path::parent_path(Here->getBufferIdentifier()));
  llvm::sys::path::append(Local, Path.Text);
  Candidates.push_back(std::string(Local));
  Candidates.push_back(Path.Text.str());
  for (const std::string &Dir : Opts.IncludeDirs) {
    llvm::SmallString<256> InDir(Dir);
    llvm::sys::path::append(InDir, Path.Text);
    Candidates.push_back(std::string(InDir));
  }
  auto Found = std::find_if(Candidates.begin(), Candidates.end(), [](const std::string &C) {
    return llvm::sys::fs::exists(C) && !llvm::sys::fs::is_directory(C);
  });
  if (Found == Candidates.end())
    failAt(Path, fmt::format("include file '{}' not found (searched the including file's "
                             "folder, the current directory{})",
                             Path.Text.str(), Opts.IncludeDirs.empty() ? "" : " and -I folders"));
  llvm::SmallString<256> Real;
  std::string Canon = llvm::sys::fs::real_path(*Found, Real) ? *Found : std::string(Real);
  if (std::find(IncludeStack.begin(), IncludeStack.end(), Canon) != IncludeStack.end())
    failAt(Path, fmt::format("include cycle: '{}' is already being read", Path.Text.str()));
  auto Buf = readSourceFile(*Found, Budget, /*RegularOnly=*/true);
  if (auto *Err = std::get_if<std::string>(&Buf))
    failAt(Path, fmt::format("include file '{}': {}", object::printableFileName(*Found), *Err));
  unsigned Id = SM.AddNewSourceBuffer(std::move(std::get<std::unique_ptr<llvm::MemoryBuffer>>(Buf)),
                                      realLoc(Dir.Loc));
  IncludeStack.push_back(Canon);
  readBuffer(Id);
  IncludeStack.pop_back();
}

void Parser::constDirective() {
  const Token &Name = expectIdent("a constant name");
  expect(Tok::Equal, "'='");
  int64_t V = expr();
  define(Name, SymKind::Const, V, 0);
}

isa::DType Parser::parseDType(bool ForTensor) {
  const Token &T = expectIdent("a dtype (fp32, bf16, int32, ...)");
  std::optional<isa::DType> D = isa::lookupDType(T.Text);
  if (!D) {
    std::vector<std::string> Names;
    for (const isa::DTypeDesc &DT : isa::dtypes())
      Names.push_back(DT.Name);
    failAt(T, fmt::format("unknown dtype '{}': expected one of {}", T.Text.str(),
                          fmt::join(Names, ", ")));
  }
  if (isa::dtype(*D).MinGen > chip().Gen)
    failAt(T, fmt::format("dtype {} needs {} or later; this program targets {}", T.Text.str(),
                          isa::chips()[isa::dtype(*D).MinGen - 2].Name, chip().Name));
  (void)ForTensor;
  return *D;
}

std::vector<uint64_t> Parser::parseShape(bool OnChip) {
  const Token &Start = tok();
  expect(Tok::LBracket, "'[' and the shape");
  std::vector<uint64_t> Shape;
  std::vector<SMRange> Dims;
  do {
    const Token &DimStart = tok();
    int64_t V = expr();
    Dims.push_back(range(DimStart, Cur[-1]));
    if (V < 1) // before a later dimension's error, as written
      fail(DimStart.Loc,
           fmt::format("dimension {} is {}: dimensions are at least 1", Shape.size(), V),
           Dims.back());
    Shape.push_back(static_cast<uint64_t>(V));
  } while (accept(Tok::Comma));
  expect(Tok::RBracket, "',' or ']'");
  if (Shape.size() > 8)
    fail(Cur[-1].Loc, fmt::format("a shape of rank {}: at most 8 dimensions", Shape.size()));
  if (auto Err = checkShape(Shape, OnChip))
    fail(Start.Loc, Err->Message, range(Start, Cur[-1]));
  return Shape;
}

void Parser::tensorDirective() {
  const Token &Name = expectIdent("a tensor name");
  expect(Tok::Colon, "':' and the tensor's dtype");
  object::Tensor T;
  T.Name = Name.Text.str();
  T.Type = parseDType(true);
  const Token &ShapeStart = tok();
  T.Shape = parseShape(false);
  const Token &Role = expectIdent("the tensor's role: input, output or scratch");
  if (Role.Text == "input")
    T.Role = object::TensorRole::Input;
  else if (Role.Text == "output")
    T.Role = object::TensorRole::Output;
  else if (Role.Text == "scratch")
    T.Role = object::TensorRole::Scratch;
  else
    failAt(Role,
           fmt::format("unknown role '{}': expected input, output or scratch", Role.Text.str()));
  if (tok().isIdent("shared")) {
    ++Cur;
    T.Shared = true;
  }
  uint64_t Bytes = T.bytes();
  std::optional<int64_t> At;
  SMRange AtRange;
  if (tok().isIdent("at")) {
    ++Cur;
    const Token &AtStart = tok();
    At = expr();
    AtRange = range(AtStart, Cur[-1]);
  }
  if (auto Err = Lay.placeTensor(T, At, chip())) {
    if (Err->What == LayoutError::Part::At)
      fail(AtRange.Start, Err->Message, AtRange);
    fail(ShapeStart.Loc, Err->Message, range(ShapeStart, Cur[-1]));
  }
  if (at(Tok::Equal))
    if (auto Err = checkInitialDataSize(T, Prog.Data.size()))
      failAt(tok(), Err->Message);
  // A line that fails keeps none of the data it added (nor its budget).
  uint64_t Committed = 0;
  auto Rollback = llvm::make_scope_exit([&, Mark = Prog.Data.size()] {
    Budget.release(Committed);
    Prog.Data.resize(Mark);
  });
  if (at(Tok::Equal)) {
    if (auto Err = Budget.check(
            Bytes, fmt::format("the initial data of tensor '{}' ({})", T.Name, formatBytes(Bytes))))
      failAt(tok(), *Err);
    Budget.commit(Bytes, T.Name);
    Committed = Bytes;
  }
  if (at(Tok::Equal) && Cur[1].isIdent("hex") && Cur[2].is(Tok::LParen)) {
    // Initial data as raw little-endian bytes, exactly (what trn-objdump
    // writes): hex("0a1b...").
    Cur += 3;
    const Token &Str = expect(Tok::String, "a string of hex digits");
    expect(Tok::RParen, "')'");
    if (size_t Bad = Str.Text.find_if_not(llvm::isHexDigit); Bad != llvm::StringRef::npos)
      failAt(Str, fmt::format("'{}' in hex(...) is not a hex digit", Str.Text[Bad]));
    if (Str.Text.size() != 2 * Bytes)
      failAt(Str, fmt::format("tensor '{}' has {} bytes: hex(...) needs exactly {} hex digits, "
                              "not {}",
                              T.Name, Bytes, 2 * Bytes, Str.Text.size()));
    T.InitOffset = Prog.Data.size();
    Prog.Data.reserve(Prog.Data.size() + Bytes);
    for (size_t I = 0; I < Bytes; ++I)
      Prog.Data.push_back(
          static_cast<uint8_t>(llvm::hexFromNibbles(Str.Text[2 * I], Str.Text[2 * I + 1])));
  } else if (accept(Tok::Equal)) {
    // Initial data: [v, v, ...] or fill(v), converted to the dtype.
    std::vector<double> Values;
    const Token &InitStart = tok();
    bool Fill = tok().isIdent("fill");
    if (Fill) {
      ++Cur;
      expect(Tok::LParen, "'('");
    } else {
      expect(Tok::LBracket, "'[' or fill(...) for the initial data");
    }
    do {
      bool Neg = accept(Tok::Minus);
      // Not consumed unless it is a number: the end of the line or file
      // must stay where the error recovery looks for it.
      const Token &V = tok();
      double D;
      if (V.is(Tok::Int))
        D = static_cast<double>(V.IntValue);
      else if (V.is(Tok::Float)) {
        D = V.FloatValue;
        if (std::isinf(D))
          failAt(V, fmt::format("{} is beyond the range of any float (write inf for infinity)",
                                V.Text.str()));
      } else if (V.isIdent("inf"))
        D = INFINITY;
      else if (V.isIdent("nan"))
        D = NAN;
      else
        failAt(V, "expected a number in the initial data");
      ++Cur;
      Values.push_back(Neg ? -D : D);
    } while (!Fill && accept(Tok::Comma));
    expect(Fill ? Tok::RParen : Tok::RBracket, Fill ? "')'" : "',' or ']'");
    const isa::DTypeDesc &DT = isa::dtype(T.Type);
    T.InitOffset = Prog.Data.size();
    Prog.Data.resize(Prog.Data.size() + Bytes);
    uint8_t *Out = Prog.Data.data() + *T.InitOffset;
    if (auto Err = convertInitialData(T, Values, Fill, Out))
      fail(InitStart.Loc, Err->Message, range(InitStart, Cur[-1]));
    // fill(v): the value was converted once; its bytes are repeated.
    for (uint64_t Done = DT.StorageBytes; Fill && Done < Bytes; Done *= 2)
      std::memcpy(Out + Done, Out, std::min(Done, Bytes - Done));
  }
  T.Loc = sourceLoc(Name.Loc);
  define(Name, SymKind::Tensor, 0, Prog.Tensors.size());
  Prog.Tensors.push_back(std::move(T));
  Rollback.release();
}

void Parser::allocDirective(isa::MemSpace Space, const Token &Dir) {
  bool Psum = Space == isa::MemSpace::PSUM;
  const Token &Name = expectIdent(Psum ? "a PSUM allocation name" : "an SBUF allocation name");
  expect(Tok::Colon, "':' and the allocation's dtype");
  object::Allocation A;
  A.Name = Name.Text.str();
  A.Space = Space;
  A.Type = parseDType(false);
  const Token &ShapeStart = tok();
  A.Shape = parseShape(true);
  const Token &ShapeEnd = Cur[-1];
  const isa::ChipDesc &C = chip();
  std::optional<int64_t> At;
  SMRange AtRange(Dir.Loc, Dir.end()), PartRange(Dir.Loc, Dir.end());
  while (at(Tok::Ident)) {
    const Token &Key = take();
    const Token &ValStart = tok();
    if (Key.Text == "partition") {
      int64_t P = expr();
      PartRange = range(ValStart, Cur[-1]);
      if (P < 0 || P > 127)
        fail(ValStart.Loc, fmt::format("partition {} is out of range 0 to 127", P), PartRange);
      A.PartStart = static_cast<uint32_t>(P);
    } else if (Key.Text == "at" || (Psum && Key.Text == "bank")) {
      int64_t V = expr();
      AtRange = range(ValStart, Cur[-1]);
      if (Key.Text == "bank")
        if (auto Err = psumBankOffset(V, C, V))
          fail(ValStart.Loc, Err->Message, AtRange);
      At = V;
    } else {
      failAt(Key, fmt::format("unexpected '{}': expected {}", Key.Text.str(),
                              Psum ? "'partition', 'at' or 'bank'" : "'partition' or 'at'"));
    }
  }
  if (auto Err = Lay.placeAllocation(A, At, C)) {
    SMRange R = Err->What == LayoutError::Part::At          ? AtRange
                : Err->What == LayoutError::Part::Partition ? PartRange
                                                            : range(ShapeStart, ShapeEnd);
    fail(R.Start, Err->Message, R);
  }
  A.Loc = sourceLoc(Name.Loc);
  define(Name, SymKind::Alloc, 0, Prog.Allocations.size());
  Prog.Allocations.push_back(std::move(A));
}

void Parser::semDirective() {
  const Token &Name = expectIdent("a semaphore name");
  object::Semaphore S;
  S.Name = Name.Text.str();
  std::optional<int64_t> At;
  SMRange AtRange;
  if (tok().isIdent("at")) {
    ++Cur;
    const Token &AtStart = tok();
    At = expr();
    AtRange = range(AtStart, Cur[-1]);
  }
  if (auto Err = Lay.placeSemaphore(S, At, Prog.Semaphores, chip())) {
    if (Err->What == LayoutError::Part::At)
      fail(AtRange.Start, Err->Message, AtRange);
    failAt(Name, Err->Message);
  }
  if (accept(Tok::Equal))
    S.Initial = static_cast<int32_t>(exprRanged(INT32_MIN, INT32_MAX, "a semaphore's value"));
  S.Loc = sourceLoc(Name.Loc);
  define(Name, SymKind::Sem, S.Index, Prog.Semaphores.size());
  Prog.Semaphores.push_back(std::move(S));
}

//===-- instructions --------------------------------------------------------===//

void Parser::instruction() {
  const Token *Prefix = nullptr;
  if (Cur[1].is(Tok::Dot) && Cur[2].is(Tok::Ident) && !isa::lookupEnginePrefix(tok().Text))
    failAt(tok(),
           fmt::format("unknown engine '{}': expected pe, dve, act, pool or sp", tok().Text.str()));
  if (Cur[1].is(Tok::Dot) && isa::lookupEnginePrefix(tok().Text)) {
    Prefix = &take();
    ++Cur;
  }
  const Token &Mnemonic = expectIdent("an instruction mnemonic");
  isa::Engine Eng;
  const isa::InstrDesc &D = selectInstr(Prefix, Mnemonic, Eng);
  Pending P;
  P.I.Op = D.Op;
  P.I.Eng = Eng;
  P.Loc = Prefix ? Prefix->Loc : Mnemonic.Loc;
  P.Mnemonic = SMRange(P.Loc, Mnemonic.end());
  for (size_t K = 0; K < D.Operands.size(); ++K)
    P.I.Operands[K] = isa::defaultOperand(D.Operands[K]);

  // Positional operands, then key=value ones.
  std::vector<bool> Given(D.Operands.size(), false);
  std::vector<size_t> Positional;
  for (size_t K = 0; K < D.Operands.size(); ++K)
    if (!D.Operands[K].Keyword)
      Positional.push_back(K);
  auto Names = [&](bool Keywords) {
    std::vector<std::string> N;
    for (const isa::OperandDesc &O : D.Operands)
      if (!!O.Keyword == Keywords)
        N.push_back(O.Name);
    return fmt::format("{}", fmt::join(N, ", "));
  };
  size_t NextPos = 0;
  bool Any =
      !atEnd() && !((tok().isIdent("wait") || tok().isIdent("signal")) && Cur[1].is(Tok::LParen));
  while (Any) {
    if (at(Tok::Ident) && Cur[1].is(Tok::Equal)) {
      const Token &Key = take();
      ++Cur;
      auto It = std::find_if(D.Operands.begin(), D.Operands.end(), [&](const isa::OperandDesc &O) {
        return O.Keyword && Key.Text == O.Keyword;
      });
      if (It == D.Operands.end()) {
        bool IsRequired =
            std::any_of(D.Operands.begin(), D.Operands.end(),
                        [&](const isa::OperandDesc &O) { return Key.Text == O.Name; });
        if (IsRequired)
          failAt(Key, fmt::format("operand '{}' of '{}' is written by position, not as '{}='",
                                  Key.Text.str(), D.Mnemonic, Key.Text.str()));
        std::string Opt = Names(true);
        failAt(Key, fmt::format("'{}' has no operand '{}'{}", D.Mnemonic, Key.Text.str(),
                                Opt.empty() ? std::string(" and no optional operands")
                                            : "; its optional operands are " + Opt));
      }
      size_t K = It - D.Operands.begin();
      if (Given[K])
        failAt(Key, fmt::format("operand '{}' is given twice", Key.Text.str()));
      Given[K] = true;
      parseOperand(D, static_cast<unsigned>(K), Eng, P);
      P.Operands[K] = range(Key, Cur[-1]);
    } else {
      if (at(Tok::Error))
        failAt(tok(), tok().message());
      if ((tok().isIdent("wait") || tok().isIdent("signal")) && Cur[1].is(Tok::LParen))
        failAt(tok(), "wait(...) and signal(...) follow the operands without a comma");
      if (atEnd())
        failAt(tok(), "expected an operand after ','");
      if (NextPos >= Positional.size())
        failAt(tok(), fmt::format("'{}' takes {} operand{}{}{}; this is one too many", D.Mnemonic,
                                  Positional.size(), Positional.size() == 1 ? "" : "s",
                                  Positional.empty() ? "" : " (" + Names(false) + ")",
                                  Names(true).empty() ? "" : " and optional key=value operands"));
      size_t K = Positional[NextPos++];
      Given[K] = true;
      const Token &Start = tok();
      parseOperand(D, static_cast<unsigned>(K), Eng, P);
      P.Operands[K] = range(Start, Cur[-1]);
    }
    if (!accept(Tok::Comma))
      break;
  }
  if (NextPos < Positional.size())
    failAt(tok(),
           fmt::format("'{}' needs {} operand{} ({}); found {}", D.Mnemonic, Positional.size(),
                       Positional.size() == 1 ? "" : "s", Names(false), NextPos));
  parseSync(P.I);
  if (!atEnd())
    failAt(tok(), at(Tok::Error)
                      ? tok().message()
                      : fmt::format("expected ',' or end of line, found '{}'", tok().Text.str()));

  // Labels before it name it.
  auto &Stream = Streams[static_cast<unsigned>(Eng)];
  for (auto &[Name, Loc] : PendingLabels) {
    Symbol &S = Symbols[Name->Text];
    S.Value = static_cast<int64_t>(Eng);
    S.Index = Stream.size();
    Prog.Labels.push_back({Name->Text.str(), Eng, static_cast<uint32_t>(Stream.size())});
  }
  PendingLabels.clear();
  // Each instruction costs the host its pending form now and its encoding
  // and line-table entry in the program: counted against --max-memory as
  // the stream grows (a short .rept can make millions).
  uint64_t Grow = Stream.size() == Stream.capacity() ? std::max<size_t>(Stream.capacity(), 1) : 0;
  uint64_t Bytes =
      Grow * sizeof(Pending) + isa::instr(P.I.Op).SizeBytes + sizeof(object::SourceLoc);
  if (!Budget.tryCommit(Bytes))
    fatal(P.Loc,
          *Budget.check(Bytes, fmt::format("{}'s instruction stream ({} instructions so far)",
                                           isa::engine(Eng).RecordName, Stream.size())),
          P.Mnemonic);
  Stream.push_back(std::move(P));
}

void Parser::finish() {
  for (auto &[Name, Loc] : PendingLabels)
    report(SourceMgr::DK_Error, Loc,
           fmt::format("label '{}' is not followed by an instruction", Name->Text.str()),
           SMRange(Name->Loc, Name->end()));
  // Resolve labels and encode every instruction, stream by stream.
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    object::Stream &Out = Prog.Streams[E];
    for (Pending &P : Streams[E]) {
      for (auto [K, Name] : P.LabelRefs) {
        auto It = Symbols.find(Name->Text);
        if (It == Symbols.end() || It->second.Kind != SymKind::Label) {
          report(SourceMgr::DK_Error, Name->Loc,
                 fmt::format("branch to unknown label '{}'", Name->Text.str()),
                 SMRange(Name->Loc, Name->end()));
          continue;
        }
        if (It->second.Value != static_cast<int64_t>(E)) {
          report(SourceMgr::DK_Error, Name->Loc,
                 fmt::format("label '{}' is in the {} stream, but this branch runs on {}: a "
                             "branch stays in its own engine's stream",
                             Name->Text.str(),
                             isa::engine(static_cast<isa::Engine>(It->second.Value)).RecordName,
                             isa::engine(static_cast<isa::Engine>(E)).RecordName),
                 SMRange(Name->Loc, Name->end()));
          continue;
        }
        P.I.Operands[K].Int = static_cast<int64_t>(It->second.Index);
      }
      const isa::InstrDesc &D = P.I.desc();
      for (size_t K = 0; K < D.Operands.size(); ++K)
        if (D.Operands[K].Kind == isa::OperandKind::Label &&
            static_cast<uint64_t>(P.I.Operands[K].Int) >= Streams[E].size())
          report(SourceMgr::DK_Error, P.Loc,
                 fmt::format("branch target @{} is past the end of the {} stream ({} "
                             "instruction{})",
                             P.I.Operands[K].Int,
                             isa::engine(static_cast<isa::Engine>(E)).RecordName, Streams[E].size(),
                             Streams[E].size() == 1 ? "" : "s"));
      std::vector<uint8_t> Bytes;
      if (auto Err = isa::encode(P.I, Bytes)) {
        report(SourceMgr::DK_Error, P.Loc, Err->Message);
        continue;
      }
      Out.Offsets.push_back(static_cast<uint32_t>(Out.Code.size()));
      Out.Locs.push_back(sourceLoc(P.Loc));
      Out.Code.insert(Out.Code.end(), Bytes.begin(), Bytes.end());
    }
  }
  if (Opts.Verify)
    verify();
  // Labels in stream order, as the disassembly lists them, so that a round
  // trip gives the same symbol table. Each engine's labels were defined in
  // its stream's order, so grouping them by engine, in order, is enough.
  std::vector<object::Label> ByStream;
  ByStream.reserve(Prog.Labels.size());
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    for (object::Label &L : Prog.Labels)
      if (static_cast<unsigned>(L.Eng) == E)
        ByStream.push_back(std::move(L));
  Prog.Labels = std::move(ByStream);
  if (Errors)
    return;
  // Warnings in source order, whatever the symbol table's order.
  std::vector<std::pair<object::SourceLoc, std::string>> Notes;
  std::vector<SMLoc> Locs;
  for (const auto &Entry : Symbols) {
    const Symbol &S = Entry.second;
    std::string Msg;
    if ((S.Kind == SymKind::Tensor || S.Kind == SymKind::Alloc) && !S.Used)
      Msg = fmt::format("{} '{}' is declared but never used",
                        S.Kind == SymKind::Tensor ? "tensor" : "allocation", Entry.first().str());
    else if (S.Kind == SymKind::Sem && S.Signalled && !S.Waited)
      Msg = fmt::format("semaphore '{}' is signalled but never waited on", Entry.first().str());
    if (!Msg.empty()) {
      Notes.push_back({sourceLoc(S.Loc), Msg});
      Locs.push_back(S.Loc);
    }
  }
  std::vector<size_t> Order(Notes.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const object::SourceLoc &X = Notes[A].first, &Y = Notes[B].first;
    return std::tie(X.File, X.Line, X.Col) < std::tie(Y.File, Y.Line, Y.Col);
  });
  for (size_t I : Order)
    warn(Locs[I], Notes[I].second);
}

void Parser::verify() {
  // Every instruction, run or not, in source order after the other errors.
  struct Found {
    object::SourceLoc Where;
    SMRange Range;
    std::string Message;
    SMLoc NoteLoc;
    std::string Note;
  };
  std::vector<Found> All;
  verify::Context C{&chip(), &Prog.Tensors};
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    auto At = [&](uint32_t K) -> const isa::Instr & { return Streams[E][K].I; };
    for (verify::StreamDiagnostic &SD :
         verify::verifyStream(static_cast<uint32_t>(Streams[E].size()), At, C)) {
      const Pending &P = Streams[E][SD.Index];
      int K = SD.D.Operand;
      SMRange R = K >= 0 && P.Operands[K].isValid() ? P.Operands[K] : P.Mnemonic;
      Found F{sourceLoc(R.Start), R, std::move(SD.D.Message), SMLoc(), SD.D.RelatedNote};
      if (SD.D.Related && *SD.D.Related < Streams[E].size())
        F.NoteLoc = Streams[E][*SD.D.Related].Loc;
      All.push_back(std::move(F));
    }
  }
  // Source order, ties in the order found (an index, not std::stable_sort,
  // whose temporary buffer libstdc++ 12 deprecates under Clang).
  std::vector<size_t> Order(All.size());
  std::iota(Order.begin(), Order.end(), size_t(0));
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return std::tie(All[A].Where.File, All[A].Where.Line, All[A].Where.Col, A) <
           std::tie(All[B].Where.File, All[B].Where.Line, All[B].Where.Col, B);
  });
  for (size_t K : Order) {
    const Found &F = All[K];
    report(SourceMgr::DK_Error, F.Range.Start, F.Message, F.Range);
    if (F.NoteLoc.isValid())
      printMessage(F.NoteLoc, SourceMgr::DK_Note, F.Note);
  }
}

//===-- entry points ---------------------------------------------------------===//

namespace {

// The public API takes a std::ostream (no LLVM type in it); SourceMgr
// writes to an llvm::raw_ostream, flushed to it when the entry point
// returns. A std::ostream is no terminal LLVM can ask about: colours are
// what Options::Color says.
class DiagStream : public llvm::raw_os_ostream {
public:
  DiagStream(std::ostream &OS, bool Color) : raw_os_ostream(OS), Color(Color) {
    enable_colors(Color);
  }
  bool has_colors() const override { return Color; }

private:
  bool Color;
};

} // namespace

Result assembleText(const std::string &Name, const std::string &Text, const Options &Opts,
                    std::ostream &DiagOut) {
  DiagStream Diag(DiagOut, Opts.Color);
  return Parser(Opts, Diag).run(llvm::MemoryBuffer::getMemBufferCopy(Text, Name));
}

Result assembleFile(const std::string &Path, const Options &Opts, std::ostream &DiagOut) {
  DiagStream Diag(DiagOut, Opts.Color);
  Parser P(Opts, Diag);
  auto Buf = readSourceFile(Path, P.budget(), /*RegularOnly=*/false);
  if (auto *Err = std::get_if<std::string>(&Buf)) {
    Diag << Path << ": error: " << *Err << "\n";
    Result R;
    R.Errors = 1;
    R.Diagnostics.push_back({Path, 0, 0, Diagnostic::Severity::Error, *Err});
    return R;
  }
  return P.run(std::move(std::get<std::unique_ptr<llvm::MemoryBuffer>>(Buf)));
}

} // namespace trn::assembler
