// The first-in first-out vector of a DMA lane's parts (src/emu/FifoVector.h)
// against std::deque, through pushes and pops in many patterns.

#include "FifoVector.h"

#include <doctest/doctest.h>

#include <deque>
#include <random>

using namespace trn::emu;

TEST_CASE("FifoVector: order, indexing and iteration") {
  FifoVector<int> Q;
  CHECK(Q.empty());
  for (int I = 0; I < 5; ++I)
    Q.push_back(I);
  Q.pop_front();
  Q.pop_front();
  REQUIRE(Q.size() == 3);
  CHECK(Q.front() == 2);
  CHECK(Q[2] == 4);
  int Sum = 0;
  for (int V : Q)
    Sum += V;
  CHECK(Sum == 9);
  Q[0] = 7; // writable in place
  CHECK(Q.front() == 7);
  Q.pop_front();
  Q.pop_front();
  Q.pop_front();
  CHECK(Q.empty());
  Q.push_back(11);
  CHECK(Q.size() == 1);
  CHECK(Q.front() == 11);
}

TEST_CASE("FifoVector: agrees with std::deque under random pushes and pops") {
  std::mt19937 Rng(5);
  FifoVector<int> Q;
  std::deque<int> Ref;
  for (int Step = 0; Step < 20000; ++Step) {
    // Phases that grow and shrink, so the popped slots are reclaimed at
    // every fill level.
    bool Grow = (Step / 500) % 2 == 0;
    if (Ref.empty() || Rng() % 4 < (Grow ? 3u : 1u)) {
      Q.push_back(Step);
      Ref.push_back(Step);
    } else {
      Q.pop_front();
      Ref.pop_front();
    }
    REQUIRE(Q.size() == Ref.size());
    REQUIRE(Q.empty() == Ref.empty());
    if (!Ref.empty()) {
      REQUIRE(Q.front() == Ref.front());
      size_t Mid = Ref.size() / 2;
      REQUIRE(Q[Mid] == Ref[Mid]);
      REQUIRE(Q[Ref.size() - 1] == Ref.back());
    }
  }
}
