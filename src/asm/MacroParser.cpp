//===- MacroParser.cpp - .macro, .rept, .irp and their expansions ---------===//
//
// A body is found in the text (Macros.h), checked once where it is written
// (every \name must name something), and each call or repetition is new
// text read as a file would be. Expansions are bounded: in depth (a macro
// that calls itself), and in lines and bytes made (.rept of .rept, a
// parameter repeated in a call of a call); past a bound assembly stops.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"
#include "SourceFile.h"
#include "llvm/ADT/ScopeExit.h"
#include "trn/isa/Isa.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::assembler {

using llvm::SMLoc;
using llvm::SMRange;
using llvm::SourceMgr;

namespace {

bool isName(llvm::StringRef S) {
  return !S.empty() && (std::isalpha(static_cast<unsigned char>(S[0])) || S[0] == '_') &&
         std::all_of(S.begin(), S.end(), [](char C) {
           return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
         });
}

constexpr llvm::StringLiteral DirectiveNames[] = {"include", "chip", "const", "tensor", "sbuf",
                                                  "psum",    "sem",  "macro", "endm",   "rept",
                                                  "irp",     "endr", "exitm"};

std::string quotedRefs(llvm::ArrayRef<std::string> Names) {
  std::vector<std::string> Q;
  for (const std::string &N : Names)
    Q.push_back("'\\" + N + "'");
  return Q.empty() ? "no names" : fmt::format("{}", fmt::join(Q, ", "));
}

} // namespace

void Parser::fatal(SMLoc Loc, const llvm::Twine &Msg, SMRange Range) {
  report(SourceMgr::DK_Error, Loc, Msg, Range);
  Stopped = true;
  throw LineError{};
}

std::vector<Parser::Arg> Parser::splitArgs(llvm::function_ref<bool(llvm::StringRef)> IsKey) {
  std::vector<Arg> Out;
  if (atEnd())
    return Out;
  for (;;) {
    const Token *First = Cur;
    int Depth = 0;
    while (!atEnd() && !(Depth == 0 && at(Tok::Comma))) {
      if (at(Tok::Error))
        failAt(tok(), tok().message());
      if (at(Tok::LParen) || at(Tok::LBracket))
        ++Depth;
      else if ((at(Tok::RParen) || at(Tok::RBracket)) && Depth)
        --Depth;
      ++Cur;
    }
    Arg A;
    if (Cur == First) {
      A.Text = llvm::StringRef(tok().Loc.getPointer(), 0);
      A.Range = SMRange(tok().Loc, tok().Loc);
    } else {
      const Token *Last = Cur - 1;
      // A string's token leaves out its quotes; the argument keeps them.
      const char *End = Last->Text.end() + (Last->is(Tok::String) ? 1 : 0);
      const Token *Value = First;
      if (IsKey && First->is(Tok::Ident) && First[1].is(Tok::Equal) && IsKey(First->Text)) {
        A.Key = First->Text;
        Value = First + 2;
      }
      const char *Begin = Value < Cur ? Value->Loc.getPointer() : End;
      A.Text = llvm::StringRef(Begin, End - Begin);
      A.Range = SMRange(First->Loc, SMLoc::getFromPointer(End));
    }
    Out.push_back(A);
    if (!accept(Tok::Comma))
      break;
  }
  return Out;
}

bool Parser::checkRefs(llvm::StringRef Body, llvm::ArrayRef<std::string> Names, bool Counter,
                       bool Iteration, const char *Where) {
  bool Ok = true;
  walkBody(Body, [&](llvm::StringRef Line, size_t, llvm::ArrayRef<Ref> Refs) {
    for (const Ref &R : Refs) {
      if (R.Inner)
        continue;
      std::string Msg;
      switch (R.K) {
      case Ref::Name:
        if (std::find(Names.begin(), Names.end(), R.Text) != Names.end())
          continue;
        Msg =
            fmt::format("unknown name '\\{}': {} binds {}", R.Text.str(), Where, quotedRefs(Names));
        break;
      case Ref::Counter:
        if (Counter)
          continue;
        Msg = "'\\@' counts macro expansions: it belongs in a macro's body";
        break;
      case Ref::Iteration:
        if (Iteration)
          continue;
        Msg = "'\\+' counts iterations: it belongs in a '.rept' or '.irp' body";
        break;
      case Ref::Separator:
        continue;
      case Ref::Stray:
        Msg = "'\\' must be followed by a name, '@', '+' or '()'";
        break;
      }
      SMLoc L = SMLoc::getFromPointer(Line.data() + R.Off);
      report(SourceMgr::DK_Error, L, Msg,
             SMRange(L, SMLoc::getFromPointer(L.getPointer() + R.Len)));
      Ok = false;
    }
  });
  return Ok;
}

