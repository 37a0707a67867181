//===- TraceOutputTest.cpp - the traces' number formatting ----------------===//
//
// The traces format numbers by hand for speed; every function must write
// exactly what printf/fmt write (putDecimal: a number that reads as the
// same double), which these tests compare on many values (random, edge, and
// every rounding boundary the traces meet).

#include "TraceOutput.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

using namespace trn::trace;

namespace {

std::string printfG17(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.17g", V);
  return Buf;
}

template <class F> std::string put(F Fn) {
  char Buf[MaxNumberBytes + 16];
  return std::string(Buf, Fn(Buf));
}

std::string jsonDouble(double V) {
  return put([&](char *P) { return putJsonDouble(P, V); });
}

} // namespace

TEST_CASE("putJsonDouble writes what %.17g writes") {
  std::mt19937_64 Rng(11);
  std::vector<double> Values = {
      0.0,     1.0,     -1.0,   0.5,     0.1,   1e-6,     1e-5,
      1e-4,    9.99e-5, 0.001,  123.456, 1e15,  1e16,     1e17,
      -2.5e-7, 3e20,    1e-300, 5e-324,  1e300, 0.000834, std::numeric_limits<double>::max()};
  for (int I = 0; I < 30000; ++I) {
    int64_t Ps = static_cast<int64_t>(Rng() >> (Rng() % 64));
    Values.push_back(static_cast<double>(Ps) / 1e6);
    Values.push_back(static_cast<double>(Ps) / 1000.0);
    Values.push_back(-static_cast<double>(Ps) / 1e6);
    uint64_t Bits = Rng();
    double Any;
    std::memcpy(&Any, &Bits, sizeof Any);
    if (std::isfinite(Any))
      Values.push_back(Any);
  }
  // Values whose 17 digits end in a 5 followed by zeros at the 18th: ties.
  for (int64_t K = 1; K < 2000; ++K)
    Values.push_back(static_cast<double>(K) + 0.5);
  for (double V : Values)
    REQUIRE_MESSAGE(jsonDouble(V) == printfG17(V), V);
}

TEST_CASE("putDecimal writes Ps / 1e6 and Ps / 1e3 exactly, read back as the same double") {
  // What the JSON trace once wrote (%.17g of the double quotient) and what
  // it writes now read back as the same double: the trace's values are the
  // same for any JSON reader.
  std::mt19937_64 Rng(12);
  std::vector<int64_t> Values = {0,       -1,      1,        999999,  1000000, 1000001, 834,
                                 2502,    4170,    5004,     1668,    -1500,   123456789,
                                 int64_t(1) << 53, (int64_t(1) << 53) - 1, (int64_t(1) << 53) + 1,
                                 -(int64_t(1) << 53), std::numeric_limits<int64_t>::max(),
                                 std::numeric_limits<int64_t>::min()};
  for (int I = 0; I < 60000; ++I) {
    int64_t Ps = static_cast<int64_t>(Rng() >> (Rng() % 64));
    Values.push_back(I & 1 ? -Ps : Ps);
  }
  for (int64_t K = 0; K < 3000; ++K)
    Values.push_back(K * 834); // a 1.2 GHz clock's cycles
  for (int Digits : {6, 3}) {
    double Unit = Digits == 6 ? 1e6 : 1e3;
    for (int64_t Ps : Values) {
      std::string S = put([&](char *P) { return putDecimal(P, Ps, Digits); });
      double Old = static_cast<double>(Ps) / Unit;
      REQUIRE_MESSAGE(std::strtod(S.c_str(), nullptr) == Old, Ps, " ", S);
      REQUIRE_MESSAGE(std::strtod(printfG17(Old).c_str(), nullptr) == Old, Ps);
      if (Ps % static_cast<int64_t>(Unit) == 0 && Ps > -(int64_t(1) << 53) && Ps < (int64_t(1) << 53))
        CHECK(S == std::to_string(Ps / static_cast<int64_t>(Unit)));
    }
  }
  CHECK(put([](char *P) { return putMicroseconds(P, 2502); }) == "0.002502");
  CHECK(put([](char *P) { return putMicroseconds(P, -1); }) == "-0.000001");
  CHECK(put([](char *P) { return putMicroseconds(P, 1500000); }) == "1.5");
  CHECK(put([](char *P) { return putDecimal(P, 1500, 3); }) == "1.5");
  CHECK(put([](char *P) { return putDecimal(P, 7000, 3); }) == "7");
}

TEST_CASE("putInt and putUInt write what std::to_string writes") {
  std::mt19937_64 Rng(14);
  std::vector<int64_t> Values = {0, 9, 10, 99, 100, 101, -1, -10, -100,
                                 std::numeric_limits<int64_t>::max(),
                                 std::numeric_limits<int64_t>::min()};
  for (int I = 0; I < 30000; ++I)
    Values.push_back(static_cast<int64_t>(Rng() >> (Rng() % 64)) * (I & 1 ? -1 : 1));
  for (int64_t V : Values) {
    REQUIRE(put([&](char *P) { return putInt(P, V); }) == std::to_string(V));
    uint64_t U = static_cast<uint64_t>(V);
    REQUIRE(put([&](char *P) { return putUInt(P, U); }) == std::to_string(U));
  }
}

TEST_CASE("putNanoseconds12 writes Ps / 1000.0 as {:>12.3f}") {
  std::mt19937_64 Rng(13);
  std::vector<int64_t> Values = {0,
                                 1,
                                 999,
                                 1000,
                                 123456789,
                                 (int64_t(1) << 42) * 1000 - 1,
                                 (int64_t(1) << 42) * 1000,
                                 -1,
                                 -1500,
                                 std::numeric_limits<int64_t>::max()};
  for (int I = 0; I < 30000; ++I)
    Values.push_back(static_cast<int64_t>(Rng() >> (Rng() % 64)));
  for (int64_t Ps : Values) {
    std::string S = put([&](char *P) { return putNanoseconds12(P, Ps); });
    REQUIRE_MESSAGE(S == fmt::format("{:>12.3f}", static_cast<double>(Ps) / 1000.0), Ps);
  }
}

TEST_CASE("jsonQuoted escapes as llvm::json does") {
  CHECK(jsonQuoted("sp.li r1, 0") == "\"sp.li r1, 0\"");
  CHECK(jsonQuoted("a\"b\\c\n\t\x01") == "\"a\\\"b\\\\c\\n\\t\\u0001\"");
  CHECK(jsonQuoted("") == "\"\"");
}
