//===- TraceOutput.cpp - fast, exact text for the traces ------------------===//

#include "TraceOutput.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>

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

namespace {

using u128 = unsigned __int128;

constexpr std::array<u128, 23> Pow10 = [] {
  std::array<u128, 23> P{};
  P[0] = 1;
  for (size_t K = 1; K < P.size(); ++K)
    P[K] = P[K - 1] * 10;
  return P;
}();

constexpr uint64_t Ten16 = 10000000000000000ULL, Ten17 = 100000000000000000ULL;

// The 17 significant digits of V > 0 (finite) rounded as printf rounds (to
// nearest, ties to even), and the decimal exponent of the first: V ~ Digits
// * 10^(Exp - 16). False when V is outside about [1e-6, 1e16), where
// M * 10^K would not fit 128 bits.
bool digits17(double V, uint64_t &Digits, int &Exp) {
  uint64_t Bits;
  std::memcpy(&Bits, &V, sizeof Bits);
  int Biased = static_cast<int>(Bits >> 52 & 0x7FF);
  if (Biased == 0)
    return false; // subnormal
  uint64_t M = (Bits & ((uint64_t(1) << 52) - 1)) | uint64_t(1) << 52;
  int Shift = 1075 - Biased; // V = M / 2^Shift
  if (Shift <= 0 || Shift > 120)
    return false;
  // floor(log10(V)) from the binary exponent (78913 / 2^18 ~ log10 2), then
  // corrected.
  int P = ((Biased - 1023) * 78913) >> 18;
  for (int Try = 0; Try < 3; ++Try) {
    int K = 16 - P;
    if (K < 0 || K > 22)
      return false;
    u128 N = static_cast<u128>(M) * Pow10[static_cast<size_t>(K)];
    u128 Q = N >> Shift;
    if (Q >= Ten17) {
      ++P;
      continue;
    }
    if (Q < Ten16) {
      --P;
      continue;
    }
    u128 R = N - (Q << Shift), Half = static_cast<u128>(1) << (Shift - 1);
    uint64_t D = static_cast<uint64_t>(Q);
    if (R > Half || (R == Half && (D & 1)))
      ++D;
    if (D == Ten17) {
      D = Ten16;
      ++P;
    }
    Digits = D;
    Exp = P;
    return true;
  }
  return false;
}

constexpr char TwoDigits[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

} // namespace

void appendJsonDouble(std::string &Out, double V) {
  // Whole numbers below 10^16 print as their digits under %.17g; the
  // times of a trace mostly are.
  if (std::fabs(V) < 1e16 && V == std::trunc(V) && !(V == 0 && std::signbit(V))) {
    appendInt(Out, static_cast<int64_t>(V));
    return;
  }
  uint64_t Digits;
  int Exp;
  if (std::isfinite(V) && V != 0 && digits17(std::fabs(V), Digits, Exp)) {
    // %.17g: fixed notation when -4 <= Exp < 17, else scientific; no
    // trailing zeros in the fraction, no point without one.
    char D[17];
    D[0] = static_cast<char>('0' + Digits / Ten16);
    Digits %= Ten16;
    // Two independent halves of eight digits (shorter dependency chains).
    uint64_t Hi = Digits / 100000000, Lo = Digits % 100000000;
    for (int I = 7; I >= 1; I -= 2, Hi /= 100, Lo /= 100) {
      std::memcpy(D + I, TwoDigits + 2 * (Hi % 100), 2);
      std::memcpy(D + I + 8, TwoDigits + 2 * (Lo % 100), 2);
    }
    int Last = 16; // the last digit kept
    while (Last > 0 && D[Last] == '0')
      --Last;
    // The text, built here and appended once.
    char Text[48];
    char *P = Text;
    if (V < 0)
      *P++ = '-';
    auto Copy = [&](const char *From, int N) {
      std::memcpy(P, From, static_cast<size_t>(N));
      P += N;
    };
    if (Exp >= 17 || Exp < -4) {
      *P++ = D[0];
      if (Last > 0) {
        *P++ = '.';
        Copy(D + 1, Last);
      }
      *P++ = 'e';
      *P++ = Exp < 0 ? '-' : '+';
      int A = Exp < 0 ? -Exp : Exp;
      if (A < 10)
        *P++ = '0';
      P = std::to_chars(P, Text + sizeof Text, A).ptr;
    } else if (Exp >= 0) {
      Copy(D, Exp + 1);
      if (Last > Exp) {
        *P++ = '.';
        Copy(D + Exp + 1, Last - Exp);
      }
    } else {
      *P++ = '0';
      *P++ = '.';
      for (int Z = 0; Z < -Exp - 1; ++Z)
        *P++ = '0';
      Copy(D, Last + 1);
    }
    Out.append(Text, static_cast<size_t>(P - Text));
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