std::optional<llvm::StringRef> Parser::collectBody(const Token &Dir, BlockWord Open, bool &Broken,
                                                   llvm::ArrayRef<std::string> Names, bool Counter,
                                                   bool Iteration) {
  bool IsMacro = Open == BlockWord::Macro;
  const char *TextEnd = CurText.end();
  const char *Start = at(Tok::Newline) ? tok().Loc.getPointer() + 1 : TextEnd;
  std::vector<SMLoc> Inner; // .rept and .irp opened in the body
  bool InnerMacro = false;  // a .macro in the body (reported): its .endm is not ours
  const char *BodyEnd = nullptr;
  for (const char *P = Start; P < TextEnd && !BodyEnd;) {
    const char *E = std::find(P, TextEnd, '\n');
    BlockLine B = blockLine(llvm::StringRef(P, E - P));
    SMLoc At = SMLoc::getFromPointer(P + B.At);
    auto Error = [&](const std::string &Msg) {
      size_t Len = 1;
      while (P + B.At + Len < E && std::isalpha(static_cast<unsigned char>(P[B.At + Len])))
        ++Len;
      report(SourceMgr::DK_Error, At, Msg, SMRange(At, SMLoc::getFromPointer(P + B.At + Len)));
      Broken = true;
    };
    switch (B.Word) {
    case BlockWord::None:
      break;
    case BlockWord::Rept:
    case BlockWord::Irp:
      Inner.push_back(At);
      break;
    case BlockWord::Endr:
      if (!Inner.empty())
        Inner.pop_back();
      else if (!IsMacro)
        BodyEnd = P;
      else
        Error("'.endr' without '.rept' or '.irp' in the macro's body");
      break;
    case BlockWord::Macro:
      Error(IsMacro ? "a macro cannot be defined inside another macro's body"
                    : "a macro cannot be defined inside a '.rept' or '.irp' body");
      InnerMacro = true;
      break;
    case BlockWord::Endm:
      if (InnerMacro)
        InnerMacro = false;
      else if (IsMacro)
        BodyEnd = P;
      else
        Error("'.endm' without '.macro' in a '.rept' or '.irp' body");
      break;
    }
    P = E == TextEnd ? TextEnd : E + 1;
  }
  if (!BodyEnd) {
    report(SourceMgr::DK_Error, Dir.Loc,
           fmt::format("'{}' without a matching '{}'", Dir.Text.str(), IsMacro ? ".endm" : ".endr"),
           SMRange(Dir.Loc, Dir.end()));
    while (!at(Tok::Eof))
      ++Cur;
    return std::nullopt;
  }
  for (SMLoc L : Inner) {
    report(SourceMgr::DK_Error, L,
           "'.rept' or '.irp' without a matching '.endr' in the macro's body", SMRange(L, L));
    Broken = true;
  }
  llvm::StringRef Body(Start, BodyEnd - Start);
  std::string Where = IsMacro ? "the macro" : fmt::format("this '{}'", Dir.Text.str());
  if (!checkRefs(Body, Names, Counter, Iteration, Where.c_str()))
    Broken = true;
  // The closing line: its directive is read here, the rest by the caller.
  while (!at(Tok::Eof) && tok().Loc.getPointer() < BodyEnd)
    ++Cur;
  take(); // '.'
  take(); // endm or endr
  return Body;
}

void Parser::macroDirective(const Token &Dir) {
  Macro M;
  const Token *Name = nullptr;
  bool Broken = false;
  try {
    // A name that is refused defines nothing: the calls report themselves.
    const Token &T = expectIdent("a macro name");
    llvm::StringRef N = T.Text;
    if (!isa::lookupMnemonic(N).empty())
      failAt(T, fmt::format("macro '{}' is named like an instruction", N.str()));
    if (isa::lookupEnginePrefix(N))
      failAt(T, fmt::format("macro '{}' is named like an engine", N.str()));
    if (std::find(std::begin(DirectiveNames), std::end(DirectiveNames), N) !=
        std::end(DirectiveNames))
      failAt(T, fmt::format("macro '{}' is named like the directive '.{}'", N.str(), N.str()));
    Name = &T;
    M.Loc = Name->Loc;
    accept(Tok::Comma); // GNU as allows one after the name
    for (const Arg &A : splitArgs([](llvm::StringRef) { return true; })) {
      llvm::StringRef P = A.Key.empty() ? A.Text : A.Key;
      if (!isName(P))
        fail(A.Range.Start,
             A.Text.empty() ? "expected a parameter name"
                            : fmt::format("expected a parameter name, found '{}'", A.Text.str()),
             A.Range);
      if (std::find(M.Params.begin(), M.Params.end(), P) != M.Params.end())
        fail(A.Range.Start, fmt::format("parameter '{}' is named twice", P.str()), A.Range);
      M.Params.push_back(P.str());
      M.Defaults.push_back(A.Key.empty() ? std::nullopt : std::optional(A.Text.str()));
    }
  } catch (LineError &) {
    Broken = true;
    while (!atEnd())
      ++Cur;
  }
  std::optional<llvm::StringRef> Body =
      collectBody(Dir, BlockWord::Macro, Broken, M.Params, /*Counter=*/true, /*Iteration=*/false);
  if (!Body || !Name)
    return;
  M.Body = *Body;
  M.Broken = Broken;
  auto [It, Inserted] = Macros.try_emplace(Name->Text, M);
  if (!Inserted) {
    report(SourceMgr::DK_Error, Name->Loc,
           fmt::format("macro '{}' is already defined", Name->Text.str()),
           SMRange(Name->Loc, Name->end()));
    printMessage(It->second.Loc, SourceMgr::DK_Note, "previous definition is here");
  }
}

