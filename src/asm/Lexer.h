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

// What is wrong with a Tok::Error token (its Text is the offending bytes).
enum class LexError : uint8_t {
  None,
  BadHex,         // 0x... with a non-hex digit
  BadBinary,      // 0b... with a non-binary digit
  BadNumber,      // digits run into letters
  TooLarge,       // an integer past 2^64 - 1
  Nul,            // a NUL byte
  NonAscii,       // a byte >= 0x80
  BadChar,        // any other character no token starts with
  UnclosedString, // '"' without its closing '"' on the line
};

// Plain data, copied by value: a source has one per few bytes, and a fuzzer
// or a large generated kernel makes millions of them.
struct Token {
  Tok Kind = Tok::Eof;
  LexError Error = LexError::None; // Tok::Error only
  llvm::StringRef Text;            // the token as written (strings: without quotes)
  llvm::SMLoc Loc;
  uint64_t IntValue = 0;
  double FloatValue = 0;

  llvm::SMLoc end() const { return llvm::SMLoc::getFromPointer(Text.end()); }
  bool is(Tok K) const { return Kind == K; }
  bool isIdent(llvm::StringRef S) const { return Kind == Tok::Ident && Text == S; }
  // The diagnostic for a Tok::Error token.
  std::string message() const;
};

// Splits a whole buffer into tokens. Comments run from '#' or "//" to the
// end of the line; newlines end statements and are tokens. A malformed
// token (bad number, unterminated string, stray character) becomes a
// Tok::Error carrying its message, so the parser reports it in place.
std::vector<Token> lex(llvm::StringRef Buffer);

const char *spell(Tok K); // for messages: "','", "end of line", ...

} // namespace trn::assembler

#endif
