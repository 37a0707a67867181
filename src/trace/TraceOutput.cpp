//===- TraceOutput.cpp - fast, exact text for the traces ------------------===//

#include "TraceOutput.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace trn::trace {

OutputBuffer::OutputBuffer(llvm::raw_ostream &OS) : OS(OS) { Buf.reserve(BlockBytes + 4096); }

OutputBuffer::~OutputBuffer() { flush(); }

void OutputBuffer::flush() {
  if (Buf.empty())
    return;
  OS.write(Buf.data(), Buf.size());
  Buf.clear();
}

void appendInt(std::string &Out, int64_t V) {
  char Tmp[24];
  auto R = std::to_chars(Tmp, Tmp + sizeof Tmp, V);
  Out.append(Tmp, R.ptr);
}

void appendUInt(std::string &Out, uint64_t V) {
  char Tmp[24];
  auto R = std::to_chars(Tmp, Tmp + sizeof Tmp, V);
  Out.append(Tmp, R.ptr);
}

void appendJsonDouble(std::string &Out, double V) {
  // Whole numbers below 10^16 print as their digits under %.17g; the
  // times of a trace mostly are.
  if (std::fabs(V) < 1e16 && V == std::trunc(V) && !(V == 0 && std::signbit(V))) {
    appendInt(Out, static_cast<int64_t>(V));
    return;
  }
  // to_chars with a precision is specified as printf's %.*g.
  char Tmp[40];
  auto R = std::to_chars(Tmp, Tmp + sizeof Tmp, V, std::chars_format::general, 17);
  Out.append(Tmp, R.ptr);
}

void appendMicroseconds(std::string &Out, int64_t Ps) {
  // Exact in a double (below 2^53), so Ps / 1e6 is the whole number.
  constexpr int64_t Exact = int64_t(1) << 53;
  if (Ps % 1000000 == 0 && Ps > -Exact && Ps < Exact) {
    appendInt(Out, Ps / 1000000);
    return;
  }
  appendJsonDouble(Out, static_cast<double>(Ps) / 1e6);
}

void appendNanoseconds12(std::string &Out, int64_t Ps) {
  // Below 2^42 ns, Ps / 1000.0 is within a quarter of 0.001 of the exact
  // quotient (its ulp is at most 2^-10), so rounding it to three decimals
  // gives the quotient's own digits.
  constexpr int64_t Limit = (int64_t(1) << 42) * 1000;
  if (Ps < 0 || Ps >= Limit) {
    fmt::format_to(std::back_inserter(Out), "{:>12.3f}", static_cast<double>(Ps) / 1000.0);
    return;
  }
  char Tmp[32];
  auto R = std::to_chars(Tmp, Tmp + 24, Ps / 1000);
  char *P = R.ptr;
  int64_t Frac = Ps % 1000;
  *P++ = '.';
  *P++ = static_cast<char>('0' + Frac / 100);
  *P++ = static_cast<char>('0' + Frac / 10 % 10);
  *P++ = static_cast<char>('0' + Frac % 10);
  size_t Len = static_cast<size_t>(P - Tmp);
  if (Len < 12)
    Out.append(12 - Len, ' ');
  Out.append(Tmp, Len);
}

std::string jsonQuoted(std::string_view S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::json::OStream J(OS);
  J.value(std::string(S));
  OS.flush();
  return Out;
}

} // namespace trn::trace