void Parser::exitmDirective(const Token &Dir) {
  if (!MacroDepth)
    failAt(Dir, "'.exitm' outside a macro");
  ExitMacro = true;
}

void Parser::checkExpansionLimits(const Expansion &E, uint64_t Lines) {
  if (ExpansionDepth >= Opts.MaxExpansionDepth)
    fatal(E.CallLoc,
          fmt::format("expansions nested more than {} deep, the limit (does a macro call itself?)",
                      Opts.MaxExpansionDepth),
          E.CallRange);
  if (Lines > Opts.MaxExpansionLines || ExpandedLines + Lines > Opts.MaxExpansionLines)
    fatal(E.CallLoc,
          fmt::format("expansions would make more than {} lines, the limit for all of them "
                      "together",
                      Opts.MaxExpansionLines),
          E.CallRange);
}

void Parser::readExpansion(std::unique_ptr<Expansion> E) {
  ExpandedBytes += E->Text.size();
  auto Refuse = [&](const std::string &Msg) { fatal(E->CallLoc, Msg, E->CallRange); };
  uint64_t Estimate = estimateTokens(E->Text) * sizeof(Token) + E->Text.size() +
                      E->Lines.size() * sizeof(Expansion::Line) +
                      E->Pieces.size() * sizeof(Expansion::Piece);
  if (!Budget.tryCommit(Estimate))
    Refuse(*Budget.check(Estimate, fmt::format("an expansion (about {})", formatBytes(Estimate))));
  const Expansion &X = *E;
  ExpansionAt[X.Text.data()] = &X;
  Expansions.push_back(std::move(E));
  TokenStore.push_back(lex(X.Text));
  ++ExpansionDepth;
  auto Done = llvm::make_scope_exit([&] { --ExpansionDepth; });
  readTokens(TokenStore.back().data(), X.Text, 0);
}

void Parser::reptDirective(const Token &Dir, bool Irp) {
  uint64_t Count = 0;
  std::string Sym;
  std::vector<Arg> Values;
  bool Broken = false;
  try {
    if (!Irp) {
      const Token &Start = tok();
      int64_t N = expr();
      if (N < 0)
        fail(Start.Loc, fmt::format("'.rept' count {} is negative", N), range(Start, Cur[-1]));
      Count = static_cast<uint64_t>(N);
    } else {
      Sym = expectIdent("the name of the '.irp' symbol").Text.str();
      if (!atEnd()) {
        expect(Tok::Comma, "',' and the values");
        Values = splitArgs(nullptr);
      }
      Count = Values.size();
    }
    if (!atEnd())
      failAt(tok(), fmt::format("expected end of line, found '{}'", tok().Text.str()));
  } catch (LineError &) {
    Broken = true;
    while (!atEnd())
      ++Cur;
  }
  std::vector<std::string> Names;
  if (Irp && !Sym.empty())
    Names.push_back(Sym);
  // A .rept or .irp inside a macro's body may use \@; by now it is replaced.
  std::optional<llvm::StringRef> Body = collectBody(Dir, Irp ? BlockWord::Irp : BlockWord::Rept,
                                                    Broken, Names, /*Counter=*/false, true);
  if (!Body || Broken || Count == 0)
    return;
  auto E = std::make_unique<Expansion>();
  E->K = Irp ? Expansion::Kind::Irp : Expansion::Kind::Rept;
  E->Name = Sym;
  E->Count = static_cast<unsigned>(std::min<uint64_t>(Count, UINT32_MAX));
  E->CallLoc = Dir.Loc;
  E->CallRange = SMRange(Dir.Loc, Dir.end());
  for (const Arg &V : Values)
    E->Values.push_back(V.Text.str());
  uint64_t BodyLines = std::max<uint64_t>(1, std::count(Body->begin(), Body->end(), '\n'));
  checkExpansionLimits(*E, Count > Opts.MaxExpansionLines ? Count : Count * BodyLines);
  for (uint64_t I = 0; I < Count; ++I)
    walkBody(*Body, [&](llvm::StringRef Line, size_t, llvm::ArrayRef<Ref> Refs) {
      E->addLine(
          Line, Line.data(), Refs,
          [&](const Ref &R) -> std::optional<std::string> {
            if (R.K == Ref::Iteration)
              return std::to_string(I);
            if (R.K == Ref::Separator)
              return std::string();
            if (R.K == Ref::Name && Irp && R.Text == Sym)
              return E->Values[I];
            return std::nullopt;
          },
          static_cast<uint32_t>(I));
      if (ExpandedBytes + E->Text.size() > Opts.MaxExpansionBytes)
        fatal(E->CallLoc,
              fmt::format("expansions would make more than {} of text, the limit for all of "
                          "them together",
                          formatBytes(Opts.MaxExpansionBytes)),
              E->CallRange);
    });
  ExpandedLines += Count * BodyLines;
  readExpansion(std::move(E));
}

