//===- Expr.cpp - integer expressions -------------------------------------===//
//
// C's operators and precedence over 64-bit integers, constants, and
// sizeof(name) / addr(name) of declared tensors and allocations.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

#include <fmt/format.h>

namespace trn::assembler {

namespace {

int precedence(Tok K) {
  switch (K) {
  case Tok::Pipe:
    return 1;
  case Tok::Caret:
    return 2;
  case Tok::Amp:
    return 3;
  case Tok::Shl:
  case Tok::Shr:
    return 4;
  case Tok::Plus:
  case Tok::Minus:
    return 5;
  case Tok::Star:
  case Tok::Slash:
  case Tok::Percent:
    return 6;
  default:
    return 0;
  }
}

} // namespace

int64_t Parser::expr() { return exprBinary(1); }

int64_t Parser::exprBinary(int MinPrec) {
  int64_t L = exprUnary();
  while (true) {
    int Prec = precedence(tok().Kind);
    if (!Prec || Prec < MinPrec)
      return L;
    const Token &Op = take();
    int64_t R = exprBinary(Prec + 1);
    auto U = [](int64_t V) { return static_cast<uint64_t>(V); };
    switch (Op.Kind) {
    case Tok::Pipe:
      L |= R;
      break;
    case Tok::Caret:
      L ^= R;
      break;
    case Tok::Amp:
      L &= R;
      break;
    case Tok::Shl:
    case Tok::Shr:
      if (R < 0 || R > 63)
        failAt(Op, fmt::format("shift by {}: shifts are 0 to 63", R));
      L = Op.is(Tok::Shl) ? static_cast<int64_t>(U(L) << R) : L >> R;
      break;
    case Tok::Plus:
      L = static_cast<int64_t>(U(L) + U(R));
      break;
    case Tok::Minus:
      L = static_cast<int64_t>(U(L) - U(R));
      break;
    case Tok::Star:
      L = static_cast<int64_t>(U(L) * U(R));
      break;
    case Tok::Slash:
    case Tok::Percent:
      if (R == 0)
        failAt(Op, "division by zero");
      if (L == INT64_MIN && R == -1)
        failAt(Op, "the result does not fit in 64 bits");
      L = Op.is(Tok::Slash) ? L / R : L % R;
      break;
    default:
      break;
    }
  }
}

int64_t Parser::exprUnary() {
  // Deep nesting would exhaust the stack before it said anything useful.
  struct Depth {
    unsigned &D;
    explicit Depth(unsigned &D) : D(D) { ++D; }
    ~Depth() { --D; }
  } Guard(ExprDepth);
  // The expression itself is level 1: 256 nested parentheses are allowed.
  if (ExprDepth > 257)
    failAt(tok(), "expression nested too deeply (more than 256 levels)");
  if (accept(Tok::Minus))
    return static_cast<int64_t>(0 - static_cast<uint64_t>(exprUnary()));
  if (accept(Tok::Plus))
    return exprUnary();
  if (accept(Tok::Tilde))
    return ~exprUnary();
  if (at(Tok::Error))
    failAt(tok(), tok().message());
  if (at(Tok::Int)) {
    const Token &T = take();
    if (T.IntValue > static_cast<uint64_t>(INT64_MAX))
      failAt(T, fmt::format("integer {} does not fit in 64 signed bits", T.Text.str()));
    return static_cast<int64_t>(T.IntValue);
  }
  if (accept(Tok::LParen)) {
    int64_t V = expr();
    expect(Tok::RParen, "')'");
    return V;
  }
  if (at(Tok::Float))
    failAt(tok(), fmt::format("expected an integer, found the number {}", tok().Text.str()));
  if (!at(Tok::Ident)) {
    std::string Found = atEnd() ? spell(tok().Kind) : "'" + tok().Text.str() + "'";
    failAt(tok(), fmt::format("expected an integer expression, found {}", Found));
  }
  const Token &Name = take();
  if ((Name.Text == "sizeof" || Name.Text == "addr") && accept(Tok::LParen)) {
    const Token &Of = expectIdent("a tensor or allocation name");
    expect(Tok::RParen, "')'");
    auto It = Symbols.find(Of.Text);
    if (It == Symbols.end() ||
        (It->second.Kind != SymKind::Tensor && It->second.Kind != SymKind::Alloc))
      failAt(Of, fmt::format("'{}' is not a declared tensor or allocation", Of.Text.str()));
    if (It->second.Kind == SymKind::Tensor) {
      const object::Tensor &T = Prog.Tensors[It->second.Index];
      return static_cast<int64_t>(Name.Text == "sizeof" ? T.bytes() : T.Address);
    }
    const object::Allocation &A = Prog.Allocations[It->second.Index];
    return static_cast<int64_t>(Name.Text == "sizeof" ? A.bytesPerPartition() : A.Offset);
  }
  auto It = Symbols.find(Name.Text);
  if (It == Symbols.end())
    failAt(Name, fmt::format("undefined constant '{}'", Name.Text.str()));
  if (It->second.Kind != SymKind::Const)
    failAt(Name, fmt::format("'{}' is not a constant", Name.Text.str()));
  return It->second.Value;
}

int64_t Parser::exprRanged(int64_t Min, int64_t Max, const char *What) {
  const Token &Start = tok();
  int64_t V = expr();
  if (V < Min || V > Max)
    fail(Start.Loc, fmt::format("{} is out of range for {}: {} to {}", V, What, Min, Max),
         range(Start, Cur[-1]));
  return V;
}

} // namespace trn::assembler
