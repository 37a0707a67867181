//===- Macros.cpp - macro bodies and their expansions ---------------------===//

#include "Macros.h"

#include "llvm/ADT/StringSwitch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace trn::assembler {

namespace {

bool isIdentStart(char C) { return std::isalpha(static_cast<unsigned char>(C)) || C == '_'; }
bool isIdentChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

// The references in Line, up to its comment ('#' or "//" outside a string).
void findRefs(llvm::StringRef Line, std::vector<Ref> &Out) {
  bool InString = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (C == '"') {
      InString = !InString;
    } else if (!InString && (C == '#' || (C == '/' && I + 1 < Line.size() && Line[I + 1] == '/'))) {
      return;
    } else if (C == '\\') {
      Ref R{Ref::Stray, I, 1, {}, false};
      char N = I + 1 < Line.size() ? Line[I + 1] : 0;
      if (N == '@') {
        R.K = Ref::Counter, R.Len = 2;
      } else if (N == '+') {
        R.K = Ref::Iteration, R.Len = 2;
      } else if (N == '(' && I + 2 < Line.size() && Line[I + 2] == ')') {
        R.K = Ref::Separator, R.Len = 3;
      } else if (isIdentStart(N)) {
        size_t E = I + 1;
        while (E < Line.size() && isIdentChar(Line[E]))
          ++E;
        R.K = Ref::Name, R.Len = E - I, R.Text = Line.slice(I + 1, E);
      }
      Out.push_back(R);
      I += R.Len - 1;
    }
  }
}

} // namespace

BlockLine blockLine(llvm::StringRef Line) {
  BlockLine B;
  size_t At = Line.find_first_not_of(" \t\r");
  if (At == llvm::StringRef::npos || Line[At] != '.')
    return B;
  size_t End = At + 1;
  while (End < Line.size() && isIdentChar(Line[End]))
    ++End;
  llvm::StringRef Word = Line.slice(At + 1, End);
  B.Word = llvm::StringSwitch<BlockWord>(Word)
               .Case("macro", BlockWord::Macro)
               .Case("endm", BlockWord::Endm)
               .Case("rept", BlockWord::Rept)
               .Case("irp", BlockWord::Irp)
               .Case("endr", BlockWord::Endr)
               .Default(BlockWord::None);
  B.At = At;
  if (B.Word == BlockWord::Irp) {
    llvm::StringRef Rest = Line.drop_front(End).ltrim(" \t");
    size_t N = 0;
    while (N < Rest.size() && isIdentChar(Rest[N]))
      ++N;
    B.Name = Rest.take_front(N);
  }
  return B;
}

void walkBody(llvm::StringRef Body,
              llvm::function_ref<void(llvm::StringRef, size_t, llvm::ArrayRef<Ref>)> F) {
  // The blocks open inside Body: a .irp binds its symbol and \+, a .rept
  // \+ (an empty name); their references are theirs to replace.
  std::vector<llvm::StringRef> Inner;
  std::vector<Ref> Refs;
  for (size_t Off = 0; Off < Body.size();) {
    size_t End = std::min(Body.find('\n', Off), Body.size());
    llvm::StringRef Line = Body.slice(Off, End);
    BlockLine B = blockLine(Line);
    Refs.clear();
    findRefs(Line, Refs);
    // A block's own header belongs to the enclosing scope (.rept \n), its
    // .endr to itself.
    for (Ref &R : Refs) {
      bool Bound = std::find(Inner.begin(), Inner.end(), R.Text) != Inner.end();
      R.Inner = (R.K == Ref::Name && Bound) ||
                ((R.K == Ref::Iteration || R.K == Ref::Separator) && !Inner.empty());
    }
    F(Line, Off, Refs);
    if (B.Word == BlockWord::Rept || B.Word == BlockWord::Irp)
      Inner.push_back(B.Word == BlockWord::Irp && !B.Name.empty() ? B.Name : llvm::StringRef());
    else if (B.Word == BlockWord::Endr && !Inner.empty())
      Inner.pop_back();
    Off = End + 1;
  }
}

void Expansion::addLine(llvm::StringRef Line, const char *Origin, llvm::ArrayRef<Ref> Refs,
                        llvm::function_ref<std::optional<std::string>(const Ref &)> Bind,
                        uint32_t Iteration) {
  Lines.push_back({static_cast<uint32_t>(Text.size()), static_cast<uint32_t>(Pieces.size()),
                   Iteration, Origin});
  size_t Start = Text.size(), Done = 0;
  for (const Ref &R : Refs) {
    if (R.Inner)
      continue;
    std::optional<std::string> V = Bind(R);
    if (!V)
      continue;
    Text.append(Line.data() + Done, R.Off - Done);
    Pieces.push_back({static_cast<uint32_t>(Text.size() - Start), static_cast<uint32_t>(V->size()),
                      static_cast<uint32_t>(R.Off), static_cast<uint32_t>(R.Len)});
    Text += *V;
    Done = R.Off + R.Len;
  }
  Text.append(Line.data() + Done, Line.size() - Done);
  Text += '\n';
}

const Expansion::Line &Expansion::lineAt(const char *P) const {
  uint32_t Off = static_cast<uint32_t>(P - Text.data());
  auto It = std::upper_bound(Lines.begin(), Lines.end(), Off,
                             [](uint32_t O, const Line &L) { return O < L.Start; });
  return It == Lines.begin() ? Lines.front() : It[-1];
}

const char *Expansion::origin(const char *P, bool End) const {
  if (Lines.empty())
    return P;
  const Line &L = lineAt(P);
  size_t K = &L - Lines.data();
  uint32_t LineEnd =
      K + 1 < Lines.size() ? Lines[K + 1].Start - 1 : static_cast<uint32_t>(Text.size()) - 1;
  uint32_t LastPiece =
      K + 1 < Lines.size() ? Lines[K + 1].FirstPiece : static_cast<uint32_t>(Pieces.size());
  uint32_t Off = std::min(static_cast<uint32_t>(P - Text.data()), LineEnd) - L.Start;
  // Past a substitution, the line is as written, shifted by what the
  // substitutions added.
  uint32_t Orig = Off;
  for (uint32_t I = L.FirstPiece; I < LastPiece; ++I) {
    const Piece &S = Pieces[I];
    if (Off < S.Off || (End && Off == S.Off && S.Len))
      break;
    if (Off < S.Off + S.Len || (End && Off == S.Off + S.Len && S.Len))
      return L.Origin + S.OrigOff + (End ? S.OrigLen : 0);
    Orig = Off - (S.Off + S.Len) + S.OrigOff + S.OrigLen;
  }
  return L.Origin + Orig;
}

uint32_t Expansion::iterationAt(const char *P) const {
  return Lines.empty() ? 0 : lineAt(P).Iteration;
}

std::string Expansion::note(const char *P) const {
  switch (K) {
  case Kind::Macro:
    return fmt::format("in expansion of macro '{}' here", Name);
  case Kind::Rept:
    return fmt::format("in iteration {} of {} of '.rept' here", iterationAt(P) + 1, Count);
  case Kind::Irp: {
    uint32_t I = iterationAt(P);
    return fmt::format("in iteration {} of {} of '.irp' ({} = {}) here", I + 1, Count, Name,
                       I < Values.size() ? Values[I] : "");
  }
  }
  return "";
}

} // namespace trn::assembler
