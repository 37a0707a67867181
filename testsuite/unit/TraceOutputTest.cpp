//===- TraceOutputTest.cpp - the traces' number formatting ----------------===//
//
// The traces format numbers by hand for speed; every function must write
// exactly what printf/fmt wrote before, which these tests compare on many
// values (random, edge, and every rounding boundary the traces meet).

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

std::string jsonDouble(double V) {
  std::string S;
  appendJsonDouble(S, V);
  return S;
}

} // namespace

TEST_CASE("appendJsonDouble writes what %.17g writes") {
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

TEST_CASE("appendMicroseconds writes Ps / 1e6 as %.17g") {
  std::mt19937_64 Rng(12);
  for (int I = 0; I < 30000; ++I) {
    int64_t Ps = static_cast<int64_t>(Rng() >> (Rng() % 64));
    if (I & 1)
      Ps = -Ps;
    std::string S;
    appendMicroseconds(S, Ps);
    REQUIRE_MESSAGE(S == printfG17(static_cast<double>(Ps) / 1e6), Ps);
  }
  for (int64_t Ps :
       {int64_t(0), int64_t(-1), int64_t(1000000), int64_t(1) << 53, (int64_t(1) << 53) + 1,
        std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()}) {
    std::string S;
    appendMicroseconds(S, Ps);
    CHECK(S == printfG17(static_cast<double>(Ps) / 1e6));
  }
}

TEST_CASE("appendNanoseconds12 writes Ps / 1000.0 as {:>12.3f}") {
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
    std::string S;
    appendNanoseconds12(S, Ps);
    REQUIRE_MESSAGE(S == fmt::format("{:>12.3f}", static_cast<double>(Ps) / 1000.0), Ps);
  }
}

TEST_CASE("jsonQuoted escapes as llvm::json does") {
  CHECK(jsonQuoted("sp.li r1, 0") == "\"sp.li r1, 0\"");
  CHECK(jsonQuoted("a\"b\\c\n\t\x01") == "\"a\\\"b\\\\c\\n\\t\\u0001\"");
  CHECK(jsonQuoted("") == "\"\"");
}
