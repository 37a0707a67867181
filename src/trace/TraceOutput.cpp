//===- TraceOutput.cpp - fast, exact text for the traces ------------------===//

#include "TraceOutput.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

namespace trn::trace {

OutputBuffer::OutputBuffer(std::ostream &OS) : OS(OS) { makeRoom(BlockBytes + 4096); }

OutputBuffer::~OutputBuffer() { flush(); }

void OutputBuffer::makeRoom(size_t Bytes) {
  flush();
  if (Cap >= Bytes)
    return;
  Cap = std::max(Bytes, BlockBytes + 4096);
  Data = std::make_unique<char[]>(Cap);
  ++Flushes;
}

char *OutputBuffer::copyMarked(char *P, const Mark &M) const {
  if (M.Flushes != Flushes || M.Offset + MaxNumberBytes > Cap || M.Len > MaxNumberBytes)
    return nullptr;
  // Written a record or more ago: read from the cache, not from stores
  // still in flight (a copy of what was just written stalls the load).
  std::memmove(P, Data.get() + M.Offset, MaxNumberBytes);
  return P + M.Len;
}

OutputBuffer &OutputBuffer::operator<<(std::string_view S) {
  commit(putText(reserve(S.size()), S));
  return *this;
}

void OutputBuffer::flush() {
  if (Len == 0)
    return;
  OS.write(Data.get(), static_cast<std::streamsize>(Len));
  OS.flush();
  Len = 0;
  ++Flushes;
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

namespace {

// How many decimal digits V has (1 for 0): floor(log10) from the bit width
// (1233 / 4096 ~ log10 2), corrected by one comparison.
unsigned decimalDigits(uint64_t V) {
  V |= 1;
  unsigned T = static_cast<unsigned>(std::bit_width(V) * 1233) >> 12;
  return T + 1 - (V < Pow10[T]);
}

// V's digits ending at End: four at a time from the right (two lookups of
// two digits each), then what remains, 1 to 4 digits.
void putDigitsBefore(char *End, uint64_t V) {
  while (V >= 10000) {
    unsigned Four = static_cast<unsigned>(V % 10000);
    V /= 10000;
    End -= 4;
    std::memcpy(End, TwoDigits + 2 * (Four / 100), 2);
    std::memcpy(End + 2, TwoDigits + 2 * (Four % 100), 2);
  }
  unsigned Rest = static_cast<unsigned>(V);
  if (Rest >= 100) {
    End -= 2;
    std::memcpy(End, TwoDigits + 2 * (Rest % 100), 2);
    Rest /= 100;
  }
  if (Rest >= 10) {
    End -= 2;
    std::memcpy(End, TwoDigits + 2 * Rest, 2);
  } else {
    *--End = static_cast<char>('0' + Rest);
  }
}

} // namespace

char *putUInt(char *P, uint64_t V) {
  char *End = P + decimalDigits(V);
  putDigitsBefore(End, V);
  return End;
}

char *putInt(char *P, int64_t V) {
  if (V >= 0)
    return putUInt(P, static_cast<uint64_t>(V));
  *P++ = '-';
  return putUInt(P, ~static_cast<uint64_t>(V) + 1);
}

char *putJsonDouble(char *P, double V) {
  // Whole numbers below 10^16 print as their digits under %.17g; the
  // times of a trace mostly are.
  if (std::fabs(V) < 1e16 && V == std::trunc(V) && !(V == 0 && std::signbit(V))) {
    return putInt(P, static_cast<int64_t>(V));
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
    char *T = Text;
    if (V < 0)
      *T++ = '-';
    auto Copy = [&](const char *From, int N) {
      std::memcpy(T, From, static_cast<size_t>(N));
      T += N;
    };
    if (Exp >= 17 || Exp < -4) {
      *T++ = D[0];
      if (Last > 0) {
        *T++ = '.';
        Copy(D + 1, Last);
      }
      *T++ = 'e';
      *T++ = Exp < 0 ? '-' : '+';
      int A = Exp < 0 ? -Exp : Exp;
      if (A < 10)
        *T++ = '0';
      T = std::to_chars(T, Text + sizeof Text, A).ptr;
    } else if (Exp >= 0) {
      Copy(D, Exp + 1);
      if (Last > Exp) {
        *T++ = '.';
        Copy(D + Exp + 1, Last - Exp);
      }
    } else {
      *T++ = '0';
      *T++ = '.';
      for (int Z = 0; Z < -Exp - 1; ++Z)
        *T++ = '0';
      Copy(D, Last + 1);
    }
    return putText(P, {Text, static_cast<size_t>(T - Text)});
  }
  // to_chars with a precision is specified as printf's %.*g.
  return std::to_chars(P, P + MaxNumberBytes, V, std::chars_format::general, 17).ptr;
}

char *putDecimal(char *P, int64_t Ps, int Digits) {
  constexpr int64_t Exact = int64_t(1) << 53;
  auto Unit = static_cast<uint64_t>(Pow10[static_cast<size_t>(Digits)]);
  if (Ps <= -Exact || Ps >= Exact)
    return putJsonDouble(P, static_cast<double>(Ps) / static_cast<double>(Unit));
  if (Ps < 0)
    *P++ = '-';
  uint64_t Abs = Ps < 0 ? ~static_cast<uint64_t>(Ps) + 1 : static_cast<uint64_t>(Ps);
  P = putUInt(P, Abs / Unit);
  uint64_t Frac = Abs % Unit;
  if (Frac == 0)
    return P;
  *P++ = '.';
  // All the fraction's digits (six or three, from pairs), then the end
  // moved back over its trailing zeros (there is a non-zero digit).
  if (Digits == 6) {
    unsigned F = static_cast<unsigned>(Frac);
    std::memcpy(P, TwoDigits + 2 * (F / 10000), 2);
    std::memcpy(P + 2, TwoDigits + 2 * (F / 100 % 100), 2);
    std::memcpy(P + 4, TwoDigits + 2 * (F % 100), 2);
  } else {
    std::memset(P, '0', static_cast<size_t>(Digits));
    putDigitsBefore(P + Digits, Frac);
  }
  char *End = P + Digits;
  while (End[-1] == '0')
    --End;
  return End;
}

char *putNanoseconds12(char *P, int64_t Ps) {
  // Below 2^42 ns, Ps / 1000.0 is within a quarter of 0.001 of the exact
  // quotient (its ulp is at most 2^-10), so rounding it to three decimals
  // gives the quotient's own digits.
  constexpr int64_t Limit = (int64_t(1) << 42) * 1000;
  if (Ps < 0 || Ps >= Limit)
    return fmt::format_to(P, "{:>12.3f}", static_cast<double>(Ps) / 1000.0);
  uint64_t Whole = static_cast<uint64_t>(Ps) / 1000;
  unsigned Frac = static_cast<unsigned>(static_cast<uint64_t>(Ps) % 1000);
  unsigned Len = decimalDigits(Whole) + 4;
  std::memcpy(P, "            ", 12);
  char *End = P + std::max(Len, 12u);
  End[-1] = static_cast<char>('0' + Frac % 10);
  std::memcpy(End - 3, TwoDigits + 2 * (Frac / 10), 2);
  End[-4] = '.';
  putDigitsBefore(End - 4, Whole);
  return End;
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
