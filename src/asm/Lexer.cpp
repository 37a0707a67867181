//===- Lexer.cpp - tokens of trnemu assembly ------------------------------===//

#include "Lexer.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace trn::assembler {

namespace {

bool isIdentStart(char C) { return std::isalpha(static_cast<unsigned char>(C)) || C == '_'; }
bool isIdentChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

class Lexer {
public:
  explicit Lexer(llvm::StringRef Buf) : Buf(Buf), Pos(0) {}

  std::vector<Token> run() {
    std::vector<Token> Out;
    // Typical assembly has a token per 4 to 8 bytes: one allocation for most
    // sources instead of a dozen reallocations (bounded: a file of comments
    // must not reserve for tokens it does not have).
    Out.reserve(std::min<size_t>(Buf.size() / 6, 4096) + 16);
    while (true) {
      Token T = next();
      Out.push_back(T);
      if (T.Kind == Tok::Eof)
        break;
    }
    return Out;
  }

private:
  llvm::StringRef Buf;
  size_t Pos;

  char peek(size_t Ahead = 0) const { return Pos + Ahead < Buf.size() ? Buf[Pos + Ahead] : 0; }

  Token make(Tok K, size_t Start) {
    Token T;
    T.Kind = K;
    T.Text = Buf.slice(Start, Pos);
    T.Loc = llvm::SMLoc::getFromPointer(Buf.data() + Start);
    return T;
  }
  Token error(size_t Start, LexError E) {
    Token T = make(Tok::Error, Start);
    T.Error = E;
    return T;
  }

  Token number(size_t Start) {
    bool IsFloat = false;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'b' || peek(1) == 'B')) {
      unsigned Radix = (peek(1) == 'x' || peek(1) == 'X') ? 16 : 2;
      Pos += 2;
      while (isIdentChar(peek()))
        ++Pos;
      Token T = make(Tok::Int, Start);
      if (T.Text.drop_front(2).getAsInteger(Radix, T.IntValue))
        return error(Start, Radix == 16 ? LexError::BadHex : LexError::BadBinary);
      return T;
    }
    while (std::isdigit(static_cast<unsigned char>(peek())))
      ++Pos;
    if (peek() == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
      IsFloat = true;
      ++Pos;
      while (std::isdigit(static_cast<unsigned char>(peek())))
        ++Pos;
    }
    if ((peek() == 'e' || peek() == 'E') && (std::isdigit(static_cast<unsigned char>(peek(1))) ||
                                             ((peek(1) == '+' || peek(1) == '-') &&
                                              std::isdigit(static_cast<unsigned char>(peek(2)))))) {
      IsFloat = true;
      Pos += 2;
      while (std::isdigit(static_cast<unsigned char>(peek())))
        ++Pos;
    }
    if (isIdentChar(peek())) {
      while (isIdentChar(peek()))
        ++Pos;
      return error(Start, LexError::BadNumber);
    }
    Token T = make(IsFloat ? Tok::Float : Tok::Int, Start);
    if (IsFloat) {
      std::string S = T.Text.str();
      T.FloatValue = std::strtod(S.c_str(), nullptr);
    } else if (T.Text.getAsInteger(10, T.IntValue)) {
      return error(Start, LexError::TooLarge);
    }
    return T;
  }

  Token next() {
    // Blanks and comments.
    while (true) {
      char C = peek();
      if (C == ' ' || C == '\t' || C == '\r') {
        ++Pos;
      } else if (C == '#' || (C == '/' && peek(1) == '/')) {
        while (peek() && peek() != '\n')
          ++Pos;
      } else {
        break;
      }
    }
    size_t Start = Pos;
    if (Pos >= Buf.size())
      return make(Tok::Eof, Start);
    char C = Buf[Pos++];
    if (C == 0)
      return error(Start, LexError::Nul);
    switch (C) {
    case '\n':
      return make(Tok::Newline, Start);
    case ',':
      return make(Tok::Comma, Start);
    case ':':
      return make(Tok::Colon, Start);
    case '.':
      return make(Tok::Dot, Start);
    case '(':
      return make(Tok::LParen, Start);
    case ')':
      return make(Tok::RParen, Start);
    case '[':
      return make(Tok::LBracket, Start);
    case ']':
      return make(Tok::RBracket, Start);
    case '+':
      return make(Tok::Plus, Start);
    case '-':
      return make(Tok::Minus, Start);
    case '*':
      return make(Tok::Star, Start);
    case '/':
      return make(Tok::Slash, Start);
    case '%':
      return make(Tok::Percent, Start);
    case '&':
      return make(Tok::Amp, Start);
    case '|':
      return make(Tok::Pipe, Start);
    case '^':
      return make(Tok::Caret, Start);
    case '~':
      return make(Tok::Tilde, Start);
    case '@':
      return make(Tok::At, Start);
    case '=':
      if (peek() == '=') {
        ++Pos;
        return make(Tok::EqEq, Start);
      }
      return make(Tok::Equal, Start);
    case '!':
      if (peek() == '=') {
        ++Pos;
        return make(Tok::Ne, Start);
      }
      return error(Start, LexError::BadChar);
    case '<':
      if (peek() == '<' || peek() == '=') {
        ++Pos;
        return make(Buf[Pos - 1] == '<' ? Tok::Shl : Tok::Le, Start);
      }
      return make(Tok::Lt, Start);
    case '>':
      if (peek() == '>' || peek() == '=') {
        ++Pos;
        return make(Buf[Pos - 1] == '>' ? Tok::Shr : Tok::Ge, Start);
      }
      return make(Tok::Gt, Start);
    case '"': {
      while (peek() && peek() != '"' && peek() != '\n')
        ++Pos;
      if (peek() != '"')
        return error(Start, LexError::UnclosedString);
      ++Pos;
      Token T = make(Tok::String, Start);
      T.Text = T.Text.drop_front().drop_back();
      return T;
    }
    default:
      break;
    }
    if (std::isdigit(static_cast<unsigned char>(C))) {
      --Pos;
      return number(Start);
    }
    if (isIdentStart(C)) {
      while (isIdentChar(peek()))
        ++Pos;
      return make(Tok::Ident, Start);
    }
    if (static_cast<unsigned char>(C) >= 0x80)
      return error(Start, LexError::NonAscii);
    return error(Start, LexError::BadChar);
  }
};

} // namespace

