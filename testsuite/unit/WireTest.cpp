//===- WireTest.cpp - values as bytes between MPI ranks -------------------===//
//
// trn/support/Wire.h: what a WireWriter writes a WireReader reads back in
// order, and a buffer that ends early is an error, never a read past it (a
// rank out of step with the others, docs/mpi.md).
//
//===----------------------------------------------------------------------===//

#include "trn/support/Wire.h"

#include <doctest/doctest.h>

using namespace trn;

TEST_CASE("wire: values, bytes and strings come back in order") {
  WireWriter W;
  W.pod<int64_t>(-5);
  W.bytes(std::vector<uint8_t>{1, 2, 3});
  W.str("rank 1");
  W.pod(true);
  std::vector<uint8_t> B = W.take();
  WireReader R(B);
  CHECK(R.pod<int64_t>() == -5);
  CHECK(R.bytes() == std::vector<uint8_t>{1, 2, 3});
  CHECK(R.str() == "rank 1");
  CHECK_FALSE(R.done());
  CHECK(R.pod<bool>());
  CHECK(R.done());
}

TEST_CASE("wire: a buffer that ends early is an error") {
  WireWriter W;
  W.str("a longer string");
  std::vector<uint8_t> B = W.take();
  B.resize(B.size() - 1);
  WireReader R(B);
  CHECK_THROWS_AS(R.str(), std::runtime_error);
  std::vector<uint8_t> Short{1, 2};
  WireReader S(Short);
  CHECK_THROWS_AS(S.pod<uint64_t>(), std::runtime_error);
  // A length beyond the buffer is refused before anything is allocated.
  WireWriter Huge;
  Huge.pod<uint64_t>(uint64_t(1) << 62);
  std::vector<uint8_t> H = Huge.take();
  WireReader HR(H);
  CHECK_THROWS_AS(HR.bytes(), std::runtime_error);
}