void Parser::callMacro(const Macro &M, const Token &Name) {
  std::vector<Arg> Args = splitArgs([](llvm::StringRef) { return true; });
  if (M.Broken) // its errors are reported; its calls add nothing
    return;
  std::vector<std::optional<std::string>> Values(M.Params.size());
  auto Params = [&] {
    return M.Params.empty() ? std::string("none") : fmt::format("{}", fmt::join(M.Params, ", "));
  };
  size_t Next = 0;
  for (const Arg &A : Args) {
    size_t K = Next;
    if (!A.Key.empty()) {
      K = std::find(M.Params.begin(), M.Params.end(), A.Key) - M.Params.begin();
      if (K == M.Params.size())
        fail(A.Range.Start,
             fmt::format("macro '{}' has no parameter '{}' (its parameters: {})", Name.Text.str(),
                         A.Key.str(), Params()),
             SMRange(A.Range.Start, SMLoc::getFromPointer(A.Key.end())));
    } else {
      if (Next >= M.Params.size())
        fail(A.Range.Start,
             fmt::format("macro '{}' takes {} argument{} ({}); this is one too many",
                         Name.Text.str(), M.Params.size(), M.Params.size() == 1 ? "" : "s",
                         Params()),
             A.Range);
      ++Next;
      if (A.Text.empty()) // left to its default
        continue;
    }
    if (Values[K])
      fail(A.Range.Start, fmt::format("argument '{}' is given twice", M.Params[K]), A.Range);
    Values[K] = A.Text.str();
  }
  for (size_t K = 0; K < M.Params.size(); ++K) {
    if (Values[K])
      continue;
    if (!M.Defaults[K])
      fail(Name.Loc,
           fmt::format("macro '{}' needs a value for '{}' (its parameters: {})", Name.Text.str(),
                       M.Params[K], Params()),
           SMRange(Name.Loc, Name.end()));
    Values[K] = M.Defaults[K];
  }
  auto E = std::make_unique<Expansion>();
  E->K = Expansion::Kind::Macro;
  E->Name = Name.Text.str();
  E->CallLoc = Name.Loc;
  E->CallRange = SMRange(Name.Loc, Name.end());
  uint64_t BodyLines = std::max<uint64_t>(1, std::count(M.Body.begin(), M.Body.end(), '\n'));
  checkExpansionLimits(*E, BodyLines);
  uint64_t Counter = MacroCalls++;
  walkBody(M.Body, [&](llvm::StringRef Line, size_t, llvm::ArrayRef<Ref> Refs) {
    E->addLine(
        Line, Line.data(), Refs,
        [&](const Ref &R) -> std::optional<std::string> {
          if (R.K == Ref::Counter)
            return std::to_string(Counter);
          if (R.K == Ref::Separator)
            return std::string();
          if (R.K == Ref::Name) {
            size_t K = std::find(M.Params.begin(), M.Params.end(), R.Text) - M.Params.begin();
            if (K < M.Params.size())
              return *Values[K];
          }
          return std::nullopt;
        },
        0);
    if (ExpandedBytes + E->Text.size() > Opts.MaxExpansionBytes)
      fatal(E->CallLoc,
            fmt::format("expansions would make more than {} of text, the limit for all of them "
                        "together",
                        formatBytes(Opts.MaxExpansionBytes)),
            E->CallRange);
  });
  ExpandedLines += BodyLines;
  ++MacroDepth;
  auto Done = llvm::make_scope_exit([&] {
    --MacroDepth;
    ExitMacro = false;
  });
  readExpansion(std::move(E));
}

} // namespace trn::assembler
