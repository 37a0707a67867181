//===- EventQueueTest.cpp - the sorted event array against a binary heap --===//
//
// The discrete-event loop's queue (src/emu/EventQueue.h) must give events
// in exactly the order std::priority_queue does, however many are
// outstanding: a few (the common case), and enough to make it grow and to
// move its events to the front.
//
//===----------------------------------------------------------------------===//

#include "EventQueue.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <vector>

namespace {

struct Item {
  int64_t Ps = 0;
  uint64_t Seq = 0;
  bool operator>(const Item &O) const { return Ps != O.Ps ? Ps > O.Ps : Seq > O.Seq; }
};

// Pushes and pops at random, at most MaxOutstanding events queued; new
// events come up to Spread after the last one taken (so some go before
// events already queued), with many ties in Ps.
void compareWithHeap(unsigned Seed, unsigned MaxOutstanding, int64_t Spread) {
  std::mt19937_64 Rng(Seed);
  trn::emu::SortedEventQueue<Item> Sorted;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Heap;
  int64_t Now = 0;
  uint64_t Seq = 0;
  size_t Outstanding = 0;
  for (int Step = 0; Step < 20000; ++Step) {
    bool Push = Outstanding == 0 || (Outstanding < MaxOutstanding && Rng() % 2 == 0);
    if (Push) {
      Item I{Now + static_cast<int64_t>(Rng() % static_cast<uint64_t>(Spread)), Seq++};
      Sorted.push(I);
      Heap.push(I);
      ++Outstanding;
      continue;
    }
    REQUIRE(!Sorted.empty());
    Item A = Sorted.top(), B = Heap.top();
    CHECK(A.Ps == B.Ps);
    REQUIRE(A.Seq == B.Seq);
    Sorted.pop();
    Heap.pop();
    --Outstanding;
    Now = A.Ps;
  }
  while (!Heap.empty()) {
    REQUIRE(!Sorted.empty());
    REQUIRE(Sorted.top().Seq == Heap.top().Seq);
    Sorted.pop();
    Heap.pop();
  }
  CHECK(Sorted.empty());
}

} // namespace

TEST_CASE("the sorted event array gives events in the binary heap's order") {
  for (unsigned Seed = 1; Seed <= 4; ++Seed) {
    compareWithHeap(Seed, 6, 4);    // few, many ties
    compareWithHeap(Seed, 6, 1000); // few
    compareWithHeap(Seed, 100, 50); // grows, moves to the front
    compareWithHeap(Seed, 1000, 1 << 20);
  }
}
