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

#include <algorithm>
#include <cstddef>
#include <vector>

namespace trn::emu {

// The events in ascending order (T's operator>), the earliest at Head.
// Events that compare equal stay in the order they were pushed; the
// scheduler's events never compare equal (their sequence numbers differ).
template <class T> class SortedEventQueue {
public:
  bool empty() const { return Head == Tail; }
  const T &top() const { return Items[Head]; }
  void pop() {
    if (++Head == Tail)
      Head = Tail = 0; // empty: start again at the front
  }
  void push(const T &V) {
    if (Tail == Items.size())
      makeRoom();
    size_t K = Tail++;
    while (K > Head && Items[K - 1] > V) {
      Items[K] = Items[K - 1];
      --K;
    }
    Items[K] = V;
  }

private:
  // Full at the back: move the events to the front when that frees at least
  // half the array, else grow it (so a queue that never empties still stays
  // within twice its most events).
  [[gnu::noinline]] void makeRoom() {
    if (Head > 0 && Head >= Tail / 2) {
      std::copy(Items.begin() + static_cast<std::ptrdiff_t>(Head),
                Items.begin() + static_cast<std::ptrdiff_t>(Tail), Items.begin());
      Tail -= Head;
      Head = 0;
    } else {
      Items.resize(std::max<size_t>(16, Items.size() * 2));
    }
  }
  std::vector<T> Items; // [Head, Tail) hold the events
  size_t Head = 0, Tail = 0;
};

} // namespace trn::emu

#endif
