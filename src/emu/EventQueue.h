//===- EventQueue.h - the discrete-event loop's pending events --*- C++ -*-===//
//
// A run has few events outstanding (an issue or completion per engine, a
// DMA tick, the signals on their way), and a new one is nearly always the
// latest: a sorted array, inserted into from its end and taken from its
// front, costs a compare or two per push and none per pop, where a binary
// heap sifts on both.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_EVENTQUEUE_H
#define TRN_EMU_EVENTQUEUE_H

#include <cstddef>
#include <vector>

namespace trn::emu {

// The events in ascending order (T's operator>), the earliest at Head.
// Events that compare equal stay in the order they were pushed; the
// scheduler's events never compare equal (their sequence numbers differ).
template <class T> class SortedEventQueue {
public:
  bool empty() const { return Head == Items.size(); }
  const T &top() const { return Items[Head]; }
  void pop() {
    if (++Head == Items.size()) {
      Items.clear(); // empty: start again at the front
      Head = 0;
    }
  }
  void push(const T &V) {
    // Full with the front half taken: reuse that room rather than grow (so
    // a queue that never empties still stays as large as its most events).
    if (Items.size() == Items.capacity() && Head >= Items.size() / 2) {
      Items.erase(Items.begin(), Items.begin() + static_cast<std::ptrdiff_t>(Head));
      Head = 0;
    }
    Items.push_back(V);
    size_t K = Items.size() - 1;
    while (K > Head && Items[K - 1] > V) {
      Items[K] = Items[K - 1];
      --K;
    }
    Items[K] = V;
  }

private:
  std::vector<T> Items;
  size_t Head = 0;
};

} // namespace trn::emu

#endif