std::vector<Token> lex(llvm::StringRef Buffer) { return Lexer(Buffer).run(); }

std::string Token::message() const {
  switch (Error) {
  case LexError::BadHex:
    return "invalid hexadecimal number '" + Text.str() + "'";
  case LexError::BadBinary:
    return "invalid binary number '" + Text.str() + "'";
  case LexError::BadNumber:
    return "invalid number '" + Text.str() + "'";
  case LexError::TooLarge:
    return "integer '" + Text.str() + "' does not fit in 64 bits";
  case LexError::Nul:
    return "unexpected NUL byte in the source";
  case LexError::NonAscii:
    return "unexpected non-ASCII byte in the source";
  case LexError::BadChar:
    return "unexpected character '" + Text.str() + "'";
  case LexError::UnclosedString:
    return "missing closing '\"' of a string";
  case LexError::None:
    break;
  }
  return "invalid token";
}

const char *spell(Tok K) {
  switch (K) {
  case Tok::Eof:
    return "end of file";
  case Tok::Newline:
    return "end of line";
  case Tok::Ident:
    return "a name";
  case Tok::Int:
    return "an integer";
  case Tok::Float:
    return "a number";
  case Tok::String:
    return "a string";
  case Tok::Comma:
    return "','";
  case Tok::Colon:
    return "':'";
  case Tok::Dot:
    return "'.'";
  case Tok::LParen:
    return "'('";
  case Tok::RParen:
    return "')'";
  case Tok::LBracket:
    return "'['";
  case Tok::RBracket:
    return "']'";
  case Tok::Equal:
    return "'='";
  case Tok::Plus:
    return "'+'";
  case Tok::Minus:
    return "'-'";
  case Tok::Star:
    return "'*'";
  case Tok::Slash:
    return "'/'";
  case Tok::Percent:
    return "'%'";
  case Tok::Shl:
    return "'<<'";
  case Tok::Shr:
    return "'>>'";
  case Tok::Amp:
    return "'&'";
  case Tok::Pipe:
    return "'|'";
  case Tok::Caret:
    return "'^'";
  case Tok::Tilde:
    return "'~'";
  case Tok::Lt:
    return "'<'";
  case Tok::Gt:
    return "'>'";
  case Tok::Le:
    return "'<='";
  case Tok::Ge:
    return "'>='";
  case Tok::EqEq:
    return "'=='";
  case Tok::Ne:
    return "'!='";
  case Tok::At:
    return "'@'";
  case Tok::Error:
    return "an invalid token";
  }
  return "?";
}

} // namespace trn::assembler
