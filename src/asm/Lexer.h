//===- Lexer.h - tokens of trnemu assembly ----------------------*- C++ -*-===//
#ifndef TRN_ASM_LEXER_H
#define TRN_ASM_LEXER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trn::assembler {

enum class Tok {
  Eof,
  Newline,
  Ident,
  Int,
  Float,
  String,
  Comma,
  Colon,
  Dot,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Equal,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Shl,
  Shr,
  Amp,
  Pipe,
  Caret,
  Tilde,
  Lt,
  Gt,
  Le,
  Ge,
  EqEq,
  Ne,
  At,
  Error,
};

struct Token {
  Tok Kind = Tok::Eof;
  llvm::StringRef Text; // the token as written (strings: without quotes)
  llvm::SMLoc Loc;
  uint64_t IntValue = 0;
  double FloatValue = 0;
  std::string Message; // Tok::Error only

  llvm::SMLoc end() const { return llvm::SMLoc::getFromPointer(Text.end()); }
  bool is(Tok K) const { return Kind == K; }
  bool isIdent(llvm::StringRef S) const { return Kind == Tok::Ident && Text == S; }
};

// Splits a whole buffer into tokens. Comments run from '#' or "//" to the
// end of the line; newlines end statements and are tokens. A malformed
// token (bad number, unterminated string, stray character) becomes a
// Tok::Error carrying its message, so the parser reports it in place.
std::vector<Token> lex(llvm::StringRef Buffer);

const char *spell(Tok K); // for messages: "','", "end of line", ...

} // namespace trn::assembler

#endif
